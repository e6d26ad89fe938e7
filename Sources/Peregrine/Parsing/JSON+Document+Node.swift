extension JSON.Document {
    /// A position in a document: a value, or the place where a lookup found
    /// nothing. Lookups never trap; a missing node answers `nil` and `0`.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: #"{"user": {"id": 7, "tags": ["a"]}}"#)
    /// doc.root["user"]["id"].int          // 7
    /// doc.root["user"]["tags"].count      // 1
    /// doc.root["user"]["nope"].exists     // false
    /// doc.root["user"]["tags"][5].string  // nil
    /// ```
    public struct Node: Sendable {
        let document: JSON.Document
        /// The tape index of the value, or `nil` when the lookup failed.
        let index: Int?

        private var entry: TapeEntry? { index.map { document.tape[$0] } }

        /// Whether the lookup that produced this node found a value.
        ///
        /// ```swift
        /// doc.root["missing"].exists   // false
        /// ```
        public var exists: Bool { index != nil }

        /// Whether the value is `null` (a missing value is not `null`).
        ///
        /// ```swift
        /// try JSON.Document(parsing: "null").root.isNull   // true
        /// ```
        public var isNull: Bool { entry?.kind == .null }

        /// The boolean, if the value is `true` or `false`.
        ///
        /// ```swift
        /// doc.root["enabled"].bool
        /// ```
        public var bool: Bool? {
            switch entry?.kind {
            case .true: return true
            case .false: return false
            default: return nil
            }
        }

        /// The number, if the value is one.
        ///
        /// ```swift
        /// doc.root["price"].number?.double
        /// ```
        public var number: JSON.Number? {
            guard let entry else { return nil }
            switch entry.kind {
            case .int64: return JSON.Number(Int64(bitPattern: entry.payload))
            case .uint64: return JSON.Number(entry.payload)
            case .double: return JSON.Number(Double(bitPattern: entry.payload))
            case .decimal:
                let text = document.bytes[entry.offset..<entry.offset + entry.length]
                return JSON.Number(exactText: String(decoding: text, as: UTF8.self))
            default: return nil
            }
        }

        /// The value as `Int`, if it is an integer that fits.
        ///
        /// ```swift
        /// doc.root["count"].int
        /// ```
        public var int: Int? { number?.int }

        /// The value as `Double`, if it is a number.
        ///
        /// ```swift
        /// doc.root["ratio"].double
        /// ```
        public var double: Double? { number?.double }

        /// The decoded string, if the value is a string.
        ///
        /// ```swift
        /// doc.root["name"].string
        /// ```
        public var string: String? {
            guard let index, document.tape[index].kind == .string else { return nil }
            return document.string(at: index)
        }

        /// The number of elements of an array or members of an object; `0`
        /// for anything else, including a missing node.
        ///
        /// - Complexity: O(1)
        public var count: Int {
            guard let entry, entry.kind == .array || entry.kind == .object else { return 0 }
            return entry.count
        }

        /// The value as an owned ``JSON`` tree, or `nil` for a missing node.
        ///
        /// ```swift
        /// let user: JSON? = doc.root["user"].value
        /// ```
        public var value: JSON? { index.map { document.value(at: $0) } }

        /// The member named `key` if this is an object that has it (of
        /// repeated keys the last, or the first under
        /// ``JSON/ParseOptions/DuplicateKeyPolicy/firstWins``), otherwise a
        /// missing node.
        ///
        /// - Complexity: O(n) in the number of members; nested containers are
        ///   skipped in O(1).
        public subscript(key: String) -> Node {
            guard let index, let entry, entry.kind == .object else { return missing }
            var found: Int?
            var keyIndex = index + 1
            let firstWins = document.options.duplicateKeys == .firstWins
            while keyIndex < entry.endIndex {
                if document.stringEquals(at: keyIndex, key) {
                    found = keyIndex + 1
                    if firstWins { break }
                }
                keyIndex = document.tape[keyIndex + 1].nextSibling(after: keyIndex + 1)
            }
            return Node(document: document, index: found)
        }

        /// The element at `position` if this is an array that long, otherwise a
        /// missing node.
        ///
        /// - Complexity: O(position); nested containers are skipped in O(1).
        public subscript(position: Int) -> Node {
            guard let index, let entry, entry.kind == .array, position >= 0, position < entry.count else {
                return missing
            }
            var element = index + 1
            for _ in 0..<position { element = document.tape[element].nextSibling(after: element) }
            return Node(document: document, index: element)
        }

        private var missing: Node { Node(document: document, index: nil) }
    }
}
