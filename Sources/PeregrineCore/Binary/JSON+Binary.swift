import Foundation

extension JSON {
    /// Reads a value from the binary format. Values JSON has no kind for
    /// take their JSON forms: dates become ISO 8601 strings, data base64
    /// strings, URLs and UUIDs strings, decimals numbers, sets arrays,
    /// dictionaries arrays of `[key, value]` pairs, and records objects whose
    /// first member is `"$class": "TypeName"`.
    ///
    /// ```swift
    /// let value = try JSON(binary: packed)
    /// ```
    ///
    /// - Throws: ``Binary/DecodingError`` with the byte offset of the problem.
    public init(binary bytes: [UInt8], limits: Binary.DecodingLimits = .init()) throws(Binary.DecodingError) {
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(Binary.DecodingError) in
            try BinaryReader.read(buffer, limits: limits, into: JSONBuilder.self)
        }
    }

    /// The value in the binary format, without loss: member order, `Int64`,
    /// `UInt64` and `Double` kept apart, `-0.0`, exact number text.
    ///
    /// ```swift
    /// let packed = try value.binaryEncoded()
    /// try JSON(binary: packed) == value   // true
    /// ```
    ///
    /// - Throws: ``Binary/EncodingError`` when the value nests deeper than `maxDepth`.
    public func binaryEncoded(maxDepth: Int = 512) throws(Binary.EncodingError) -> [UInt8] {
        var writer = BinaryWriter()
        try writer.json(self, depth: 0, maxDepth: maxDepth)
        return writer.finished()
    }
}

extension BinaryWriter {
    /// Writes `value` whole, `depth` levels into what is being written.
    mutating func json(_ value: JSON, depth: Int, maxDepth: Int) throws(Binary.EncodingError) {
        beginValue()
        try member(value, depth: depth, maxDepth: maxDepth)
    }

    /// Writes `value`, a part of the value ``json(_:depth:maxDepth:)`` writes.
    private mutating func member(_ value: JSON, depth: Int, maxDepth: Int) throws(Binary.EncodingError) {
        switch value {
        case .null: tag(.null)
        case .bool(let flag): tag(flag ? .true : .false)
        case .number(let number): self.number(number)
        case .string(let string):
            tag(.string)
            self.string(string)
        case .array(let elements):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            tag(.array)
            count(elements.count)
            for element in elements { try member(element, depth: depth + 1, maxDepth: maxDepth) }
        case .object(let object):
            guard depth < maxDepth else { throw .tooDeep(maxDepth) }
            try self.object(object, depth: depth, maxDepth: maxDepth)
        }
    }

    /// Writes `object`, a part of the value ``json(_:depth:maxDepth:)``
    /// writes, `depth` levels in.
    @inline(never)  // its key lookups, inlined into `member`, slowed numeric arrays
    private mutating func object(_ object: JSON.Object, depth: Int, maxDepth: Int) throws(Binary.EncodingError) {
        tag(.object)
        count(object.count)
        beginObject()
        for position in 0..<object.count {
            let member = object.member(at: position)
            key(member.key)
            try self.member(member.value, depth: depth + 1, maxDepth: maxDepth)
        }
    }
}

extension Binary.EncodingError {
    static func tooDeep(_ maxDepth: Int) -> Self {
        Self(kind: .depthExceeded, message: "the value nests deeper than \(maxDepth) levels")
    }

    static func invalidValue(_ message: String) -> Self { Self(kind: .invalidValue, message: message) }

    static func duplicateKey(_ name: String) -> Self {
        Self(kind: .duplicateKey, message: "two members are named \(JSON.serializedString(escaping: name))")
    }
}

/// Builds ``JSON`` values, giving the binary format's richer values their JSON forms.
struct JSONBuilder: BinaryBuilder {
    /// The keys of the member names the reader has noted (and checked for repeats).
    private let keys: BinaryObjectKeys

    init(strings: [String], names: BinaryObjectKeys) { keys = names }

    func members(capacity: Int) -> ContiguousArray<JSON.Object.Member> {
        var members = ContiguousArray<JSON.Object.Member>()
        members.reserveCapacity(capacity)
        return members
    }

    func append(name: Int, _ value: consuming JSON, to members: inout ContiguousArray<JSON.Object.Member>) {
        members.append(JSON.Object.Member(key: keys.key(name), value: value))
    }

    func null() -> JSON { .null }
    func bool(_ value: Bool) -> JSON { .bool(value) }
    func number(_ value: JSON.Number) -> JSON { .number(value) }
    func string(_ value: String) -> JSON { .string(value) }
    func array(_ elements: [JSON]) -> JSON { .array(elements) }
    func object(_ members: ContiguousArray<JSON.Object.Member>) -> JSON {
        .object(JSON.Object(members))
    }
    func date(_ value: Date) -> JSON { .string(value.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) }
    func data(_ value: Data) -> JSON { .string(value.base64EncodedString()) }
    func url(_ value: URL) -> JSON { .string(value.absoluteString) }
    func uuid(_ value: UUID) -> JSON { .string(value.uuidString) }
    func decimal(_ value: Decimal) -> JSON { .number(JSON.Number(exactText: value.description)) }
    func set(_ elements: [JSON]) -> JSON { .array(elements) }
    func dictionary(_ pairs: [(key: JSON, value: JSON)]) -> JSON { .array(pairs.map { .array([$0.key, $0.value]) }) }
    /// An object whose first member, `$class`, is the type name; field
    /// names are escaped as ``BinaryRecordFieldNames`` says, so that none
    /// can take the type's place.
    func record(type: String, fields: ContiguousArray<JSON.Object.Member>) -> JSON {
        var members = ContiguousArray<JSON.Object.Member>()
        members.reserveCapacity(fields.count + 1)
        members.append(JSON.Object.Member(key: ScalarKey(BinaryRecordFieldNames.typeMember), value: .string(type)))
        for field in fields {
            let name = field.key.string
            let escaped = BinaryRecordFieldNames.jsonName(of: name)
            members.append(escaped == name ? field : JSON.Object.Member(key: ScalarKey(escaped), value: field.value))
        }
        return .object(JSON.Object(members))
    }
}
