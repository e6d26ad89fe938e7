extension Binary {
    /// A binary file's tape as the source of generated decoders:
    /// ``Binary/Decoder`` hands one to a model with a generated decoder (see
    /// ``DirectDecodable``).
    ///
    /// Everything is read the way the `Decodable` path reads it, by the
    /// same code: values behind shared values and back-references, a class
    /// instance decoded once however often the file refers to it, records
    /// checked against the decoder's ``Binary/TypeRegistry``, dates, data and
    /// other `Decodable`-only types from their own tags, and every error
    /// with its coding path and the ``Binary/DecodingError`` (with its byte
    /// offset) underneath. A model's members are found by the table index of
    /// their names: each name of the file is matched with each model's key
    /// bytes once per decode.
    ///
    /// ```swift
    /// static func decode(fromBinary source: Binary.DecodingTape, at index: Int) throws -> Self {
    ///     try Self(generatedFrom: source, at: index)
    /// }
    /// ```
    public typealias DecodingTape = BinaryDecodingTape
}

extension BinaryDecodingTape: EngineTape {
    init(state: BinaryDecodingState) {
        self.init(engine: state, checksRecords: !state.registry.isEmpty)
    }

    /// The decode's state, which every tape is made with (``init(state:)``).
    @inlinable
    var state: BinaryDecodingState { unsafeDowncast(engine, to: BinaryDecodingState.self) }

    /// Whether the value at `index` is `null`.
    ///
    /// ```swift
    /// let missing = tape.isNull(at: index)
    /// ```
    public func isNull(at index: Int) -> Bool { state.resolved(index).entry.tag == .null }

    /// The Boolean at `index`.
    ///
    /// ```swift
    /// let flag = try tape.decode(Bool.self, at: index)
    /// ```
    public func decode(_ type: Bool.Type, at index: Int) throws -> Bool { try state.decodeBool(at: index) }

    /// The string at `index`.
    ///
    /// ```swift
    /// let text = try tape.decode(String.self, at: index)
    /// ```
    public func decode(_ type: String.Type, at index: Int) throws -> String { try state.decodeString(at: index) }

    /// The number at `index` as a `Double`.
    ///
    /// ```swift
    /// let x = try tape.decode(Double.self, at: index)
    /// ```
    public func decode(_ type: Double.Type, at index: Int) throws -> Double { try state.decodeDouble(at: index) }

    /// The number at `index` as a `Float`.
    ///
    /// ```swift
    /// let x = try tape.decode(Float.self, at: index)
    /// ```
    public func decode(_ type: Float.Type, at index: Int) throws -> Float { try state.decodeFloat(at: index) }

