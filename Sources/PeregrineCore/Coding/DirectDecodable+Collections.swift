// Optionals, arrays and `[String: T]` dictionaries of types with generated
// decoders have one too. Their decoders are inlinable, so a model's decoder
// is specialised through them down to its elements.

extension Optional: DirectDecodable where Wrapped: DirectDecodable {
    /// `nil` for `null`, else the wrapped value (as `Optional`'s `Decodable` conformance reads it).
    ///
    /// ```swift
    /// let maybe = try Int?(generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        self = source.isNull(at: index) ? nil : try source.decodeGenerated(Wrapped.self, at: index)
    }
}

extension Array: DirectDecodable where Element: DirectDecodable {
    /// The elements of the array at `index`, each through its generated decoder.
    ///
    /// ```swift
    /// let ids = try [Int](generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        if Element.self == Double.self, let doubles = try source.doubles(at: index) as? [Element] {
            self = doubles
            return
        }
        if Element.self == [Double].self, let rows = try source.doubleArrays(at: index) as? [Element] {
            self = rows
            return
        }
        var cursor = try source.elements(of: [Element].self, at: index)
        // Not `Array(unsafeUninitializedCapacity:)`: it looks up the array's metadata on every call.
        var elements: [Element] = []
        elements.reserveCapacity(cursor.count)
        while let element = source.nextElement(&cursor) {
            elements.append(try source.decodeGenerated(Element.self, at: element))
        }
        self = elements
    }
}

extension Dictionary: DirectDecodable where Key == String, Value: DirectDecodable {
    /// The members of the object at `index`, their names as written (no key
    /// strategy renames a dictionary's keys) and values through their
    /// generated decoder.
    ///
    /// ```swift
    /// let names = try [String: String](generatedFrom: source, at: index)
    /// ```
    @inlinable
    public init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        guard var cursor = try source.dictionaryMembers(of: [String: Value].self, at: index) else {
            self = try source.decodeCodable([String: Value].self, at: index)
            return
        }
        var members: [String: Value] = [:]
        members.reserveCapacity(cursor.count)
        while let (key, value) = source.nextMember(&cursor) {
            members[key] = try source.decodeGenerated(Value.self, at: value)
        }
        self = members
    }
}
