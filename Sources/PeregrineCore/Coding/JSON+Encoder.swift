import Foundation

extension JSON {
    /// Encodes `Encodable` models to JSON, with Foundation's `JSONEncoder`
    /// strategies and Peregrine's writer.
    ///
    /// ```swift
    /// struct User: Codable { var id: Int; var name: String }
    /// let data = try JSON.Encoder().encode(User(id: 1, name: "Ada"))   // {"id":1,"name":"Ada"}
    ///
    /// let encoder = JSON.Encoder()
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// let bytes: [UInt8] = try encoder.encode(user)
    /// let value: JSON = try encoder.encode(user)
    /// ```
    ///
    /// Keys appear in the order the model encodes them (unless `.sortedKeys`).
    /// Whatever the model does with its containers, the output is one valid
    /// JSON text, and each model's `encode(to:)` runs once: as in Foundation,
    /// the last value encoded for a key wins and two containers opened for
    /// one key are one container. Like Foundation's `JSONEncoder` it is a
    /// class whose settings may be changed and read from any thread: each
    /// encode works with the settings as they were when it started.
    public final class Encoder: @unchecked Sendable {
        /// Output formatting options, as Foundation's `JSONEncoder.OutputFormatting`.
        public struct OutputFormatting: OptionSet, Sendable, Hashable {
            public let rawValue: UInt

            /// Creates formatting options from their raw value.
            ///
            /// ```swift
            /// let formatting = JSON.Encoder.OutputFormatting(rawValue: 1)   // .prettyPrinted
            /// ```
            public init(rawValue: UInt) { self.rawValue = rawValue }

            /// Indented output, two spaces per level.
            public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
            /// Object members ordered by key.
            public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
            /// `/` written as is rather than as `\/` (which is Foundation's default).
            public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)
            /// Every non-ASCII character written as a `\uXXXX` escape.
            public static let escapeUnicode = OutputFormatting(rawValue: 1 << 3)
            /// Our addition: the bytes are compressed as gzip (Peregrine's decoder
            /// inflates them again transparently).
            public static let gzip = OutputFormatting(rawValue: 1 << 4)
            /// Our addition: whole-number `Double`s and `Float`s keep their
            /// fraction (`1000.0`), so that they read back as floating-point
            /// numbers in any JSON library. By default they are written as
            /// Foundation writes them (`1000`).
            public static let keepsWholeNumberFractions = OutputFormatting(rawValue: 1 << 5)
            /// Our addition: with `.prettyPrinted`, Foundation's layout byte for
            /// byte (`"key" : value`, an empty array as `[` and `]` on lines of
            /// their own), for golden files written by `JSONEncoder`.
            public static let foundationLayout = OutputFormatting(rawValue: 1 << 6)
        }

        /// The settings, as one value: what each encode copies when it starts.
        struct Settings: Sendable {
            var outputFormatting: OutputFormatting = []
            var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
            var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
            var dataEncodingStrategy: DataEncodingStrategy = .base64
            var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
            var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        }

        // Every setting is a member of `Settings`, which `copy()` copies whole.
        private let locked: LockedSettings<Settings>

        /// The settings now (an encode takes them once, when it starts).
        var settings: Settings { locked.current }

