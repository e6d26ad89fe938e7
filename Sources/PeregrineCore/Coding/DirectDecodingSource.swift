/// What a generated decoder reads: a tape of values, each at a tape index
/// (``JSON/DecodingTape`` for a parsed JSON document).
///
/// A source reads single values, walks arrays and `[String: T]` objects,
/// finds a model's members by their key bytes, and hands any other type to
/// the `Decodable` engine of the same decode, so a field whose type only
/// has `Decodable` still decodes (with the decoder's strategies). Errors
/// are the `DecodingError`s the `Decodable` path throws, with the same
/// coding paths and positions.
///
/// Generated code is generic over the source; each source has its own
/// entry point (``DirectDecodable/decode(fromJSON:at:)``), so the
/// compiler specialises a model's decoder for it.
///
/// ```swift
/// let name = try source.decode(String.self, at: index)
/// ```
public protocol DirectDecodingSource {
    /// Whether the value at `index` is `null`.
    ///
    /// ```swift
    /// if source.isNull(at: index) { return nil }
    /// ```
    func isNull(at index: Int) -> Bool

    /// The Boolean at `index`.
    ///
    /// ```swift
    /// let flag = try source.decode(Bool.self, at: index)
    /// ```
    func decode(_ type: Bool.Type, at index: Int) throws -> Bool
    /// The string at `index`.
    ///
    /// ```swift
    /// let text = try source.decode(String.self, at: index)
    /// ```
    func decode(_ type: String.Type, at index: Int) throws -> String
    /// The number at `index` as a `Double`.
    ///
    /// ```swift
    /// let x = try source.decode(Double.self, at: index)
    /// ```
    func decode(_ type: Double.Type, at index: Int) throws -> Double
    /// The number at `index` as a `Float` (an error when it does not fit).
    ///
    /// ```swift
    /// let x = try source.decode(Float.self, at: index)
    /// ```
    func decode(_ type: Float.Type, at index: Int) throws -> Float
    /// The number at `index`, a whole number that fits in `Int`.
    ///
    /// ```swift
    /// let n = try source.decode(Int.self, at: index)
    /// ```
    func decode(_ type: Int.Type, at index: Int) throws -> Int
    /// The whole number at `index` as an `Int8`.
    ///
    /// ```swift
    /// let n = try source.decode(Int8.self, at: index)
    /// ```
    func decode(_ type: Int8.Type, at index: Int) throws -> Int8
    /// The whole number at `index` as an `Int16`.
    ///
    /// ```swift
    /// let n = try source.decode(Int16.self, at: index)
    /// ```
    func decode(_ type: Int16.Type, at index: Int) throws -> Int16
    /// The whole number at `index` as an `Int32`.
    ///
    /// ```swift
    /// let n = try source.decode(Int32.self, at: index)
    /// ```
    func decode(_ type: Int32.Type, at index: Int) throws -> Int32
    /// The whole number at `index` as an `Int64`.
    ///
    /// ```swift
    /// let n = try source.decode(Int64.self, at: index)
    /// ```
    func decode(_ type: Int64.Type, at index: Int) throws -> Int64
    /// The whole number at `index` as a `UInt`.
    ///
    /// ```swift
    /// let n = try source.decode(UInt.self, at: index)
    /// ```
    func decode(_ type: UInt.Type, at index: Int) throws -> UInt
    /// The whole number at `index` as a `UInt8`.
    ///
    /// ```swift
    /// let n = try source.decode(UInt8.self, at: index)
    /// ```
    func decode(_ type: UInt8.Type, at index: Int) throws -> UInt8
    /// The whole number at `index` as a `UInt16`.
    ///
    /// ```swift
    /// let n = try source.decode(UInt16.self, at: index)
    /// ```
    func decode(_ type: UInt16.Type, at index: Int) throws -> UInt16
    /// The whole number at `index` as a `UInt32`.
    ///
    /// ```swift
    /// let n = try source.decode(UInt32.self, at: index)
    /// ```
    func decode(_ type: UInt32.Type, at index: Int) throws -> UInt32
    /// The whole number at `index` as a `UInt64`.
    ///
    /// ```swift
    /// let n = try source.decode(UInt64.self, at: index)
    /// ```
    func decode(_ type: UInt64.Type, at index: Int) throws -> UInt64

