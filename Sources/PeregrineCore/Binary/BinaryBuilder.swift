import Foundation

/// What a read builds from each kind of value: ``Binary/Value`` keeps them
/// all; ``JSON`` maps the richer ones to their JSON forms. Object members and
/// record fields are gathered in the builder's own `Members` (their names
/// given as string-table indexes, so a builder can prepare each name once).
protocol BinaryBuilder {
    associatedtype Value
    associatedtype Members
    /// A builder for a file whose string table is `strings`, whose member
    /// names the reader notes in `names`.
    init(strings: [String], names: BinaryObjectKeys)
    func members(capacity: Int) -> Members
    func append(name: Int, _ value: consuming Value, to members: inout Members)
    func null() -> Value
    func bool(_ value: Bool) -> Value
    func number(_ value: JSON.Number) -> Value
    func string(_ value: String) -> Value
    func array(_ elements: [Value]) -> Value
    func object(_ members: Members) -> Value
    func date(_ value: Date) -> Value
    func data(_ value: Data) -> Value
    func url(_ value: URL) -> Value
    func uuid(_ value: UUID) -> Value
    func decimal(_ value: Decimal) -> Value
    /// Distinct elements (the reader checks them).
    func set(_ elements: [Value]) -> Value
    func dictionary(_ pairs: [(key: Value, value: Value)]) -> Value
    func record(type: String, fields: Members) -> Value
}

extension BinaryReader {
    /// Reads a whole file's root value with `builder`.
    static func read<Builder: BinaryBuilder>(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: Binary.DecodingLimits, into _: Builder.Type
    ) throws(Binary.DecodingError) -> Builder.Value {
        var reader = try BinaryReader(bytes, limits: limits)
        let builder = Builder(strings: reader.strings, names: reader.names)
        var shared: [Builder.Value?] = []
        shared.reserveCapacity(reader.sharedHint)
        let root = try reader.value(builder, shared: &shared)
        try reader.finish()
        return root
    }

    /// Reads one value (and what it contains) with `builder`; `shared` holds
    /// the shared values read so far, by number.
    mutating func value<Builder: BinaryBuilder>(
        _ builder: Builder, shared: inout [Builder.Value?]
    ) throws(Binary.DecodingError) -> Builder.Value {
        let start = position
        switch try tag() {
        case .null: return builder.null()
        case .false: return builder.bool(false)
        case .true: return builder.bool(true)
        case .int: return builder.number(JSON.Number(try zigzag()))
        case .uint: return builder.number(JSON.Number(try varint() as UInt64))
        case .double: return builder.number(JSON.Number(try double()))
        case .numberText: return builder.number(try numberText(at: start).number)
        case .string: return builder.string(try string())
        case .array:
            let count = try count(bytesEach: 1)
            try enter(at: start)
            defer { leave() }
            if count == 2 { return try pair(builder, shared: &shared) }
            var elements: [Builder.Value] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try element(builder, shared: &shared)) }
            return builder.array(elements)
        case .object:
            return builder.object(try members(builder, shared: &shared, at: start))
        case .date: return builder.date(Date(timeIntervalSince1970: try date(at: start)))
        case .data: return builder.data(Data(try dataValue()))
        case .url: return builder.url(try url(at: start).url)
        case .uuid:
            let bytes = try bytes(16)
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))  // 16 bytes: read above
            return builder.uuid(uuid)
        case .decimal: return builder.decimal(try decimal(at: start).decimal)
        case .set:
            let count = try count(bytesEach: 1)
            try enter(at: start)
            defer { leave() }
            var elements: [Builder.Value] = []
            elements.reserveCapacity(count)
            var starts: [Int] = []
            starts.reserveCapacity(count)
            for _ in 0..<count {
                starts.append(position)
                elements.append(try value(builder, shared: &shared))
            }
            if count > 1 { try checkSet(at: start, elements: starts) }
            return builder.set(elements)
        case .dictionary:
            let count = try count(bytesEach: 2)
            try enter(at: start)
            defer { leave() }
            var pairs: [(key: Builder.Value, value: Builder.Value)] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count { pairs.append((try value(builder, shared: &shared), try value(builder, shared: &shared))) }
            return builder.dictionary(pairs)
        case .record:
            guard !limits.plainData else { throw error(.recordNotAllowed, "records are refused in plain data mode", at: start) }
            let type = try string()
            return builder.record(type: type, fields: try members(builder, shared: &shared, at: start))
        case .shared:
            let number = try beginShared(at: start)
            shared.append(nil)
            let value = try value(builder, shared: &shared)
            endShared()
            shared[number] = value  // number < shared.count: appended above, in step with the reader's numbering
            return value
        case .reference:
            let start = position
            let number = try reference()
            guard number < shared.count, let value = shared[number] else {
                throw error(.badReference, "shared value \(number) is not complete", at: start)
            }
            return value
        }
    }

    /// An element of an array or the value of a member: doubles and
    /// integers, the most common, without the full dispatch of ``value(_:shared:)``.
    @inline(__always)
    private mutating func element<Builder: BinaryBuilder>(
        _ builder: Builder, shared: inout [Builder.Value?]
    ) throws(Binary.DecodingError) -> Builder.Value {
        if let number = try plainNumber() { return builder.number(number) }
        return try value(builder, shared: &shared)
    }

    /// The array of the two elements that follow, built by a literal, which
    /// allocates once without `reserveCapacity`'s copy path (coordinates are
    /// pairs, and documents of them have many).
    /// Kept out of ``value(_:shared:)`` so that its inlining holds.
    @inline(never)
    private mutating func pair<Builder: BinaryBuilder>(
        _ builder: Builder, shared: inout [Builder.Value?]
    ) throws(Binary.DecodingError) -> Builder.Value {
        let first = try element(builder, shared: &shared)
        return builder.array([first, try element(builder, shared: &shared)])
    }

    /// The members of the object or the fields of the record whose tag is at `start`.
    private mutating func members<Builder: BinaryBuilder>(
        _ builder: Builder, shared: inout [Builder.Value?], at start: Int
    ) throws(Binary.DecodingError) -> Builder.Members {
        let count = try count(bytesEach: 2)
        try enter(at: start)
        defer { leave() }
        var members = builder.members(capacity: count)
        let namesStart = names.namesStart
        for _ in 0..<count {
            let name = try memberName()
            builder.append(name: name, try element(builder, shared: &shared), to: &members)
        }
        try endMembers(from: namesStart, at: start)
        return members
    }
}
