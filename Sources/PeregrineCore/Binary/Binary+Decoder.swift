import Foundation

extension Binary {
    /// Decodes `Decodable` models from the binary format.
    ///
    /// The file is read and checked in one pass into a flat index of its
    /// values; models then find members by name and skip values without
    /// reading bytes again. A model with a generated decoder
    /// (``DirectDecodable``, `@JSONCodable`) is read through it, with the
    /// same results and errors. `Date`, `Data`, `URL`, `UUID` and `Decimal`
    /// are read from their own tags, and also from their JSON forms (ISO 8601
    /// and Base64 strings, URL text, numbers), which files converted from
    /// JSON hold. A shared value decoded as a class is decoded once, and
    /// every back-reference to it returns that instance.
    ///
    /// ```swift
    /// let user = try Binary.Decoder().decode(User.self, from: bytes)
    ///
    /// var decoder = Binary.Decoder()
    /// decoder.limits = .plainData   // refuse records
    /// ```
    public struct Decoder: Sendable {
        /// How much a file may make the decoder do.
        public var limits = DecodingLimits()
        /// The types records name: a registered type decoded from a record
        /// of another name is a type mismatch, and ``decodeGraph(from:)``
        /// builds registered types from their records.
        public var registry = TypeRegistry()
        /// Values the models' `init(from:)` can read from `decoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

        /// Creates a decoder with the default limits.
        ///
        /// ```swift
        /// let decoder = Binary.Decoder()
        /// ```
        public init() {}

        /// Decodes a `T` from the bytes of a binary file.
        ///
        /// ```swift
        /// let user = try Binary.Decoder().decode(User.self, from: bytes)
        /// ```
        ///
        /// - Throws: `DecodingError`, as every Codable decoder does, so a model
        ///   that catches `DecodingError.keyNotFound` behaves the same whichever
        ///   decoder feeds it: `dataCorrupted` for a broken file, and
        ///   `typeMismatch`, `valueNotFound`, `keyNotFound` or `dataCorrupted`
        ///   for values that don't fit `T`. Each has the coding path, and the
        ///   ``Binary/DecodingError`` with its kind and byte offset as its
        ///   `underlyingError`. And what the model's `init(from:)` throws.
        public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
            let state: BinaryDecodingState
            do {
                state = try self.state(for: bytes)
            } catch {
                throw Swift.DecodingError.dataCorrupted(
                    Swift.DecodingError.Context(codingPath: [], debugDescription: "The given data was not a valid binary file: \(error)", underlyingError: error))
            }
            return try BinaryTapeDecoder(state: state, index: 0).decodeRoot(type)
        }

        /// Decodes a `T` from binary `Data`.
        ///
        /// ```swift
        /// let user = try Binary.Decoder().decode(User.self, from: data)
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            try decode(type, from: [UInt8](data))
        }

        /// Decodes a file without a model: records of types in the
        /// ``registry`` become instances of them (built with their
        /// `init(from:)`), records of other types `[String: Any]` with a
        /// `"$class"` entry (fields named as in JSON: `$class` becomes `$$class`);
        /// objects become `[String: Any]`, arrays `[Any]`, sets `Set<AnyHashable>`
        /// and dictionaries `[AnyHashable: Any]` (or, when an element or key is
        /// not hashable, `[Any]` and `[[Any]]` of key-value pairs; a set whose
        /// elements Foundation finds equal, such as `1` and `1.0`, `[Any]`), null `NSNull`, integers `Int` (or `UInt64`),
        /// exact number text `Decimal` (or `Double`), and dates, data, URLs,
        /// UUIDs and decimals themselves. A shared class instance is one
        /// instance wherever it is referred to.
        ///
        /// ```swift
        /// var decoder = Binary.Decoder()
        /// decoder.registry.register(Node.self, as: "Node")
        /// let root = try decoder.decodeGraph(from: bytes) as? Node
        /// ```
        public func decodeGraph(from bytes: [UInt8]) throws -> Any {
            try BinaryGraphBuilder(state: state(for: bytes)).value(at: 0)
        }

        /// The index of `bytes` and what decoders share.
        private func state(for bytes: [UInt8]) throws(Binary.DecodingError) -> BinaryDecodingState {
            let tape = try bytes.withUnsafeBufferPointer { (input) throws(Binary.DecodingError) in
                try BinaryTape(indexing: input, limits: limits)
            }
            return BinaryDecodingState(tape: tape, input: bytes, decoder: self)
        }
    }
}
