/// An RFC 9485 I-Regexp, the interoperable regular expressions of JSONPath's
/// `match` and `search`, checked against the grammar and parsed into a
/// syntax tree; ``IRegexp/Automaton`` matches it in linear time.
///
/// ```swift
/// IRegexp("a.c")    // a, any character but \n and \r, c
/// IRegexp("a{2,")   // nil: not an I-Regexp
/// ```
///
/// Patterns are read, and later matched, as Unicode scalars: `.` is one
/// scalar other than `\n` and `\r`, and `e\u{301}` is two. Groups do not
/// capture; a match only answers yes or no.
///
/// An unescaped `^` or `$` outside a class is, by RFC 9485's grammar, an
/// ordinary character; but the RFC's own mappings to other regexp flavours
/// (§5) leave them unescaped, and the JSONPath compliance suite expects the
/// result: `^` anchors at the start of the string and `$` at its end
/// (`search(@, '^ab')` is false for `"xab"`). We follow the suite.
///
/// The grammar nests only through parentheses, so the pattern is read in
/// one loop that keeps a stack of the open groups, with no recursion; the
/// tree is kept in postfix order so that nothing after the parser needs to
/// recurse either.
struct IRegexp: Sendable {
    /// The syntax tree in postfix order: every node comes after the nodes
    /// it applies to, so a node and everything under it are a contiguous
    /// run of the array ending at the node.
    ///
    /// `ab|c*` is `a b concatenation c repetition(0, nil) alternation`.
    let nodes: [Node]

    /// One node of the syntax tree.
    enum Node: Sendable, Equatable {
        /// Matches the empty string: an empty branch (`a|`) or an empty
        /// group `()`.
        case empty
        /// Matches one scalar: a literal, an escape, `.`, `\p{…}`, `\P{…}`
        /// or a class expression.
        case scalar(ScalarSet)
        /// `^`: matches the empty string at the start of the string.
        case start
        /// `$`: matches the empty string at the end of the string.
        case end
        /// `(…)` around the node before it; it matches what the node does.
        case group
        /// The two nodes before it, one after the other.
        case concatenation
        /// Either of the two nodes before it.
        case alternation
        /// The node before it, `minimum` to `maximum` times, or at least
        /// `minimum` times when `maximum` is `nil`: `*` is (0, nil), `+`
        /// (1, nil), `?` (0, 1), and `{n}`, `{n,}`, `{n,m}` say their own.
        case repetition(minimum: Int, maximum: Int?)
    }

    /// `pattern` parsed, or `nil` when it is not an I-Regexp.
    init?(_ pattern: String) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard let nodes = parser.parse() else { return nil }
        self.nodes = nodes
    }
}

// MARK: - Sets of scalars

extension IRegexp {
    /// The scalars one position of a pattern accepts: ranges of scalars and
    /// Unicode general categories (each possibly complemented, for
    /// `\P{…}`), the whole possibly complemented (for `[^…]` and `.`).
    struct ScalarSet: Sendable, Equatable {
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var categories: [Category] = []
        var isComplemented = false

        /// Exactly `scalar`.
        init(_ scalar: Unicode.Scalar) {
            ranges = [scalar...scalar]
        }

        /// Any scalar in `ranges` or `categories`, or any other when
        /// `isComplemented`.
        init(ranges: [ClosedRange<Unicode.Scalar>] = [], categories: [Category] = [], isComplemented: Bool = false) {
            self.ranges = ranges
            self.categories = categories
            self.isComplemented = isComplemented
        }

        /// `.`: any scalar but `\n` and `\r`.
        static let anyButNewline = ScalarSet(ranges: ["\n"..."\n", "\r"..."\r"], isComplemented: true)

        /// Whether the set contains `scalar`, with the bit of its general
        /// category looked up (in `categoryBit`) only when needed and only
        /// once for all the sets asked about the same scalar.
        func contains(_ scalar: Unicode.Scalar, categoryBit: inout UInt32?) -> Bool {
            for range in ranges where range.contains(scalar) {
                return !isComplemented
            }
            for category in categories {
                let bit = categoryBit ?? Category.bit(of: scalar)
                categoryBit = bit
                if category.contains(bit: bit) { return !isComplemented }
            }
            return isComplemented
        }
    }

