import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A value of an enum case as the generated coders see it.
struct EnumCaseValue {
    /// Its JSON key: the label, or `_0`, `_1`… by position for an unlabeled
    /// value (the keys `Codable` synthesis gives them).
    let key: String
    /// Whether it has a label.
    let isLabeled: Bool
    /// The name it is bound to in the generated code: the label as written,
    /// or the positional key.
    let binding: String
    let type: TypeSyntax
    /// The enum's generic parameters the type names: such a value is sent
    /// to the generated coder or the `Codable` one when it is coded.
    let genericParameters: Set<String>

    var isGeneric: Bool { !genericParameters.isEmpty }

    /// The label written as an argument label in the generated code:
    /// keywords need no backticks there (`.default(for: x)`), except
    /// `inout`, `var` and `let`; backticks elsewhere would warn in every build.
    var argumentLabel: String {
        let bare = binding.trimmingBackticks
        return ["inout", "var", "let"].contains(bare) ? binding : bare
    }

    /// Whether the type is written as an optional (`T?`, `T!`, `Optional<T>`),
    /// which synthesis codes with `decodeIfPresent` and `encodeIfPresent`.
    var isOptional: Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }
}

/// A case of an enum as the generated coders see it.
struct EnumCaseModel {
    /// The case's name as written (`` `default` `` keeps its backticks).
    let name: String
    /// Its tag: the key of its member (external shape) or the discriminator's
    /// value, as the enum's table holds it (an integer or Boolean as written).
    let tag: String
    /// Other tags it is read from (`@Key("a", "b")`), after ``tag``.
    let alternatives: [String]
    let values: [EnumCaseValue]

    /// The keys of its values, named as `Codable` synthesis names them
    /// (`CircleCodingKeys`), in the generated code's namespace: synthesis
    /// makes its own (the generated ones have the same names and values),
    /// and a member macro cannot add types named after each case.
    var keysName: String {
        let plain = name.trimmingBackticks
        return plain.prefix(1).uppercased() + plain.dropFirst() + "CodingKeys"
    }

    /// ``keysName`` qualified.
    var keysType: String { "GeneratedCaseKeys." + keysName }

    /// A case whose one unlabeled value is a model, coded in place of the case's
    /// own object (beside the tag, or as the content).
    var hasSingleUnlabeledValue: Bool { values.count == 1 && !values[0].isLabeled }
}

/// How an enum with values is laid out in JSON.
enum EnumShape: Equatable {
    /// `{"circle":{"radius":1}}`: `Codable` synthesis's shape.
    case external
    /// `{"type":"circle","radius":1}`: `@Discriminator("type")`; with a
    /// path (`@Discriminator("meta.type")`), `tag` is its first name, the
    /// member of the enum's object holding the nested objects down to the
    /// tag (``EnumDeclaration/tagPath``).
    case `internal`(tag: String)
    /// `{"type":"circle","value":{"radius":1}}`: `@Discriminator("type", content: "value")`.
    case adjacent(tag: String, content: String)
    /// `{"radius":1}`, `"hello"`, `null`: `@Untagged`, each case tried in order.
    case untagged
}

/// The enum `@JSONCodable` is attached to, read for what the generated code
/// needs, with every problem diagnosed on the way.
struct EnumDeclaration {
    /// `public` or `package` when the enum is, for the protocol witnesses.
    let access: String?
    /// The enum's name, for the storage of a generic enum's key tables.
    let name: String
    /// The names of its generic parameters, in order (none for most enums).
    let genericParameters: [String]
    /// The raw type of an enum with raw values (`String`, `Int`…): then it is
    /// coded as its raw value, as the standard library codes it.
    let rawType: String?
    let shape: EnumShape
    /// The names below the internal shape's first one when its tag sits at
    /// a path (`["type"]` for `@Discriminator("meta.type")`, the last being
    /// the tag's key); empty for a tag in the enum's object.
    let tagPath: [String]
    let cases: [EnumCaseModel]
    /// The position of the `@Defaulted` case, decoded for a raw value or
    /// tag no case has.
    let defaultCase: Int?
    /// What the cases' tags are: strings, or under a `@Discriminator`
    /// integers or Booleans (`@Key(1)`, `@Key(true)`).
    let tagKind: TagKind
    /// Whether a case with one unlabeled value has that value as its
    /// member's value (`@UnwrapSingleValues`, external shape): `{"text":"hi"}`.
    let unwrapsSingleValues: Bool
    /// Whether the enum or one of its cases is `indirect`: then a value
    /// may hold another of the enum with nothing between them.
    let isIndirect: Bool

