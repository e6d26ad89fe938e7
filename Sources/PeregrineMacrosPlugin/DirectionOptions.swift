import SwiftSyntax

/// The options that code a property of a `@JSONCodable` type in one
/// direction: `@DecodedOnly` (read, never written), `@EncodedOnly`
/// (written, never read: it keeps its initial value), `@EncodedUnless(_:)`
/// (left out of the output when the condition holds) and `@NilAsNull`
/// (`nil` written as `null` rather than left out; also on the type, for
/// all its optional properties).
struct DirectionOptions {
    var decodedOnly: AttributeSyntax?
    var encodedOnly: AttributeSyntax?
    var encodedUnless: AttributeSyntax?
    /// `@EncodedUnless`'s condition, a function of the property's value
    /// (a closure or a key path), as written.
    var condition: ExprSyntax?
    var nilAsNull: AttributeSyntax?

    /// The first of these options given, if any.
    var any: AttributeSyntax? { decodedOnly ?? encodedOnly ?? encodedUnless ?? nilAsNull }

    /// Adds `attribute`; `false` (with the problem reported) when it is
    /// given twice, conflicts with one already added or has the wrong arguments.
    mutating func add(_ attribute: AttributeSyntax, report: (Syntax, ModelDiagnostic) -> Void) -> Bool {
        let problem: ModelDiagnostic?
        switch attribute.name {
        case "DecodedOnly":
            problem = decodedOnly != nil ? .repeatedOption : encodedOnly != nil ? .twoDirections : encodedUnless ?? nilAsNull != nil ? .encodingOptionNotEncoded : nil
            decodedOnly = attribute
        case "EncodedOnly":
            problem = encodedOnly != nil ? .repeatedOption : decodedOnly != nil ? .twoDirections : nil
            encodedOnly = attribute
        case "EncodedUnless":
            if case .argumentList(let arguments) = attribute.arguments, arguments.count == 1, let first = arguments.first, first.label == nil {
                condition = first.expression.trimmed
                problem = encodedUnless != nil ? .repeatedOption : decodedOnly != nil ? .encodingOptionNotEncoded : nil
            } else {
                problem = .conditionArgument
            }
            encodedUnless = attribute
        default:
            problem = nilAsNull != nil ? .repeatedOption : decodedOnly != nil ? .encodingOptionNotEncoded : nil
            nilAsNull = attribute
        }
        if let problem { report(Syntax(attribute), problem) }
        return problem == nil
    }
}