    /// `\p{…}` (or `\P{…}`, complemented): a set of Unicode general
    /// categories, as a mask with one bit per category.
    struct Category: Sendable, Equatable {
        let mask: UInt32
        let isComplemented: Bool

        /// The two-letter general categories, in the order of their bits.
        private static let names = [
            "Lu", "Ll", "Lt", "Lm", "Lo",
            "Mn", "Mc", "Me",
            "Nd", "Nl", "No",
            "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
            "Sm", "Sc", "Sk", "So",
            "Zs", "Zl", "Zp",
            "Cc", "Cf", "Cs", "Co", "Cn",
        ]

        /// The category names `\p{…}` may use (RFC 9485 §5.3): the major
        /// classes and their subcategories, `Cs` excepted.
        private static let masks: [String: UInt32] = {
            var masks: [String: UInt32] = [:]
            for (index, name) in names.enumerated() where name != "Cs" {
                let bit: UInt32 = 1 << UInt32(index)
                masks[name] = bit
                masks[String(name.prefix(1)), default: 0] |= bit
            }
            return masks
        }()

        /// The category `name` names, or `nil` when it is not one RFC 9485
        /// allows.
        init?(name: String, isComplemented: Bool) {
            guard let mask = Self.masks[name] else { return nil }
            self.mask = mask
            self.isComplemented = isComplemented
        }

        func contains(bit: UInt32) -> Bool {
            (mask & bit != 0) != isComplemented
        }

        /// The bit of `scalar`'s general category (in the order of
        /// ``names``); no bit for a category later Unicode versions add.
        static func bit(of scalar: Unicode.Scalar) -> UInt32 {
            let index: UInt32
            switch scalar.properties.generalCategory {
            case .uppercaseLetter: index = 0
            case .lowercaseLetter: index = 1
            case .titlecaseLetter: index = 2
            case .modifierLetter: index = 3
            case .otherLetter: index = 4
            case .nonspacingMark: index = 5
            case .spacingMark: index = 6
            case .enclosingMark: index = 7
            case .decimalNumber: index = 8
            case .letterNumber: index = 9
            case .otherNumber: index = 10
            case .connectorPunctuation: index = 11
            case .dashPunctuation: index = 12
            case .openPunctuation: index = 13
            case .closePunctuation: index = 14
            case .initialPunctuation: index = 15
            case .finalPunctuation: index = 16
            case .otherPunctuation: index = 17
            case .mathSymbol: index = 18
            case .currencySymbol: index = 19
            case .modifierSymbol: index = 20
            case .otherSymbol: index = 21
            case .spaceSeparator: index = 22
            case .lineSeparator: index = 23
            case .paragraphSeparator: index = 24
            case .control: index = 25
            case .format: index = 26
            case .surrogate: index = 27
            case .privateUse: index = 28
            case .unassigned: index = 29
            @unknown default: return 0
            }
            return 1 << index
        }
    }
}

// MARK: - Parser

extension IRegexp {
    /// Reads a pattern into postfix nodes in one loop. Each open group has
    /// a ``Frame``; a piece is followed by a `concatenation` when it is not
    /// the first of its branch, and a branch by an `alternation` when it is
    /// not the first of its group.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var nodes: [Node] = []

        /// The branches finished so far in a group (or the whole pattern)
        /// and the pieces read so far in its current branch.
        struct Frame {
            var branches = 0
            var pieces = 0
        }

        var peek: Unicode.Scalar? { peek(at: position) }

        func peek(at offset: Int) -> Unicode.Scalar? {
            offset < scalars.count ? scalars[offset] : nil
        }