    /// The raw types the standard library's `RawRepresentable` coders serve.
    static let rawTypes: Set<String> = [
        "String", "Bool", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// Reads `declaration`; `nil` (with the reasons diagnosed, when
    /// `diagnose` is set) when no code can be generated for it.
    static func read(_ declaration: EnumDeclSyntax, diagnose: Bool, in context: some MacroExpansionContext) -> EnumDeclaration? {
        var valid = true
        func report(_ node: some SyntaxProtocol, _ message: EnumDiagnostic) {
            if diagnose { context.diagnose(Diagnostic(node: node, message: message)) }
            valid = false
        }
        var genericParameters: [String] = []
        for parameter in declaration.genericParameterClause?.parameters ?? [] {
            // A pack (`each T`) or a value (`let n: Int`) has no single type to code.
            if parameter.specifier != nil { report(parameter, .genericParameterKind) }
            genericParameters.append(parameter.name.text)
        }
        let access = declaration.modifiers.lazy.compactMap { modifier -> String? in
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public"
            case .keyword(.package): return "package"
            default: return nil
            }
        }.first
        let firstInherited = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        let rawType = firstInherited.flatMap { rawTypes.contains($0.hasPrefix("Swift.") ? String($0.dropFirst(6)) : $0) ? $0 : nil }

        let members = declaration.memberBlock.members.map(\.decl)
        if let keys = members.lazy.compactMap({ $0.as(EnumDeclSyntax.self) }).first(where: { $0.name.text == "CodingKeys" }) {
            report(keys.name, .ownCodingKeys)
        }
        for initializer in members.compactMap({ $0.as(InitializerDeclSyntax.self) }) where initializer.isDecodableInitializer {
            report(initializer.initKeyword, .ownCoder)
        }
        for function in members.compactMap({ $0.as(FunctionDeclSyntax.self) }) where function.isEncodeMethod {
            report(function.name, .ownCoder)
        }

        let (shape, tagPath) = readShape(declaration, report: report)
        if rawType != nil, let attribute = declaration.discriminatorAttribute ?? declaration.shapeAttribute("Untagged") {
            report(attribute, .discriminatorOnRawValues)
        }
        let unwrapping = declaration.shapeAttribute("UnwrapSingleValues")
        if let unwrapping, rawType != nil || shape != .external { report(unwrapping, .unwrappingShape) }
        var tagKind: TagKind?
        // The cases whose tag is their name (no `@Key` tags): an error when the others have integer or Boolean tags.
        var namedCases: [TokenSyntax] = []
        var typeNaming: KeyNaming?
        if let attribute = declaration.attributes.jsonCodableAttribute, attribute.hasArguments {
            if let naming = attribute.typeKeyNaming, rawType == nil {
                typeNaming = naming
            } else {
                report(attribute, rawType == nil ? .keyNamingArgument : .keyNamingOnRawValues)
            }
        }
        var defaultCase: Int?

        var cases: [EnumCaseModel] = []
        let caseDecls = members.compactMap { $0.as(EnumCaseDeclSyntax.self) }
        for caseDecl in caseDecls {
            let keyAttribute = caseDecl.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.name == "Key" }
            var customTags: CaseTags?
            var caseNaming = typeNaming
            if let keyAttribute {
                if rawType != nil {
                    report(keyAttribute, .keyOnRawValueCase)
                } else if shape == .untagged {
                    report(keyAttribute, .untaggedCaseTag)
                } else if caseDecl.elements.count > 1 {
                    report(keyAttribute, .keyOnSeveralCases)
                } else if let naming = keyAttribute.keyNaming {
                    caseNaming = naming
                } else if let tags = keyAttribute.caseTags {  // a tag is a name, never a path
                    if tags.kind != .string, shape == .external {
                        report(keyAttribute, .caseTagKindNeedsDiscriminator)
                    } else if let kind = tagKind, kind != tags.kind {
                        report(keyAttribute, .caseTagKindsDiffer)
                    } else {
                        tagKind = tags.kind
                        customTags = tags
                    }
                } else {
                    report(keyAttribute, .keyNotLiteral)
                }
            }
            // `@Defaulted(value)` on a case is misplaced (its own macro says so).
            if let attribute = caseDecl.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) }).first(where: { $0.name == "Defaulted" && !$0.hasArguments }) {
                let problem: EnumDiagnostic? =
                    rawType == nil && (shape == .external || shape == .untagged) ? .defaultCaseShape
                    : caseDecl.elements.count > 1 ? .defaultOnSeveralCases
                    : caseDecl.elements.contains(where: { $0.parameterClause != nil }) ? .defaultCaseWithValues
                    : defaultCase != nil ? .twoDefaultCases : nil
                if let problem {
                    report(attribute, problem)
                } else {
                    defaultCase = cases.count
                }
            }
            for element in caseDecl.elements {
                let name = element.name.text
                let tag = customTags?.names[0] ?? caseNaming?.key(for: name) ?? name.trimmingBackticks
                if customTags == nil, keyAttribute == nil || keyAttribute?.keyNaming != nil { namedCases.append(element.name) }
                var values: [EnumCaseValue] = []
                for (position, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                    let key = label?.trimmingBackticks ?? "_\(position)"
                    if values.contains(where: { $0.key == key }) {
                        report(parameter, .duplicateValueKey(case: name.trimmingBackticks, key: key))
                    }
                    values.append(
                        EnumCaseValue(
                            key: key, isLabeled: label != nil, binding: label ?? key, type: parameter.type.trimmed,
                            genericParameters: parameter.type.names(of: genericParameters)))
                }
                let alternatives = Array(customTags?.names.dropFirst() ?? [])
                let names = [tag] + alternatives
                for (position, name) in names.enumerated()
                where names[..<position].contains(name) || cases.contains(where: { $0.tag == name || $0.alternatives.contains(name) }) {
                    report(keyAttribute.map(Syntax.init) ?? Syntax(element.name), .duplicateTag(name))
                }
                if unwrapping != nil, values.count == 1, !values[0].isLabeled, values[0].isOptional {
                    report(element, .unwrappedOptional(case: name.trimmingBackticks))
                }
                if case .internal(let tagKey) = shape {
                    if values.contains(where: { !$0.isLabeled }),
                        values.count > 1 || values.contains(where: \.isLabeled) || !Self.mayBeModel(values[0].type)
                            || genericParameters.contains(values[0].type.trimmedDescription)  // a parameter may be anything
                    {
                        report(element, .unlabeledBesideTag(case: name.trimmingBackticks))
                    }
                    if let value = values.first(where: { $0.isLabeled && $0.key == tagKey }) {
                        report(element, .labelIsDiscriminator(case: name.trimmingBackticks, key: value.key))
                    }
                }
                cases.append(EnumCaseModel(name: name, tag: tag, alternatives: alternatives, values: values))
            }
        }
        if cases.isEmpty { report(declaration.name, .noCases) }
        if let kind = tagKind, kind != .string {
            for name in namedCases { report(name, .caseNeedsTag(case: name.text.trimmingBackticks, kind: kind.noun)) }
        }
        guard valid else { return nil }
        return EnumDeclaration(
            access: access, name: declaration.name.text, genericParameters: genericParameters, rawType: rawType, shape: shape, tagPath: tagPath,
            cases: cases,
            defaultCase: defaultCase, tagKind: tagKind ?? .string, unwrapsSingleValues: unwrapping != nil,
            isIndirect: ([declaration.modifiers] + caseDecls.map(\.modifiers)).contains { $0.contains { $0.name.tokenKind == .keyword(.indirect) } })
    }

    /// A generic enum's key tables live in an enum beside it, of this name
    /// (the macro's peer), as a generic model's do.
    var keyStorage: String? { genericParameters.isEmpty ? nil : "_PeregrineKeys_\(name)" }

    /// `where T: Decodable, …` for the generic parameters that case values
    /// name; "" when none is named.
    func requirements(_ protocol: String) -> String {
        let named = cases.flatMap(\.values).reduce(into: Set<String>()) { $0.formUnion($1.genericParameters) }
        let parameters = genericParameters.filter(named.contains)
        return parameters.isEmpty ? "" : " where " + parameters.map { "\($0): \(`protocol`)" }.joined(separator: ", ")
    }

    /// Types that are surely not a model, whose members could sit beside a
    /// tag: the standard library's and Foundation's values, collections,
    /// optionals, tuples, functions.
    static let valueTypes: Set<String> = rawTypes.union(["Character", "Substring", "Date", "Data", "URL", "UUID", "Decimal"])

    /// Whether `type` may be a `@JSONCodable` model (what the macro cannot see, it allows).
    private static func mayBeModel(_ type: TypeSyntax) -> Bool {
        if let named = type.as(IdentifierTypeSyntax.self) {
            return !valueTypes.contains(named.name.text) && named.name.text != "Optional" && named.name.text != "Array"
                && named.name.text != "Dictionary" && named.name.text != "Set"
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return !(["Swift", "Foundation"].contains(member.baseType.trimmedDescription) && valueTypes.contains(member.name.text))
        }
        return false
    }

    /// The shape `@Discriminator` asks for, or the external one, and the
    /// names of a tag's path below its first (``tagPath``).
    private static func readShape(_ declaration: EnumDeclSyntax, report: (AttributeSyntax, EnumDiagnostic) -> Void) -> (EnumShape, [String]) {
        if declaration.shapeAttribute("Untagged") != nil {
            if let other = declaration.discriminatorAttribute { report(other, .twoShapes) }
            return (.untagged, [])
        }
        guard let attribute = declaration.discriminatorAttribute else { return (.external, []) }
        guard let (tag, content, exactly) = attribute.discriminatorKeys else {
            report(attribute, .discriminatorArguments)
            return (.external, [])
        }
        // A tag's key with dots is a path of nested objects, as `@Key("a.b")`'s (but `exactly:`).
        let path = exactly ? [tag] : tag.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if path.contains(where: \.isEmpty) {
            report(attribute, .tagPathEmptyName)
            return (.external, [])
        }
        guard let content else { return (.internal(tag: path[0]), Array(path.dropFirst())) }
        if path.count > 1 { report(attribute, .tagPathWithContent) }
        if content == tag { report(attribute, .discriminatorKeysEqual) }
        return (.adjacent(tag: tag, content: content), [])
    }
}

extension EnumDeclSyntax {
    var discriminatorAttribute: AttributeSyntax? { shapeAttribute("Discriminator") }

    /// The attribute `@name` (`@Untagged`, `@UnwrapSingleValues`, `@Discriminator`) on the enum.
    func shapeAttribute(_ name: String) -> AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.attributeName.trimmedDescription == name }
    }
}

extension AttributeSyntax {
    /// `@Discriminator("type")`'s and `@Discriminator("type", content: "value")`'s
    /// keys, when written as plain string literals, and whether the tag's
    /// is labelled `exactly:` (a name with dots, not a path).
    var discriminatorKeys: (tag: String, content: String?, exactly: Bool)? {
        guard case .argumentList(let arguments) = self.arguments, let first = arguments.first,
            first.label == nil || first.label?.text == "exactly",
            let tag = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        else { return nil }
        let exactly = first.label != nil
        switch arguments.count {
        case 1: return (tag, nil, exactly)
        case 2:
            guard let second = arguments.last, second.label?.text == "content",
                let content = second.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            else { return nil }
            return (tag, content, exactly)
        default: return nil
        }
    }
}
