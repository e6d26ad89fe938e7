extension JSON.JSONPath {
    /// Reads a query's UTF-8 bytes by recursive descent over the RFC 9535
    /// grammar (§2.1.1 and the sections it points to): segments and selectors
    /// here, literals in `JSONPath+Parser+Literals.swift`, filter expressions
    /// and functions in `JSONPath+Parser+Filters.swift`.
    ///
    /// Every recursion goes through a filter selector, a parenthesized
    /// expression or a function call, and each of those counts against
    /// ``maximumDepth``, so no query can exhaust the stack.
    struct Parser {
        /// How deeply filters, parentheses and function calls may nest.
        ///
        /// Each level of nested filters costs the parser about 10 KiB of
        /// stack in a debug build (2 KiB optimized), so 32 levels stay well
        /// inside the 512 KiB of a secondary thread on Apple platforms, and
        /// evaluation, which recurses the same way, needs less. Real queries
        /// nest a handful of levels; the compliance suite, three.
        static let maximumDepth = 32

        let text: String
        let bytes: [UInt8]
        var position = 0
        var depth = 0
        /// The slots given to hoisted expressions so far (see `JSONPath+Hoisting.swift`).
        var hoistedSlots = 0

        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
        }

        /// The byte at the current position, `nil` at the end.
        var peek: UInt8? { peek(at: position) }

        func peek(at offset: Int) -> UInt8? {
            offset >= 0 && offset < bytes.count ? bytes[offset] : nil
        }

        func error(_ message: String, at offset: Int? = nil) -> JSON.QueryError {
            JSON.QueryError(query: text, offset: offset ?? position, message: message)
        }

        /// Skips RFC 9535 blank space (space, tab, line feed, carriage return).
        mutating func skipBlank() {
            while let byte = peek, byte.isBlank { position += 1 }
        }

        /// Counts one more level of nesting, failing past ``maximumDepth``.
        mutating func descend() throws(JSON.QueryError) {
            guard depth < Self.maximumDepth else {
                throw error("nesting is deeper than \(Self.maximumDepth) levels")
            }
            depth += 1
        }

        /// The whole query: `$`, segments, and nothing after them.
        mutating func parseWholeQuery() throws(JSON.QueryError) -> Query {
            guard peek == UInt8(ascii: "$") else { throw error("a query starts with '$'") }
            let query = try parseQuery()
            if let byte = peek {
                throw error(byte.isBlank ? "blank space must be followed by a segment" : "expected '.', '..' or '['")
            }
            return query
        }

        /// `$` or `@` and its segments; blank space after the last segment
        /// is left unread.
        mutating func parseQuery() throws(JSON.QueryError) -> Query {
            let start: Query.Start = peek == UInt8(ascii: "$") ? .root : .current
            position += 1
            var segments: [Segment] = []
            // The steps so far while the query is singular.
            var singularSteps: [SingularQuery.Step]? = []
            while true {
                let beforeBlank = position
                skipBlank()
                guard peek == UInt8(ascii: ".") || peek == UInt8(ascii: "[") else {
                    position = beforeBlank
                    break
                }
                let (segment, isCompact) = try parseSegment()
                segments.append(segment)
                if isCompact, let step = segment.singularStep {
                    singularSteps?.append(step)
                } else {
                    singularSteps = nil
                }
            }
            let singular = singularSteps.map { SingularQuery(start: start, steps: $0) }
            return Query(start: start, segments: segments, singular: singular)
        }

        /// A segment at `.` or `[`, and whether it is written without blank
        /// space inside its brackets (as singular queries must be).
        private mutating func parseSegment() throws(JSON.QueryError) -> (Segment, isCompact: Bool) {
            if peek == UInt8(ascii: "[") {
                let (selectors, isCompact) = try parseBracketedSelection()
                return (Segment(isDescendant: false, selectors: selectors), isCompact)
            }
            position += 1
            guard peek == UInt8(ascii: ".") else {
                guard let selector = parseShorthand() else { throw error("expected a member name or '*' after '.'") }
                return (Segment(isDescendant: false, selectors: [selector]), true)
            }
            position += 1
            if peek == UInt8(ascii: "[") {
                return (Segment(isDescendant: true, selectors: try parseBracketedSelection().selectors), false)
            }
            guard let selector = parseShorthand() else { throw error("expected a member name, '*' or '[' after '..'") }
            return (Segment(isDescendant: true, selectors: [selector]), false)
        }

        /// `*` or a member name after `.` or `..`.
        private mutating func parseShorthand() -> Selector? {
            guard let first = peek else { return nil }
            if first == UInt8(ascii: "*") {
                position += 1
                return .wildcard
            }
            guard first.isNameFirst else { return nil }
            let start = position
            while let byte = peek, byte.isNameFirst || byte.isDigit { position += 1 }
            return .name(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        /// `[` selectors separated by commas `]`.
        private mutating func parseBracketedSelection() throws(JSON.QueryError) -> (selectors: [Selector], isCompact: Bool) {
            position += 1
            let afterBracket = position
            skipBlank()
            var isCompact = position == afterBracket
            var selectors = [try parseSelector()]
            while true {
                let afterSelector = position
                skipBlank()
                switch peek {
                case UInt8(ascii: ","):
                    position += 1
                    skipBlank()
                    selectors.append(try parseSelector())
                case UInt8(ascii: "]"):
                    isCompact = isCompact && position == afterSelector
                    position += 1
                    return (selectors, isCompact)
                default:
                    throw error("expected ',' or ']'")
                }
            }
        }

        private mutating func parseSelector() throws(JSON.QueryError) -> Selector {
            switch peek {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                return .name(try parseString())
            case UInt8(ascii: "*"):
                position += 1
                return .wildcard
            case UInt8(ascii: "?"):
                try descend()
                defer { depth -= 1 }
                position += 1
                skipBlank()
                return .filter(hoisting(try logical(parseOr())))
            case let byte? where byte == UInt8(ascii: ":") || byte.startsInteger:
                return try parseIndexOrSlice()
            default:
                throw error("expected a selector")
            }
        }

        /// `index` or `start:end:step` with each part optional.
        private mutating func parseIndexOrSlice() throws(JSON.QueryError) -> Selector {
            let start = peek == UInt8(ascii: ":") ? nil : try parseInteger()
            let afterStart = position
            skipBlank()
            guard peek == UInt8(ascii: ":") else {
                position = afterStart
                return .index(start ?? 0)
            }
            position += 1
            skipBlank()
            let end = peek?.startsInteger == true ? try parseInteger() : nil
            skipBlank()
            guard peek == UInt8(ascii: ":") else { return .slice(start: start, end: end, step: nil) }
            position += 1
            skipBlank()
            let step = peek?.startsInteger == true ? try parseInteger() : nil
            return .slice(start: start, end: end, step: step)
        }
    }
}

extension UInt8 {
    /// RFC 9535 blank space: space, tab, line feed, carriage return.
    var isBlank: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }

    /// A byte that may start a member-name shorthand: a letter, `_`, or any
    /// byte of a non-ASCII character (a Swift string holds no surrogates).
    var isNameFirst: Bool {
        (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z")) || self == UInt8(ascii: "_") || self >= 0x80
    }

    /// A byte that may start an index or slice bound: `-` or a digit.
    var startsInteger: Bool { self == UInt8(ascii: "-") || isDigit }
}