        mutating func parse() -> [Node]? {
            var frames = [Frame()]
            while let scalar = peek {
                position += 1
                let atom: Node
                switch scalar {
                case "(":
                    frames.append(Frame())
                    continue
                case "|":
                    guard let last = frames.indices.last else { return nil }
                    finishBranch(&frames[last])
                    continue
                case ")":
                    guard frames.count > 1, var frame = frames.popLast() else { return nil }
                    finishBranch(&frame)
                    atom = .group
                case ".":
                    atom = .scalar(.anyButNewline)
                case "^":
                    atom = .start
                case "$":
                    atom = .end
                case "[":
                    guard let set = readClassExpression() else { return nil }
                    atom = .scalar(set)
                case "\\":
                    if let category = readCategoryEscape() {
                        atom = .scalar(ScalarSet(categories: [category]))
                    } else if let escaped = readSingleCharacterEscape() {
                        atom = .scalar(ScalarSet(escaped))
                    } else {
                        return nil
                    }
                case "*", "+", "?", "{", "]", "}":
                    // A quantifier with nothing to repeat, or a stray bracket.
                    return nil
                default:
                    atom = .scalar(ScalarSet(scalar))
                }
                nodes.append(atom)
                guard readQuantifier(), let last = frames.indices.last else { return nil }
                frames[last].pieces += 1
                if frames[last].pieces > 1 { nodes.append(.concatenation) }
            }
            guard frames.count == 1, var frame = frames.popLast() else { return nil }
            finishBranch(&frame)
            return nodes
        }

        /// Ends the current branch of `frame`: an empty branch matches the
        /// empty string, and every branch after the first is an
        /// alternative to those before it.
        mutating func finishBranch(_ frame: inout Frame) {
            if frame.pieces == 0 { nodes.append(.empty) }
            if frame.branches > 0 { nodes.append(.alternation) }
            frame.branches += 1
            frame.pieces = 0
        }

        /// An optional `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` after an
        /// atom, as a `repetition` node; false when `{` does not start a
        /// valid one.
        mutating func readQuantifier() -> Bool {
            let repetition: Node
            switch peek {
            case "*": repetition = .repetition(minimum: 0, maximum: nil)
            case "+": repetition = .repetition(minimum: 1, maximum: nil)
            case "?": repetition = .repetition(minimum: 0, maximum: 1)
            case "{":
                position += 1
                guard let range = readRangeQuantifier() else { return false }
                nodes.append(range)
                return true
            default: return true
            }
            position += 1
            nodes.append(repetition)
            return true
        }

        /// `{n}`, `{n,}` or `{n,m}` after `{`, with n ≤ m.
        mutating func readRangeQuantifier() -> Node? {
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
            return .repetition(minimum: minimum, maximum: maximum)
        }

        /// Decimal digits; the value saturates far beyond the size any
        /// automaton may have (``IRegexp/Automaton`` then refuses it).
        mutating func readCount() -> Int? {
            guard let first = peek, first >= "0", first <= "9" else { return nil }
            var count = 0
            while let digit = peek, digit >= "0", digit <= "9" {
                count = min(count * 10 + Int(digit.value - 48), 1 << 40)
                position += 1
            }
            return count
        }

        /// `\p{…}` or `\P{…}` after `\`.
        mutating func readCategoryEscape() -> Category? {
            guard let letter = peek, letter == "p" || letter == "P", peek(at: position + 1) == "{" else { return nil }
            var end = position + 2
            var name = ""
            while let scalar = peek(at: end), scalar != "}" {
                name.unicodeScalars.append(scalar)
                end += 1
            }
            guard peek(at: end) == "}", let category = Category(name: name, isComplemented: letter == "P") else {
                return nil
            }
            position = end + 1
            return category
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
        mutating func readClassExpression() -> ScalarSet? {
            var set = ScalarSet()
            if peek == "^" {
                position += 1
                set.isComplemented = true
            }
            var isEmpty = true
            if peek == "-" {
                position += 1
                set.ranges.append("-"..."-")
                isEmpty = false
            }
            while let scalar = peek {
                if scalar == "]" {
                    guard !isEmpty else { return nil }
                    position += 1
                    return set
                }
                if scalar == "-" {
                    // Only as the last character.
                    guard peek(at: position + 1) == "]" else { return nil }
                    position += 2
                    set.ranges.append("-"..."-")
                    return set
                }
                isEmpty = false
                if scalar == "\\" {
                    position += 1
                    if let category = readCategoryEscape() {
                        set.categories.append(category)
                        continue
                    }
                    position -= 1
                }
                guard let first = readClassCharacter() else { return nil }
                guard peek == "-", let next = peek(at: position + 1), next != "]" else {
                    set.ranges.append(first...first)
                    continue
                }
                position += 1
                guard let last = readClassCharacter(), first <= last else { return nil }
                set.ranges.append(first...last)
            }
            return nil
        }
    }
}
