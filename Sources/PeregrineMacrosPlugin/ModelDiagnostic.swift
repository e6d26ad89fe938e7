import SwiftDiagnostics

/// What `@JSONCodable` and `@Key` report about a declaration they cannot serve.
enum ModelDiagnostic: String, DiagnosticMessage {
    case notAStructOrClass
    case nonFinalClass
    case genericType
    case lazyProperty
    case propertyWrapper
    case patternBinding
    case missingType
    case keyNotLiteral
    case keyWithCodingKeys
    case keyOnSeveralProperties
    case keyNotOnStoredProperty
    case duplicateKey

    var message: String {
        switch self {
        case .notAStructOrClass: return "@JSONCodable applies to a struct, a final class or an enum"
        case .nonFinalClass: return "@JSONCodable applies to final classes only: mark the class 'final'"
        case .genericType: return "@JSONCodable does not support generic types yet"
        case .lazyProperty: return "@JSONCodable does not support lazy properties; make it a computed property or a stored one"
        case .propertyWrapper: return "@JSONCodable does not support property wrappers yet"
        case .patternBinding: return "@JSONCodable needs one name per property; declare the properties separately"
        case .missingType: return "@JSONCodable needs the type of a decoded property: add a type annotation"
        case .keyNotLiteral: return "@Key takes a string literal, such as @Key(\"user_id\")"
        case .keyWithCodingKeys: return "@Key cannot be used with a CodingKeys enum of your own: give the key in CodingKeys"
        case .keyOnSeveralProperties: return "@Key applies to one property: declare the properties separately"
        case .keyNotOnStoredProperty: return "@Key applies to a stored property of a @JSONCodable type"
        case .duplicateKey: return "two properties have the same JSON key"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "PeregrineMacros", id: rawValue) }

    var severity: DiagnosticSeverity { .error }
}
