import OrderedCollections

/// Builds owned ``JSON`` values from a tape, iteratively: containers under
/// construction wait on an explicit stack until their last element arrives.
struct Materializer {
    let input: UnsafeBufferPointer<UInt8>
    let tape: [TapeEntry]

    /// An array or object being filled.
    private struct Partial {
        var isObject: Bool
        var end: Int
        var elements: [JSON] = []
        var members = OrderedDictionary<JSON.Object.ScalarKey, JSON>()
        var pendingKey: JSON.Object.ScalarKey?

        init(_ entry: TapeEntry) {
            isObject = entry.kind == .object
            end = entry.endIndex
            if isObject {
                members.reserveCapacity(entry.count)
            } else {
                elements.reserveCapacity(entry.count)
            }
        }

        /// Adds the next element, or the next key or value of a member. A
        /// repeated key keeps its first position and takes the last value.
        mutating func add(_ value: JSON) {
            guard isObject else {
                elements.append(value)
                return
            }
            if let key = pendingKey {
                members[key] = value
                pendingKey = nil
            } else if case .string(let key) = value {
                pendingKey = JSON.Object.ScalarKey(key)
            }
        }

        var value: JSON {
            isObject ? .object(JSON.Object(members: members)) : .array(elements)
        }
    }

    /// The value whose entry is at `start`, with everything nested in it.
    func value(at start: Int) -> JSON {
        var index = start
        var stack: [Partial] = []
        while true {
            let entry = tape[index]
            var value: JSON
            switch entry.kind {
            case .null: value = .null
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .int64: value = .number(JSON.Number(Int64(bitPattern: entry.payload)))
            case .uint64: value = .number(JSON.Number(entry.payload))
            case .double: value = .number(JSON.Number(Double(bitPattern: entry.payload)))
            case .string: value = .string(entry.decodeString(in: input))
            case .array, .object:
                if entry.endIndex > index + 1 {
                    stack.append(Partial(entry))
                    index += 1
                    continue
                }
                value = entry.kind == .object ? .object(JSON.Object()) : .array([])
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
    init(members: OrderedDictionary<ScalarKey, JSON>) {
        self.members = members
    }
}
