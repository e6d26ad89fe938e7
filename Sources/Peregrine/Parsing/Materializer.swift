import OrderedCollections

/// Builds owned ``JSON`` values from a tape, iteratively: containers under
/// construction wait on an explicit stack until their last element arrives.
struct Materializer {
    let input: UnsafeBufferPointer<UInt8>
    let tape: [TapeEntry]

    /// An array or object being filled: its elements, or its members as
    /// parallel lists of keys and values.
    private struct Partial {
        var isObject: Bool
        var end: Int
        var keys: [JSON.Object.ScalarKey] = []
        var values: [JSON] = []

        init(_ entry: TapeEntry) {
            isObject = entry.kind == .object
            end = entry.endIndex
            values.reserveCapacity(entry.count)
            if isObject { keys.reserveCapacity(entry.count) }
        }

        /// Adds the next element, or the next key or value of a member.
        mutating func add(_ value: JSON) {
            if isObject, keys.count == values.count, case .string(let key) = value {
                keys.append(JSON.Object.ScalarKey(key))
            } else {
                values.append(value)
            }
        }

        var value: JSON {
            guard isObject else { return .array(values) }
            return .object(JSON.Object(keys: keys, values: values))
        }
    }

    /// The value whose entry is at `start`, with everything nested in it.
    func value(at start: Int) -> JSON {
        var index = start
        return shallowValue(at: &index, depth: 0)
    }

    /// How many levels `shallowValue` recurses before handing a subtree to
    /// the iterative `deepValue`: well within any thread's stack.
    private static let recursionLimit = 64

    /// The value at `index` built by plain recursion, which is about twice as
    /// fast as the explicit stack; `index` moves past it.
    private func shallowValue(at index: inout Int, depth: Int) -> JSON {
        let entry = tape[index]
        switch entry.kind {
        case .array where depth < Self.recursionLimit:
            index += 1
            var elements: [JSON] = []
            elements.reserveCapacity(entry.count)
            while index < entry.endIndex {
                elements.append(shallowValue(at: &index, depth: depth + 1))
            }
            return .array(elements)
        case .object where depth < Self.recursionLimit:
            index += 1
            var keys: [JSON.Object.ScalarKey] = []
            var values: [JSON] = []
            keys.reserveCapacity(entry.count)
            values.reserveCapacity(entry.count)
            while index < entry.endIndex {
                keys.append(JSON.Object.ScalarKey(tape[index].decodeString(in: input)))
                index += 1
                values.append(shallowValue(at: &index, depth: depth + 1))
            }
            return .object(JSON.Object(keys: keys, values: values))
        case .array, .object:
            let value = deepValue(at: index)
            index = entry.endIndex
            return value
        default:
            index += 1
            return scalar(entry)
        }
    }

    private func scalar(_ entry: TapeEntry) -> JSON {
        switch entry.kind {
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .int64: return .number(JSON.Number(Int64(bitPattern: entry.payload)))
        case .uint64: return .number(JSON.Number(entry.payload))
        case .double: return .number(JSON.Number(Double(bitPattern: entry.payload)))
        case .string: return .string(entry.decodeString(in: input))
        case .null, .array, .object: return .null
        }
    }

    private func deepValue(at start: Int) -> JSON {
        var index = start
        var stack: [Partial] = []
        while true {
            let entry = tape[index]
            var value: JSON
            switch entry.kind {
            case .array, .object:
                if entry.endIndex > index + 1 {
                    stack.append(Partial(entry))
                    index += 1
                    continue
                }
                value = entry.kind == .object ? .object(JSON.Object()) : .array([])
            default:
                value = scalar(entry)
            }
            index += 1
            // Hand the value to its container, and every container that ends
            // here to its own parent.
            while !stack.isEmpty {
                stack[stack.count - 1].add(value)
                guard index == stack[stack.count - 1].end else { break }
                value = stack.removeLast().value
            }
            if stack.isEmpty { return value }
        }
    }
}

extension JSON.Object {
    /// The object with these members in order; a repeated key keeps its
    /// first position and takes its last value.
    ///
    /// Small objects (the common case) skip hashing: OrderedDictionary keeps
    /// no hash table for them anyway, so a pairwise check for duplicates is
    /// all that is needed before taking the keys as they are.
    init(keys: [ScalarKey], values: [JSON]) {
        if keys.count <= 15, !Self.hasDuplicates(keys) {
            members = OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
        } else {
            members = OrderedDictionary(minimumCapacity: keys.count)
            for (key, value) in zip(keys, values) { members[key] = value }
        }
    }

    private static func hasDuplicates(_ keys: [ScalarKey]) -> Bool {
        for index in keys.indices.dropFirst() where keys[..<index].contains(keys[index]) {
            return true
        }
        return false
    }
}