    /// The value at `index` decoded through its `Decodable` conformance, by
    /// the decode's own `Decoder` (with its strategies): the path of field
    /// types that have no generated decoder.
    ///
    /// ```swift
    /// let date = try source.decodeCodable(Date.self, at: index)
    /// ```
    func decodeCodable<T: Decodable>(_ type: T.Type, at index: Int) throws -> T

    /// The value at `index` through `T`'s generated decoder: what every
    /// generated decoder calls for the values it holds (members, elements,
    /// wrapped values). The default calls `T(generatedFrom:at:)`; a source
    /// whose values can stand behind something of its own reads that first
    /// (``Binary/DecodingTape``: shared values, back-references, records).
    ///
    /// ```swift
    /// let profile = try source.decodeGenerated(Profile.self, at: index)
    /// ```
    func decodeGenerated<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T

    /// The doubles of the array at `index`, in the source's tightest loop.
    ///
    /// ```swift
    /// let point = try source.doubles(at: index)
    /// ```
    func doubles(at index: Int) throws -> [Double]

    /// The arrays of doubles of the array at `index` (rows of coordinates),
    /// in the source's tightest loop.
    ///
    /// ```swift
    /// let ring = try source.doubleArrays(at: index)
    /// ```
    func doubleArrays(at index: Int) throws -> [[Double]]

    /// A cursor over the elements of the array at `index`, decoded as a
    /// `type` (the type errors name).
    ///
    /// ```swift
    /// var cursor = try source.elements(of: [Int].self, at: index)
    /// while let element = source.nextElement(&cursor) { … }
    /// ```
    func elements<Collection>(of type: Collection.Type, at index: Int) throws -> DecodingCursor

    /// The tape index of the next element, moving past it; `nil` at the end.
    ///
    /// ```swift
    /// while let element = source.nextElement(&cursor) { … }
    /// ```
    func nextElement(_ cursor: inout DecodingCursor) -> Int?

    /// A cursor over the members of the object at `index`, decoded as the
    /// `[String: T]` `type`; `nil` when the source has that dictionary
    /// decoded through ``decodeCodable(_:at:)`` instead (names that repeat,
    /// a key strategy), so that its keys and errors stay the `Decodable` path's.
    ///
    /// ```swift
    /// guard var cursor = try source.dictionaryMembers(of: [String: Int].self, at: index) else { … }
    /// ```
    func dictionaryMembers<Dictionary>(of type: Dictionary.Type, at index: Int) throws -> DecodingCursor?

    /// The name and the value's tape index of the next member, moving past
    /// it; `nil` at the end.
    ///
    /// ```swift
    /// while let (key, value) = source.nextMember(&cursor) { … }
    /// ```
    func nextMember(_ cursor: inout DecodingCursor) -> (key: String, value: Int)?

