extension JSON {
    /// What the parser accepts. The default is strict RFC 8259; every
    /// relaxation is a separate, explicit option, and the presets combine them.
    ///
    /// ```swift
    /// let config = try JSON(parsing: text, options: .init(allowComments: true, allowTrailingCommas: true))
    /// let hostile = try JSON(parsing: bytes, options: .secure)
    /// let json5 = try JSON(parsing: text, options: .json5)
    /// ```
    public struct ParseOptions: Sendable, Hashable {
        /// The default nesting limit, the same as Foundation's.
        public static let defaultMaxDepth = 512

        /// What happens when an object has the same key twice.
        public enum DuplicateKeyPolicy: Sendable, Hashable {
            /// The last value wins and the key keeps its first position (RFC 8259 leaves
            /// this open; it is what JavaScript does).
            case lastWins
            /// The first value wins; later ones are ignored.
            case firstWins
            /// A ``JSON/ParseError/Kind/duplicateKey`` error naming the key and both positions.
            case reject
        }

        /// How numbers are kept.
        public enum NumberPolicy: Sendable, Hashable {
            /// `Int64`, `UInt64` or a correctly rounded `Double`; anything else is
            /// a ``JSON/ParseError/Kind/numberOutOfRange`` error.
            case standard
            /// Numbers that don't fit `Int64`/`UInt64`, or whose `Double` would
            /// read back as a different number, keep their exact decimal text
            /// (``JSON/Number/decimalText``), which the writer writes back byte for byte.
            case lossless
        }

