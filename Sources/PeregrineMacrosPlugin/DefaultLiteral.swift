import SwiftSyntax

/// A `@Defaulted` value written as a literal — a string, an integer, a
/// float, a Boolean, `nil` or an array of these — checked against the
/// property's declared type where that type is one the check knows
/// (the standard scalars, optionals, arrays and dictionaries of them), so
/// that a wrong default is reported on the attribute instead of inside the
/// generated code. Anything else is left to the compiler.
///
/// ```swift
/// @Defaulted("zero") var count: Int
/// // error: the default's type String is not the property's type Int
/// ```
indirect enum DefaultLiteral {
    case string, integer, float, boolean, nilLiteral
    /// An array literal and its elements.
    case array([DefaultLiteral])

    /// The literal `expression` is, or `nil` when it is not one (or holds one that is not).
    init?(_ expression: ExprSyntax) {
        if expression.is(StringLiteralExprSyntax.self) {
            self = .string
        } else if expression.is(IntegerLiteralExprSyntax.self) {
            self = .integer
        } else if expression.is(FloatLiteralExprSyntax.self) {
            self = .float
        } else if expression.is(BooleanLiteralExprSyntax.self) {
            self = .boolean
        } else if expression.is(NilLiteralExprSyntax.self) {
            self = .nilLiteral
        } else if let negative = expression.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-",
            let number = DefaultLiteral(negative.expression), number.isNumber
        {
            self = number
        } else if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [DefaultLiteral] = []
            for element in array.elements {
                guard let literal = DefaultLiteral(element.expression) else { return nil }
                elements.append(literal)
            }
            self = .array(elements)
        } else {
            return nil
        }
    }

    private var isNumber: Bool {
        switch self {
        case .integer, .float: return true
        default: return false
        }
    }

    /// Whether a literal of this kind can be a value of `type`; `nil` when
    /// the type is not one the check knows (a type of the user's, a
    /// typealias, `Date`, `Set`…), which may accept any literal.
    func fits(_ type: TypeSyntax) -> Bool? {
        if let wrapped = Self.wrappedOptional(type) {
            if case .nilLiteral = self { return true }
            return fits(wrapped)
        }
        if let element = Self.arrayElement(type) {
            guard case .array(let elements) = self else { return false }
            var known = true
            for element in elements.map({ $0.fits(element) }) {
                if element == false { return false }
                if element == nil { known = false }
            }
            return known ? true : nil
        }
        if type.is(DictionaryTypeSyntax.self) {
            // A dictionary takes `[:]` and `[key: value]`, none of these literals.
            return false
        }
        guard let accepted = Self.scalarTypes[Self.plainName(of: type)] else { return nil }
        switch self {
        case .string: return accepted.contains(.string)
        case .integer: return accepted.contains(.integer)
        case .float: return accepted.contains(.float)
        case .boolean: return accepted.contains(.boolean)
        case .nilLiteral, .array: return false
        }
    }

    /// The type a literal of this kind has when nothing else decides it
    /// (`String`, `Int`, `Double`, `Bool`, `[Int]`); `nil` for `nil`, an
    /// empty array, and an array whose elements have no such type in common.
    var naturalType: String? {
        switch self {
        case .string: return "String"
        case .integer: return "Int"
        case .float: return "Double"
        case .boolean: return "Bool"
        case .nilLiteral: return nil
        case .array(let elements):
            let types = Set(elements.map(\.naturalType))
            if types == ["Int", "Double"] { return "[Double]" }
            guard types.count == 1, let only = types.first, let element = only else { return nil }
            return "[\(element)]"
        }
    }

    /// The standard types this check knows, by name, and the literals each takes.
    private static let scalarTypes: [String: Set<Scalar>] = {
        var types: [String: Set<Scalar>] = ["String": [.string], "Substring": [.string], "Bool": [.boolean]]
        for integer in ["Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128"] {
            types[integer] = [.integer]
        }
        for float in ["Double", "Float", "Float16", "Float80", "CGFloat", "Decimal"] {
            types[float] = [.integer, .float]
        }
        return types
    }()

    /// The literals a scalar type takes.
    private enum Scalar {
        case string, integer, float, boolean
    }

    /// `Int` for `Int`, `Swift.Int` (and the Foundation types qualified by
    /// their module); `""` for a type that is no plain name.
    private static func plainName(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let module = member.baseType.as(IdentifierTypeSyntax.self)?.name.text, ["Swift", "Foundation", "CoreGraphics"].contains(module)
        {
            return member.name.text
        }
        return ""
    }

    /// `T` of `T?`, `T!` and `Optional<T>`.
    private static func wrappedOptional(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        return genericArgument(of: type, named: "Optional")
    }

    /// `T` of `[T]` and `Array<T>`.
    private static func arrayElement(_ type: TypeSyntax) -> TypeSyntax? {
        if let array = type.as(ArrayTypeSyntax.self) { return array.element }
        return genericArgument(of: type, named: "Array")
    }

    /// The one generic argument of `name<T>` (or `Swift.name<T>`).
    private static func genericArgument(of type: TypeSyntax, named name: String) -> TypeSyntax? {
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == name {
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), member.name.text == name,
            member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
        {
            clause = member.genericArgumentClause
        } else {
            return nil
        }
        guard let arguments = clause?.arguments, arguments.count == 1, let argument = arguments.first else { return nil }
        return argument.argument.as(TypeSyntax.self)
    }
}