    /// Finds the members of the model object at `index`: for each of the
    /// names in `keys` that the object has, writes the tape index of its
    /// value as an `Int` into `slots`, at the name's position. `slots`
    /// holds -1 at every position when called (as the generated code's
    /// tuple starts; checked in debug builds), which stays for a name the
    /// object does not have. Returns the object's tape index, for
    /// ``keyNotFound(_:in:)``.
    ///
    /// ```swift
    /// var members = (-1, -1)
    /// let object = try withUnsafeMutableBytes(of: &members) { try source.members(of: index, keys: keys, into: $0) }
    /// ```
    ///
    /// - Throws: a type mismatch when the value is not an object.
    func members(of index: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int

    /// The error for a model's member `key` missing from the object at `object`.
    ///
    /// ```swift
    /// throw source.keyNotFound(CodingKeys.id, in: object)
    /// ```
    func keyNotFound<Key: CodingKey>(_ key: Key, in object: Int) -> DecodingError

    /// The coding path of the value at `index`, as a `Decoder` there
    /// reports it (``JSON/Decoder``'s key strategy leaves the model's keys):
    /// for the errors `Codable` synthesis builds itself (an enum's "Invalid
    /// number of keys", a raw value no case has) and for what the property
    /// options record in a ``DecodingReport``.
    ///
    /// ```swift
    /// let path = source.codingPath(at: object) + [CodingKeys.retries]
    /// ```
    ///
    /// - Complexity: O(depth of `index`).
    func codingPath(at index: Int) -> [any CodingKey]

    /// A `dataCorrupted` error about the value at `index`: a value of the
    /// right kind that is not valid (an enum tag no case has), with the
    /// coding path and the position the source's other errors carry.
    ///
    /// ```swift
    /// throw source.dataCorrupted(at: index, "unknown tag")
    /// ```
    func dataCorrupted(at index: Int, _ message: String) -> DecodingError

    /// Runs `body` with the coercions of ``JSON/Decoder/Leniency`` in
    /// `leniency` added to the decoder's own, for the value a
    /// ``CoercedValue`` reads and what it holds: the same conversions, the
    /// same errors and report events as a lenient decode's. The binary
    /// format has typed values and no coercions: there `body` runs as it is.
    ///
    /// ```swift
    /// let count = try source.coercing(.all) { try source.decode(Int.self, at: index) }
    /// ```
    func coercing<T>(_ leniency: JSON.Decoder.Leniency, _ body: () throws -> T) rethrows -> T

    /// The untagged `Enum` at `index`: the value `cases` decodes, trying
    /// each case in order (``attemptCase(at:_:)``), or `nil` when none
    /// matches. The decode remembers the outcome of each untagged enum at
    /// each value, so a value is decoded once however many cases around
    /// it ask for it, and nested untagged values cost time linear in the input.
    ///
    /// ```swift
    /// self = try source.decodeUntagged(Self.self, at: index) { () throws -> Self? in
    ///     if let value = try source.attemptCase(at: index, { Value.int(try source.untaggedValue(Int.self, at: index)) }) {
    ///         return value
    ///     }
    ///     return nil
    /// }
    /// ```
    ///
    /// - Throws: `dataCorrupted` at the value, with its coding path and
    ///   position, when no case matches.
    func decodeUntagged<Enum>(_ type: Enum.Type, at index: Int, _ cases: () throws -> Enum?) throws -> Enum

    /// The value `body` decodes from the value at `index` as one case of
    /// an untagged enum, or `nil` when it throws (the next case is tried);
    /// the events `body` recorded in the running ``DecodingReport`` are then taken back.
    ///
    /// ```swift
    /// if let value = try source.attemptCase(at: index, { Value.int(try source.untaggedValue(Int.self, at: index)) }) {
    ///     return value
    /// }
    /// ```
    ///
    /// The cases tried need no budget: the remembered outcomes bound them
    /// by the model's enums and the input's values (see `@Untagged`).
    func attemptCase<T>(at index: Int, _ body: () throws -> T) throws -> T?

    /// The members of the model object at `index` that `keys` does not
    /// name, as JSON values under their names as written, in their order:
    /// what an `@UnknownMembers` property collects. A name is compared with
    /// `keys` after the key strategy, as a model's members are found; a
    /// name that repeats follows the duplicate-key policy (its first place,
    /// the value the policy picks).
    ///
    /// ```swift
    /// self.extra = try source.unknownMembers(of: index, named: Self.generatedKeys)
    /// ```
    ///
    /// - Complexity: O(size of the object).
    func unknownMembers(of index: Int, named keys: MemberKeys) throws -> JSON.Object

    /// The members of the model object at `index` that none of `tables`
    /// names, as `unknownMembers(of:named:)` reads them: what an
    /// `@UnknownMembers` property beside `@Flattened` ones collects, the
    /// tables being the model's and each flattened type's
    /// (`claimedMemberKeys`, which `@JSONCodable` writes).
    ///
    /// ```swift
    /// self.extra = try source.unknownMembers(of: index, named: [Self.generatedKeys] + Address.claimedMemberKeys)
    /// ```
    ///
    /// - Complexity: O(size of the object × `tables.count`); the tables
    ///   are the model's, fixed when it compiles.
    func unknownMembers(of index: Int, named tables: [MemberKeys]) throws -> JSON.Object
}

/// A position in an array's elements or an object's members, for the
/// loops of generated decoders.
///
/// ```swift
/// var cursor = try source.elements(of: [Int].self, at: index)
/// let count = cursor.count
/// ```
public struct DecodingCursor: Sendable {
    /// The tape index of the next element (or member).
    var position: Int
    /// The tape index just past the last one.
    let end: Int
    /// The number of elements (or members), for reserving capacity.
    ///
    /// ```swift
    /// elements.reserveCapacity(cursor.count)
    /// ```
    public let count: Int

    init(position: Int, end: Int, count: Int) {
        self.position = position
        self.end = end
        self.count = count
    }
}

extension DirectDecodingSource {
    /// Decodes through `T`'s generated decoder, `T(generatedFrom:at:)`.
    ///
    /// ```swift
    /// let profile = try source.decodeGenerated(Profile.self, at: index)
    /// ```
    @inlinable @inline(__always)
    public func decodeGenerated<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T {
        try T(generatedFrom: self, at: index)
    }

