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
    /// The sets of scalars the `scalar` nodes accept, by index: one per
    /// atom of the pattern, so that repeating an atom (`[^…]{0,3000}`)
    /// repeats a small index, not its set.
    let sets: [ScalarSet]

    /// One node of the syntax tree.
    enum Node: Sendable, Equatable {
        /// Matches the empty string: an empty branch (`a|`) or an empty
        /// group `()`.
        case empty
        /// Matches one scalar of the set at this index of ``IRegexp/sets``:
        /// a literal, an escape, `.`, `\p{…}`, `\P{…}` or a class expression.
        case scalar(Int)
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
        sets = parser.sets
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
        var sets: [ScalarSet] = []

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
                    atom = self.scalar(.anyButNewline)
                case "^":
                    atom = .start
                case "$":
                    atom = .end
                case "[":
                    guard let set = readClassExpression() else { return nil }
                    atom = self.scalar(set)
                case "\\":
                    if let category = readCategoryEscape() {
                        atom = self.scalar(ScalarSet(categories: [category]))
                    } else if let escaped = readSingleCharacterEscape() {
                        atom = self.scalar(ScalarSet(escaped))
                    } else {
                        return nil
                    }
                case "*", "+", "?", "{", "]", "}":
                    // A quantifier with nothing to repeat, or a stray bracket.
                    return nil
                default:
                    atom = self.scalar(ScalarSet(scalar))
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

        /// A `scalar` node for `set`, which joins ``sets``.
        mutating func scalar(_ set: ScalarSet) -> Node {
            sets.append(set)
            return .scalar(sets.count - 1)
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
            let isComplemented = peek == "^"
            if isComplemented { position += 1 }
            var ranges: [ClosedRange<Unicode.Scalar>] = []
            var categories: [Category] = []
            func set() -> ScalarSet { ScalarSet(ranges: ranges, categories: categories, isComplemented: isComplemented) }
            if peek == "-" {
                position += 1
                ranges.append("-"..."-")
            }
            while let scalar = peek {
                if scalar == "]" {
                    guard !ranges.isEmpty || !categories.isEmpty else { return nil }
                    position += 1
                    return set()
                }
                if scalar == "-" {
                    // Only as the last character.
                    guard peek(at: position + 1) == "]" else { return nil }
                    position += 2
                    ranges.append("-"..."-")
                    return set()
                }
                if scalar == "\\" {
                    position += 1
                    if let category = readCategoryEscape() {
                        categories.append(category)
                        continue
                    }
                    position -= 1
                }
                guard let first = readClassCharacter() else { return nil }
                guard peek == "-", let next = peek(at: position + 1), next != "]" else {
                    ranges.append(first...first)
                    continue
                }
                position += 1
                guard let last = readClassCharacter(), first <= last else { return nil }
                ranges.append(first...last)
            }
            return nil
        }
    }
}
