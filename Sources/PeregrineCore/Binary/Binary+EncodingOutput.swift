extension Binary {
    /// A ``Binary/Encoder``'s writer as the sink of generated encoders:
    /// values written straight into the file's body and string table, byte
    /// for byte what the `Encodable` path writes.
    ///
    /// The containers are the `Encodable` path's own (the encode's stack of
    /// open frames), so counts, coding paths, the depth limit and the check
    /// for a name written twice are the same; class instances are written
    /// once, as shared values, and referred back to after; types the
    /// encoder's ``Binary/TypeRegistry`` names are written as records.
    /// Values without a generated encoder go through the encoder's own
    /// `Encoder` at their place (dates, data, URLs, UUIDs and decimals with
    /// their own tags).
    ///
    /// ```swift
    /// func encode(toBinary output: Binary.EncodingOutput) throws {
    ///     try encode(generatedTo: output)
    /// }
    /// ```
    public typealias EncodingOutput = BinaryEncodingOutput
}

extension BinaryEncodingOutput: DirectEncodingSink {
    init(state: BinaryEncodingState) {
        self.init(engine: state, writesRecords: !state.registry.isEmpty)
    }

    /// The encode's state, which every output is made with (``init(state:)``).
    @inlinable
    var state: BinaryEncodingState { unsafeDowncast(engine, to: BinaryEncodingState.self) }

    /// Writes `null`.
    ///
    /// ```swift
    /// output.encodeNil()
    /// ```
    public func encodeNil() { state.writer.tag(.null) }

    /// Writes `true` or `false`.
    ///
    /// ```swift
    /// output.encode(true)
    /// ```
    public func encode(_ value: Bool) { state.writer.tag(value ? .true : .false) }

    /// Writes a string (a reference to it in the string table).
    ///
    /// ```swift
    /// output.encode("Ada")
    /// ```
    public func encode(_ value: String) {
        state.writer.tag(.string)
        state.writer.string(value)
    }

    /// Writes a double, its 64 bits as they are (non-finite ones too).
    ///
    /// ```swift
    /// try output.encode(1.5)
    /// ```
    public func encode(_ value: Double) {
        state.writer.tag(.double)
        state.writer.double(value)
    }

    /// Writes a float, as a double.
    ///
    /// ```swift
    /// try output.encode(Float(1.5))
    /// ```
    public func encode(_ value: Float) { encode(Double(value)) }

    /// Writes a signed integer.
    ///
    /// ```swift
    /// output.encode(Int64(42))
    /// ```
    public func encode(_ value: Int64) {
        state.writer.tag(.int)
        state.writer.zigzag(value)
    }

    /// Writes an unsigned integer (as a signed one up to `Int64.max`).
    ///
    /// ```swift
    /// output.encode(UInt64(42))
    /// ```
    public func encode(_ value: UInt64) { state.writer.unsigned(value) }

