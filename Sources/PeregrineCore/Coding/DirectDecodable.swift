/// A type with a generated decoder: it reads itself from a tape (a parsed
/// JSON document's, a binary file's) in place, without the `Decoder` protocol.
///
/// `@JSONCodable` (product `PeregrineMacros`) writes the conformance; the
/// standard library's scalars, strings, optionals, arrays and `[String: T]`
/// dictionaries have it here. ``JSON/Decoder`` picks the generated path by
/// itself when the type it decodes has one, and so does ``Binary/Decoder``,
/// with the same results and the same errors as the `Decodable` path:
///
/// ```swift
/// import PeregrineMacros
///
/// @JSONCodable struct User { var id: Int; @Key("screen_name") var name: String }
/// let user = try JSON.Decoder().decode(User.self, from: bytes)   // the generated path
/// ```
///
/// A hand-written conformance reads its value through the source:
///
/// ```swift
/// extension Celsius: DirectDecodable {
///     init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
///         self.init(degrees: try source.decode(Double.self, at: index))
///     }
/// }
/// ```
public protocol DirectDecodable: Decodable {
    /// Decodes the value at tape index `index` of `source`.
    ///
    /// ```swift
    /// let id = try Int(generatedFrom: source, at: index)
    /// ```
    init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws

    /// Decodes the value at tape index `index` of a JSON document: the
    /// entry point ``JSON/Decoder`` calls. `@JSONCodable` writes it in the
    /// model's own module, so the compiler specialises the model's decoder
    /// (and those of the models it holds) for the JSON tape; the default
    /// calls ``init(generatedFrom:at:)``.
    ///
    /// ```swift
    /// let user = try User.decode(fromJSON: tape, at: 0)
    /// ```
    static func decode(fromJSON source: JSON.DecodingTape, at index: Int) throws -> Self

    /// Decodes the value at tape index `index` of a binary file: the entry
    /// point ``Binary/Decoder`` calls, written by `@JSONCodable` as
    /// ``decode(fromJSON:at:)`` is, so the model's decoder is specialised
    /// for the binary tape too; the default calls ``init(generatedFrom:at:)``.
    ///
    /// ```swift
    /// let user = try User.decode(fromBinary: tape, at: 0)
    /// ```
    static func decode(fromBinary source: BinaryDecodingTape, at index: Int) throws -> Self

    /// Whether a value of this type may hold another of its own type with
    /// no class, array or dictionary between them: `true` for an enum with
    /// an `indirect` case, which `@JSONCodable` writes; `false` by default.
    /// A recursion of the model passes through such a type, so its values
    /// are remembered while an untagged enum tries its cases
    /// (`@Untagged`). Read where the decoder is specialised, so the
    /// test costs nothing at run time.
    ///
    /// ```swift
    /// @JSONCodable enum Expression {
    ///     case number(Double)
    ///     indirect case sum(Expression, Expression)
    /// }
    /// let recursive = Expression.mayHoldItself  // true
    /// ```
    static var mayHoldItself: Bool { get }
}

extension DirectDecodable {
    /// `false`: a struct, class or enum without `indirect` cases holds
    /// another of its type only through a class, array or dictionary.
    ///
    /// ```swift
    /// let recursive = [Int].mayHoldItself  // false
    /// ```
    @inlinable
    public static var mayHoldItself: Bool { false }

    /// Decodes through ``init(generatedFrom:at:)``.
    ///
    /// ```swift
    /// let numbers = try [Int].decode(fromJSON: tape, at: 0)
    /// ```
    @inlinable
    public static func decode(fromJSON source: JSON.DecodingTape, at index: Int) throws -> Self {
        try Self(generatedFrom: source, at: index)
    }

    /// Decodes through ``init(generatedFrom:at:)``.
    ///
    /// ```swift
    /// let numbers = try [Int].decode(fromBinary: tape, at: 0)
    /// ```
    @inlinable
    public static func decode(fromBinary source: BinaryDecodingTape, at index: Int) throws -> Self {
        try Self(generatedFrom: source, at: index)
    }
}
