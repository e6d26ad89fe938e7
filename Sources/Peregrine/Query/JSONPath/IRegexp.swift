/// RFC 9485 I-Regexp, the interoperable regular expressions of JSONPath's
/// `match` and `search`: checks a pattern against the I-Regexp grammar and
/// writes it in Swift `Regex` syntax.
///
/// The translation keeps the meaning I-Regexp gives, not the one the
/// characters would have in Swift: `.` is any character but `\n` and `\r`;
/// groups do not capture. Every literal character is written as `\x{…}`,
/// so nothing in the pattern can reach Swift's own syntax. Matching is done
/// by Unicode scalars, so the regular expression is to be compiled with
/// `.matchingSemantics(.unicodeScalar)`.
///
/// An unescaped `^` or `$` outside a class is, by RFC 9485's grammar, an
/// ordinary character; but the RFC's own mappings to other regexp flavours
/// (§5) leave them unescaped, and the JSONPath compliance suite expects the
/// result: `^` anchors at the start of the string and `$` at its end
/// (`search(@, '^ab')` is false for `"xab"`). We follow the suite.
///
/// The grammar nests only through parentheses, so the pattern is read in
/// one loop that counts them, with no recursion.
enum IRegexp {
    /// `pattern` in Swift `Regex` syntax, or `nil` when it is not an I-Regexp.
    ///
    /// ```swift
    /// IRegexp.translate("a.c")     // \x{61}[^\n\r]\x{63}
    /// IRegexp.translate("a{2,")    // nil
    /// ```
    static func translate(_ pattern: String) -> String? {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        return reader.translate()
    }

    /// The Unicode general categories `\p{…}` may name (RFC 9485 §5.3).
    private static let categories: Set<String> = [
        "L", "Ll", "Lm", "Lo", "Lt", "Lu",
        "M", "Mc", "Me", "Mn",
        "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps",
        "Z", "Zl", "Zp", "Zs",
        "S", "Sc", "Sk", "Sm", "So",
        "C", "Cc", "Cf", "Cn", "Co",
    ]

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0
        var output = ""

        var peek: Unicode.Scalar? { peek(at: position) }

        func peek(at offset: Int) -> Unicode.Scalar? {
            offset < scalars.count ? scalars[offset] : nil
        }

        mutating func translate() -> String? {
            var depth = 0
            // Whether the last thing read is an atom a quantifier may follow.
            var quantifiable = false
            while let scalar = peek {
                position += 1
                switch scalar {
                case "(":
                    depth += 1
                    output += "(?:"
                    quantifiable = false
                case ")":
                    guard depth > 0 else { return nil }
                    depth -= 1
                    output += ")"
                    quantifiable = true
                case "|":
                    output += "|"
                    quantifiable = false
                case "*", "+", "?":
                    guard quantifiable else { return nil }
                    output.unicodeScalars.append(scalar)
                    quantifiable = false
                case "{":
                    guard quantifiable, let quantifier = readRangeQuantifier() else { return nil }
                    output += quantifier
                    quantifiable = false
                case ".":
                    output += #"[^\n\r]"#
                    quantifiable = true
                case "^":
                    output += #"\A"#
                    quantifiable = true
                case "$":
                    output += #"\z"#
                    quantifiable = true
                case "[":
                    guard let characterClass = readClassExpression() else { return nil }
                    output += characterClass
                    quantifiable = true
                case "\\":
                    if let category = readCategoryEscape() {
                        output += category
                    } else if let escaped = readSingleCharacterEscape() {
                        output += Self.literal(escaped)
                    } else {
                        return nil
                    }
                    quantifiable = true
                case "]", "}":
                    return nil
                default:
                    output += Self.literal(scalar)
                    quantifiable = true
                }
            }
            return depth == 0 ? output : nil
        }

        /// A character as a Swift regex escape, whatever it is.
        static func literal(_ scalar: Unicode.Scalar) -> String {
            "\\x{" + String(scalar.value, radix: 16) + "}"
        }

        /// `{n}`, `{n,}` or `{n,m}` after `{`, with n ≤ m.
        mutating func readRangeQuantifier() -> String? {
            guard let minimum = readCount() else { return nil }
            var maximum: Int? = minimum
            if peek == "," {
                position += 1
                if peek == "}" {
                    maximum = nil
                } else {
                    guard let bound = readCount(), bound >= minimum else { return nil }
                    maximum = bound
                }
            }
            guard peek == "}" else { return nil }
            position += 1
            switch maximum {
            case minimum: return "{\(minimum)}"
            case let maximum?: return "{\(minimum),\(maximum)}"
            case nil: return "{\(minimum),}"
            }
        }

        /// Decimal digits; the value saturates far beyond what any engine
        /// accepts (Swift's then refuses the pattern).
        mutating func readCount() -> Int? {
            guard let first = peek, first >= "0", first <= "9" else { return nil }
            var count = 0
            while let digit = peek, digit >= "0", digit <= "9" {
                count = min(count * 10 + Int(digit.value - 48), 1 << 40)
                position += 1
            }
            return count
        }

        /// `\p{…}` or `\P{…}` after `\`, in Swift syntax.
        mutating func readCategoryEscape() -> String? {
            guard let letter = peek, letter == "p" || letter == "P", peek(at: position + 1) == "{" else { return nil }
            var end = position + 2
            var name = ""
            while let scalar = peek(at: end), scalar != "}" {
                name.unicodeScalars.append(scalar)
                end += 1
            }
            guard peek(at: end) == "}", IRegexp.categories.contains(name) else { return nil }
            position = end + 1
            return "\\\(letter){\(name)}"
        }

        /// The character a single-character escape stands for, after `\`.
        mutating func readSingleCharacterEscape() -> Unicode.Scalar? {
            guard let scalar = peek else { return nil }
            let character: Unicode.Scalar
            switch scalar {
            case "n": character = "\n"
            case "r": character = "\r"
            case "t": character = "\t"
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": character = scalar
            default: return nil
            }
            position += 1
            return character
        }

        /// A class character: anything but `-`, `[`, `\` and `]`, or a
        /// single-character escape.
        mutating func readClassCharacter() -> Unicode.Scalar? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "-", "[", "]": return nil
            case "\\":
                position += 1
                return readSingleCharacterEscape()
            default:
                position += 1
                return scalar
            }
        }

        /// `[`, optional `^`, optional leading `-`, class characters, ranges
        /// and category escapes, optional trailing `-`, `]`.
        mutating func readClassExpression() -> String? {
            var expression = "["
            if peek == "^" {
                position += 1
                expression += "^"
            }
            var isEmpty = true
            if peek == "-" {
                position += 1
                expression += Self.literal("-")
                isEmpty = false
            }
            while let scalar = peek {
                if scalar == "]" {
                    guard !isEmpty else { return nil }
                    position += 1
                    return expression + "]"
                }
                if scalar == "-" {
                    // Only as the last character.
                    guard peek(at: position + 1) == "]" else { return nil }
                    position += 2
                    return expression + Self.literal("-") + "]"
                }
                isEmpty = false
                if scalar == "\\" {
                    position += 1
                    if let category = readCategoryEscape() {
                        expression += category
                        continue
                    }
                    position -= 1
                }
                guard let first = readClassCharacter() else { return nil }
                guard peek == "-", let next = peek(at: position + 1), next != "]" else {
                    expression += Self.literal(first)
                    continue
                }
                position += 1
                guard let last = readClassCharacter(), first <= last else { return nil }
                expression += Self.literal(first) + "-" + Self.literal(last)
            }
            return nil
        }
    }
}
