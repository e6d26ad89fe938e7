extension JSON {
    /// How ``JSON/serialized(options:)`` writes a value.
    ///
    /// The default is compact output in insertion order, escaping only what
    /// JSON requires. Options combine as an array literal:
    ///
    /// ```swift
    /// let text = try value.serializedString(options: [.prettyPrinted, .sortedKeys])
    /// let wide = try value.serializedString(options: [.indent(4), .escapeUnicode])
    /// let json5 = try value.serializedString(options: [.nonConformingFloats(.json5Literals)])
    /// ```
    public struct SerializationOptions: Sendable, Hashable, ExpressibleByArrayLiteral {
        /// How `NaN` and infinite doubles (which JSON cannot express, and JSON5
        /// input can produce) are written.
        public enum NonConformingFloatStrategy: Sendable, Hashable {
            /// Throw ``JSON/SerializationError/Kind/nonFiniteNumber`` (the default).
            case `throw`
            /// Write JSON5's `NaN`, `Infinity` and `-Infinity`.
            case json5Literals
            /// Write these strings instead, as Foundation's `JSONEncoder` can.
            case strings(positiveInfinity: String, negativeInfinity: String, nan: String)
        }

        /// One serialization setting, for use in an array literal.
        public enum Option: Sendable, Hashable {
            /// Newlines and two-space indentation, `"key": value` members.
            case prettyPrinted
            /// Pretty printing with the given number of spaces per level.
            case indent(Int)
            /// Pretty printing with one tab per level.
            case tabIndent
            /// Object members ordered by the Unicode scalars of their keys.
            case sortedKeys
            /// Every non-ASCII scalar written as `\uXXXX` (a surrogate pair above U+FFFF).
            case escapeUnicode
            /// `/` written as `\/`, for embedding in HTML `<script>` blocks.
            case escapeSlashes
            /// The deepest nesting written before ``JSON/SerializationError/Kind/tooDeep``.
            case maxDepth(Int)
            /// How `NaN` and infinities are written.
            case nonConformingFloats(NonConformingFloatStrategy)
            /// Bytes compressed as gzip (``JSON/serialized(options:)`` only: text is never compressed).
            case gzip
            /// A document's numbers written as their input text (``numbersAsWritten``).
            case numbersAsWritten
        }

        /// Whether output is indented over several lines.
        public var prettyPrinted: Bool
        /// Spaces per nesting level when ``prettyPrinted`` is set.
        public var indentWidth: Int
        /// Whether pretty output indents each level with one tab instead
        /// of ``indentWidth`` spaces.
        ///
        /// ```swift
        /// let text = try value.serializedString(options: [.tabIndent])   // "{\n\t\"a\": 1\n}"
        /// ```
        public var indentsWithTabs: Bool = false
        /// Whether object members are written in Unicode scalar order of their keys.
        public var sortedKeys: Bool
        /// Whether non-ASCII scalars are written as `\uXXXX` escapes.
        public var escapeUnicode: Bool
        /// Whether `/` is written as `\/`.
        public var escapeSlashes: Bool
        /// The deepest nesting of arrays and objects that is written; deeper
        /// values throw instead. The default matches ``JSON/ParseOptions/maxDepth``.
        public var maxDepth: Int
        /// How `NaN` and infinite doubles are written.
        public var nonConformingFloats: NonConformingFloatStrategy
        /// Whether ``JSON/serialized(options:)`` compresses its bytes as gzip
        /// (which every Peregrine parse inflates again transparently).
        /// ``JSON/serializedString(options:)`` ignores it: text is never compressed.
        ///
        /// ```swift
        /// let small = try value.serialized(options: [.gzip])
        /// ```
        public var gzip: Bool = false
        /// Whether a ``JSON/Document`` writes each number as its text in the
        /// input (`1.50`, `1E2`, `-0` as they stand) rather than as a value
        /// writes it (`1.5`, `100.0`, `-0.0`). Text that is not an RFC 8259
        /// number (JSON5's `0x1F`, `+1`, `.5`, `5.`, `Infinity`) is still
        /// written as a value writes it, so the output stays JSON. A
        /// ``JSON`` value keeps no number text: its numbers are written as
        /// always (a lossless number as its text).
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: "[1.50, 1E2]")
        /// try doc.serialized()                               // [1.5,100.0]
        /// try doc.serialized(options: [.numbersAsWritten])   // [1.50,1E2]
        /// ```
        public var numbersAsWritten: Bool = false
        /// How many levels in the value is written: each line of pretty
        /// output after the first starts with this many more units of
        /// indentation (an element of a container written around it, as
        /// the command-line tool's streamed output writes one).
        package var outerLevels = 0

        /// Creates options from individual settings.
        ///
        /// ```swift
        /// let options = JSON.SerializationOptions(prettyPrinted: true, indentWidth: 4)
        /// ```
        public init(
            prettyPrinted: Bool = false,
            indentWidth: Int = 2,
            sortedKeys: Bool = false,
            escapeUnicode: Bool = false,
            escapeSlashes: Bool = false,
            maxDepth: Int = JSON.ParseOptions.defaultMaxDepth,
            nonConformingFloats: NonConformingFloatStrategy = .throw
        ) {
            self.prettyPrinted = prettyPrinted
            self.indentWidth = max(0, indentWidth)
            self.sortedKeys = sortedKeys
            self.escapeUnicode = escapeUnicode
            self.escapeSlashes = escapeSlashes
            self.maxDepth = maxDepth
            self.nonConformingFloats = nonConformingFloats
        }

        /// Creates options from a list of settings: `[.prettyPrinted, .sortedKeys]`.
        public init(arrayLiteral options: Option...) {
            self.init(prettyPrinted: false)
            for option in options {
                switch option {
                case .prettyPrinted: prettyPrinted = true
                case .indent(let width): prettyPrinted = true; indentWidth = max(0, width)
                case .tabIndent: prettyPrinted = true; indentsWithTabs = true
                case .sortedKeys: sortedKeys = true
                case .escapeUnicode: escapeUnicode = true
                case .escapeSlashes: escapeSlashes = true
                case .maxDepth(let depth): maxDepth = depth
                case .nonConformingFloats(let strategy): nonConformingFloats = strategy
                case .gzip: gzip = true
                case .numbersAsWritten: numbersAsWritten = true
                }
            }
        }
    }
}

extension JSON.SerializationOptions {
    /// One level of pretty output's indentation: `count` times `byte`
    /// (``JSON/SerializationOptions/indentWidth`` spaces, or one tab).
    var indentUnit: (byte: UInt8, count: Int) {
        indentsWithTabs ? (UInt8(ascii: "\t"), 1) : (UInt8(ascii: " "), indentWidth)
    }
}

extension EscapeRules {
    /// What `options` escape beyond what JSON requires.
    init(_ options: JSON.SerializationOptions) {
        self.init(slashes: options.escapeSlashes, unicode: options.escapeUnicode)
    }
}
