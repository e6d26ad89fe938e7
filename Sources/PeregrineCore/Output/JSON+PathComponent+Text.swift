// The text of a path, for messages and for RFC 9535 normalized paths.
extension JSON.PathComponent {
    /// `$` followed by each step: `.name` for names that are identifiers,
    /// `["any name"]` for others, `[3]` for positions.
    ///
    /// ```swift
    /// JSON.PathComponent.text(of: [.key("a"), .index(0)])   // $.a[0]
    /// ```
    public static func text(of path: some Sequence<JSON.PathComponent>) -> String {
        rendered(path) { name in
            if let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_",
                name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
            {
                return "." + name
            }
            return "[" + JSON.serializedString(escaping: name) + "]"
        }
    }

    /// The RFC 9535 §2.7 Normalized Path: names in single quotes with `'`
    /// and `\` escaped and control characters as `\b \f \n \r \t` or `\u00XX`.
    ///
    /// ```swift
    /// JSON.PathComponent.normalizedPath(of: [.key("a'b"), .index(2)])   // $['a\'b'][2]
    /// ```
    public static func normalizedPath(of path: some Sequence<JSON.PathComponent>) -> String {
        rendered(path) { name in
            var text = "['"
            for scalar in name.unicodeScalars {
                switch scalar {
                case "'": text += "\\'"
                case "\\": text += "\\\\"
                case "\u{08}": text += "\\b"
                case "\u{0C}": text += "\\f"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{00}"..."\u{1F}":
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text + "']"
        }
    }

    /// `$` followed by `[position]` for indexes and `name(key)` for names.
    private static func rendered(_ path: some Sequence<JSON.PathComponent>, name: (String) -> String) -> String {
        var text = "$"
        for component in path {
            switch component {
            case .index(let position): text += "[\(position)]"
            case .key(let key): text += name(key)
            }
        }
        return text
    }
}
