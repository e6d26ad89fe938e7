/// The declarations of a test's Swift source and their attributes, found by
/// a scan that knows just enough Swift for the expansion tests' sources:
/// string literals, comments, balanced brackets, attributes, modifiers, and
/// where a type's body or a member ends. Offsets are UTF-8 byte offsets, as
/// the compiler's plugin messages count them.
struct AttachedMacroScan {
    /// An attribute: `@Key("id")`.
    struct Attribute {
        var name: String
        var range: Range<Int>
    }

    /// A declaration with its attributes, and for a type its body's closing
    /// brace and its members.
    struct Declaration {
        var range: Range<Int>
        var attributes: [Attribute]
        /// The qualified name of a type (`Outer.Inner`); `nil` for a member.
        var typeName: String?
        var closingBrace: Int?
        var members: [Declaration]
    }

    let bytes: [UInt8]
    /// The top-level declarations.
    private(set) var declarations: [Declaration] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
        var index = 0
        declarations = scanDeclarations(&index, until: bytes.count, typePrefix: "")
    }

    /// Every declaration, types before their members.
    var all: [Declaration] {
        func flattened(_ declarations: [Declaration]) -> [Declaration] {
            declarations.flatMap { [$0] + flattened($0.members) }
        }
        return flattened(declarations)
    }

    /// The 1-based line and UTF-8 column of `offset`.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The spaces that begin the line `offset` is on.
    func indentation(ofLineAt offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
        return String(repeating: " ", count: end - start)
    }

    /// The text of `range`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "extension", "protocol"]
    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "indirect", "mutating",
        "nonmutating", "lazy", "weak", "unowned", "override", "required", "convenience", "nonisolated", "dynamic",
    ]

    private func scanDeclarations(_ index: inout Int, until end: Int, typePrefix: String) -> [Declaration] {
        var declarations: [Declaration] = []
        while true {
            index = skipTrivia(index)
            guard index < end, bytes[index] != UInt8(ascii: "}") else { return declarations }
            let start = index
            var attributes: [Attribute] = []
            while index < end, bytes[index] == UInt8(ascii: "@") {
                let name = identifier(at: index + 1)
                var attributeEnd = index + 1 + name.utf8.count
                if attributeEnd < end, bytes[attributeEnd] == UInt8(ascii: "(") { attributeEnd = skipBalanced(attributeEnd) }
                attributes.append(Attribute(name: name, range: index..<attributeEnd))
                index = skipTrivia(attributeEnd)
            }
            var keyword = identifier(at: index)
            while Self.modifiers.contains(keyword) {
                // A modifier: `public`, `private(set)`, `static`…
                index = skipTrivia(index + keyword.utf8.count)
                if index < end, bytes[index] == UInt8(ascii: "(") { index = skipTrivia(skipBalanced(index)) }
                keyword = identifier(at: index)
            }
            if Self.typeKeywords.contains(keyword) {
                let nameStart = skipTrivia(index + keyword.utf8.count)
                let name = identifier(at: nameStart)
                let typeName = typePrefix.isEmpty ? name : typePrefix + "." + name
                var open = nameStart
                while open < end, bytes[open] != UInt8(ascii: "{") { open = skipOne(open) }
                var bodyIndex = open + 1
                let members = scanDeclarations(&bodyIndex, until: end, typePrefix: typeName)
                let close = skipTrivia(bodyIndex)
                index = min(close + 1, end)
                declarations.append(
                    Declaration(range: start..<index, attributes: attributes, typeName: typeName, closingBrace: close, members: members))
            } else {
                // A member, or anything else: it ends at a line's end, a `;` or
                // the body's `}` outside brackets.
                while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "}") {
                    index = skipOne(index)
                }
                var last = index
                while last > start, bytes[last - 1] == UInt8(ascii: " ") { last -= 1 }
                declarations.append(Declaration(range: start..<last, attributes: attributes, typeName: nil, closingBrace: nil, members: []))
                if index < end, bytes[index] == UInt8(ascii: ";") { index += 1 }
            }
        }
    }

    /// The identifier at `index` (empty when there is none).
    private func identifier(at index: Int) -> String {
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z"))
            || (end > index && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9"))
        {
            end += 1
        }
        return text(index..<end)
    }

    /// Past spaces, line ends and comments.
    private func skipTrivia(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            } else if startsComment(index) {
                index = skipOne(index)
            } else {
                break
            }
        }
        return index
    }

    private func startsComment(_ index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
    }

    /// Past one token-ish unit: a string literal, a comment, a bracketed
    /// group, or one byte.
    private func skipOne(_ index: Int) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && index + 1 < bytes.count && [UInt8(ascii: "\""), UInt8(ascii: "#")].contains(bytes[index + 1])) {
            return skipString(index)
        }
        if startsComment(index) {
            if bytes[index + 1] == UInt8(ascii: "/") {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                return end
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
            return min(end + 2, bytes.count)
        }
        if [UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{")].contains(byte) { return skipBalanced(index) }
        return index + 1
    }

    /// Past the bracket that closes the one at `index`.
    private func skipBalanced(_ start: Int) -> Int {
        let close: UInt8 = switch bytes[start] {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        default: UInt8(ascii: "}")
        }
        var index = start + 1
        while index < bytes.count, bytes[index] != close { index = skipOne(index) }
        return min(index + 1, bytes.count)
    }

    /// Past a string literal: `"…"`, `"""…"""`, raw `#"…"#`, with escapes
    /// and interpolations.
    private func skipString(_ start: Int) -> Int {
        var index = start
        var hashes = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let quotes = bytes[index...].starts(with: Array(#"""""#.utf8)) ? 3 : 1
        index += quotes
        let terminator = Array(repeating: UInt8(ascii: "\""), count: quotes) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
        while index < bytes.count {
            if bytes[index...].starts(with: terminator) { return index + terminator.count }
            if bytes[index...].starts(with: escape) {
                index += escape.count
                if index < bytes.count, bytes[index] == UInt8(ascii: "(") { index = skipBalanced(index) } else { index += 1 }
            } else {
                index += 1
            }
        }
        return index
    }
}
