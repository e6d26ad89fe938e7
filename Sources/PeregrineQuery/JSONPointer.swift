extension JSON {
    /// An RFC 6901 JSON Pointer: `/statuses/0/id`. Each `/` starts a reference
    /// token; `~1` stands for `/` and `~0` for `~` inside a token. On an
    /// array a token is an index (`0`, or digits without a leading zero) or
    /// `-`, the position just past the last element (where ``JSON/setValue(_:at:)``
    /// appends).
    ///
    /// ```swift
    /// let pointer = try JSON.Pointer("/a~1b/0")
    /// pointer.tokens        // ["a/b", "0"]
    /// pointer.description   // /a~1b/0
    /// ```
    public struct Pointer: Sendable, Hashable, CustomStringConvertible {
        /// The reference tokens, unescaped.
        public let tokens: [String]

        /// Parses pointer text; `""` is the whole document.
        ///
        /// - Throws: ``JSON/QueryError`` when the text does not start with
        ///   `/` or has a `~` not followed by `0` or `1`.
        public init(_ text: String) throws(JSON.QueryError) {
            guard !text.isEmpty else {
                tokens = []
                return
            }
            guard text.utf8.first == UInt8(ascii: "/") else {
                throw JSON.QueryError(query: text, offset: 0, message: "a JSON Pointer starts with \"/\"")
            }
            var tokens: [String] = []
            var token: [UInt8] = []
            var bytes = text.utf8.dropFirst().makeIterator()
            var offset = 1
            while let byte = bytes.next() {
                switch byte {
                case UInt8(ascii: "/"):
                    tokens.append(String(decoding: token, as: UTF8.self))
                    token.removeAll(keepingCapacity: true)
                case UInt8(ascii: "~"):
                    switch bytes.next() {
                    case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                    default: throw JSON.QueryError(query: text, offset: offset, message: "\"~\" must be followed by \"0\" or \"1\"")
                    }
                    offset += 1
                default:
                    token.append(byte)
                }
                offset += 1
            }
            tokens.append(String(decoding: token, as: UTF8.self))
            self.tokens = tokens
        }

        /// The pointer with these (unescaped) reference tokens.
        ///
        /// ```swift
        /// JSON.Pointer(tokens: ["a/b", "0"]).description   // /a~1b/0
        /// ```
        public init(tokens: [String]) { self.tokens = tokens }

        /// The pointer text, with `~` and `/` escaped in each token.
        public var description: String {
            tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
        }

        /// The array position a token names in an array of `count` elements:
        /// digits without a leading zero, or `-` for `count`.
        static func position(of token: String, count: Int) -> Int? {
            if token == "-" { return count }
            guard let first = token.utf8.first, first.isDigit, token.utf8.allSatisfy(\.isDigit),
                first != UInt8(ascii: "0") || token.utf8.count == 1
            else { return nil }
            return Int(token)
        }
    }
}

extension JSON.Missing: Error {}

extension JSON {
    /// The value `pointer` points to, as a `JSON.Lookup` that says where the
    /// pointer broke; text that is not a pointer finds nothing. Assigning
    /// sets the value (`-` appends to an array), assigning to `value` `nil`
    /// removes it; an assignment whose target's parent is missing changes
    /// nothing (``setValue(_:at:)`` throws instead).
    ///
    /// ```swift
    /// var v: JSON = ["statuses": [["id": 1]]]
    /// v[pointer: "/statuses/0/id"].int        // 1
    /// v[pointer: "/statuses/-"] = ["id": 2]   // appends
    /// v[pointer: "/statuses/0"].value = nil   // removes
    /// ```
    public subscript(pointer text: String) -> Lookup {
        get {
            guard let pointer = try? Pointer(text) else {
                return Lookup(missing: Missing(parent: [], step: .key(text), reason: "has no value at \(text), which is not a JSON Pointer"))
            }
            var lookup = Lookup(self)
            for token in pointer.tokens {
                if case .array(let elements) = lookup.value, let position = Pointer.position(of: token, count: elements.count) {
                    lookup = lookup.step(.index(position))
                } else {
                    lookup = lookup.step(.key(token))
                }
            }
            return lookup
        }
        set {
            guard let pointer = try? Pointer(text) else { return }
            if let value = newValue.value {
                try? setValue(value, at: pointer)
            } else {
                _ = try? removeValue(at: pointer)
            }
        }
    }
}

extension JSON.Document.Node {
    /// The node `pointer` points to, or a missing node that says where the
    /// pointer broke; text that is not a pointer finds nothing.
    ///
    /// ```swift
    /// doc.root[pointer: "/statuses/0/id"].int
    /// ```
    public subscript(pointer text: String) -> JSON.Document.Node {
        guard let pointer = try? JSON.Pointer(text) else { return broken(at: .key(text)) }
        var node = self
        for token in pointer.tokens {
            if node.entryKind == .array, let position = JSON.Pointer.position(of: token, count: node.count) {
                node = node[position]
            } else {
                node = node[token]
            }
        }
        return node
    }
}
