extension JSON {
    /// A parsed JSON document's tape as the source of generated decoders,
    /// with the decode's settings: ``JSON/Decoder`` hands one to a model
    /// with a generated decoder (see ``DirectDecodable``).
    ///
    /// Everything is read the way the `Decodable` path reads it, by the
    /// same code: numbers, strings and their leniency, key strategies, the
    /// duplicate-key policy, and every error with its coding path, line,
    /// column and excerpt.
    ///
    /// ```swift
    /// static func decode(fromJSON source: JSON.DecodingTape, at index: Int) throws -> Self {
    ///     try Self(generatedFrom: source, at: index)
    /// }
    /// ```
    public struct DecodingTape: EngineTape {
        @usableFromInline let state: JSONDecodingState

        init(state: JSONDecodingState) {
            self.state = state
        }

        /// The value at `index` through `T`'s generated decoder: kept while
        /// a case of an untagged enum is open (see `UntaggedMemo`),
        /// else straight to `T(generatedFrom:at:)`.
        ///
        /// ```swift
        /// let profile = try tape.decodeGenerated(Profile.self, at: index)
        /// ```
        @inlinable @inline(__always)
        public func decodeGenerated<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T {
            if UntaggedMemo.mayKeep(T.self), state.untagged.openCases > 0 { return try decodeInCase(T.self, at: index) }
            return try T(generatedFrom: self, at: index)
        }

        /// The value at `index` through `T`'s generated decoder, inside a
        /// case of an untagged enum: remembered (``UntaggedMemo``).
        /// The closure is made here, specialised for `T`, so the decode
        /// inside a case runs the same code as outside.
        @inlinable
        func decodeInCase<T: DirectDecodable>(_ type: T.Type, at index: Int) throws -> T {
            let kept = try state.decodeKept(T.self, at: index) { try T(generatedFrom: self, at: index) }
            // Always a `T`: the memo keeps `T`'s values under `T`'s key.
            if let value = kept as? T { return value }
            return try T(generatedFrom: self, at: index)
        }

        /// Whether the value at `index` is `null`.
        ///
        /// ```swift
        /// let missing = tape.isNull(at: index)
        /// ```
        @inlinable
        public func isNull(at index: Int) -> Bool { kindAndPayload(at: index).kind == .null }

        /// The integer at `index` when its entry is an `Int64` that `Integer`
        /// holds exactly, else `nil` (the read's general path then decides):
        /// the inlined fast path of the integer reads.
        @inlinable @inline(__always)
        func storedInteger<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) -> Integer? {
            let entry = kindAndPayload(at: index)
            guard entry.kind == .int64 else { return nil }
            return Integer(exactly: Int64(bitPattern: entry.payload))
        }

        /// The kind and payload of the entry at `index`: what the inlined
        /// fast paths of the reads above and below test, in a caller's own
        /// code, before they call the read's general path (a small call
        /// instead of the whole path, for every property of a model).
        @usableFromInline
        func kindAndPayload(at index: Int) -> (kind: TapeEntry.Kind, payload: UInt64) {
            let entry = state.entry(index)
            return (entry.kind, entry.payload)
        }

        /// The Boolean at `index` (or a coerced one, under ``JSON/Decoder/Leniency``).
        ///
        /// ```swift
        /// let flag = try tape.decode(Bool.self, at: index)
        /// ```
        @inlinable
        public func decode(_ type: Bool.Type, at index: Int) throws -> Bool {
            switch kindAndPayload(at: index).kind {
            case .true: return true
            case .false: return false
            default: return try decodeAnyBool(at: index)
            }
        }

        /// The Boolean read's general path, for an entry that is not a
        /// Boolean: a coerced one, or the error.
        @usableFromInline
        func decodeAnyBool(at index: Int) throws -> Bool { try state.decodeBool(at: index) }

        /// The string at `index` (or a number's text, under ``JSON/Decoder/Leniency``).
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
        @inlinable
        public func decode(_ type: Double.Type, at index: Int) throws -> Double {
            let entry = kindAndPayload(at: index)
            guard entry.kind == .double else { return try decodeAnyDouble(at: index) }
            return Double(bitPattern: entry.payload)
        }

        /// The `Double` read's general path, for an entry that is not a
        /// `Double`: an integer, a number's text, a coerced one, or the error.
        @usableFromInline
        func decodeAnyDouble(at index: Int) throws -> Double { try state.decodeDouble(at: index) }

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
        @inlinable
        public func decode(_ type: Int.Type, at index: Int) throws -> Int {
            try storedInteger(Int.self, at: index) ?? decodeAnyInt(at: index)
        }

        /// The `Int` read's general path, for an entry that is not an `Int`
        /// (or, where `Int` has 32 bits, does not fit one): a number of
        /// another kind, a coerced one, or the error.
        @usableFromInline
        func decodeAnyInt(at index: Int) throws -> Int { try state.decodeInteger(Int.self, at: index) }

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
        @inlinable
        public func decode(_ type: Int64.Type, at index: Int) throws -> Int64 {
            try storedInteger(Int64.self, at: index) ?? decodeAnyInt64(at: index)
        }

