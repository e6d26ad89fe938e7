import Foundation

extension JSON {
    /// Encodes `Encodable` models to JSON bytes, with Foundation's
    /// `JSONEncoder` strategies and Peregrine's writer.
    ///
    /// ```swift
    /// struct User: Codable { var id: Int; var name: String }
    /// let bytes: [UInt8] = try JSON.Encoder().encode(User(id: 1, name: "Ada"))   // {"id":1,"name":"Ada"}
    ///
    /// var encoder = JSON.Encoder()
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// let data: Data = try encoder.encode(user)
    /// let value: JSON = try encoder.encode(user)
    /// ```
    ///
    /// Keys appear in the order the model encodes them (unless `.sortedKeys`).
    public struct Encoder: Sendable {
        /// Output formatting options, as Foundation's `JSONEncoder.OutputFormatting`.
        public struct OutputFormatting: OptionSet, Sendable, Hashable {
            public let rawValue: UInt

            /// Creates formatting options from their raw value.
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
        }

        /// How the output is formatted.
        public var outputFormatting: OutputFormatting = []
        /// How `CodingKey`s become JSON keys.
        public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
        /// How `Date`s are written.
        public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
        /// How `Data` is written.
        public var dataEncodingStrategy: DataEncodingStrategy = .base64
        /// How `NaN` and infinities are written.
        public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
        /// Values the models' `encode(to:)` can read from `encoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

        /// Creates an encoder with Foundation's default strategies.
        ///
        /// ```swift
        /// let encoder = JSON.Encoder()
        /// ```
        public init() {}

        /// Encodes a value as UTF-8 JSON bytes.
        ///
        /// ```swift
        /// let bytes = try JSON.Encoder().encode(user)
        /// ```
        ///
        /// - Throws: `EncodingError.invalidValue` for a non-finite float under
        ///   the `.throw` strategy or a value that encodes nothing at the top.
        public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
            let bytes = try encodeUncompressed(value)
            return outputFormatting.contains(.gzip) ? Gzip.deflate(bytes) : bytes
        }

        private func encodeUncompressed<T: Encodable>(_ value: T) throws -> [UInt8] {
            // Straight to bytes, unless keys must be sorted or the model uses
            // containers in an order only a tree can take.
            if !outputFormatting.contains(.sortedKeys) {
                let stream = EncodingStream(state: EncodingState(encoder: self))
                do {
                    try StreamEncoder(stream: stream).encodeValue(value)
                    // `{}` may mean "encoded nothing", which the tree encoder reports.
                    if stream.output != Array("{}".utf8) { return stream.output }
                } catch is StreamingUnsupported {
                    // The tree encoder below handles any container order.
                }
            }
            let tree: JSON = try encode(value)
            var options = SerializationOptions(
                prettyPrinted: outputFormatting.contains(.prettyPrinted),
                sortedKeys: outputFormatting.contains(.sortedKeys),
                escapeUnicode: outputFormatting.contains(.escapeUnicode),
                escapeSlashes: !outputFormatting.contains(.withoutEscapingSlashes),
                maxDepth: .max)
            options.nonConformingFloats = .json5Literals
            return try tree.serialized(options: options)
        }

        /// Encodes a value as UTF-8 JSON `Data`.
        ///
        /// ```swift
        /// let data: Data = try JSON.Encoder().encode(user)
        /// ```
        @_disfavoredOverload
        public func encode<T: Encodable>(_ value: T) throws -> Data {
            Data(try encode(value) as [UInt8])
        }

        /// Encodes a value as an owned ``JSON`` value.
        ///
        /// ```swift
        /// let value: JSON = try JSON.Encoder().encode(user)
        /// ```
        @_disfavoredOverload
        public func encode<T: Encodable>(_ value: T) throws -> JSON {
            let state = EncodingState(encoder: self)
            let slot = EncodedSlot()
            try TreeEncoder(state: state, slot: slot, codingPath: []).encodeValue(value, emptyAsObject: false)
            guard let node = slot.node else {
                throw EncodingError.invalidValue(
                    value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
            }
            return node.json
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
