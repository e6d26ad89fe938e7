import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@JSONCodable`: generated coders for a struct, class or enum
/// (an enum is read by ``EnumDeclaration`` and written by ``GeneratedEnumCode``).
///
/// When a property uses an option synthesis cannot express (a key path, a
/// default), the macro writes `init(from:)` and `encode(to:)` too, reading
/// and writing as the generated coders do.
///
/// As members: the `CodingKeys` that `Codable` synthesis and the generated
/// code share (unless the type has its own), and for a class the generated
/// initializer (a class's designated initializers live in its body), for a
/// class that is not final `required`, with the encoding methods, which
/// its subclasses override (a method in an extension cannot be). As an
/// extension: `Codable` (synthesised by the compiler, so Foundation's coders
/// see the same keys), ``DirectDecodable`` and ``DirectEncodable``
/// with their code, and the table of key bytes.
///
/// A generic model (or enum) conforms where the generic parameters its coded
/// properties name are `Decodable` (for decoding) and `Encodable` (for
/// encoding), in two extensions; its key tables live in an enum beside it
/// (the peer role), since a generic type cannot hold static stored properties.
enum JSONCodableMacro: MemberMacro, ExtensionMacro, PeerMacro {
    static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            return EnumDeclaration.read(enumeration, diagnose: true, in: context).map { GeneratedEnumCode(model: $0).memberDeclarations } ?? []
        }
        guard let model = ModelDeclaration.read(declaration, diagnose: true, in: context) else { return [] }
        if let problem = InheritsDiagnostic.problem(of: declaration, model, lacking: protocols) {
            let attribute = declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first { $0.name == "Inherits" }
            context.diagnose(Diagnostic(node: attribute.map(Syntax.init) ?? Syntax(node), message: problem))
            return []
        }
        let code = GeneratedCode(model: model)
        var members: [DeclSyntax] = []
        if !model.hasOwnCodingKeys { members.append(code.codingKeys) }
        if model.isClass, !model.hasOwnDecoder {
            members.append(code.decodingInitializer)
            if model.writesCodable { members.append("\(raw: code.codableInitializer)") }
            if model.needsEmptyInitializer { members.append(code.emptyInitializer) }
        }
        if model.isOpenClass || model.inherits, !model.hasOwnDecoder {
            // A static member is final: a subclass overrides this one with its own tables.
            members.append("\(raw: code.claimedMemberKeys)")
            if let shared = code.claimedMemberKeysOfSharedObject { members.append("\(raw: shared)") }
        }
        if let check = code.superclassCheck { members.append(check) }
        if model.isOpenClass || model.inherits, !model.hasOwnEncoder {
            // Methods in an extension cannot be overridden: a subclass's coders replace these.
            members += code.encodingMembers.map { "\(raw: $0)" }
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
        guard let model = ModelDeclaration.read(declaration, diagnose: false, in: context),
            InheritsDiagnostic.problem(of: declaration, model, lacking: protocols) == nil
        else { return [] }
        let code = GeneratedCode(model: model)
        let wanted = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        var decoding = (conformances: [String](), members: [String]())
        var encoding = (conformances: [String](), members: [String]())
        if wanted.contains("Decodable") { decoding.conformances.append("Decodable") }
        if wanted.contains("Encodable") { encoding.conformances.append("Encodable") }
        // A subclass's tables are in its storage, named directly; it inherits the entry points.
        let keys = (!model.hasOwnDecoder || !model.hasOwnEncoder) && !model.inherits ? [code.keyTable] : []
        if !model.hasOwnDecoder {
            if wanted.contains("DirectDecodable") { decoding.conformances.append("Peregrine.DirectDecodable") }
            if !model.isClass {
                decoding.members.append(code.decodingInitializer.description)
                if model.writesCodable { decoding.members.append(code.codableInitializer) }
            }
            if !model.inherits {
                decoding.members.append(code.jsonDecodingEntry)
                decoding.members.append(code.binaryDecodingEntry)
            }
            if !model.isOpenClass, !model.inherits { decoding.members.append(code.claimedMemberKeys) }
        }
        if !model.hasOwnEncoder {
            if wanted.contains("DirectEncodable") { encoding.conformances.append("Peregrine.DirectEncodable") }
            if !model.isOpenClass, !model.inherits { encoding.members += code.encodingMembers }
        }
        func extensionDecl(_ conformances: [String], _ members: [String], requirements: String = "") throws -> [ExtensionDeclSyntax] {
            guard !conformances.isEmpty || !members.isEmpty else { return [] }
            let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
            let body = members.joined(separator: "\n\n")
            return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: inheritance)\(raw: requirements) {\n\(raw: body)\n}")]
        }
        guard !model.genericParameters.isEmpty else {
            let all = decoding.conformances + encoding.conformances
            let conformances = all.filter { !$0.hasPrefix("Peregrine.") } + all.filter { $0.hasPrefix("Peregrine.") }
            return try extensionDecl(conformances, keys + decoding.members + encoding.members)
        }
        // Conditional conformances: decoding where the decoded parameters
        // are `Decodable`, encoding where the coded ones are `Encodable`.
        return try extensionDecl([], keys)
            + extensionDecl(decoding.conformances, decoding.members, requirements: code.requirements("Decodable", decodedOnly: true))
            + extensionDecl(encoding.conformances, encoding.members, requirements: code.requirements("Encodable", decodedOnly: false))
    }

    /// A generic model's key tables (``GeneratedCode/keyStorageDeclaration``); nothing for other types.
    static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        // The member role has diagnosed what is wrong.
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            return EnumDeclaration.read(enumeration, diagnose: false, in: context).flatMap { GeneratedEnumCode(model: $0).keyStorageDeclaration }.map { [$0] } ?? []
        }
        guard let group = declaration.asProtocol(DeclGroupSyntax.self),
            let model = ModelDeclaration.read(group, diagnose: false, in: context), !model.hasOwnDecoder || !model.hasOwnEncoder
        else { return [] }
        return GeneratedCode(model: model).keyStorageDeclaration.map { [$0] } ?? []
    }
}
