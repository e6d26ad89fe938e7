extension JSON {
    /// A ``JSON/Encoder``'s output as the sink of generated encoders: bytes
    /// written straight into the encoder's buffer, with its formatting
    /// (pretty printing, escaping, whole-number fractions) and its
    /// non-conforming float strategy. Under a key strategy each name is
    /// converted as a keyed container converts it (`.convertToSnakeCase`
    /// once per name and encode, `.custom` called with the coding path at
    /// every member, as on the `Encodable` path); under `.sortedKeys` the
    /// bytes are written in the models' order and sorted once the value is
    /// written, into the `Encodable` path's bytes.
    ///
    /// Values without a generated encoder go through the encoder's own
    /// `Encoder` at their place (with the date, data and other strategies).
    /// One of those that uses its containers out of order turns the output
    /// into a tree, as on the `Encodable` path; the members and elements
    /// after it then go through `Encodable` into the tree.
    ///
    /// ```swift
    /// func encode(toJSON output: JSON.EncodingOutput) throws {
    ///     try encode(generatedTo: output)
    /// }
    /// ```
    public struct EncodingOutput: DirectEncodingSink {
        let stream: EncodingStream

        init(stream: EncodingStream) {
            self.stream = stream
        }

        /// Writes `null`.
        ///
        /// ```swift
        /// output.encodeNil()
        /// ```
        public func encodeNil() { stream.writeNull() }

        /// Writes `true` or `false`.
        ///
        /// ```swift
        /// output.encode(true)
        /// ```
        public func encode(_ value: Bool) { stream.write(value) }

        /// Writes a string, escaped by the encoder's formatting.
        ///
        /// ```swift
        /// output.encode("Ada")
        /// ```
        public func encode(_ value: String) { stream.write(value) }

        /// Writes a double as Foundation writes it.
        ///
        /// ```swift
        /// try output.encode(1.5)
        /// ```
        public func encode(_ value: Double) throws { try stream.write(value) }

        /// Writes a float in its own shortest form.
        ///
        /// ```swift
        /// try output.encode(Float(1.5))
        /// ```
        public func encode(_ value: Float) throws { try stream.write(value) }

        /// Writes a signed integer.
        ///
        /// ```swift
        /// output.encode(Int64(42))
        /// ```
        public func encode(_ value: Int64) { stream.write(JSON.Number(value)) }

        /// Writes an unsigned integer.
        ///
        /// ```swift
        /// output.encode(UInt64(42))
        /// ```
        public func encode(_ value: UInt64) { stream.write(JSON.Number(value)) }

        /// Writes a value through `Encodable`, at this place of the output.
        ///
        /// ```swift
        /// try output.encodeCodable(date)
        /// ```
        public func encodeCodable<T: Encodable>(_ value: T) throws {
            try StreamEncoder(stream: stream).encodeValue(value)
        }

        /// Opens a model's object.
        ///
        /// ```swift
        /// let object = output.beginObject(keys: keys)
        /// ```
        public func beginObject(keys: MemberKeys) -> SinkContainer {
            let (position, start) = stream.open(object: true)
            return SinkContainer(position: position, start: start, keys: keys)
        }

        /// Writes the separator and the name of member `field`, and keeps
        /// `key` for the coding paths of errors when `tracksPath` is set.
        ///
        /// ```swift
        /// if output.beginMember(0, key: CodingKeys.id, in: object, tracksPath: false) { output.encode(Int64(id)) }
        /// ```
        @inlinable
        public func beginMember<Key: CodingKey>(_ field: Int, key: Key, in object: SinkContainer, tracksPath: Bool) -> Bool {
            // Inlined into the model's encoder, which then calls no generic function for most members.
            if !tracksPath, beginPlainMember(field, in: object) { return true }
            return beginMemberGenerally(field, key: key, in: object, tracksPath: tracksPath)
        }

        /// Begins member `field` when its name is written as it is, in
        /// compact output (``EncodingStream/beginPlainMember(_:in:)``).
        @usableFromInline
        func beginPlainMember(_ field: Int, in object: SinkContainer) -> Bool {
            stream.beginPlainMember(field, in: object)
        }

        /// ``beginMember(_:key:in:tracksPath:)`` for any member: under a key
        /// strategy or sorted keys, pretty, with escapes, or into a tree.
        @usableFromInline
        func beginMemberGenerally<Key: CodingKey>(_ field: Int, key: Key, in object: SinkContainer, tracksPath: Bool) -> Bool {
            if stream.beginPlainMember(field, in: object) {
                if tracksPath { stream.setCurrentKey(key) }
                return true
            }
            guard stream.tree == nil, let keys = object.keys else { return false }
            guard stream.isOpen(object) else { return true }
            if stream.state.convertsKeys || stream.sortsKeys {
                guard stream.beginMember(key, at: object.position, start: object.start) else { return false }
                if tracksPath { stream.setCurrentKey(key) }
                return true
            }
            stream.close(to: object.position + 1)
            if let name = keys.plainName(field) {
                stream.beginElement(at: object.position, plainName: name)
            } else {
                stream.beginElement(at: object.position, name: key.stringValue)
            }
            if tracksPath { stream.setCurrentKey(key) }
            return true
        }

        /// Writes member `key` into the tree the output became.
        ///
        /// ```swift
        /// try output.encodeCodable(id, key: CodingKeys.id, in: object)
        /// ```
        public func encodeCodable<T: Encodable, Key: CodingKey>(_ value: T, key: Key, in object: SinkContainer) throws {
            stream.turnIntoTree()
            let (tree, path) = stream.treeObject(start: object.start, position: object.position)
            var container = TreeKeyedContainer<Key>(state: stream.state, object: tree, codingPath: path)
            try container.encode(value, forKey: key)
        }

        /// Opens a dictionary's object.
        ///
        /// ```swift
        /// let object = output.beginDictionary()
        /// ```
        public func beginDictionary() -> SinkContainer {
            let (position, start) = stream.open(object: true)
            return SinkContainer(position: position, start: start, keys: nil)
        }

        /// Writes the separator and the name `name`, as it is.
        ///
        /// ```swift
        /// if output.beginMember(named: "a", in: object, tracksPath: false) { output.encode(Int64(1)) }
        /// ```
        public func beginMember(named name: String, in object: SinkContainer, tracksPath: Bool) -> Bool {
            guard stream.tree == nil else { return false }
            guard stream.isOpen(object) else { return true }
            if stream.state.convertsKeys || stream.sortsKeys {
                // The names a strategy gives the model's keys may be these: the check for a name written twice.
                guard stream.beginMember(RawKey(name), at: object.position, start: object.start) else { return false }
            } else {
                stream.close(to: object.position + 1)
                stream.beginElement(at: object.position, name: name)
            }
            if tracksPath { stream.setCurrentKey(RawKey(name)) }
            return true
        }

        /// Writes the dictionary member `name` into the tree the output became.
        ///
        /// ```swift
        /// try output.encodeCodable(1, named: "a", in: object)
        /// ```
        public func encodeCodable<T: Encodable>(_ value: T, named name: String, in object: SinkContainer) throws {
            try encodeCodable(value, key: RawKey(name), in: object)
        }

        /// Opens an array.
        ///
        /// ```swift
        /// let array = output.beginArray()
        /// ```
        public func beginArray() -> SinkContainer {
            let (position, start) = stream.open(object: false)
            return SinkContainer(position: position, start: start, keys: nil)
        }

        /// Writes the separator before the next element.
        ///
        /// ```swift
        /// if output.beginElement(in: array) { output.encode(Int64(1)) }
        /// ```
        public func beginElement(in array: SinkContainer) -> Bool {
            guard stream.tree == nil else { return false }
            stream.beginElement(of: array)
            return true
        }

        /// Appends the next element to the tree the output became.
        ///
        /// ```swift
        /// try output.encodeCodable(1, in: array)
        /// ```
        public func encodeCodable<T: Encodable>(_ value: T, in array: SinkContainer) throws {
            stream.turnIntoTree()
            let (tree, path) = stream.treeArray(start: array.start, position: array.position)
            var container = TreeUnkeyedContainer(state: stream.state, array: tree, codingPath: path)
            try container.encode(value)
        }

        /// Closes an object or array (nothing to do once the output is a tree).
        ///
        /// ```swift
        /// output.end(object)
        /// ```
        public func end(_ container: SinkContainer) {
            if stream.tree == nil { stream.close(to: container.position) }
        }
    }
}