    /// The rows of the array at `index`, each through `[Double]`'s
    /// generated decoder (and so ``doubles(at:)``).
    ///
    /// ```swift
    /// let ring = try source.doubleArrays(at: index)
    /// ```
    @inlinable
    public func doubleArrays(at index: Int) throws -> [[Double]] {
        var cursor = try elements(of: [[Double]].self, at: index)
        var rows: [[Double]] = []
        rows.reserveCapacity(cursor.count)
        while let row = nextElement(&cursor) { rows.append(try decodeGenerated([Double].self, at: row)) }
        return rows
    }

    /// The member in `slot` (from ``members(of:keys:into:)``) of a model's
    /// object, a `T` with a generated decoder.
    ///
    /// ```swift
    /// self.id = try source.decode(Int.self, member: members.0, key: CodingKeys.id, in: object)
    /// ```
    ///
    /// - Throws: `keyNotFound` for a missing member, as `Decodable` does.
    @inlinable @inline(__always)
    public func decode<T: DirectDecodable, Key: CodingKey>(_ type: T.Type, member slot: Int, key: Key, in object: Int) throws -> T {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        return try decodeGenerated(T.self, at: slot)
    }

    /// The optional member in `slot`: `nil` when it is missing or `null`
    /// (`decodeIfPresent`, as synthesised `Decodable` reads optionals).
    ///
    /// ```swift
    /// self.url = try source.decode(String?.self, member: members.1, key: CodingKeys.url, in: object)
    /// ```
    @inlinable @inline(__always)
    public func decode<T: DirectDecodable, Key: CodingKey>(_ type: T?.Type, member slot: Int, key: Key, in object: Int) throws -> T? {
        guard slot >= 0, !isNull(at: slot) else { return nil }
        return try decodeGenerated(T.self, at: slot)
    }

    /// The member in `slot`, of a type with no generated decoder: through its `Decodable` conformance.
    ///
    /// ```swift
    /// self.created = try source.decode(Date.self, member: members.2, key: CodingKeys.created, in: object)
    /// ```
    @inlinable @inline(__always)
    public func decode<T: Decodable, Key: CodingKey>(_ type: T.Type, member slot: Int, key: Key, in object: Int) throws -> T {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        return try decodeCodable(T.self, at: slot)
    }

    /// The array member in `slot`, of elements with a generated decoder
    /// (the most specific of these overloads, so it is the one chosen).
    ///
    /// ```swift
    /// self.ids = try source.decode([Int].self, member: members.3, key: CodingKeys.ids, in: object)
    /// ```
    @inlinable @inline(__always)
    public func decode<Element: DirectDecodable, Key: CodingKey>(
        _ type: [Element].Type, member slot: Int, key: Key, in object: Int
    ) throws -> [Element] {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        return try decodeGenerated([Element].self, at: slot)
    }

    /// The array member in `slot`, of elements with no generated decoder:
    /// the array walked here, each element through its `Decodable`
    /// conformance (as the standard library's `Array` decodes them).
    ///
    /// ```swift
    /// self.dates = try source.decode([Date].self, member: members.4, key: CodingKeys.dates, in: object)
    /// ```
    @inlinable @inline(__always)
    public func decode<Element: Decodable, Key: CodingKey>(
        _ type: [Element].Type, member slot: Int, key: Key, in object: Int
    ) throws -> [Element] {
        guard slot >= 0 else { throw keyNotFound(key, in: object) }
        var cursor = try elements(of: [Element].self, at: slot)
        var elements: [Element] = []
        elements.reserveCapacity(cursor.count)
        while let element = nextElement(&cursor) {
            elements.append(try decodeCodable(Element.self, at: element))
        }
        return elements
    }

    /// The optional member in `slot`, of a type with no generated decoder.
    ///
    /// ```swift
    /// self.created = try source.decode(Date?.self, member: members.2, key: CodingKeys.created, in: object)
    /// ```
    @inlinable @inline(__always)
    public func decode<T: Decodable, Key: CodingKey>(_ type: T?.Type, member slot: Int, key: Key, in object: Int) throws -> T? {
        guard slot >= 0, !isNull(at: slot) else { return nil }
        return try decodeCodable(T.self, at: slot)
    }
}
