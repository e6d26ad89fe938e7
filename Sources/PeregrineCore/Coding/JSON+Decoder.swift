import Foundation

extension JSON {
    /// Decodes `Decodable` models straight from JSON bytes, walking the parsed
    /// tape without building a ``JSON`` tree first.
    ///
    /// The strategies have Foundation's `JSONDecoder` names and meanings. The
    /// whole input is validated with ``parseOptions`` (strict RFC 8259 by
    /// default), also the parts the model ignores, and every error is a
    /// `DecodingError` whose description has the JSON path, line, column and
    /// byte offset:
    ///
    /// ```swift
    /// struct User: Codable { var id: Int; var name: String }
    /// let user = try JSON.Decoder().decode(User.self, from: #"{"id": 1, "name": "Ada"}"#)
    ///
    /// let decoder = JSON.Decoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// decoder.dateDecodingStrategy = .iso8601
    /// ```
    ///
    /// Like Foundation's `JSONDecoder` it is a class whose settings may be
    /// changed and read from any thread: each decode works with the settings
    /// as they were when it started.
    public final class Decoder: @unchecked Sendable {
        /// The settings, as one value: what each decode copies when it starts.
        struct Settings: Sendable {
            var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
            var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
            var dataDecodingStrategy: DataDecodingStrategy = .base64
            var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
            var userInfo: [CodingUserInfoKey: any Sendable] = [:]
            var parseOptions: ParseOptions = .strict
            var leniency: Leniency = []
            var assumesTopLevelDictionary = false
            /// Inputs of this many bytes or more that hold an array are
            /// decoded into an `Array` a batch of elements at a time
            /// (``ArrayBatches``); lowered by tests.
            var arrayBatchMinimumBytes = Scanner<StrictGrammar>.oneValueAtATimeMinimumBytes
            /// The tape entries of a batch (``ArrayBatches/batchEntries``); lowered by tests.
            var arrayBatchEntries = ArrayBatches.batchEntries

            /// The parse options of a document decoded with these settings:
            /// ``parseOptions`` with what decoding adds.
            var documentOptions: ParseOptions {
                var options = parseOptions
                options.keepsOutOfRangeNumbers = true
                options.assumesTopLevelObject = assumesTopLevelDictionary
                // Foundation's JSON5 has no escape of U+0000 (`\0`, `\x00`, `\u0000`).
                options.rejectNUL = options.rejectNUL || options.json5
                return options
            }
        }

        // Every setting is a member of `Settings`, which `copy()` copies whole.
        private let locked: LockedSettings<Settings>

        /// The settings now (a decode takes them once, when it starts).
        var settings: Settings { locked.current }

