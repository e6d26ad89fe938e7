// Optionals, arrays and `[String: T]` dictionaries of types with generated
// encoders have one too, inlinable so a model's encoder is specialised
// through them down to its elements.

extension Optional: DirectEncodable where Wrapped: DirectEncodable {
    /// Whether a `Wrapped` can fail.
    ///
    /// ```swift
    /// [Int].generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { Wrapped.generatedEncodingTracksPath }

    /// `null` for `nil` (inside arrays and dictionaries; a model's optional
    /// members are left out instead), else the wrapped value.
    ///
    /// ```swift
    /// try Int?.none.encode(generatedTo: sink)   // null
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        guard let value = self else { return sink.encodeNil() }
        try sink.encodeGenerated(value)
    }
}

extension Array: DirectEncodable where Element: DirectEncodable {
    /// Whether a `Element` can fail.
    ///
    /// ```swift
    /// [Int].generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { Element.generatedEncodingTracksPath }

    /// The elements in order, each through its generated encoder.
    ///
    /// ```swift
    /// try [1, 2].encode(generatedTo: sink)   // [1,2]
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        if isEmpty ? sink.encodeEmptyArray() : try sink.encodeScalarArray(self) { return }
        let array = sink.beginArray()
        for element in self {
            if sink.beginElement(in: array) {
                try sink.encodeGenerated(element)
            } else {
                try sink.encodeCodable(element, in: array)
            }
        }
        sink.end(array)
    }
}

extension Dictionary: DirectEncodable where Key == String, Value: DirectEncodable {
    /// Whether a `Value` can fail.
    ///
    /// ```swift
    /// [Int].generatedEncodingTracksPath   // false
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { Value.generatedEncodingTracksPath }

    /// The members in the dictionary's order, their names as they are (no
    /// key strategy renames a dictionary's keys).
    ///
    /// ```swift
    /// try ["a": 1].encode(generatedTo: sink)   // {"a":1}
    /// ```
    @inlinable
    public func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        let object = sink.beginDictionary()
        for (name, value) in self {
            if sink.beginMember(named: name, in: object, tracksPath: Value.generatedEncodingTracksPath) {
                try sink.encodeGenerated(value)
            } else {
                try sink.encodeCodable(value, named: name, in: object)
            }
        }
        sink.end(object)
    }
}
