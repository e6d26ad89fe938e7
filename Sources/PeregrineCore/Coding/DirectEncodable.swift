/// A type with a generated encoder: it writes itself straight into an
/// encoder's output, without the `Encoder` protocol.
///
/// `@JSONCodable` (product `PeregrineMacros`) writes the conformance; the
/// standard library's scalars, strings, optionals, arrays and `[String: T]`
/// dictionaries have it here. ``JSON/Encoder`` picks the generated path by
/// itself when the value it encodes has one, whatever its options (see
/// ``JSON/EncodingOutput``), and so does ``Binary/Encoder``, with the same
/// output as the `Encodable` path:
///
/// ```swift
/// import PeregrineMacros
///
/// @JSONCodable struct User { var id: Int; @Key("screen_name") var name: String }
/// let bytes: [UInt8] = try JSON.Encoder().encode(User(id: 1, name: "Ada"))   // {"id":1,"screen_name":"Ada"}
/// ```
public protocol DirectEncodable: Encodable {
    /// Writes the value into `sink`.
    ///
    /// ```swift
    /// try user.encode(generatedTo: output)
    /// ```
    func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws

    /// Writes the value into a JSON encoder's output: the entry point
    /// ``JSON/Encoder`` calls. `@JSONCodable` writes it in the model's own
    /// module, so the compiler specialises the model's encoder for JSON;
    /// the default calls ``encode(generatedTo:)``.
    ///
    /// ```swift
    /// try user.encode(toJSON: output)
    /// ```
    func encode(toJSON output: JSON.EncodingOutput) throws

    /// Writes the value into a binary encoder's output: the entry point
    /// ``Binary/Encoder`` calls, written by `@JSONCodable` as
    /// ``encode(toJSON:)`` is, so the model's encoder is specialised for
    /// the binary writer too; the default calls ``encode(generatedTo:)``.
    ///
    /// ```swift
    /// try user.encode(toBinary: output)
    /// ```
    func encode(toBinary output: BinaryEncodingOutput) throws

    /// Whether encoding a value of this type can fail or hold values that
    /// can (a non-finite float, a `Codable` value), so that the member
    /// holding it keeps its key for the coding paths of errors: `true`
    /// unless the type says otherwise (integers, strings and Booleans never fail).
    ///
    /// ```swift
    /// Int.generatedEncodingTracksPath   // false
    /// ```
    static var generatedEncodingTracksPath: Bool { get }
}

extension DirectEncodable {
    /// `true`: the member keeps its key for the coding paths of errors.
    ///
    /// ```swift
    /// User.generatedEncodingTracksPath   // true
    /// ```
    @inlinable
    public static var generatedEncodingTracksPath: Bool { true }

    /// Encodes through ``encode(generatedTo:)``.
    ///
    /// ```swift
    /// try [1, 2, 3].encode(toJSON: output)
    /// ```
    @inlinable
    public func encode(toJSON output: JSON.EncodingOutput) throws {
        try encode(generatedTo: output)
    }

    /// Encodes through ``encode(generatedTo:)``.
    ///
    /// ```swift
    /// try [1, 2, 3].encode(toBinary: output)
    /// ```
    @inlinable
    public func encode(toBinary output: BinaryEncodingOutput) throws {
        try encode(generatedTo: output)
    }
}
