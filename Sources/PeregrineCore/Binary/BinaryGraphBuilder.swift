import Foundation

/// Builds the untyped object graph of a file for
/// ``Binary/Decoder/decodeGraph(from:)``: records of registered types
/// become instances of those types, the rest Foundation values.
struct BinaryGraphBuilder {
    let state: BinaryDecodingState

    /// The value at tape index `index`.
    func value(at index: Int) throws -> Any {
        let entry = state.tape[index]
        switch entry.tag {
        case .null: return NSNull()
        case .false: return false
        case .true: return true
        case .int:
            let number = Int64(bitPattern: entry.payload)
            return Int(exactly: number) ?? number
        case .uint: return entry.payload
        case .double: return Double(bitPattern: entry.payload)
        case .numberText: return try number(at: index, text: string(entry))
        case .string: return string(entry)
        case .date, .data, .url, .uuid, .decimal: return try decoder(at: index).decodeNative(entry)
        case .array: return try elements(of: index)
        case .set:
            let elements = try elements(of: index)
            // The tape checked the elements distinct as the format compares
            // them; Foundation's values may still compare equal (1 and 1.0).
            let hashable = elements.compactMap { $0 as? AnyHashable }
            let set = Set(hashable)
            return hashable.count == elements.count && set.count == elements.count ? set : elements
        case .dictionary:
            let elements = try elements(of: index)
            let pairs = stride(from: 0, to: elements.count - 1, by: 2).map { (key: elements[$0], value: elements[$0 + 1]) }
            var dictionary: [AnyHashable: Any] = [:]
            dictionary.reserveCapacity(pairs.count)
            for pair in pairs {
                guard let key = pair.key as? AnyHashable else { return pairs.map { [$0.key, $0.value] } }
                dictionary[key] = pair.value
            }
            return dictionary
        case .object: return try members(of: index, record: false)
        case .record:
            let type = state.strings[Int(truncatingIfNeeded: entry.payload >> 32)]
            if let instance = try state.registry.build(type, from: decoder(at: index)) { return instance }
            var members = try members(of: index, record: true)
            members[BinaryRecordFieldNames.typeMember] = type
            return members
        case .shared: return try shared(at: index)
        case .reference: return try shared(at: Int(truncatingIfNeeded: entry.payload))
        }
    }

    /// The value of the shared value at `shared`: one instance for every
    /// place that refers to it when it is a class instance.
    private func shared(at shared: Int) throws -> Any {
        if let instance = state.instance(sharedAt: shared) { return instance }
        let value = try value(at: shared + 1)
        if type(of: value) is AnyClass { state.setInstance(value as AnyObject, sharedAt: shared) }
        return value
    }

    private func decoder(at index: Int) -> BinaryTapeDecoder { BinaryTapeDecoder(state: state, index: index) }

    private func string(_ entry: BinaryTapeEntry) -> String { state.strings[Int(truncatingIfNeeded: entry.payload)] }

    /// Exact number text: a `Decimal` when one holds it, else a `Double`.
    private func number(at index: Int, text: String) throws -> Any {
        if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), decimal.isFinite { return decimal }
        guard let double = Double(text) else { throw state.error(.invalidValue, at: index, "\(text) is not a number") }
        return double
    }

    private func elements(of container: Int) throws -> [Any] {
        var elements: [Any] = []
        elements.reserveCapacity(state.tape[container].count)
        var child = container + 1
        let end = Int(truncatingIfNeeded: state.tape[container].end)
        while child < end {
            elements.append(try value(at: child))
            child = Int(truncatingIfNeeded: state.tape[child].end)
        }
        return elements
    }

    /// The members of an object, or the fields of a record named as in its
    /// JSON form (``BinaryRecordFieldNames``: none takes the type's place).
    private func members(of object: Int, record: Bool) throws -> [String: Any] {
        var members: [String: Any] = [:]
        members.reserveCapacity(state.tape[object].count)
        for member in state.memberIndexes(of: object) {
            let name = state.strings[Int(truncatingIfNeeded: state.tape[member].key)]
            members[record ? BinaryRecordFieldNames.jsonName(of: name) : name] = try value(at: member)
        }
        return members
    }
}
