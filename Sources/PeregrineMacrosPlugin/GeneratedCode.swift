import SwiftSyntax
import SwiftSyntaxBuilder

/// The code `@JSONCodable` writes for a model, as text. Field `n` is the
/// model's `n`th coded property: its slot in the member lookup, its name
/// in the key table and its member when encoding.
struct GeneratedCode {
    let model: ModelDeclaration

    /// `public ` or `package ` for the protocol witnesses of a type that is.
    private var access: String { model.access.map { "\($0) " } ?? "" }

    /// `CodingKeys` as `Codable` synthesis would make them, with `@Key`'s names.
    var codingKeys: DeclSyntax {
        guard !model.properties.isEmpty else { return "enum CodingKeys: CodingKey {}" }
        let cases = model.properties.map { property in
            property.key == property.name.trimmingBackticks
                ? "    case \(property.name)" : "    case \(property.name) = \(Self.literal(property.key))"
        }
        return "enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}"
    }

    /// The key bytes, one table per model.
    var keyTable: String {
        let names = model.properties.map { Self.literal($0.key) }.joined(separator: ", ")
        return "private static let generatedKeys = Peregrine.GeneratedKeys([\(names)])"
    }

    /// `init(generatedFrom:at:)`: the members found by their key bytes in
    /// one pass, then each property decoded in declaration order (so the
    /// first error is the one synthesised `init(from:)` would throw).
    var decodingInitializer: DeclSyntax {
        let count = model.properties.count
        var lines: [String] = []
        switch count {
        case 0:
            lines.append("// No members: synthesised `init(from:)` reads nothing either, whatever the value.")
        default:
            let slots = count == 1 ? "-1" : "(" + Array(repeating: "-1", count: count).joined(separator: ", ") + ")"
            lines.append("var members = \(slots)")
            lines.append("let object = try Swift.withUnsafeMutableBytes(of: &members) {")
            lines.append("    try source.members(of: index, keys: Self.generatedKeys, into: $0)")
            lines.append("}")
        }
        for (field, property) in model.properties.enumerated() {
            guard let type = property.decodedType else { continue }
            let slot = count == 1 ? "members" : "members.\(field)"
            lines.append(
                "self.\(property.name) = try source.decode(\(Self.spelling(of: type)).self, member: \(slot), key: CodingKeys.\(property.name), in: object)"
            )
        }
        return """
            \(raw: access)init<PeregrineSource: Peregrine.GeneratedDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
            \(raw: Self.indented(lines))
            }
            """
    }

    /// A final class's `init()`, which the generated initializer would otherwise hide.
    var emptyInitializer: DeclSyntax { "\(raw: access)init() {}" }

    /// The JSON entry point, so the compiler specialises the decoder for the JSON tape.
    var jsonDecodingEntry: String {
        """
        \(access)static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
            try Self(generatedFrom: source, at: index)
        }
        """
    }

    /// The binary entry point, so the compiler specialises the decoder for the binary tape.
    var binaryDecodingEntry: String {
        """
        \(access)static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
            try Self(generatedFrom: source, at: index)
        }
        """
    }

    /// `encode(generatedTo:)`: each member in declaration order (optionals
    /// left out when `nil`, as synthesised `encode(to:)` does).
    var encodingMethod: String {
        var lines = ["let object = sink.beginObject(keys: Self.generatedKeys)"]
        for (field, property) in model.properties.enumerated() {
            lines.append("try sink.encode(self.\(property.name), member: \(field), key: CodingKeys.\(property.name), in: object)")
        }
        lines.append("sink.end(object)")
        return """
            \(access)func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
            \(Self.indented(lines))
            }
            """
    }

    /// The JSON entry point of encoding.
    var jsonEncodingEntry: String {
        """
        \(access)func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
            try encode(generatedTo: output)
        }
        """
    }

    /// The binary entry point of encoding.
    var binaryEncodingEntry: String {
        """
        \(access)func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
            try encode(generatedTo: output)
        }
        """
    }

    static func indented(_ lines: [String]) -> String {
        lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }

    /// `type` as an expression can name it before `.self`: `T!` becomes
    /// `T?`, and types that are not plain names are parenthesised (`(any P)`).
    static func spelling(of type: TypeSyntax) -> String {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return spelling(of: TypeSyntax(OptionalTypeSyntax(wrappedType: unwrapped.wrappedType.trimmed)))
        }
        let plain =
            type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) || type.is(ArrayTypeSyntax.self)
            || type.is(DictionaryTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
        return plain ? type.trimmedDescription : "(\(type.trimmedDescription))"
    }
}