        /// How the output is formatted.
        public var outputFormatting: OutputFormatting {
            get { locked[\.outputFormatting] }
            set { locked[\.outputFormatting] = newValue }
        }
        /// How `CodingKey`s become JSON keys. Keys of `[String: T]`
        /// dictionaries are data, not names, and are never converted.
        public var keyEncodingStrategy: KeyEncodingStrategy {
            get { locked[\.keyEncodingStrategy] }
            set { locked[\.keyEncodingStrategy] = newValue }
        }
        /// How `Date`s are written.
        public var dateEncodingStrategy: DateEncodingStrategy {
            get { locked[\.dateEncodingStrategy] }
            set { locked[\.dateEncodingStrategy] = newValue }
        }
        /// How `Data` is written.
        public var dataEncodingStrategy: DataEncodingStrategy {
            get { locked[\.dataEncodingStrategy] }
            set { locked[\.dataEncodingStrategy] = newValue }
        }
        /// How `NaN` and infinities are written.
        public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
            get { locked[\.nonConformingFloatEncodingStrategy] }
            set { locked[\.nonConformingFloatEncodingStrategy] = newValue }
        }
        /// Values the models' `encode(to:)` can read from `encoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] {
            get { locked[\.userInfo] }
            set { locked[\.userInfo] = newValue }
        }

        /// Creates an encoder with Foundation's default strategies.
        ///
        /// ```swift
        /// let encoder = JSON.Encoder()
        /// ```
        public init() {
            locked = LockedSettings(Settings())
        }

        private init(settings: Settings) {
            locked = LockedSettings(settings)
        }

        /// A new encoder with every setting of this one, as it is now:
        /// ``outputFormatting``, the strategies, ``userInfo``, and any setting
        /// added to the encoder later. Changing one of the two encoders
        /// afterwards leaves the other as it is, so a shared encoder can be
        /// copied to change a setting for one call.
        ///
        /// ```swift
        /// let shared = JSON.Encoder()
        /// shared.outputFormatting = [.sortedKeys]
        ///
        /// let encoder = shared.copy()                 // sorted keys too
        /// encoder.userInfo[requestKey] = requestID    // shared.userInfo stays empty
        /// let body: [UInt8] = try encoder.encode(order)
        /// ```
        public func copy() -> JSON.Encoder {
            JSON.Encoder(settings: settings)
        }

        /// Encodes a value as UTF-8 JSON `Data`, as Foundation's `JSONEncoder` does.
        ///
        /// ```swift
        /// let data = try JSON.Encoder().encode(user)
        /// ```
        ///
        /// - Throws: `EncodingError.invalidValue` for a non-finite float under
        ///   the `.throw` strategy, a value that encodes nothing at the top, or
        ///   a container used in a way that has no JSON form (a second value
        ///   written through one single-value container).
        public func encode<T: Encodable>(_ value: T) throws -> Data {
            try encoded(value) { stream, gzip in
                // The encoder's memory becomes the `Data`'s, cut to the text's size: no copy.
                if !gzip, let text = stream.output.takeMallocated(), let base = text.baseAddress {
                    return Data(bytesNoCopy: base, count: text.count, deallocator: .free)
                }
                return try withBytes(of: stream, gzip: gzip) { Data($0) }
            }
        }

        /// Encodes a value as UTF-8 JSON bytes.
        ///
        /// ```swift
        /// let bytes: [UInt8] = try JSON.Encoder().encode(user)
        /// ```
        ///
        /// The array is the memory the encoder wrote in, handed over
        /// without a copy: its capacity may exceed its count by as much
        /// again (a small text is copied to an array of its size instead).
        @_disfavoredOverload
        public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
            try encoded(value, inArray: true, Self.bytes)
        }

        /// Encodes a value and calls `body` with its UTF-8 JSON in the
        /// encoder's own memory, where it was written: no array is made for
        /// it, so that the bytes can go straight to where they are sent (a
        /// server's response buffer, a file). The pointer is valid only
        /// while `body` runs. With `.gzip` the compressed bytes are handed over.
        ///
        /// ```swift
        /// try encoder.withEncodedBytes(of: user) { bytes in
        ///     response.writeBytes(bytes)
        /// }
        /// ```
        ///
        /// - Throws: The errors of ``encode(_:)->[UInt8]``, before `body`
        ///   is called, or what `body` throws.
        public func withEncodedBytes<T: Encodable, Result>(of value: T, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
            try encoded(value) { stream, gzip in try withBytes(of: stream, gzip: gzip, body) }
        }

        /// Calls `body` with the text `stream` wrote, in the stream's memory,
        /// or compressed when `gzip`.
        private func withBytes<Result>(of stream: EncodingStream, gzip: Bool, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
            if gzip { return try Gzip.deflate(stream.output.bytes).withUnsafeBytes(body) }
            return try stream.output.withElements { try body(UnsafeRawBufferPointer($0)) }
        }

        /// Encodes a value as an owned ``JSON`` value.
        ///
        /// ```swift
        /// let value: JSON = try JSON.Encoder().encode(user)
        /// ```
        @_disfavoredOverload
        public func encode<T: Encodable>(_ value: T) throws -> JSON {
            let stream = EncodingStream(state: EncodingState(settings: settings), tree: true)
            try StreamEncoder(stream: stream).encodeValue(value, nested: false)
            return try stream.finishedValue(of: value)
        }

        /// What `result` makes of the text of `value`, written by its
        /// generated encoder when it has one (a dynamic cast, once per
        /// encode), else through `Encodable`.
        private func encoded<T: Encodable, Result>(
            _ value: T, inArray: Bool = false, _ result: (EncodingStream, _ gzip: Bool) throws -> Result
        ) throws -> Result {
            if let generated = value as? any DirectEncodable {
                return try encoded(of: value, inArray: inArray, { try generated.encode(toJSON: JSON.EncodingOutput(stream: $0.stream)) }, result)
            }
            return try encoded(of: value, inArray: inArray, { try $0.encodeValue(value, nested: false) }, result)
        }

        /// What `result` makes of the text that `write` puts through the
        /// top-level encoder, with the settings taken once, now, and whether
        /// the text is to be gzip; written in an array's memory when
        /// `inArray` (for a result that takes it as an array, ``bytes(of:gzip:)``).
        func encoded<Result>(
            of value: Any, inArray: Bool = false, _ write: (StreamEncoder) throws -> Void, _ result: (EncodingStream, _ gzip: Bool) throws -> Result
        ) throws -> Result {
            let settings = settings
            let stream = EncodingStream(state: EncodingState(settings: settings), tree: false, inArray: inArray)
            try write(StreamEncoder(stream: stream))
            try stream.finish(of: value)
            return try result(stream, settings.outputFormatting.contains(.gzip))
        }

        /// The text `stream` finished with (its own memory when it wrote in
        /// an array), compressed when it is to be gzip.
        static func bytes(of stream: EncodingStream, gzip: Bool) -> [UInt8] {
            gzip ? Gzip.deflate(stream.output.bytes) : stream.takeOutput()
        }
    }
}

extension JSON.Encoder {
    /// How `CodingKey`s become JSON keys (Foundation's strategy of the same name).
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `camelCaseKeys` become `snake_case_keys`.
        case convertToSnakeCase
        /// A function of the coding path, whose last element is the key.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable {
        /// `Date`'s own `Encodable` conformance (seconds since 2001).
        case deferredToDate
        /// Seconds since 1970.
        case secondsSince1970
        /// Milliseconds since 1970.
        case millisecondsSince1970
        /// An ISO 8601 string.
        case iso8601
        /// A string in the formatter's format.
        case formatted(DateFormatter)
        /// A function that writes the date to the encoder.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// `Data`'s own `Encodable` conformance (an array of bytes).
        case deferredToData
        /// A Base64 string.
        case base64
        /// A function that writes the data to the encoder.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How `NaN` and infinities are written.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// They are errors.
        case `throw`
        /// These strings are written instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
