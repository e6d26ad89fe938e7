import Foundation

extension Binary {
    /// Encodes `Encodable` models straight into the binary format, with no
    /// tree in between.
    ///
    /// `Date`, `Data`, `URL`, `UUID` and `Decimal` are written with their
    /// own tags, sets as sets and dictionaries whose keys are neither
    /// strings nor integers as dictionaries. Every class instance is written
    /// once, as a shared value, and referred back to wherever it appears
    /// again; an instance that contains itself is an error. Types in the
    /// ``registry`` are written as records of their registered name. A value
    /// with a generated encoder (``DirectEncodable``, `@JSONCodable`) is
    /// written through it, byte for byte as through `Encodable`.
    ///
    /// ```swift
    /// struct User: Codable { var id: Int; var name: String; var joined: Date }
    /// let bytes: [UInt8] = try Binary.Encoder().encode(User(id: 1, name: "Ada", joined: .now))
    /// ```
    public struct Encoder: Sendable {
        /// Values the models' `encode(to:)` can read from `encoder.userInfo`.
        public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        /// The types written as records, and their names.
        public var registry = TypeRegistry()
        /// The deepest nesting of containers and shared values written (the
        /// readers' ``Binary/DecodingLimits/maxDepth`` counts the same way).
        public var maxDepth = 512

        /// Creates an encoder.
        ///
        /// ```swift
        /// let encoder = Binary.Encoder()
        /// ```
        public init() {}

        /// Encodes a value as the bytes of a binary file.
        ///
        /// ```swift
        /// let bytes = try Binary.Encoder().encode(user)
        /// ```
        ///
        /// - Throws: ``Binary/EncodingError`` for a reference cycle, a value
        ///   nesting deeper than ``maxDepth``, containers used in an order
        ///   a one-pass writer cannot follow, a key written twice in one
        ///   container, and values readers reject (a NaN `Decimal`, a date
        ///   outside years 1 to 9999, a set whose elements encode alike); what
        ///   the model's `encode(to:)` throws.
        public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
            let state = BinaryEncodingState(encoder: self)
            // The generated encoder when the value has one (a dynamic cast, once per encode).
            if let generated = value as? any DirectEncodable {
                try Binary.EncodingOutput(state: state).encodeRoot(generated)
            } else {
                try BinaryValueEncoder(state: state).encodeValue(value)
            }
            state.close(to: 0)
            state.checkOneValue()
            if let failure = state.failure { throw failure }
            let bytes = state.writer.finished()
            if state.wroteSet { try Self.checkSets(bytes) }
            return bytes
        }

        /// Encodes a value as binary `Data`.
        ///
        /// ```swift
        /// let data: Data = try Binary.Encoder().encode(user)
        /// ```
        @_disfavoredOverload
        public func encode<T: Encodable>(_ value: T) throws -> Data {
            Data(try encode(value) as [UInt8])
        }

        /// Reads `bytes` as readers do, but without limits: two different
        /// Swift values (NaNs, class instances compared by identity, custom
        /// `encode(to:)`) can encode alike, and a set must not hold them both.
        private static func checkSets(_ bytes: [UInt8]) throws(Binary.EncodingError) {
            let limits = DecodingLimits(maxDepth: .max, maxValues: .max, maxStringBytes: .max, maxOutputBytes: .max, maxCount: .max)
            do throws(Binary.DecodingError) {
                _ = try bytes.withUnsafeBufferPointer { (input) throws(Binary.DecodingError) in try BinaryTape(indexing: input, limits: limits) }
            } catch {
                throw .invalidValue("at byte \(error.offset) of the output: \(error.message)")
            }
        }
    }
}
