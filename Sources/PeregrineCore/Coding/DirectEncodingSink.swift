/// Where a generated encoder writes: an encoder's output
/// (``JSON/EncodingOutput`` for ``JSON/Encoder``).
///
/// A sink writes single values, opens and closes objects and arrays, and
/// begins each member or element. A value whose type has no generated
/// encoder goes through the sink's own `Encoder`, with the encoder's
/// strategies. When a sink cannot take a member or element directly (a
/// JSON output that an out-of-order `Encodable` value turned into a tree),
/// `beginMember` or `beginElement` answers `false` and the value goes
/// through the `Encodable` path at that place.
///
/// ```swift
/// let object = sink.beginObject(keys: keys)
/// try sink.encode(id, member: 0, key: CodingKeys.id, in: object)
/// sink.end(object)
/// ```
public protocol DirectEncodingSink {
    /// Writes `null`.
    ///
    /// ```swift
    /// sink.encodeNil()
    /// ```
    func encodeNil()
    /// Writes a Boolean.
    ///
    /// ```swift
    /// sink.encode(true)
    /// ```
    func encode(_ value: Bool)
    /// Writes a string.
    ///
    /// ```swift
    /// sink.encode("Ada")
    /// ```
    func encode(_ value: String)
    /// Writes a double (non-finite ones by the encoder's strategy).
    ///
    /// ```swift
    /// try sink.encode(1.5)
    /// ```
    func encode(_ value: Double) throws
    /// Writes a float (non-finite ones by the encoder's strategy).
    ///
    /// ```swift
    /// try sink.encode(Float(1.5))
    /// ```
    func encode(_ value: Float) throws
    /// Writes a signed integer.
    ///
    /// ```swift
    /// sink.encode(Int64(42))
    /// ```
    func encode(_ value: Int64)
    /// Writes an unsigned integer.
    ///
    /// ```swift
    /// sink.encode(UInt64(42))
    /// ```
    func encode(_ value: UInt64)

    /// Writes a value through its `Encodable` conformance and the sink's
    /// `Encoder`, with the encoder's strategies (dates, data, URLs…).
    ///
    /// ```swift
    /// try sink.encodeCodable(date)
    /// ```
    func encodeCodable<T: Encodable>(_ value: T) throws

    /// Writes `value` through its generated encoder: what every generated
    /// encoder calls for the values it holds (members, elements, wrapped
    /// values). The default calls `value.encode(generatedTo:)`; a sink
    /// that writes some values inside something of its own writes that too
    /// (``Binary/EncodingOutput``: class instances as shared values,
    /// registered types as records).
    ///
    /// ```swift
    /// try sink.encodeGenerated(profile)
    /// ```
    func encodeGenerated<T: DirectEncodable>(_ value: T) throws

    /// Opens a model's object, whose members are named by `keys`.
    ///
    /// ```swift
    /// let object = sink.beginObject(keys: keys)
    /// ```
    func beginObject(keys: MemberKeys) -> SinkContainer

    /// Begins the member `field` (its name in the object's keys); `false`
    /// when the value must go through ``encodeCodable(_:key:in:)`` instead.
    /// `key` names the member in the coding paths of errors, which only a
    /// member whose encoding can fail needs (`tracksPath`, see
    /// ``DirectEncodable/generatedEncodingTracksPath``).
    ///
    /// ```swift
    /// if sink.beginMember(0, key: CodingKeys.id, in: object, tracksPath: false) { sink.encode(Int64(id)) }
    /// ```
    func beginMember<Key: CodingKey>(_ field: Int, key: Key, in object: SinkContainer, tracksPath: Bool) -> Bool

    /// Writes member `key` through the `Encodable` path (after
    /// ``beginMember(_:key:in:tracksPath:)`` answered `false`).
    ///
    /// ```swift
    /// try sink.encodeCodable(id, key: CodingKeys.id, in: object)
    /// ```
    func encodeCodable<T: Encodable, Key: CodingKey>(_ value: T, key: Key, in object: SinkContainer) throws

    /// Opens a `[String: T]` dictionary's object.
    ///
    /// ```swift
    /// let object = sink.beginDictionary()
    /// ```
    func beginDictionary() -> SinkContainer

