import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// A stored property as the generated coders see it.
struct ModelProperty {
    /// The property's name as written (`` `default` `` keeps its backticks).
    let name: String
    /// The JSON key: `@Key`'s, the user's `CodingKeys` raw value, or the name.
    let key: String
    /// The declared type, when the property is decoded; `nil` for a `let`
    /// with an initial value, which `Decodable` leaves as it is.
    let decodedType: TypeSyntax?
}

/// The declaration `@JSONCodable` is attached to, read for what the
/// generated code needs, with every problem diagnosed on the way.
struct ModelDeclaration {
    let isClass: Bool
    /// `public` or `package` when the type is, for the protocol witnesses.
    let access: String?
    /// The coded properties, in declaration order.
    let properties: [ModelProperty]
    /// Whether the type declares its own `CodingKeys` (then used as they are).
    let hasOwnCodingKeys: Bool
    /// Whether the type declares its own `init(from:)`: then it keeps its
    /// `Decodable` path and gets no generated decoder.
    let hasOwnDecoder: Bool
    /// Whether the type declares its own `encode(to:)`.
    let hasOwnEncoder: Bool
    /// Whether a class would lose its implicit `init()` to the generated
    /// initializer (it has no initializer and every property has a value).
    let needsEmptyInitializer: Bool

    /// Reads `declaration`; `nil` (with the reasons diagnosed, when
    /// `diagnose` is set) when no code can be generated for it.
    static func read(_ declaration: some DeclGroupSyntax, diagnose: Bool, in context: some MacroExpansionContext) -> ModelDeclaration? {
        func report(_ node: some SyntaxProtocol, _ message: ModelDiagnostic) {
            if diagnose { context.diagnose(Diagnostic(node: node, message: message)) }
        }
        let isClass: Bool
        let modifiers: DeclModifierListSyntax
        if let structure = declaration.as(StructDeclSyntax.self) {
            isClass = false
            modifiers = structure.modifiers
            if let generics = structure.genericParameterClause {
                report(generics, .genericType)
                return nil
            }
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            isClass = true
            modifiers = type.modifiers
            guard modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) else {
                report(type.classKeyword, .nonFinalClass)
                return nil
            }
            if let generics = type.genericParameterClause {
                report(generics, .genericType)
                return nil
            }
        } else {
            report(declaration.introducer, .notAStructOrClass)
            return nil
        }
        let access = modifiers.lazy.compactMap { modifier -> String? in
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public"
            case .keyword(.package): return "package"
            default: return nil
            }
        }.first

        let members = declaration.memberBlock.members.map(\.decl)
        let ownKeys = members.lazy.compactMap { $0.as(EnumDeclSyntax.self) }.first { $0.name.text == "CodingKeys" }
        let keyNames = ownKeys.map(Self.caseKeys)
        var valid = true
        var properties: [ModelProperty] = []
        var allHaveValues = true
        for variable in members.compactMap({ $0.as(VariableDeclSyntax.self) }) where !variable.isStatic {
            let keyAttribute = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.isKeyAttribute }
            let stored = variable.bindings.filter(\.isStored)
            guard !stored.isEmpty else { continue }
            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                report(variable.bindingSpecifier, .lazyProperty)
                valid = false
                continue
            }
            if let wrapper = variable.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: \.isPropertyWrapper) {
                report(wrapper, .propertyWrapper)
                valid = false
                continue
            }
            var customKey: String?
            if let keyAttribute {
                if ownKeys != nil {
                    report(keyAttribute, .keyWithCodingKeys)
                    valid = false
                } else if stored.count > 1 {
                    report(keyAttribute, .keyOnSeveralProperties)
                    valid = false
                } else if let key = keyAttribute.keyLiteral {
                    customKey = key
                } else {
                    if case .argumentList(let arguments) = keyAttribute.arguments, let first = arguments.first {
                        report(first.expression, .keyNotLiteral)
                    } else {
                        report(keyAttribute, .keyNotLiteral)
                    }
                    valid = false
                }
            }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() where binding.isStored {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    report(binding.pattern, .patternBinding)
                    valid = false
                    continue
                }
                let name = pattern.identifier.text
                let plainName = name.trimmingBackticks
                // An optional `var` with no value starts as `nil`.
                let optional = binding.typeAnnotation.map { $0.type.is(OptionalTypeSyntax.self) || $0.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) } ?? false
                if binding.initializer == nil, isLet || !optional { allHaveValues = false }
                let key: String
                if let keyNames {
                    guard let listed = keyNames.first(where: { $0.name == plainName }) else { continue }
                    key = listed.key
                } else {
                    key = customKey ?? plainName
                }
                var decodedType: TypeSyntax?
                if !(isLet && binding.initializer != nil) {
                    let declared =
                        binding.typeAnnotation?.type
                        ?? (binding.initializer == nil ? bindings[(position + 1)...].lazy.compactMap(\.typeAnnotation?.type).first : nil)
                    guard let declared else {
                        report(binding.pattern, .missingType)
                        valid = false
                        continue
                    }
                    decodedType = declared.trimmed
                }
                if properties.contains(where: { $0.key == key }) {
                    report(keyAttribute.map(Syntax.init) ?? Syntax(binding.pattern), .duplicateKey)
                    valid = false
                    continue
                }
                properties.append(ModelProperty(name: name, key: key, decodedType: decodedType))
            }
        }
        guard valid else { return nil }
        let initializers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
        return ModelDeclaration(
            isClass: isClass,
            access: access,
            properties: properties,
            hasOwnCodingKeys: ownKeys != nil,
            hasOwnDecoder: initializers.contains { $0.isDecodableInitializer },
            hasOwnEncoder: members.contains { $0.as(FunctionDeclSyntax.self)?.isEncodeMethod == true },
            needsEmptyInitializer: isClass && initializers.isEmpty && allHaveValues
        )
    }

    /// The cases of a user's `CodingKeys` and their string values.
    private static func caseKeys(of keys: EnumDeclSyntax) -> [(name: String, key: String)] {
        keys.memberBlock.members.flatMap { member -> [(name: String, key: String)] in
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return cases.elements.map { element in
                let name = element.name.text.trimmingBackticks
                let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                return (name, raw ?? name)
            }
        }
    }
}