        /// The `Int64` read's general path, for an entry that is not an
        /// `Int64`: a number of another kind, a coerced one, or the error.
        @usableFromInline
        func decodeAnyInt64(at index: Int) throws -> Int64 { try state.decodeInteger(Int64.self, at: index) }

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
        /// decode's `Decoder`, with the strategies (dates, data, URLs, decimals).
        ///
        /// ```swift
        /// let date = try tape.decodeCodable(Date.self, at: index)
        /// ```
        public func decodeCodable<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
            try state.reusingContainers { try JSONTapeDecoder(state: state, index: index).decode(type) }
        }

        /// The doubles of the array at `index`.
        ///
        /// ```swift
        /// let point = try tape.doubles(at: index)
        /// ```
        public func doubles(at index: Int) throws -> [Double] { try state.doubles(at: index) }

        /// The arrays of doubles of the array at `index`, as the `Decodable` path's `[[Double]]` loop reads them.
        ///
        /// ```swift
        /// let ring = try tape.doubleArrays(at: index)
        /// ```
        public func doubleArrays(at index: Int) throws -> [[Double]] { try state.doubleRows(at: index) }

        /// A cursor over the elements of the array at `index`. A value of
        /// another kind is a type mismatch naming the array type as the
        /// `Decodable` path names it.
        ///
        /// ```swift
        /// var cursor = try tape.elements(of: [Int].self, at: index)
        /// ```
        public func elements<Collection>(of type: Collection.Type, at index: Int) throws -> DecodingCursor {
            let entry = state.entry(index)
            guard entry.kind == .array else {
                // The arrays JSONTapeDecoder reads in one loop name their type; the standard library's `[Any]`.
                throw state.mismatch(FastArray(type) == nil ? [Any].self : type, at: index, expected: "an array")
            }
            try state.checkStack(at: index)
            return DecodingCursor(position: index + 1, end: entry.endIndex, count: entry.count)
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
            cursor.position = state.entry(element).nextSibling(after: element)
            return element
        }

        /// A cursor over the members of the object at `index`; `nil` when
        /// the `Decodable` path must read it: a key strategy is set (the
        /// dictionary's coding paths keep its names) or two members share a name.
        ///
        /// ```swift
        /// let cursor = try tape.dictionaryMembers(of: [String: Int].self, at: index)
        /// ```
        public func dictionaryMembers<Dictionary>(of type: Dictionary.Type, at index: Int) throws -> DecodingCursor? {
            guard !state.convertsKeys else { return nil }
            let entry = state.entry(index)
            guard entry.kind == .object else { throw state.mismatch([String: Any].self, at: index, expected: "an object") }
            guard state.hasUniqueKeys(object: index, count: entry.count) else { return nil }
            return DecodingCursor(position: index + 1, end: entry.endIndex, count: entry.count)
        }

        /// The next member's name and value, moving past it.
        ///
        /// ```swift
        /// while let (key, value) = tape.nextMember(&cursor) { … }
        /// ```
        public func nextMember(_ cursor: inout DecodingCursor) -> (key: String, value: Int)? {
            let key = cursor.position
            guard key + 1 < cursor.end else { return nil }
            cursor.position = state.entry(key + 1).nextSibling(after: key + 1)
            return (state.string(at: key), key + 1)
        }

        /// Finds a model's members by their key bytes, after the key
        /// strategy, under the document's duplicate-key policy (see
        /// ``DirectDecodingSource/members(of:keys:into:)``).
        ///
        /// ```swift
        /// let object = try withUnsafeMutableBytes(of: &members) { try tape.members(of: index, keys: keys, into: $0) }
        /// ```
        public func members(of index: Int, keys: MemberKeys, into slots: UnsafeMutableRawBufferPointer) throws -> Int {
            try state.findMembers(of: index, keys: keys, into: slots)
        }

        /// The members `keys` does not name (see
        /// `DirectDecodingSource.unknownMembers(of:named:)`).
        ///
        /// ```swift
        /// let extra = try tape.unknownMembers(of: index, named: keys)
        /// ```
        public func unknownMembers(of index: Int, named keys: MemberKeys) throws -> JSON.Object {
            try state.unknownMembers(of: index, named: CollectionOfOne(keys))
        }

        /// The members none of `tables` names (see
        /// `DirectDecodingSource.unknownMembers(of:named:)`).
        ///
        /// ```swift
        /// let extra = try tape.unknownMembers(of: index, named: [keys, flattenedKeys])
        /// ```
        public func unknownMembers(of index: Int, named tables: [MemberKeys]) throws -> JSON.Object {
            try state.unknownMembers(of: index, named: tables)
        }
    }
}