        /// The deepest nesting of arrays and objects accepted; one level more is a
        /// ``JSON/ParseError/Kind/tooDeep`` error. `[[1]]` has depth 2.
        ///
        /// A ``JSON/Document`` is flat, so any depth is safe for it. An owned
        /// ``JSON`` value is released by Swift recursively (about 150 bytes of
        /// stack per level in a release build), so raise the limit for owned
        /// values only as far as the parsing thread's stack allows.
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxDepth: 64)
        /// ```
        public var maxDepth: Int
        /// The largest input accepted, in bytes (``JSON/ParseError/Kind/inputTooLarge``).
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxInputBytes: 1 << 20)
        /// ```
        public var maxInputBytes: Int
        /// The longest string accepted, in UTF-8 bytes as written between its
        /// quotes (``JSON/ParseError/Kind/stringTooLong``).
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxStringBytes: 64 * 1024)
        /// ```
        public var maxStringBytes: Int
        /// The most members one object may have (``JSON/ParseError/Kind/tooManyMembers``).
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxObjectMembers: 1_000)
        /// ```
        public var maxObjectMembers: Int
        /// `// …` and `/* … */` comments wherever whitespace may stand.
        ///
        /// ```swift
        /// try JSON(parsing: "[1, /* two */ 2] // done", options: .init(allowComments: true))
        /// ```
        public var allowComments: Bool
        /// A comma after the last element of an array or the last member of an object.
        ///
        /// ```swift
        /// try JSON(parsing: "[1, 2,]", options: .init(allowTrailingCommas: true))
        /// ```
        public var allowTrailingCommas: Bool
        /// `\v`, `\f`, U+0085, U+2028 and U+2029 as whitespace (JSONKit's option).
        ///
        /// ```swift
        /// try JSON(parsing: "[1,\u{2028}2]", options: .init(allowUnicodeNewlines: true))
        /// ```
        public var allowUnicodeNewlines: Bool
        /// Ill-formed UTF-8 and unpaired surrogate escapes become U+FFFD, one per
        /// maximal subpart (Unicode §3.9), instead of being errors. Nothing is deleted.
        ///
        /// ```swift
        /// try JSON(parsing: #""\uD800""#, options: .init(looseUnicode: true))   // "\u{FFFD}"
        /// ```
        public var looseUnicode: Bool
        /// Stop after the first complete value and ignore what follows it; the
        /// document's ``JSON/Document/endOffset`` tells where the value ended.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: "[1] [2]", options: .init(allowTrailingContent: true))
        /// doc.endOffset   // 3
        /// ```
        public var allowTrailingContent: Bool
        /// A JSONP wrapper `callback( VALUE );` and the anti-XSSI prefixes `)]}'`
        /// and `while(1);` around the value.
        ///
        /// ```swift
        /// try JSON(parsing: "callback({\"ok\": true});", options: .init(jsonp: true))
        /// ```
        public var jsonp: Bool
        /// `'…'` strings (a `"` inside is literal; `\'` escapes the quote).
        ///
        /// ```swift
        /// try JSON(parsing: "{'name': 'Ada'}", options: .init(allowSingleQuotes: true))
        /// ```
        public var allowSingleQuotes: Bool
        /// `<a, b, c>` sets: arrays whose duplicate elements are removed (the first kept).
        ///
        /// ```swift
        /// try JSON(parsing: "<1, 2, 1>", options: .init(allowSets: true))   // [1,2]
        /// ```
        public var allowSets: Bool
        /// The whole JSON5 grammar: identifier keys, single quotes, `\x` and line
        /// continuation escapes, hexadecimal, leading or trailing decimal points,
        /// `+`, `Infinity` and `NaN`, trailing commas, comments, JSON5 whitespace.
        /// `\0` stands for U+0000 (unless ``rejectNUL``), never before a digit
        /// (``JSON/ParseError/Kind/invalidEscape``); ``JSON/Decoder``'s
        /// JSON5 rejects every escape of U+0000, as Foundation's does.
        ///
        /// ```swift
        /// try JSON(parsing: "{hex: 0xFF, list: [.5, +1,],}", options: .init(json5: true))
        /// ```
        public var json5: Bool
        /// The policy for repeated keys in one object.
        ///
        /// ```swift
        /// try JSON(parsing: #"{"a":1,"a":2}"#, options: .init(duplicateKeys: .firstWins))   // {"a":1}
        /// ```
        public var duplicateKeys: DuplicateKeyPolicy
        /// `\u0000` (and JSON5's `\0`, `\x00`) are errors (``JSON/ParseError/Kind/nulCharacter``),
        /// for text that reaches C strings.
        ///
        /// ```swift
        /// try JSON(parsing: #""a\u0000""#, options: .init(rejectNUL: true))   // throws nulCharacter
        /// ```
        public var rejectNUL: Bool
        /// Unicode noncharacters (U+FDD0–U+FDEF and every U+…FFFE, U+…FFFF),
        /// escaped or not, are errors (``JSON/ParseError/Kind/noncharacter``).
        ///
        /// ```swift
        /// try JSON(parsing: #""\uFFFF""#, options: .init(rejectNoncharacters: true))   // throws noncharacter
        /// ```
        public var rejectNoncharacters: Bool
        /// How numbers are kept.
        ///
        /// ```swift
        /// try JSON(parsing: "1e400", options: .init(numbers: .lossless))   // keeps "1e400"
        /// ```
        public var numbers: NumberPolicy
        /// Whether numbers no `Int64`, `UInt64` or `Double` holds are kept
        /// as their text instead of being errors (numbers that do fit are
        /// read as usual, with no round-trip check). The Codable decoder
        /// parses this way and converts each number when the model reads it,
        /// as Foundation's does: a huge number in a field the model ignores
        /// or reads as `Decimal` is no error.
        var keepsOutOfRangeNumbers = false
        /// Whether the text may leave out the braces of a top-level object
        /// (Foundation's `assumesTopLevelDictionary`), in JSON and JSON5 alike:
        /// set by the Codable decoder.
        var assumesTopLevelObject = false
        /// The most bytes gzip input (starting with `1f 8b`, inflated
        /// transparently) may inflate to: a gzip bomb ends with
        /// ``JSON/ParseError/Kind/decompressedTooLarge`` before memory runs out.
        /// The default is 256 MiB.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: gzipped, options: .init(maxDecompressedBytes: 1 << 30))
        /// ```
        public var maxDecompressedBytes: Int
        /// Whether input that starts with the gzip magic `1f 8b` is inflated
        /// before it is parsed (the default). Off, it is parsed as it is, and
        /// fails at its first byte, which begins no JSON text: for a server,
        /// which inflates a body only when its `Content-Encoding` says gzip,
        /// so that no body is inflated that the client did not declare.
        ///
        /// It governs a text in memory (``JSON/init(parsing:options:)-([UInt8],_)``,
        /// ``JSON/Document``, ``JSON/Decoder``); the streaming readers
        /// inflate a gzip file as a whole, before they split it.
        ///
        /// ```swift
        /// var options = JSON.ParseOptions()
        /// options.inflatesGzip = contentEncoding == "gzip"
        /// let value = try JSON(parsing: body, options: options)
        /// ```
        public var inflatesGzip: Bool

        /// Creates parse options; every relaxation is off unless given.
        ///
        /// ```swift
        /// let options = JSON.ParseOptions(maxDepth: 64, allowComments: true)
        /// ```
        public init(
            maxDepth: Int = ParseOptions.defaultMaxDepth,
            maxInputBytes: Int = .max,
            maxStringBytes: Int = .max,
            maxObjectMembers: Int = .max,
            allowComments: Bool = false,
            allowTrailingCommas: Bool = false,
            allowUnicodeNewlines: Bool = false,
            looseUnicode: Bool = false,
            allowTrailingContent: Bool = false,
            jsonp: Bool = false,
            allowSingleQuotes: Bool = false,
            allowSets: Bool = false,
            json5: Bool = false,
            duplicateKeys: DuplicateKeyPolicy = .lastWins,
            rejectNUL: Bool = false,
            rejectNoncharacters: Bool = false,
            numbers: NumberPolicy = .standard,
            maxDecompressedBytes: Int = 256 << 20,
            inflatesGzip: Bool = true
        ) {
            self.maxDepth = maxDepth
            self.maxInputBytes = maxInputBytes
            self.maxStringBytes = maxStringBytes
            self.maxObjectMembers = maxObjectMembers
            self.allowComments = allowComments
            self.allowTrailingCommas = allowTrailingCommas
            self.allowUnicodeNewlines = allowUnicodeNewlines
            self.looseUnicode = looseUnicode
            self.allowTrailingContent = allowTrailingContent
            self.jsonp = jsonp
            self.allowSingleQuotes = allowSingleQuotes
            self.allowSets = allowSets
            self.json5 = json5
            self.duplicateKeys = duplicateKeys
            self.rejectNUL = rejectNUL
            self.rejectNoncharacters = rejectNoncharacters
            self.numbers = numbers
            self.maxDecompressedBytes = maxDecompressedBytes
            self.inflatesGzip = inflatesGzip
        }

        /// Strict RFC 8259, the default.
        ///
        /// ```swift
        /// let value = try JSON(parsing: bytes, options: .strict)
        /// ```
        public static let strict = ParseOptions()

        /// For input from parties you don't trust: strict, duplicate keys rejected,
        /// no NUL or noncharacters, depth 64, 16 MiB of input, 1 MiB strings and
        /// 10,000 members per object.
        ///
        /// ```swift
        /// let request = try JSON(parsing: body, options: .secure)
        /// ```
        public static let secure = ParseOptions(
            maxDepth: 64, maxInputBytes: 16 << 20, maxStringBytes: 1 << 20, maxObjectMembers: 10_000,
            duplicateKeys: .reject, rejectNUL: true, rejectNoncharacters: true)

        /// For hand-written files: comments, trailing commas, single quotes and
        /// loose Unicode.
        ///
        /// ```swift
        /// let settings = try JSON(parsing: text, options: .lenient)
        /// ```
        public static let lenient = ParseOptions(
            allowComments: true, allowTrailingCommas: true, looseUnicode: true, allowSingleQuotes: true)

        /// JSON5 (json5.org).
        ///
        /// ```swift
        /// let config = try JSON(parsing: "{unquoted: 'yes', hex: 0xFF, trailing: [1, 2,],}", options: .json5)
        /// ```
        public static let json5 = ParseOptions(json5: true)

        /// Whether any option changes the grammar, which selects the scanner
        /// that knows the extensions (the strict one never pays for them).
        var extendsGrammar: Bool {
            allowComments || allowTrailingCommas || allowUnicodeNewlines || looseUnicode || allowTrailingContent
                || jsonp || allowSingleQuotes || allowSets || json5 || assumesTopLevelObject
        }
    }
}