extension VariableDeclSyntax {
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}

extension PatternBindingSyntax {
    /// Whether the binding stores a value: no accessors, or only observers.
    var isStored: Bool {
        switch accessorBlock?.accessors {
        case nil: return true
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }
}

extension AttributeSyntax {
    var isKeyAttribute: Bool { attributeName.trimmedDescription == "Key" }

    /// A custom attribute on a property other than `@Key`: a property
    /// wrapper (built-in attributes are lower-case: `@available`, `@objc`).
    var isPropertyWrapper: Bool {
        guard !isKeyAttribute, let first = attributeName.trimmedDescription.first else { return false }
        return first.isUppercase
    }

    /// `@Key`'s name, when its one argument is a plain string literal.
    var keyLiteral: String? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1,
            let first = arguments.first, first.label == nil,
            let literal = first.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return literal.representedLiteralValue
    }
}

extension InitializerDeclSyntax {
    /// `init(from decoder: …)`.
    var isDecodableInitializer: Bool {
        let parameters = signature.parameterClause.parameters
        return parameters.count == 1 && parameters.first?.firstName.text == "from"
            && parameters.first?.type.trimmedDescription.hasSuffix("Decoder") == true
    }
}

extension FunctionDeclSyntax {
    /// `func encode(to encoder: …)`.
    var isEncodeMethod: Bool {
        let parameters = signature.parameterClause.parameters
        return name.text == "encode" && parameters.count == 1 && parameters.first?.firstName.text == "to"
            && parameters.first?.type.trimmedDescription.hasSuffix("Encoder") == true
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