    /// The whole number at `index` as an `Int`.
    ///
    /// ```swift
    /// let n = try tape.decode(Int.self, at: index)
    /// ```
    public func decode(_ type: Int.Type, at index: Int) throws -> Int { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as an `Int8`.
    ///
    /// ```swift
    /// let n = try tape.decode(Int8.self, at: index)
    /// ```
    public func decode(_ type: Int8.Type, at index: Int) throws -> Int8 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as an `Int16`.
    ///
    /// ```swift
    /// let n = try tape.decode(Int16.self, at: index)
    /// ```
    public func decode(_ type: Int16.Type, at index: Int) throws -> Int16 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as an `Int32`.
    ///
    /// ```swift
    /// let n = try tape.decode(Int32.self, at: index)
    /// ```
    public func decode(_ type: Int32.Type, at index: Int) throws -> Int32 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as an `Int64`.
    ///
    /// ```swift
    /// let n = try tape.decode(Int64.self, at: index)
    /// ```
    public func decode(_ type: Int64.Type, at index: Int) throws -> Int64 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as a `UInt`.
    ///
    /// ```swift
    /// let n = try tape.decode(UInt.self, at: index)
    /// ```
    public func decode(_ type: UInt.Type, at index: Int) throws -> UInt { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as a `UInt8`.
    ///
    /// ```swift
    /// let n = try tape.decode(UInt8.self, at: index)
    /// ```
    public func decode(_ type: UInt8.Type, at index: Int) throws -> UInt8 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as a `UInt16`.
    ///
    /// ```swift
    /// let n = try tape.decode(UInt16.self, at: index)
    /// ```
    public func decode(_ type: UInt16.Type, at index: Int) throws -> UInt16 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as a `UInt32`.
    ///
    /// ```swift
    /// let n = try tape.decode(UInt32.self, at: index)
    /// ```
    public func decode(_ type: UInt32.Type, at index: Int) throws -> UInt32 { try state.decodeInteger(type, at: index) }

    /// The whole number at `index` as a `UInt64`.
    ///
    /// ```swift
    /// let n = try tape.decode(UInt64.self, at: index)
    /// ```
    public func decode(_ type: UInt64.Type, at index: Int) throws -> UInt64 { try state.decodeInteger(type, at: index) }

    /// The value at `index` through its `Decodable` conformance and this
    /// decode's `Decoder` (dates, data, URLs, UUIDs and decimals from
    /// their own tags, sets checked).
    ///
    /// ```swift
    /// let date = try tape.decodeCodable(Date.self, at: index)
    /// ```
    public func decodeCodable<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        try BinaryTapeDecoder(state: state, index: index).decode(type)
    }

    /// The value at `index` through `T`'s generated decoder, once what
    /// stands before it is read as the `Decodable` path reads it: a class
    /// instance decoded before is returned again, a shared value decoded
    /// as a class is kept for the back-references to it, and a record is
    /// checked against the type the registry names. Anything else goes
    /// straight to `T(generatedFrom:at:)`, specialised for this tape.
    /// While a case of an untagged enum is open, the outcome is kept
    /// (see `UntaggedMemo`).
    ///
    /// ```swift
    /// let profile = try tape.decodeGenerated(Profile.self, at: index)
    /// ```
    @inlinable @inline(__always)
    public func decodeGenerated<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T {
        guard T.self is AnyClass || checksRecords || UntaggedMemo.mayKeep(T.self) && state.untagged.openCases > 0 else {
            return try T(generatedFrom: self, at: index)
        }
        guard UntaggedMemo.mayKeep(T.self), state.untagged.openCases > 0 else { return try decodeWrapped(T.self, at: index) { try T(generatedFrom: self, at: $0) } }
        return try decodeInCase(T.self, at: index)
    }

    /// The value at `index` through `T`'s generated decoder, inside a
    /// case of an untagged enum: remembered (``UntaggedMemo``).
    /// The closure is made here, specialised for `T`, so the decode
    /// inside a case runs the same code as outside.
    @inlinable
    func decodeInCase<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T {
        let kept = try state.decodeKept(T.self, at: index) { try decodeWrapped(T.self, at: index) { try T(generatedFrom: self, at: $0) } }
        // Always a `T`: the memo keeps `T`'s values under `T`'s key.
        if let value = kept as? T { return value }
        return try decodeWrapped(T.self, at: index) { try T(generatedFrom: self, at: $0) }
    }

    /// The `T` at `index`, `decode` reading the value inside any shared
    /// value, back-reference or record there.
    @inlinable
    func decodeWrapped<T>(_ type: T.Type, at index: Int, _ decode: (Int) throws -> T) throws -> T {
        switch try state.wrapper(of: T.self, at: index) {
        case .none: return try decode(index)
        case .shared(let shared, let instance):
            if let instance = instance as? T { return instance }
            let value = try decodeWrapped(T.self, at: shared + 1, decode)
            if T.self is AnyClass { state.setInstance(value as AnyObject, sharedAt: shared) }
            return value
        }
    }

    /// The doubles of the array at `index`.
    ///
    /// ```swift
    /// let point = try tape.doubles(at: index)
    /// ```
    public func doubles(at index: Int) throws -> [Double] {
        let (array, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Any].self, at: array, expected: "an array") }
        return try state.doubles(at: array)
    }

    /// The arrays of doubles of the array at `index`, read as the
    /// `Decodable` path reads a `[[Double]]`: an array's rows in its
    /// `[[Double]]` loop (a row of another kind names `[Double]`), a set's
    /// or a dictionary's as `Array` reads them.
    ///
    /// ```swift
    /// let ring = try tape.doubleArrays(at: index)
    /// ```
    public func doubleArrays(at index: Int) throws -> [[Double]] {
        let (array, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Any].self, at: array, expected: "an array") }
        guard state.tape[array].tag == .array else { return try state.elements(of: array) { try decodeGenerated([Double].self, at: $0) } }
        return try state.doubleRows(at: array)
    }

    /// A cursor over the elements of the array (or set, or dictionary's
    /// keys and values) at `index`. A value of another kind is a type
    /// mismatch naming `[Any]`, as the standard library's `Array` names it.
    ///
    /// ```swift
    /// var cursor = try tape.elements(of: [Int].self, at: index)
    /// ```
    public func elements<Collection>(of type: Collection.Type, at index: Int) throws -> DecodingCursor {
        let (array, kind) = state.value(at: index)
        guard case .array = kind else { throw state.mismatch([Any].self, at: array, expected: "an array") }
        try state.checkStack(at: array)
        let entry = state.tape[array]
        return DecodingCursor(position: array + 1, end: Int(truncatingIfNeeded: entry.end), count: entry.count)
    }

    /// The next element's tape index, moving past it.
    ///
    /// ```swift
    /// while let element = tape.nextElement(&cursor) { … }
    /// ```
    @inline(__always)
    public func nextElement(_ cursor: inout DecodingCursor) -> Int? {
        let element = cursor.position
        guard element < cursor.end else { return nil }
        cursor.position = state.next(after: element)
        return element
    }

    /// A cursor over the members of the object (or record) at `index`;
    /// never `nil`: a file names no member twice, and no key strategy renames them.
    ///
    /// ```swift
    /// let cursor = try tape.dictionaryMembers(of: [String: Int].self, at: index)
    /// ```
    public func dictionaryMembers<Dictionary>(of type: Dictionary.Type, at index: Int) throws -> DecodingCursor? {
        let (object, kind) = state.value(at: index)
        guard case .object = kind else { throw state.mismatch([String: Any].self, at: object, expected: "an object") }
        let entry = state.tape[object]
        return DecodingCursor(position: object + 1, end: Int(truncatingIfNeeded: entry.end), count: entry.count)
    }

    /// The next member's name and value, moving past it.
    ///
    /// ```swift
    /// while let (key, value) = tape.nextMember(&cursor) { … }
    /// ```
    public func nextMember(_ cursor: inout DecodingCursor) -> (key: String, value: Int)? {
        let member = cursor.position
        guard member < cursor.end else { return nil }
        let entry = state.tape[member]
        cursor.position = Int(truncatingIfNeeded: entry.end)
        return (state.strings[Int(truncatingIfNeeded: entry.key)], member)
    }

    /// Finds a model's members by the table indexes of their names (see
    /// ``DirectDecodingSource/members(of:keys:into:)``).
    ///
    /// ```swift
    /// let object = try withUnsafeMutableBytes(of: &members) { try tape.members(of: index, keys: keys, into: $0) }
    /// ```
    public func members(of index: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
        try state.findMembers(of: index, keys: keys, into: slots)
    }

    /// The members `keys` does not name (see
    /// `DirectDecodingSource.unknownMembers(of:named:)`), read by
    /// the `Decodable` path's own code, so both paths give the same.
    /// The keyed container looks each name up from where the last
    /// lookup stopped, so reading the members in order is O(members).
    ///
    /// ```swift
    /// let extra = try tape.unknownMembers(of: index, named: keys)
    /// ```
    public func unknownMembers(of index: Int, named keys: MemberKeys) throws -> JSON.Object {
        try JSON.Object(unknownMembersFrom: BinaryTapeDecoder(state: state, index: index), named: keys)
    }

    /// The members none of `tables` names (see
    /// `DirectDecodingSource.unknownMembers(of:named:)`), read as
    /// `unknownMembers(of:named:)` reads them.
    ///
    /// ```swift
    /// let extra = try tape.unknownMembers(of: index, named: [keys, flattenedKeys])
    /// ```
    public func unknownMembers(of index: Int, named tables: [MemberKeys]) throws -> JSON.Object {
        try JSON.Object(unknownMembersFrom: BinaryTapeDecoder(state: state, index: index), named: tables)
    }
}
