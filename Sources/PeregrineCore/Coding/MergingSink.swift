/// A sink that writes a model's members into an object already open in
/// another sink: how an enum with a discriminator (`@Discriminator("type")`)
/// writes a case whose one value is a model beside its tag,
/// `{"type":"circle","radius":1}`.
///
/// The model's first ``beginObject(keys:)`` continues `object` (with the
/// model's names) and its ``end(_:)`` leaves it open; everything else goes
/// to the base sink as it is, so the model's members, their coding paths
/// and the values inside them are written as they would be in an object
/// of their own.
///
/// ```swift
/// let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
/// try sink.encode("circle", member: 0, key: DiscriminatorKeys.tag, in: object)
/// try circle.encode(generatedTo: MergingSink(sink, into: object))
/// sink.end(object)
/// ```
public struct MergingSink<Base: DirectEncodingSink>: DirectEncodingSink {
    @usableFromInline let base: Base
    private let object: SinkContainer
    /// Whether the model's object has been begun (a reference: the sink is
    /// passed by value to the model and to the values inside it).
    @usableFromInline let merged = Flag()

    @usableFromInline final class Flag {
        @usableFromInline var isSet = false
    }

    /// A sink whose first object is `object` of `base`.
    ///
    /// ```swift
    /// try circle.encode(generatedTo: MergingSink(sink, into: object))
    /// ```
    public init(_ base: Base, into object: SinkContainer) {
        self.base = base
        self.object = object
    }

    /// Writes `null`.
    ///
    /// ```swift
    /// sink.encodeNil()
    /// ```
    public func encodeNil() { base.encodeNil() }
    /// Writes a Boolean.
    ///
    /// ```swift
    /// sink.encode(true)
    /// ```
    public func encode(_ value: Bool) { base.encode(value) }
    /// Writes a string.
    ///
    /// ```swift
    /// sink.encode("Ada")
    /// ```
    public func encode(_ value: String) { base.encode(value) }
    /// Writes a double.
    ///
    /// ```swift
    /// try sink.encode(1.5)
    /// ```
    public func encode(_ value: Double) throws { try base.encode(value) }
    /// Writes a float.
    ///
    /// ```swift
    /// try sink.encode(Float(1.5))
    /// ```
    public func encode(_ value: Float) throws { try base.encode(value) }
    /// Writes a signed integer.
    ///
    /// ```swift
    /// sink.encode(Int64(42))
    /// ```
    public func encode(_ value: Int64) { base.encode(value) }
    /// Writes an unsigned integer.
    ///
    /// ```swift
    /// sink.encode(UInt64(42))
    /// ```
    public func encode(_ value: UInt64) { base.encode(value) }
    /// Writes a value through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(date)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T) throws { try base.encodeCodable(value) }

    /// The open object, with the model's names, the first time; a new
    /// object of the base sink after that.
    ///
    /// ```swift
    /// let members = sink.beginObject(keys: keys)
    /// ```
    public func beginObject(keys: MemberKeys) -> SinkContainer {
        guard !merged.isSet else { return base.beginObject(keys: keys) }
        merged.isSet = true
        return SinkContainer(position: object.position, start: object.start, keys: keys, id: object.id)
    }

    /// Begins member `field`.
    ///
    /// ```swift
    /// if sink.beginMember(0, key: CodingKeys.id, in: object, tracksPath: false) { sink.encode(Int64(id)) }
    /// ```
    public func beginMember<Key: CodingKey>(_ field: Int, key: Key, in object: SinkContainer, tracksPath: Bool) -> Bool {
        base.beginMember(field, key: key, in: object, tracksPath: tracksPath)
    }
    /// Writes member `key` through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(id, key: CodingKeys.id, in: object)
    /// ```
    public func encodeCodable<T: Encodable, Key: CodingKey>(_ value: T, key: Key, in object: SinkContainer) throws {
        try base.encodeCodable(value, key: key, in: object)
    }
    /// Opens a dictionary's object.
    ///
    /// ```swift
    /// let object = sink.beginDictionary()
    /// ```
    /// Once the object is merged, what the value holds is written by the
    /// base sink's own way (a binary output's shared values and records);
    /// the value itself through this sink, which merges its object.
    ///
    /// ```swift
    /// try merging.encodeGenerated(point)
    /// ```
    @inlinable
    public func encodeGenerated<T: DirectEncodable>(_ value: T) throws {
        guard merged.isSet else { return try value.encode(generatedTo: self) }
        try base.encodeGenerated(value)
    }

    /// The base sink's loop for arrays of scalars, once the object is merged.
    ///
    /// ```swift
    /// if try merging.encodeScalarArray([1, 2]) { return }
    /// ```
    @inlinable
    public func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) throws -> Bool {
        guard merged.isSet else { return false }
        return try base.encodeScalarArray(elements)
    }

    /// The base sink's `[]`, once the object is merged.
    ///
    /// ```swift
    /// if ids.isEmpty, merging.encodeEmptyArray() { return }
    /// ```
    public func encodeEmptyArray() -> Bool {
        guard merged.isSet else { return false }
        return base.encodeEmptyArray()
    }

    public func beginDictionary() -> SinkContainer { base.beginDictionary() }
    /// Begins the dictionary member `name`.
    ///
    /// ```swift
    /// if sink.beginMember(named: "a", in: object, tracksPath: false) { sink.encode(Int64(1)) }
    /// ```
    public func beginMember(named name: String, in object: SinkContainer, tracksPath: Bool) -> Bool {
        base.beginMember(named: name, in: object, tracksPath: tracksPath)
    }
    /// Writes the dictionary member `name` through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(1, named: "a", in: object)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T, named name: String, in object: SinkContainer) throws {
        try base.encodeCodable(value, named: name, in: object)
    }
    /// Opens an array.
    ///
    /// ```swift
    /// let array = sink.beginArray()
    /// ```
    public func beginArray() -> SinkContainer { base.beginArray() }
    /// Begins the next element.
    ///
    /// ```swift
    /// if sink.beginElement(in: array) { sink.encode(Int64(1)) }
    /// ```
    public func beginElement(in array: SinkContainer) -> Bool { base.beginElement(in: array) }
    /// Writes the next element through the `Encodable` path.
    ///
    /// ```swift
    /// try sink.encodeCodable(1, in: array)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T, in array: SinkContainer) throws { try base.encodeCodable(value, in: array) }

    /// Closes a container, except the merged object, which its owner closes.
    ///
    /// ```swift
    /// sink.end(object)
    /// ```
    public func end(_ container: SinkContainer) {
        guard container.position != object.position else { return }
        base.end(container)
    }
}