    /// Writes a value through `Encodable`, at this place of the body.
    ///
    /// ```swift
    /// try output.encodeCodable(date)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T) throws {
        try BinaryValueEncoder(state: state).encodeValue(value)
    }

    /// Writes `value` through its generated encoder, specialised for
    /// this output; a class instance as a shared value the first time and
    /// a back-reference after, and a type the registry names as a record.
    ///
    /// ```swift
    /// try output.encodeGenerated(profile)
    /// ```
    @inlinable
    public func encodeGenerated<T: DirectEncodable>(_ value: T) throws {
        guard T.self is AnyClass || writesRecords else { return try value.encode(generatedTo: self) }
        try encodeWrapped(value) { try value.encode(generatedTo: self) }
    }

    /// Writes `value` through `encode` inside what the format puts
    /// around a value of its type, as the `Encodable` path does.
    @inlinable
    func encodeWrapped<T>(_ value: T, _ encode: () throws -> Void) throws {
        let instance: AnyObject? = T.self is AnyClass ? value as AnyObject : nil
        guard let begun = try state.beginGenerated(T.self, instance: instance) else { return }
        try encode()
        if let instance { state.endInstance(instance, number: begun.shared, depth: begun.depth) }
    }

    /// Writes a top-level value through its entry point for this output.
    func encodeRoot<T: DirectEncodable>(_ value: T) throws {
        try encodeWrapped(value) { try value.encode(toBinary: self) }
    }

    /// Opens a model's object (a record, for a type the registry names).
    ///
    /// ```swift
    /// let object = output.beginObject(keys: keys)
    /// ```
    public func beginObject(keys: MemberKeys) -> SinkContainer {
        let start = state.writer.position
        let frame = state.container(at: start, keyed: true)
        return SinkContainer(position: frame?.position ?? .max, start: start, keys: keys, id: frame?.id ?? 0)
    }

    /// Writes the name of member `field`; `false` when the object could
    /// not open (too deep) or is closed, so that the member throws the
    /// error (which fails the encode even if the member is skipped).
    ///
    /// ```swift
    /// if output.beginMember(0, key: CodingKeys.id, in: object, tracksPath: false) { output.encode(Int64(id)) }
    /// ```
    public func beginMember<Key: CodingKey>(_ field: Int, key: Key, in object: SinkContainer, tracksPath: Bool) -> Bool {
        do {
            try state.begin(object.id, at: object.position, key: BinaryMemberNameCache.identity(of: key)) { key.stringValue }
            return true
        } catch {
            state.fail(error)
            return false
        }
    }

    /// Throws why member `key` could not begin.
    ///
    /// ```swift
    /// try output.encodeCodable(id, key: CodingKeys.id, in: object)
    /// ```
    public func encodeCodable<T: Encodable, Key: CodingKey>(_ value: T, key: Key, in object: SinkContainer) throws {
        throw state.closedContainer()
    }

    /// Opens a dictionary's object.
    ///
    /// ```swift
    /// let object = output.beginDictionary()
    /// ```
    public func beginDictionary() -> SinkContainer { open(.object) }

    /// Writes the name `name`; `false` when the object could not open or
    /// is closed (the encode then fails).
    ///
    /// ```swift
    /// if output.beginMember(named: "a", in: object, tracksPath: false) { output.encode(Int64(1)) }
    /// ```
    public func beginMember(named name: String, in object: SinkContainer, tracksPath: Bool) -> Bool {
        do {
            try state.begin(object.id, at: object.position, key: nil) { name }
            return true
        } catch {
            state.fail(error)
            return false
        }
    }

    /// Throws why the dictionary member `name` could not begin.
    ///
    /// ```swift
    /// try output.encodeCodable(1, named: "a", in: object)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T, named name: String, in object: SinkContainer) throws {
        throw state.closedContainer()
    }

    /// Opens an array.
    ///
    /// ```swift
    /// let array = output.beginArray()
    /// ```
    public func beginArray() -> SinkContainer { open(.array) }

    /// Writes an array of `Double`, `Float`, `Int`, `Int64`, `String`,
    /// `Bool` or `[Double]` in one loop, as the `Encodable` path writes
    /// those; `false` for other elements (and arrays nesting too deep).
    /// The element type is known where this is inlined, so only its case remains.
    ///
    /// ```swift
    /// if output.encodeScalarArray([1.5, 2.5]) { return }
    /// ```
    @inlinable
    public func encodeScalarArray<Element: DirectEncodable>(_ elements: [Element]) -> Bool {
        // Each cast is between equal types, checked just before.
        if Element.self == Double.self { return state.writeArray(unsafeBitCast(elements, to: [Double].self)) }
        if Element.self == Int.self { return state.writeArray(unsafeBitCast(elements, to: [Int].self)) }
        if Element.self == Int64.self { return state.writeArray(unsafeBitCast(elements, to: [Int64].self)) }
        if Element.self == String.self { return state.writeArray(unsafeBitCast(elements, to: [String].self)) }
        if Element.self == Bool.self { return state.writeArray(unsafeBitCast(elements, to: [Bool].self)) }
        if Element.self == Float.self { return state.writeArray(unsafeBitCast(elements, to: [Float].self)) }
        if Element.self == [Double].self { return state.writeArray(unsafeBitCast(elements, to: [[Double]].self)) }
        return false
    }

    /// Counts the next element; `false` when the array could not open or
    /// is closed (the encode then fails).
    ///
    /// ```swift
    /// if output.beginElement(in: array) { output.encode(Int64(1)) }
    /// ```
    public func beginElement(in array: SinkContainer) -> Bool {
        do {
            try state.begin(array.id, at: array.position)
            return true
        } catch {
            state.fail(error)
            return false
        }
    }

    /// Throws why the next element could not begin.
    ///
    /// ```swift
    /// try output.encodeCodable(1, in: array)
    /// ```
    public func encodeCodable<T: Encodable>(_ value: T, in array: SinkContainer) throws {
        throw state.closedContainer()
    }

    /// Closes an object or array (and what is still open inside it),
    /// writing its count.
    ///
    /// ```swift
    /// output.end(object)
    /// ```
    public func end(_ container: SinkContainer) { state.close(to: container.position) }

    /// Opens a container of `kind` here.
    private func open(_ kind: BinaryFrameStack.Frame.Kind) -> SinkContainer {
        let start = state.writer.position
        let frame = state.open(kind)
        return SinkContainer(position: frame?.position ?? .max, start: start, keys: nil, id: frame?.id ?? 0)
    }
}
