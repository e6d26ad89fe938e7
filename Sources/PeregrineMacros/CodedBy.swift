/// Reads and writes a property of a ``JSONCodable()`` type in the form
/// `coder` converts it to (a ``ValueCoder``): a custom date format, Base64
/// bytes, a number written as a string, a conversion of your own. The
/// property is coded as a ``CodedValue`` on both paths, so Foundation's
/// coders read and write the same form. A form that stands for no value
/// (the coder throws) is a `dataCorrupted` error at the member, with its
/// coding path, line and column.
///
/// ```swift
/// @JSONCodable
/// struct Upload {
///     @CodedBy(DateCoders.ISO8601FractionalSeconds.self) var at: Date   // "2024-01-02T03:04:05.250Z"
///     @CodedBy(Base64Coder<Data>.self) var body: Data                   // "AQID"
///     @CodedBy(LosslessStringCoder<Int>.self) var size: Int             // "42"
///     @CodedBy(DayFormat.self) var due: Date?                           // a DateFormatCoder of yours
/// }
/// ```
///
/// The coder's `Value` is the property's type (or what an optional
/// holds). It combines with ``Key(_:_:)``, ``Defaulted(_:)`` and
/// ``LossyDecoding()``, not with ``DateStrategy(_:)`` or ``Coerced()``.
@attached(peer)
public macro CodedBy<Coder: ValueCoder>(_ coder: Coder.Type) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")
