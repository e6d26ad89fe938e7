/// The JSON tape as the source of a ``JSONTapeDecoder``.
extension JSONDecodingState: DecodingSource {
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

    /// From the text the number was parsed from (the rest of the input from
    /// its offset: reading stops where the number does), or from its bits
    /// alone for JSON5's `Infinity` and `NaN` and a flattened value's doubles.
    func wholeNumber<Integer: FixedWidthInteger>(_ type: Integer.Type, at value: Int) -> WholeNumber<Integer> {
        let entry = document.tape[value]
        if entry.flags & TapeEntry.noText == 0,
            let whole = document.bytes.withUnsafeBufferPointer({ bytes in
                // bounds proven: the scanner (or flattening) wrote offset + length <= count for every number with text
                let end = entry.kind == .decimal ? entry.offset + entry.length : bytes.count
                return WholeNumber<Integer>(text: UnsafeBufferPointer(rebasing: bytes[entry.offset..<end]))
            })
        {
            return whole
        }
        // A decimal's text is always a number's; a double's payload is its bits.
        return entry.kind == .decimal ? .outOfRange : WholeNumber(double: Double(bitPattern: entry.payload))
    }

    // MARK: Errors

    func errorContext(at index: Int, path: [any CodingKey], _ message: String, _ failure: DecodingFailure) -> DecodingError.Context {
        DecodingError.Context(codingPath: path, debugDescription: "\(location(of: index, path: path)): \(message)")
    }

    /// Under a converting key strategy, the member written `name` that the
    /// strategy renamed: keys are matched against the converted names, so a
    /// key spelled as the input spells it (`full_name` under
    /// `.convertFromSnakeCase`) is never found.
    ///
    /// - Complexity: the name converted once and looked up once, as a key
    ///   is (through the object's member map when it has one).
    func renamingNote(for name: String, in object: Int) -> String? {
        guard entry(object).kind == .object, let converted = convertedName(of: name, in: object), converted != name else { return nil }
        let key: Int?
        if let map = memberMap(of: object) {
            key = map.keys[ScalarKey(converted)]
        } else {
            key = convertedMembers(of: object)?.first { $0.name == converted }?.key
        }
        guard let key, string(at: key) == name else { return nil }
        let (written, renamed) = (quoted(name), quoted(converted))
        return "the key decoding strategy turned \(written) into \(renamed), and keys are matched after it: "
            + "name the key \(renamed), or decode without the strategy"
    }

    /// What the key strategy makes of a member written `name` in the object
    /// at `object`, as ``modelKey(ofKey:)`` converts the keys it reads;
    /// `nil` under `.useDefaultKeys`.
    private func convertedName(of name: String, in object: Int) -> String? {
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: return nil
        case .convertFromSnakeCase: return camelCaseNames[name] ?? SnakeCase.toCamelCase(name)
        case .custom(let convert): return convert(codingPath(to: object) + [AnyCodingKey(stringValue: name)]).stringValue
        }
    }

    /// `name` as a JSON string in a message, cut as path names are.
    private func quoted(_ name: String) -> String {
        JSON.serializedString(escaping: name.excerpt(scalars: pathNameLength))
    }
}
