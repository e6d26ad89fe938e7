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
    public struct Node: Sendable, JSON.TypedAccess {
        package let document: JSON.Document
        /// The tape index of the value, or `nil` when the lookup failed.
        let index: Int?
        /// For a missing node: the tape index of the last value found and
        /// the step that found nothing there.
        private let breakage: (parent: Int, step: JSON.PathComponent)?

        init(document: JSON.Document, index: Int) {
            self.document = document
            self.index = index
            breakage = nil
        }

        private init(document: JSON.Document, missing breakage: (parent: Int, step: JSON.PathComponent)?) {
            self.document = document
            index = nil
            self.breakage = breakage
        }

        private var entry: TapeEntry? { index.map { document.tape[$0] } }

        /// The kind of the value, `nil` for a missing node.
        package var entryKind: JSONKind? { entry?.jsonKind }

        /// The steps from the root to this value; for a missing node, to the
        /// step where the lookup broke.
        ///
        /// ```swift
        /// doc.root["statuses"][3]["user"].path   // [.key("statuses"), .index(3), .key("user")]
        /// ```
        ///
        /// - Complexity: O(d × s) for depth d and at most s siblings per level.
        public var path: [JSON.PathComponent] {
            if let index { return document.path(to: index) }
            guard let breakage else { return [] }
            return document.path(to: breakage.parent) + [breakage.step]
        }

        /// Where the lookup broke, for a missing node.
        ///
        /// ```swift
        /// doc.root["statuses"][999].missing?.description   // $.statuses has no element 999 (it has 100)
        /// ```
        public var missing: JSON.Missing? {
            guard index == nil, let breakage else { return nil }
            let parent = document.tape[breakage.parent]
            let count = parent.kind == .array || parent.kind == .object ? parent.count : 0
            return JSON.Missing(parent: document.path(to: breakage.parent), step: breakage.step, in: parent.jsonKind, count: count)
        }

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

        /// Whether the value is an array (its ``children`` are its elements).
        ///
        /// ```swift
        /// try JSON.Document(parsing: "[]").root.isArray   // true
        /// ```
        public var isArray: Bool { entry?.kind == .array }

        /// Whether the value is an object (its ``children`` are its members).
        ///
        /// ```swift
        /// try JSON.Document(parsing: "{}").root.isObject   // true
        /// ```
        public var isObject: Bool { entry?.kind == .object }

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
                return document.bytes.withUnsafeBufferPointer { input in
                    JSON.Number(exactText: String(decoding: entry.rawBytes(in: input), as: UTF8.self))
                }
            default: return nil
            }
        }

        /// The elements, if the value is an array.
        ///
        /// ```swift
        /// doc.root["tags"].array?.compactMap(\.string)
        /// ```
        public var array: [Node]? {
            guard let entry, entry.kind == .array else { return nil }
            return children.map(\.value)
        }

        /// The members in order, if the value is an object.
        ///
        /// ```swift
        /// doc.root["user"].object?.map(\.key)
        /// ```
        public var object: [(key: String, value: Node)]? {
            guard let entry, entry.kind == .object else { return nil }
            return children.map { ($0.key ?? "", $0.value) }
        }

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

        /// The member named `key` if this is an object that has it (of
        /// repeated keys the last, or the first under
        /// ``JSON/ParseOptions/DuplicateKeyPolicy/firstWins``), otherwise a
        /// missing node.
        ///
        /// - Complexity: O(n) in the number of members; nested containers are
        ///   skipped in O(1).
        public subscript(key: String) -> Node {
            guard let index, let entry, entry.kind == .object else { return broken(at: .key(key)) }
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
            guard let found else { return broken(at: .key(key)) }
            return Node(document: document, index: found)
        }

        /// The element at `position` if this is an array that long, otherwise a
        /// missing node.
        ///
        /// - Complexity: O(position); nested containers are skipped in O(1).
        public subscript(position: Int) -> Node {
            guard let index, let entry, entry.kind == .array, position >= 0, position < entry.count else {
                return broken(at: .index(position))
            }
            var element = index + 1
            for _ in 0..<position { element = document.tape[element].nextSibling(after: element) }
            return Node(document: document, index: element)
        }

        /// A missing node: this one's breakage if it is missing, else `step` from here.
        package func broken(at step: JSON.PathComponent) -> Node {
            guard let index else { return self }
            return Node(document: document, missing: (index, step))
        }
    }
}