    /// Begins the dictionary member `name` (written as it is: no key
    /// strategy renames a dictionary's keys); `false` when the value must
    /// go through ``encodeCodable(_:named:in:)`` instead. `tracksPath` as
    /// for ``beginMember(_:key:in:tracksPath:)``.
    ///
    /// ```swift
    /// if sink.beginMember(named: "a", in: object, tracksPath: false) { sink.encode(Int64(1)) }
    /// ```
    func beginMember(named name: String, in object: SinkContainer, tracksPath: Bool) -> Bool

    /// Writes the dictionary member `name` through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(1, named: "a", in: object)
    /// ```
    func encodeCodable<T: Encodable>(_ value: T, named name: String, in object: SinkContainer) throws

    /// Opens an array.
    ///
    /// ```swift
    /// let array = sink.beginArray()
    /// ```
    func beginArray() -> SinkContainer

    /// Writes the whole of `elements` in one loop when the sink writes
    /// arrays of their type that way (numbers, strings, Booleans: as its
    /// `Encodable` path writes them); `false`, having written nothing, when
    /// it does not, and then each element goes through ``beginElement(in:)``.
    ///
    /// ```swift
    /// if try sink.encodeScalarArray([1.5, 2.5]) { return }
    /// ```
    func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) throws -> Bool

    /// Writes an empty array in one step when the sink can; `false`,
    /// having written nothing, when it cannot, and then the array is
    /// opened and ended as any other.
    ///
    /// ```swift
    /// if ids.isEmpty, sink.encodeEmptyArray() { return }
    /// ```
    func encodeEmptyArray() -> Bool

    /// Begins the next element; `false` when it must go through
    /// ``encodeCodable(_:in:)`` instead.
    ///
    /// ```swift
    /// if sink.beginElement(in: array) { sink.encode(Int64(1)) }
    /// ```
    func beginElement(in array: SinkContainer) -> Bool

    /// Writes the next element through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(1, in: array)
    /// ```
    func encodeCodable<T: Encodable>(_ value: T, in array: SinkContainer) throws

    /// Closes an object or array.
    ///
    /// ```swift
    /// sink.end(object)
    /// ```
    func end(_ container: SinkContainer)
}

/// An object or array a generated encoder opened in a sink.
///
/// ```swift
/// let object = sink.beginObject(keys: keys)
/// sink.end(object)
/// ```
public struct SinkContainer {
    /// Its place in the sink's stack of open containers.
    let position: Int
    /// Where it starts in the output.
    let start: Int
    /// The names of a model's members, held without a reference count:
    /// a permanent table (``MemberKeys/permanent(_:)``, never freed), or
    /// for any other table ``MemberKeys/empty``, whose members a sink
    /// names by their keys (no table a container outlives is read);
    /// `nil` for arrays and dictionaries. So opening and ending an object
    /// retains nothing.
    private let table: Unmanaged<MemberKeys>?
    /// The sink's own number for it (a binary output's frame id), if it has one.
    let id: Int

    init(position: Int, start: Int, keys: __shared MemberKeys?, id: Int = 0) {  // `__shared`: read, not retained
        self.position = position
        self.start = start
        if let keys {
            table = Unmanaged.passUnretained(keys.isPermanent ? keys : MemberKeys.empty)
        } else {
            table = nil
        }
        self.id = id
    }

    /// The names of a model's members (``table``); `nil` for arrays and dictionaries.
    var keys: MemberKeys? { table?.takeUnretainedValue() }

    /// ``MemberKeys/separatedName(_:)`` of the object's names, read without
    /// a retain; `nil` for arrays and dictionaries.
    @inline(__always)
    func separatedName(_ field: Int) -> (start: UnsafeRawPointer, count: Int)? {
        // The table is permanent (never freed): reading it unretained is safe.
        table?._withUnsafeGuaranteedRef { $0.separatedName(field) }
    }
}

