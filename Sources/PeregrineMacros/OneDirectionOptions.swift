/// Reads a property of a ``JSONCodable()`` type but never writes it.
///
/// ```swift
/// @JSONCodable
/// struct Login {
///     var user: String
///     @DecodedOnly var password: String      // read from the request, never echoed back
/// }
/// ```
@attached(peer)
public macro DecodedOnly() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Writes a property of a ``JSONCodable()`` type but never reads it: a
/// decoded value keeps the property's initial value, which it must have.
///
/// ```swift
/// @JSONCodable
/// struct Report {
///     var rows: [Int]
///     @EncodedOnly var version = 2           // always written; {"version": 9} in the input is ignored
/// }
/// ```
@attached(peer)
public macro EncodedOnly() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Leaves a property of a ``JSONCodable()`` type out of the output when
/// `condition` holds for its value; it is read as usual. The condition is
/// a key path or a closure, type-checked against the property's type
/// (spell the root or the parameter's type: the attribute is checked on
/// its own first).
///
/// ```swift
/// @JSONCodable
/// struct Post {
///     @EncodedUnless(\[String].isEmpty) var tags: [String]               // [] is not written
///     @EncodedUnless({ (count: Int) in count == 0 }) var likes: Int       // 0 is not written
/// }
/// ```
@attached(peer)
public macro EncodedUnless<Value>(_ condition: (Value) -> Bool) = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")

/// Writes `nil` as `null` rather than leaving the member out (what
/// synthesised `Encodable` does): on an optional property of a
/// ``JSONCodable()`` type, or on the type for all its optional properties.
///
/// ```swift
/// @JSONCodable
/// struct Patch {
///     @NilAsNull var nickname: String?       // nil → "nickname": null
///     var bio: String?                       // nil → left out
/// }
///
/// @NilAsNull
/// @JSONCodable
/// struct Row { var a: Int?; var b: Int? }    // {"a":null,"b":null}
/// ```
@attached(peer)
public macro NilAsNull() = #externalMacro(module: "PeregrineMacrosPlugin", type: "PropertyOptionMacro")
