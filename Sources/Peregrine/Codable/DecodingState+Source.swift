/// The JSON tape as the source of a ``JSONTapeDecoder``.
extension DecodingState: DecodingSource {
    @inline(__always)
    func value(at index: Int) -> (index: Int, value: SourceValue) {
        let entry = document.tape[index]
        switch entry.kind {
        case .null: return (index, .null)
        case .true: return (index, .bool(true))
        case .false: return (index, .bool(false))
        case .int64: return (index, .int(Int64(bitPattern: entry.payload)))
        case .uint64: return (index, .uint(entry.payload))
        case .double: return (index, .double(Double(bitPattern: entry.payload)))
        case .decimal: return (index, .numberText)
        case .string: return (index, .string)
        case .array: return (index, .array)
        case .object: return (index, .object)
        }
    }

    func count(of container: Int) -> Int { entry(container).count }

    func end(of container: Int) -> Int { entry(container).endIndex }

    func next(after element: Int) -> Int { entry(element).nextSibling(after: element) }

    func members(of object: Int) -> ObjectMembers { ObjectMembers(state: self, object: object) }

    func object(of members: ObjectMembers) -> Int { members.object }

    func memberNames(in members: ObjectMembers) -> [String] { members.names(in: self) }

    /// A number no Int64, UInt64 or Double holds exactly: a Double holds it
    /// approximately when it is finite (a 30-digit integer), never as NaN or infinity.
    @inline(never)  // rare: kept out of the Double fast path
    func double(fromNumberText value: Int) throws -> Double {
        guard let number = Double(numberText(at: value)), number.isFinite else {
            throw invalidValue(at: value, "\(describe(value)) does not fit in Double")
        }
        return number
    }

    // MARK: Errors

    /// A type mismatch (or, for `null`, a missing value) with the path and position.
    @inline(never)  // the cold path: kept out of the generic decode functions
    func mismatch(_ type: Any.Type, at value: Int, expected: String) -> DecodingError {
        let path = codingPath(to: value)
        let description = "\(location(of: value, path: path)): expected \(expected), found \(describe(value))"
        let context = DecodingError.Context(codingPath: path, debugDescription: description)
        return entry(value).kind == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    /// A value of the right kind that cannot be represented, with the path and position.
    func invalidValue(at value: Int, _ message: String) -> DecodingError {
        let path = codingPath(to: value)
        return .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "\(location(of: value, path: path)): \(message)"))
    }

    func keyNotFound(_ key: any CodingKey, in object: Int) -> DecodingError {
        let path = codingPath(to: object)
        let description = "\(location(of: object, path: path)): no value for key \(JSON.serializedString(escaping: key.stringValue))"
        return .keyNotFound(key, DecodingError.Context(codingPath: path, debugDescription: description))
    }

    func elementNotFound(_ type: Any.Type, in container: Int, position: Int) -> DecodingError {
        let path = codingPath(to: container)
        let description = "\(location(of: container, path: path)): the array has no element \(position)"
        return .valueNotFound(type, DecodingError.Context(codingPath: path + [IndexKey(intValue: position)], debugDescription: description))
    }
}
