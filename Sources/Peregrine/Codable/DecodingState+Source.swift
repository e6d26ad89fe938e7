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

    func errorContext(at index: Int, path: [any CodingKey], _ message: String, _ failure: DecodingFailure) -> DecodingError.Context {
        DecodingError.Context(codingPath: path, debugDescription: "\(location(of: index, path: path)): \(message)")
    }
}