        /// How JSON keys become `CodingKey`s. Keys of `[String: T]`
        /// dictionaries are data, not names, and are never converted.
        public var keyDecodingStrategy: KeyDecodingStrategy {
            get { locked[\.keyDecodingStrategy] }
            set { locked[\.keyDecodingStrategy] = newValue }
        }
        /// How `Date`s are read.
        public var dateDecodingStrategy: DateDecodingStrategy {
            get { locked[\.dateDecodingStrategy] }
            set { locked[\.dateDecodingStrategy] = newValue }
        }
        /// How `Data` is read.
        public var dataDecodingStrategy: DataDecodingStrategy {
            get { locked[\.dataDecodingStrategy] }
            set { locked[\.dataDecodingStrategy] = newValue }
        }
        /// How non-JSON floats (`"NaN"`, `"Infinity"` strings) are read.
        public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
            get { locked[\.nonConformingFloatDecodingStrategy] }
            set { locked[\.nonConformingFloatDecodingStrategy] = newValue }
        }
        /// Values the models' `init(from:)` can read from `decoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] {
            get { locked[\.userInfo] }
            set { locked[\.userInfo] = newValue }
        }
        /// What input is accepted (strict RFC 8259 by default).
        public var parseOptions: ParseOptions {
            get { locked[\.parseOptions] }
            set { locked[\.parseOptions] = newValue }
        }
        /// Coercions for values of another JSON type than the model expects (none by default).
        public var leniency: Leniency {
            get { locked[\.leniency] }
            set { locked[\.leniency] = newValue }
        }

        /// Whether JSON5 input is accepted (Foundation's `allowsJSON5`). As in
        /// Foundation, a string's escape of U+0000 (`\0`, `\x00`, `\u0000`)
        /// is then an error (``JSON/ParseOptions/rejectNUL``), though JSON5
        /// itself allows it; `\0` before a digit is one in any JSON5.
        ///
        /// ```swift
        /// let decoder = JSON.Decoder()
        /// decoder.allowsJSON5 = true
        /// ```
        public var allowsJSON5: Bool {
            get { parseOptions.json5 }
            set { locked[\.parseOptions.json5] = newValue }
        }

        /// Whether the text may leave out the braces of a top-level object
        /// (Foundation's `assumesTopLevelDictionary`), in JSON as in JSON5.
        /// An empty text is an empty object; a text that starts with `{` is
        /// read as usual.
        ///
        /// ```swift
        /// let decoder = JSON.Decoder()
        /// decoder.assumesTopLevelDictionary = true
        /// let size = try decoder.decode([String: Int].self, from: #""width": 3, "height": 4"#)
        /// decoder.allowsJSON5 = true
        /// let settings = try decoder.decode([String: Int].self, from: "width: 3, height: 4")
        /// ```
        public var assumesTopLevelDictionary: Bool {
            get { locked[\.assumesTopLevelDictionary] }
            set { locked[\.assumesTopLevelDictionary] = newValue }
        }

        /// Creates a decoder with Foundation's default strategies and strict parsing.
        ///
        /// ```swift
        /// let decoder = JSON.Decoder()
        /// ```
        public init() {
            locked = LockedSettings(Settings())
        }

        private init(settings: Settings) {
            locked = LockedSettings(settings)
        }

        /// ``Settings/arrayBatchMinimumBytes``, for tests.
        var arrayBatchMinimumBytes: Int {
            get { locked[\.arrayBatchMinimumBytes] }
            set { locked[\.arrayBatchMinimumBytes] = newValue }
        }

        /// ``Settings/arrayBatchEntries``, for tests.
        var arrayBatchEntries: Int {
            get { locked[\.arrayBatchEntries] }
            set { locked[\.arrayBatchEntries] = newValue }
        }

        /// A new decoder with every setting of this one, as it is now:
        /// strategies, ``parseOptions``, ``leniency``, ``userInfo``, and any
        /// setting added to the decoder later. Changing one of the two
        /// decoders afterwards leaves the other as it is, so a shared decoder
        /// can be copied to change a setting for one call.
        ///
        /// ```swift
        /// let shared = JSON.Decoder()
        /// shared.keyDecodingStrategy = .convertFromSnakeCase
        ///
        /// let decoder = shared.copy()                 // snake case too
        /// decoder.userInfo[requestKey] = requestID    // shared.userInfo stays empty
        /// let order = try decoder.decode(Order.self, from: body)
        /// ```
        public func copy() -> JSON.Decoder {
            JSON.Decoder(settings: settings)
        }

        /// Decodes a value from JSON bytes: UTF-8, or UTF-16 or UTF-32 with or
        /// without a byte order mark, told apart as Foundation's
        /// `JSONDecoder` does (its UTF-32LE mark `FE FF 00 00` too). UTF-16
        /// and UTF-32 are read as UTF-8 first, and positions in errors are
        /// then the text's in UTF-8: an offset counts UTF-8 bytes from the
        /// first character after the mark.
        ///
        /// ```swift
        /// let user = try JSON.Decoder().decode(User.self, from: bytes)
        /// ```
        ///
        /// An `Array` from an input of 4 MiB or more that holds an array is
        /// decoded a batch of elements at a time, each from a tape of about
        /// 1 MiB, so the tape of the whole input is never held; any error
        /// makes it decode the input whole, which reports the error as
        /// usual. A model's `init(from:)` may then have run for elements
        /// before the error.
        ///
        /// - Throws: `DecodingError.dataCorrupted` for invalid JSON (its
        ///   underlying error is the ``JSON/ParseError``), and the other
        ///   `DecodingError`s for values that don't fit the model.
        public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
            let settings = settings
            let utf8 = try bytes.withUnsafeBufferPointer(UnicodeInput.utf8) ?? bytes
            if let elements = decodedInBatches(type, from: InputBytes(utf8), settings: settings) { return elements }
            return try rootDecoder(ofUTF8: utf8, settings: settings).decodeTopLevel(type)
        }

        /// Decodes a value from JSON bytes in memory you own, read where they
        /// are: nothing is copied (but gzip input, inflated first, and UTF-16
        /// or UTF-32, read as UTF-8 first), with the same rules and errors as
        /// decoding from `[UInt8]`. The memory must stay unchanged until the
        /// call returns; a model must not keep the `Decoder` its
        /// `init(from:)` is given past it.
        ///
        /// ```swift
        /// let user = try buffer.withUnsafeReadableBytes { try JSON.Decoder().decode(User.self, from: $0) }
        /// ```
        ///
        /// - Throws: As ``decode(_:from:)-(_,[UInt8])``.
        public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
            let input = bytes.assumingMemoryBound(to: UInt8.self)  // bounds proven: the same bytes and count, viewed as UInt8
            let settings = settings
            let utf8 = try UnicodeInput.utf8(from: input)
            if let elements = decodedInBatches(type, from: utf8.map(InputBytes.init) ?? InputBytes(lending: input), settings: settings) { return elements }
            return try rootDecoder(settings) { options throws(JSON.ParseError) in
                if let utf8 { return try Document(parsing: utf8, options: options) }
                return try Document(lending: input, options: options)
            }.decodeTopLevel(type)
        }

        /// The decoder of the top-level value of `bytes` (UTF-8, or UTF-16 or
        /// UTF-32 read as UTF-8), with the settings taken once, now.
        func rootDecoder(of bytes: [UInt8]) throws -> JSONTapeDecoder {
            try rootDecoder(ofUTF8: try bytes.withUnsafeBufferPointer(UnicodeInput.utf8) ?? bytes, settings: settings)
        }

        /// The decoder of the top-level value of the UTF-8 `utf8`, with `settings`.
        private func rootDecoder(ofUTF8 utf8: [UInt8], settings: Settings) throws -> JSONTapeDecoder {
            try rootDecoder(settings) { options throws(JSON.ParseError) in try Document(parsing: utf8, options: options) }
        }

        /// Decodes a value from JSON text.
        ///
        /// ```swift
        /// let user = try JSON.Decoder().decode(User.self, from: #"{"id": 1, "name": "Ada"}"#)
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
            try decode(type, from: Array(text.utf8))
        }

        /// Decodes a value from JSON `Data` (UTF-8, UTF-16 or UTF-32, as from bytes).
        ///
        /// ```swift
        /// let user = try JSON.Decoder().decode(User.self, from: data)
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            try decode(type, from: [UInt8](data))
        }

        /// Decodes a value from a parsed document.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: bytes)
        /// let first = try JSON.Decoder().decode(User.self, from: doc)
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, from document: Document) throws -> T {
            try decode(type, from: document, settings: settings)
        }

        /// Decodes a value from `document` with `settings`, taken once when the decode began.
        func decode<T: Decodable>(
            _ type: T.Type, from document: Document, settings: Settings, pathPrefix: [any CodingKey] = [], showsPositions: Bool = true
        ) throws -> T {
            let state = JSONDecodingState(document: document, settings: settings, pathPrefix: pathPrefix, showsPositions: showsPositions)
            return try JSONTapeDecoder(state: state, index: 0).decodeTopLevel(type)
        }

        /// Decodes a value from an owned ``JSON`` value, reading the value
        /// itself (nothing is written out and parsed back). Errors have the
        /// coding path and no position: there is no text.
        ///
        /// ```swift
        /// let user = try JSON.Decoder().decode(User.self, from: ["id": 1, "name": "Ada"] as JSON)
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, from value: JSON) throws -> T {
            try decode(type, from: value, at: [])
        }

        /// Decodes a value and reports every coercion, default and dropped
        /// element made along the way (see ``Leniency``, ``Default`` and ``Lossy``).
        ///
        /// ```swift
        /// let (user, report) = try decoder.decodeWithReport(User.self, from: bytes)
        /// ```
        public func decodeWithReport<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> (value: T, report: DecodingReport) {
            let collector = ReportCollector()
            let value = try ReportCollector.$current.withValue(collector) { try decode(type, from: bytes) }
            return (value, collector.report)
        }

        /// Decodes a value from JSON text and reports every adjustment.
        ///
        /// ```swift
        /// let (user, report) = try decoder.decodeWithReport(User.self, from: text)
        /// ```
        public func decodeWithReport<T: Decodable>(_ type: T.Type, from text: String) throws -> (value: T, report: DecodingReport) {
            try decodeWithReport(type, from: Array(text.utf8))
        }

        /// The decoder of the top-level value of the document `parse` makes
        /// with the parse options of `settings` (the decoder's, taken once
        /// when the decode began); a parse error becomes a `DecodingError`.
        private func rootDecoder(
            _ settings: Settings, _ parse: (ParseOptions) throws(JSON.ParseError) -> Document
        ) throws -> JSONTapeDecoder {
            let document: Document
            do throws(JSON.ParseError) {
                document = try parse(settings.documentOptions)
            } catch {
                // The excerpt is the underlying error's alone: printing a
                // DecodingError shows both its description and that error.
                let position = error.line > 0 ? "\(error.line):\(error.column): " : ""
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [], debugDescription: "The given data was not valid JSON: \(position)\(error.message)", underlyingError: error))
            }
            return JSONTapeDecoder(state: JSONDecodingState(document: document, settings: settings), index: 0)
        }
    }
}