extension DirectEncodingSink {
    /// Writes `value` through `value.encode(generatedTo:)`.
    ///
    /// ```swift
    /// try sink.encodeGenerated(profile)
    /// ```
    @inlinable @inline(__always)
    public func encodeGenerated<T: DirectEncodable>(_ value: T) throws {
        try value.encode(generatedTo: self)
    }

    /// `false`: every element goes through ``beginElement(in:)``.
    ///
    /// ```swift
    /// if try sink.encodeScalarArray([1.5, 2.5]) { return }
    /// ```
    @inlinable @inline(__always)
    public func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) throws -> Bool { false }

    /// `false`: an empty array is opened and ended as any other.
    ///
    /// ```swift
    /// if ids.isEmpty, sink.encodeEmptyArray() { return }
    /// ```
    @inlinable @inline(__always)
    public func encodeEmptyArray() -> Bool { false }

    /// Writes member `field` of a model, a value with a generated encoder.
    ///
    /// ```swift
    /// try sink.encode(id, member: 0, key: CodingKeys.id, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<T: DirectEncodable, Key: CodingKey>(_ value: T, member field: Int, key: Key, in object: SinkContainer) throws {
        guard beginMember(field, key: key, in: object, tracksPath: T.generatedEncodingTracksPath) else {
            return try encodeCodable(value, key: key, in: object)
        }
        try encodeGenerated(value)
    }

    /// Writes an optional member, left out when `nil` (`encodeIfPresent`,
    /// as synthesised `Encodable` writes optionals).
    ///
    /// ```swift
    /// try sink.encode(url, member: 1, key: CodingKeys.url, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<T: DirectEncodable, Key: CodingKey>(_ value: T?, member field: Int, key: Key, in object: SinkContainer) throws {
        guard let value else { return }
        try encode(value, member: field, key: key, in: object)
    }

    /// Writes a member whose type has no generated encoder, through `Encodable`.
    ///
    /// ```swift
    /// try sink.encode(date, member: 2, key: CodingKeys.date, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<T: Encodable, Key: CodingKey>(_ value: T, member field: Int, key: Key, in object: SinkContainer) throws {
        guard beginMember(field, key: key, in: object, tracksPath: true) else { return try encodeCodable(value, key: key, in: object) }
        try encodeCodable(value)
    }

    /// Writes an array member of elements with a generated encoder (the
    /// most specific of these overloads, so it is the one chosen).
    ///
    /// ```swift
    /// try sink.encode(ids, member: 3, key: CodingKeys.ids, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<Element: DirectEncodable, Key: CodingKey>(
        _ value: [Element], member field: Int, key: Key, in object: SinkContainer
    ) throws {
        // An empty array holds nothing that could ask for a path.
        guard beginMember(field, key: key, in: object, tracksPath: Element.generatedEncodingTracksPath && !value.isEmpty) else {
            return try encodeCodable(value, key: key, in: object)
        }
        try encodeGenerated(value)
    }

    /// Writes an array member of elements with no generated encoder: the
    /// array here, each element through its `Encodable` conformance (as the
    /// standard library's `Array` encodes them).
    ///
    /// ```swift
    /// try sink.encode(dates, member: 4, key: CodingKeys.dates, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<Element: Encodable, Key: CodingKey>(
        _ value: [Element], member field: Int, key: Key, in object: SinkContainer
    ) throws {
        // An empty array holds nothing that could ask for a path.
        guard beginMember(field, key: key, in: object, tracksPath: !value.isEmpty) else {
            return try encodeCodable(value, key: key, in: object)
        }
        if value.isEmpty, encodeEmptyArray() { return }
        let array = beginArray()
        for element in value {
            if beginElement(in: array) {
                try encodeCodable(element)
            } else {
                try encodeCodable(element, in: array)
            }
        }
        end(array)
    }

    /// Writes an optional member whose type has no generated encoder, left out when `nil`.
    ///
    /// ```swift
    /// try sink.encode(date, member: 2, key: CodingKeys.date, in: object)
    /// ```
    @inlinable @inline(__always)
    public func encode<T: Encodable, Key: CodingKey>(_ value: T?, member field: Int, key: Key, in object: SinkContainer) throws {
        guard let value else { return }
        try encode(value, member: field, key: key, in: object)
    }
}
