import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONCodable`: generated coders for a struct, final class or enum
/// (an enum is read by ``EnumDeclaration`` and written by ``GeneratedEnumCode``).
///
/// When a property uses an option synthesis cannot express (a key path, a
/// default), the macro writes `init(from:)` and `encode(to:)` too, reading
/// and writing as the generated coders do.
///
/// As members: the `CodingKeys` that `Codable` synthesis and the generated
/// code share (unless the type has its own), and for a class the generated
/// initializer (a class's designated initializers live in its body). As an
/// extension: `Codable` (synthesised by the compiler, so Foundation's coders
/// see the same keys), ``GeneratedDecodable`` and ``GeneratedEncodable``
/// with their code, and the table of key bytes.
enum JSONCodableMacro: MemberMacro, ExtensionMacro {
    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            return EnumDeclaration.read(enumeration, diagnose: true, in: context).map { GeneratedEnumCode(model: $0).memberDeclarations } ?? []
        }
        guard let model = ModelDeclaration.read(declaration, diagnose: true, in: context) else { return [] }
        let code = GeneratedCode(model: model)
        var members: [DeclSyntax] = []
        if !model.hasOwnCodingKeys { members.append(code.codingKeys) }
        if model.isClass, !model.hasOwnDecoder {
            members.append(code.decodingInitializer)
            if model.writesCodable { members.append("\(raw: code.codableInitializer)") }
            if model.needsEmptyInitializer { members.append(code.emptyInitializer) }
        }
        return members
    }

    static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            return try GeneratedEnumCode.extensions(of: enumeration, type: type, conformingTo: protocols, in: context)
        }
        // The member role has diagnosed what is wrong.
        guard let model = ModelDeclaration.read(declaration, diagnose: false, in: context) else { return [] }
        let code = GeneratedCode(model: model)
        let wanted = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        var conformances: [String] = []
        var members: [String] = []
        if wanted.contains("Decodable") { conformances.append("Decodable") }
        if wanted.contains("Encodable") { conformances.append("Encodable") }
        if !model.hasOwnDecoder || !model.hasOwnEncoder { members.append(code.keyTable) }
        if !model.hasOwnDecoder {
            if wanted.contains("GeneratedDecodable") { conformances.append("Peregrine.GeneratedDecodable") }
            if !model.isClass {
                members.append(code.decodingInitializer.description)
                if model.writesCodable { members.append(code.codableInitializer) }
            }
            members.append(code.jsonDecodingEntry)
            members.append(code.binaryDecodingEntry)
        }
        if !model.hasOwnEncoder {
            if wanted.contains("GeneratedEncodable") { conformances.append("Peregrine.GeneratedEncodable") }
            members.append(code.encodingMethod)
            members.append(code.jsonEncodingEntry)
            members.append(code.binaryEncodingEntry)
            if model.writesCodable { members.append(code.codableEncodingMethod) }
        }
        guard !conformances.isEmpty || !members.isEmpty else { return [] }
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let body = members.joined(separator: "\n\n")
        return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: inheritance) {\n\(raw: body)\n}")]
    }
}
