import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The code `@JSONCodable` writes for an enum, as text.
///
/// - An enum with raw values is coded as its raw value, as the standard
///   library's `RawRepresentable` coders code it (which stay its `Codable`).
/// - Otherwise, in the external shape (no `@Discriminator`), `Codable` is
///   synthesised by the compiler from the `CodingKeys` and per-case keys
///   written here, and the generated coders follow it: `{"circle":{"radius":1}}`.
/// - With `@Discriminator`, synthesis cannot express the shape, so
///   `init(from:)` and `encode(to:)` are written here too, reading and
///   writing what the generated coders do.
/// - A `@Defaulted` case is decoded for a raw value or tag no case has;
///   an enum with raw values then gets its `init(from:)` written here too.
///
/// Case `n` is the enum's `n`th case: its tag's position in the enum's
/// `generatedKeys`. A case's values are matched through the table in its
/// keys type (`GeneratedCaseKeys.CircleCodingKeys.generatedKeys`); beside a
/// tag (internal shape) that table starts with the tag's key, so value `n`
/// is field `n + 1`.
struct GeneratedEnumCode {
    let model: EnumDeclaration

    var access: String { model.access.map { "\($0) " } ?? "" }

    private var tagKey: String? {
        switch model.shape {
        case .external, .untagged: return nil
        case .internal(let tag), .adjacent(let tag, _): return tag
        }
    }

    /// Whether case `enumCase`'s one unlabeled value is coded in place of
    /// an object of values: beside the tag (a model's members), as the
    /// content, as the untagged value, or under `@UnwrapSingleValues` as
    /// the case's member.
    func isUnwrapped(_ enumCase: EnumCaseModel) -> Bool {
        enumCase.hasSingleUnlabeledValue && (model.shape != .external || model.unwrapsSingleValues)
    }

    /// Whether case `enumCase` has its own object of keyed values (rather
    /// than none, or one value coded in its place).
    func hasKeyedValues(_ enumCase: EnumCaseModel) -> Bool {
        !enumCase.values.isEmpty && !isUnwrapped(enumCase)
    }

    /// The names of the enum's tag table: each case's tag, in case order,
    /// then the other tags of the cases that have them.
    var tagNames: [String] { model.cases.map(\.tag) + model.cases.flatMap(\.alternatives) }

    /// The fields of case `position` in the tag table: its tag's, then its other tags'.
    func tagFields(ofCase position: Int) -> [Int] {
        let first = model.cases.count + model.cases[..<position].reduce(0) { $0 + $1.alternatives.count }
        return [position] + (0..<model.cases[position].alternatives.count).map { first + $0 }
    }

    /// `case 0, 4:` for case `position`, `default:` for the last one (the
    /// tag readers give only fields of the table).
    func switchLabel(ofCase position: Int) -> String {
        position == model.cases.count - 1 ? "default:" : "case \(tagFields(ofCase: position).map(String.init).joined(separator: ", ")):"
    }

    /// Case `enumCase`'s tag as a literal of the generated code: quoted for a string.
    func tagLiteral(_ enumCase: EnumCaseModel) -> String {
        model.tagKind == .string ? GeneratedCode.literal(enumCase.tag) : enumCase.tag
    }

    /// The first field of a case's values in its table.
    private var valueOffset: Int {
        if case .internal = model.shape { return 1 }
        return 0
    }

    // MARK: Key tables

    /// The tables of key bytes: the tags, the discriminator's keys, each
    /// keyed case's values; named as a generic enum's storage names them.
    private var keyTables: [(name: String, value: String)] {
        func table(_ names: [String]) -> String { "Peregrine.MemberKeys.permanent([\(names.map(GeneratedCode.literal).joined(separator: ", "))])" }
        guard model.rawType == nil else { return [] }
        var tables = model.shape == .untagged ? [] : [("generatedKeys", table(tagNames))]
        switch model.shape {
        case .external, .untagged: break
        case .internal(let tag):
            tables.append(("discriminatorKeys", table([tag])))
            for (level, name) in model.tagPath.enumerated() { tables.append(("discriminatorKeys\(level + 1)", table([name]))) }
        case .adjacent(let tag, let content): tables.append(("discriminatorKeys", table([tag, content])))
        }
        for enumCase in model.cases where hasKeyedValues(enumCase) {
            tables.append((enumCase.keysName, table((tagKey.map { valueOffset == 1 ? [$0] : [] } ?? []) + enumCase.values.map(\.key))))
        }
        return tables
    }

    /// `static let generatedKeys = …` for table `name`, or for a generic enum
    /// (which cannot hold static stored properties) a computed property
    /// reading it from ``keyStorageDeclaration``.
    private func keyTable(_ name: String, as member: String = "generatedKeys", modifier: String = "") -> String {
        guard let value = keyTables.first(where: { $0.name == name })?.value else { return "" }
        guard let storage = model.keyStorage else { return "\(modifier)static let \(member) = \(value)" }
        return "\(modifier)static var \(member): Peregrine.MemberKeys { \(storage).\(name) }"
    }

    /// A generic enum's key tables, in an enum beside it (the macro's peer).
    var keyStorageDeclaration: DeclSyntax? {
        guard let storage = model.keyStorage, !keyTables.isEmpty else { return nil }
        let tables = keyTables.map { "    static let \($0.name) = \($0.value)" }.joined(separator: "\n")
        return "fileprivate enum \(raw: storage) {\n\(raw: tables)\n}"
    }

    /// `source.decode(` or, for a value whose type names a generic parameter, `source.decode(generic: `.
    func decodeCall(_ value: EnumCaseValue) -> String { value.isGeneric ? "source.decode(generic: " : "source.decode(" }

    /// `sink.encode(` or, for a value whose type names a generic parameter, `sink.encode(generic: `.
    func encodeCall(_ value: EnumCaseValue) -> String { value.isGeneric ? "sink.encode(generic: " : "sink.encode(" }

    // MARK: Members

    /// The nested key types: `CodingKeys` (the cases, external shape),
    /// `DiscriminatorKeys` (the tag and content keys), and each case's keys
    /// with their table.
    var memberDeclarations: [DeclSyntax] {
        guard model.rawType == nil else { return [] }
        var declarations: [DeclSyntax] = []
        switch model.shape {
        case .external:
            var cases = model.cases.map { enumCase in
                enumCase.tag == enumCase.name.trimmingBackticks
                    ? "    case \(enumCase.name)" : "    case \(enumCase.name) = \(GeneratedCode.literal(enumCase.tag))"
            }
            for (position, enumCase) in model.cases.enumerated() {
                for (field, name) in zip(tagFields(ofCase: position).dropFirst(), enumCase.alternatives) {
                    cases.append("    case __tag\(field) = \(GeneratedCode.literal(name))")
                }
            }
            declarations.append("enum CodingKeys: String, CodingKey {\n\(raw: cases.joined(separator: "\n"))\n}")
        case .untagged:
            break
        case .internal(let tag):
            declarations.append(
                """
                enum DiscriminatorKeys: String, CodingKey {
                    case tag = \(raw: GeneratedCode.literal(tag))
                    \(raw: ([keyTable("discriminatorKeys")] + model.tagPath.indices.map { keyTable("discriminatorKeys\($0 + 1)", as: "nestedKeys\($0 + 1)") }).joined(separator: "\n"))
                }
                """)
        case .adjacent(let tag, let content):
            declarations.append(
                """
                enum DiscriminatorKeys: String, CodingKey {
                    case tag = \(raw: GeneratedCode.literal(tag))
                    case content = \(raw: GeneratedCode.literal(content))
                    \(raw: keyTable("discriminatorKeys"))
                }
                """)
        }
        let keyed = model.cases.filter(hasKeyedValues)
        if !keyed.isEmpty {
            let types = keyed.map { enumCase in
                let cases = enumCase.values.map { value in
                    value.binding.trimmingBackticks == value.key
                        ? "        case \(value.binding)" : "        case \(value.binding) = \(GeneratedCode.literal(value.key))"
                }
                let table = "        " + keyTable(enumCase.keysName)
                return "    enum \(enumCase.keysName): String, CodingKey {\n\(cases.joined(separator: "\n"))\n\(table)\n    }"
            }
            declarations.append("enum GeneratedCaseKeys {\n\(raw: types.joined(separator: "\n"))\n}")
        }
        return declarations
    }

    // MARK: Extension

    /// The extension `@JSONCodable` adds to the enum `declaration`: the
    /// conformances it lacks among `protocols`, with ``extensionMembers``.
    static func extensions(
        of declaration: EnumDeclSyntax, type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // The member role has diagnosed what is wrong.
        guard let model = EnumDeclaration.read(declaration, diagnose: false, in: context) else { return [] }
        let wanted = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        func conformances(_ names: [String]) -> [String] {
            names.filter(wanted.contains).map { $0.hasPrefix("Direct") ? "Peregrine.\($0)" : $0 }
        }
        func extensionDecl(_ conformances: [String], _ members: [String], requirements: String = "") throws -> [ExtensionDeclSyntax] {
            guard !conformances.isEmpty || !members.isEmpty else { return [] }
            let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
            let body = members.joined(separator: "\n\n")
            return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: inheritance)\(raw: requirements) {\n\(raw: body)\n}")]
        }
        let code = GeneratedEnumCode(model: model)
        let codableDecoding = code.writesCodable || model.defaultCase != nil ? [code.codableInitializer] : []
        let codableEncoding = code.writesCodable ? [code.codableEncodingMethod] : []
        guard !model.genericParameters.isEmpty else {
            let all = conformances(["Decodable", "Encodable", "DirectDecodable", "DirectEncodable"])
            return try extensionDecl(all, code.keyMembers + code.decodingMembers + code.encodingMembers + codableDecoding + codableEncoding)
        }
        // Conditional conformances, as for a generic struct.
        return try extensionDecl([], code.keyMembers)
            + extensionDecl(
                conformances(["Decodable", "DirectDecodable"]), code.decodingMembers + codableDecoding, requirements: model.requirements("Decodable"))
            + extensionDecl(
                conformances(["Encodable", "DirectEncodable"]), code.encodingMembers + codableEncoding, requirements: model.requirements("Encodable"))
    }

    /// Whether the extension carries `init(from:)` and `encode(to:)`: for the
    /// discriminator and untagged shapes, and for other tags or unwrapped
    /// values in the external shape, which synthesis cannot express.
    var writesCodable: Bool {
        model.rawType == nil && (model.shape != .external || model.unwrapsSingleValues || model.cases.contains { !$0.alternatives.isEmpty })
    }

    /// The tag table, as the enum's static member.
    var keyMembers: [String] {
        model.rawType == nil && model.shape != .untagged ? [keyTable("generatedKeys", modifier: "private ")] : []
    }

    /// The generated decoder with its JSON and binary entry points.
    var decodingMembers: [String] {
        var members: [String] = []
        members.append(decodingInitializer)
        members.append(
            """
            \(access)static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                try Self(generatedFrom: source, at: index)
            }

            \(access)static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                try Self(generatedFrom: source, at: index)
            }
            """)
        if model.isIndirect { members.append("\(access)static var mayHoldItself: Swift.Bool { true }") }
        return members
    }

    /// The generated encoder with its entry points.
    var encodingMembers: [String] {
        var members = [encodingMethod]
        members.append(
            """
            \(access)func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                try encode(generatedTo: output)
            }

            \(access)func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                try encode(generatedTo: output)
            }
            """)
        return members
    }

    /// `, fallback: n` when case `n` is the default case, for `decodeTag`.
    private var tagFallback: String { model.defaultCase.map { ", fallback: \($0)" } ?? "" }

    /// `source.decodeTag(` for string tags, `source.decodeTag(Swift.Int.self, ` for integer ones…
    private var decodeTagCall: String { model.tagKind == .string ? "source.decodeTag(" : "source.decodeTag(\(model.tagKind.type).self, " }

    /// `init(generatedFrom:at:)`.
    private var decodingInitializer: String {
        var lines: [String] = []
        if model.rawType != nil {
            let fallback = model.defaultCase.map { ", fallback: .\(model.cases[$0].name)" } ?? ""
            lines.append("self = try source.decode(rawValueOf: Self.self, at: index\(fallback))")
        } else {
            switch model.shape {
            case .external:
                lines.append("var cases = \(Self.slots(tagNames.count))")
                lines.append("let (field, payload) = try Swift.withUnsafeMutableBytes(of: &cases) {")
                lines.append("    try source.enumCase(of: Self.self, at: index, keys: Self.generatedKeys, into: $0)")
                lines.append("}")
                lines.append("switch field {")
            case .internal:
                lines.append("var discriminator = -1")
                lines.append("let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {")
                lines.append("    try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)")
                lines.append("}")
                lines += tagPathDecoding
                let depth = model.tagPath.count
                lines.append(
                    "switch try \(decodeTagCall)member: \(tagSlot(depth)), key: \(tagPathKey(depth)), in: \(tagObject(depth)), tags: Self.generatedKeys\(tagFallback)) {")
            case .adjacent:
                lines.append("var discriminator = (-1, -1)")
                lines.append("let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {")
                lines.append("    try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)")
                lines.append("}")
                lines.append(
                    "switch try \(decodeTagCall)member: discriminator.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys\(tagFallback)) {")
            case .untagged:
                lines += untaggedDecoding
            }
            if model.shape != .untagged {
                for (position, enumCase) in model.cases.enumerated() {
                    lines.append(switchLabel(ofCase: position))
                    lines += generatedDecoding(of: enumCase).map { "    " + $0 }
                }
                lines.append("}")
            }
        }
        return """
            \(access)init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    /// The generated decoding of one case, its object of values being
    /// `payload` (external), the tagged object (internal) or the content (adjacent).
    func generatedDecoding(of enumCase: EnumCaseModel) -> [String] {
        var lines: [String] = []
        let object: String
        switch model.shape {
        case .external:
            if isUnwrapped(enumCase) {
                let value = enumCase.values[0]
                let decode = "\(decodeCall(value))\(GeneratedCode.spelling(of: value.type)).self, member: payload, key: CodingKeys.\(enumCase.name), in: index)"
                return ["self = .\(enumCase.name)(try \(decode))"]
            }
            guard hasKeyedValues(enumCase) else { return ["try source.emptyPayload(at: payload)", "self = .\(enumCase.name)"] }
            object = "payload"
        case .internal:
            guard !enumCase.values.isEmpty else { return ["self = .\(enumCase.name)"] }
            if enumCase.hasSingleUnlabeledValue {
                return ["self = .\(enumCase.name)(try \(GeneratedCode.spelling(of: enumCase.values[0].type))(generatedFrom: source, at: index))"]
            }
            object = "index"
        case .untagged:
            object = "index"
        case .adjacent:
            guard !enumCase.values.isEmpty else { return ["self = .\(enumCase.name)"] }
            if enumCase.hasSingleUnlabeledValue {
                let type = GeneratedCode.spelling(of: enumCase.values[0].type)
                let decode = decodeCall(enumCase.values[0])
                return ["self = .\(enumCase.name)(try \(decode)\(type).self, member: discriminator.1, key: DiscriminatorKeys.content, in: object))"]
            }
            lines.append("guard discriminator.1 >= 0 else { throw source.keyNotFound(DiscriminatorKeys.content, in: object) }")
            object = "discriminator.1"
        }
        let count = enumCase.values.count + valueOffset
        lines.append("var members = \(Self.slots(count))")
        lines.append("let values = try Swift.withUnsafeMutableBytes(of: &members) {")
        lines.append("    try source.members(of: \(object), keys: \(enumCase.keysType).generatedKeys, into: $0)")
        lines.append("}")
        let arguments = enumCase.values.enumerated().map { position, value in
            let field = position + valueOffset
            let slot = count == 1 ? "members" : "members.\(field)"
            let decode =
                "try \(decodeCall(value))\(GeneratedCode.spelling(of: value.type)).self, member: \(slot), key: \(enumCase.keysType).\(value.binding), in: values)"
            return value.isLabeled ? "\(value.argumentLabel): \(decode)" : decode
        }
        lines.append("self = .\(enumCase.name)(\(arguments.joined(separator: ", ")))")
        return lines
    }

    /// `encode(generatedTo:)`.
    private var encodingMethod: String {
        var lines: [String] = []
        if model.rawType != nil {
            lines.append("try self.rawValue.encode(generatedTo: sink)")
        } else {
            if model.shape == .external { lines.append("let object = sink.beginObject(keys: Self.generatedKeys)") }
            lines.append("switch self {")
            for (field, enumCase) in model.cases.enumerated() {
                lines.append("case \(pattern(of: enumCase)):")
                lines += (model.shape == .untagged ? untaggedEncoding(of: enumCase) : generatedEncoding(of: enumCase, field: field)).map { "    " + $0 }
            }
            lines.append("}")
            if model.shape == .external { lines.append("sink.end(object)") }
        }
        return """
            \(access)func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    /// `.circle(radius: let radius)`: the case with its values bound.
    func pattern(of enumCase: EnumCaseModel) -> String {
        guard !enumCase.values.isEmpty else { return ".\(enumCase.name)" }
        let bindings = enumCase.values.map { $0.isLabeled ? "\($0.argumentLabel): let \($0.binding)" : "let \($0.binding)" }
        return ".\(enumCase.name)(\(bindings.joined(separator: ", ")))"
    }

    /// The generated encoding of one case (bound by ``pattern(of:)``).
    private func generatedEncoding(of enumCase: EnumCaseModel, field: Int) -> [String] {
        let tag = tagLiteral(enumCase)
        switch model.shape {
        case .external, .untagged:
            let key = "CodingKeys.\(enumCase.name)"
            if isUnwrapped(enumCase) {
                return ["try \(encodeCall(enumCase.values[0]))\(enumCase.values[0].binding), member: \(field), key: \(key), in: object)"]
            }
            return nestedValues(of: enumCase, member: field, key: key, tracksPath: hasKeyedValues(enumCase))
        case .internal:
            let keys = hasKeyedValues(enumCase) ? "\(enumCase.keysType).generatedKeys" : "DiscriminatorKeys.generatedKeys"
            var lines = ["let object = sink.beginObject(keys: \(keys))"] + tagPathEncoding(tag, level: 1)
            if enumCase.hasSingleUnlabeledValue {
                lines.append("try \(enumCase.values[0].binding).encode(generatedTo: Peregrine.MergingSink(sink, into: object))")
            } else {
                for (position, value) in enumCase.values.enumerated() {
                    lines.append(
                        "try \(encodeCall(value))\(value.binding), member: \(position + 1), key: \(enumCase.keysType).\(value.binding), in: object)")
                }
            }
            lines.append("sink.end(object)")
            return lines
        case .adjacent:
            var lines = [
                "let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)",
                "try sink.encode(\(tag), member: 0, key: DiscriminatorKeys.tag, in: object)",
            ]
            if enumCase.hasSingleUnlabeledValue {
                lines.append("try \(encodeCall(enumCase.values[0]))\(enumCase.values[0].binding), member: 1, key: DiscriminatorKeys.content, in: object)")
            } else if !enumCase.values.isEmpty {
                lines += nestedValues(of: enumCase, member: 1, key: "DiscriminatorKeys.content", tracksPath: true)
            }
            lines.append("sink.end(object)")
            return lines
        }
    }

    /// A case's values as an object of their own, member `member` of `object`
    /// named by `key`; through the `Encodable` path when the sink cannot take it directly.
    private func nestedValues(of enumCase: EnumCaseModel, member: Int, key: String, tracksPath: Bool) -> [String] {
        var lines = ["if sink.beginMember(\(member), key: \(key), in: object, tracksPath: \(tracksPath)) {"]
        if enumCase.values.isEmpty {
            lines.append("    sink.end(sink.beginObject(keys: Peregrine.MemberKeys.empty))")
        } else {
            lines.append("    let values = sink.beginObject(keys: \(enumCase.keysType).generatedKeys)")
            for (position, value) in enumCase.values.enumerated() {
                lines.append("    try \(encodeCall(value))\(value.binding), member: \(position), key: \(enumCase.keysType).\(value.binding), in: values)")
            }
            lines.append("    sink.end(values)")
        }
        lines.append("} else {")
        lines.append("    try sink.encodeCodable(Peregrine.DirectEncodableBody { encoder in")
        if enumCase.values.isEmpty {
            lines.append("        _ = encoder.container(keyedBy: CodingKeys.self)")
        } else {
            lines.append("        var values = encoder.container(keyedBy: \(enumCase.keysType).self)")
            lines += codableEncoding(of: enumCase).map { "        " + $0 }
        }
        lines.append("    }, key: \(key), in: object)")
        lines.append("}")
        return lines
    }

    // MARK: Codable, for the discriminator shapes

    /// `init(from:)`: the tag, then the case's values; for an enum with raw
    /// values and a default case, the raw value or that case.
    var codableInitializer: String {
        if model.rawType != nil, let defaultCase = model.defaultCase {
            return """
                \(access)init(from decoder: any Swift.Decoder) throws {
                    self = try decoder.singleValueContainer().decode(rawValueOf: Self.self, fallback: .\(model.cases[defaultCase].name))
                }
                """
        }
        switch model.shape {
        case .untagged: return untaggedCodableInitializer
        case .external: return externalCodableInitializer
        case .internal, .adjacent: break
        }
        let tagType = model.tagKind == .string ? "String" : model.tagKind.type
        let depth = model.tagPath.count
        // The container holding the tag, and the tag's key in it.
        let (tagContainer, tagMember) = depth == 0 ? ("container", ".tag") : ("tagContainer", tagPathKey(depth))
        let opening = (1...max(depth, 1)).map { ".nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(tagPathKey($0 - 1)))" }.joined()
        var lines = ["let container = try decoder.container(keyedBy: DiscriminatorKeys.self)"]
        if depth > 0 { lines.append("let tagContainer = try container\(opening)") }
        lines += [
            "let tag = try \(tagContainer).decode(\(tagType).self, forKey: \(tagMember))",
            "switch Self.generatedKeys.field(of: \(model.tagKind == .string ? "tag" : "tag.description")) {",
        ]
        let isInternal = valueOffset == 1
        for (position, enumCase) in model.cases.enumerated() {
            lines.append("case \(tagFields(ofCase: position).map(String.init).joined(separator: ", ")):")
            if enumCase.values.isEmpty {
                lines.append("    self = .\(enumCase.name)")
            } else if enumCase.hasSingleUnlabeledValue {
                let type = GeneratedCode.spelling(of: enumCase.values[0].type)
                lines.append(
                    isInternal
                        ? "    self = .\(enumCase.name)(try \(type)(from: decoder))"
                        : "    self = .\(enumCase.name)(try container.decode(\(type).self, forKey: .content))")
            } else {
                lines.append(
                    isInternal
                        ? "    let values = try decoder.container(keyedBy: \(enumCase.keysType).self)"
                        : "    let values = try container.nestedContainer(keyedBy: \(enumCase.keysType).self, forKey: .content)")
                lines.append("    self = .\(enumCase.name)(\(codableArguments(of: enumCase)))")
            }
        }
        lines.append("default:")
        if let defaultCase = model.defaultCase {
            lines.append("    Peregrine.MemberKeys.recordDefaultCase(for: tag, at: \(tagContainer).codingPath + [\(depth == 0 ? "DiscriminatorKeys.tag" : tagMember)])")
            lines.append("    self = .\(model.cases[defaultCase].name)")
        } else {
            lines.append("    throw Self.generatedKeys.unknownTag(tag, in: try \(tagContainer).superDecoder(forKey: \(tagMember)))")
        }
        lines.append("}")
        return """
            \(access)init(from decoder: any Swift.Decoder) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    /// `encode(to:)`: the tag, then the case's values.
    var codableEncodingMethod: String {
        switch model.shape {
        case .untagged: return untaggedCodableEncodingMethod
        case .external: return externalCodableEncodingMethod
        case .internal, .adjacent: break
        }
        let isInternal = valueOffset == 1
        let depth = model.tagPath.count
        var lines = ["var container = encoder.container(keyedBy: DiscriminatorKeys.self)"]
        for level in model.tagPath.indices.map({ $0 + 1 }) {
            let parent = level == 1 ? "container" : "tagContainer\(level - 1)"
            lines.append("var tagContainer\(level) = \(parent).nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(tagPathKey(level - 1)))")
        }
        let (tagContainer, tagMember) = depth == 0 ? ("container", ".tag") : ("tagContainer\(depth)", tagPathKey(depth))
        lines.append("switch self {")
        for enumCase in model.cases {
            lines.append("case \(pattern(of: enumCase)):")
            lines.append("    try \(tagContainer).encode(\(tagLiteral(enumCase)), forKey: \(tagMember))")
            if enumCase.values.isEmpty { continue }
            if enumCase.hasSingleUnlabeledValue {
                let value = enumCase.values[0].binding
                lines.append(isInternal ? "    try \(value).encode(to: encoder)" : "    try container.encode(\(value), forKey: .content)")
                continue
            }
            lines.append(
                isInternal
                    ? "    var values = encoder.container(keyedBy: \(enumCase.keysType).self)"
                    : "    var values = container.nestedContainer(keyedBy: \(enumCase.keysType).self, forKey: .content)")
            lines += codableEncoding(of: enumCase).map { "    " + $0 }
        }
        lines.append("}")
        return """
            \(access)func encode(to encoder: any Swift.Encoder) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    /// A case's values read from the keyed container `values`, as synthesis
    /// reads them, as the arguments of the case.
    func codableArguments(of enumCase: EnumCaseModel) -> String {
        enumCase.values.map { value in
            let decode =
                value.isOptional
                ? "try values.decodeIfPresent(\(GeneratedCode.spelling(of: Self.wrapped(value.type))).self, forKey: .\(value.binding))"
                : "try values.decode(\(GeneratedCode.spelling(of: value.type)).self, forKey: .\(value.binding))"
            return value.isLabeled ? "\(value.argumentLabel): \(decode)" : decode
        }.joined(separator: ", ")
    }

    /// A case's values written into the keyed container `values`, as synthesis writes them.
    func codableEncoding(of enumCase: EnumCaseModel) -> [String] {
        enumCase.values.map { value in
            "try values.\(value.isOptional ? "encodeIfPresent" : "encode")(\(value.binding), forKey: .\(value.binding))"
        }
    }

    // MARK: A tag at a path

    /// The slot of level `level` of an internal tag's path: the member of
    /// the enum's object (level 0), or of the nested object of level `level`
    /// (the last holding the tag); ``tagObject(_:)`` is that object, and
    /// ``tagPathKey(_:)`` the member's key.
    func tagSlot(_ level: Int) -> String { level == 0 ? "discriminator" : "discriminator\(level)" }
    func tagObject(_ level: Int) -> String { level == 0 ? "object" : "object\(level)" }
    func tagPathKey(_ level: Int) -> String { level == 0 ? "DiscriminatorKeys.tag" : GeneratedCode.pathKey(model.tagPath[level - 1]) }

    /// The nested objects down to an internal tag at a path, each found as
    /// a key path's are (``DirectDecodingSource/nestedMembers(member:keys:into:)``);
    /// a missing or `null` one is the error of opening it (`requireNested`). None for a tag in the enum's object.
    var tagPathDecoding: [String] {
        let depth = model.tagPath.count
        guard depth > 0 else { return [] }
        var lines: [String] = []
        for level in 1...depth {
            lines.append("var \(tagSlot(level)) = -1")
            lines.append("let \(tagObject(level)) = try Swift.withUnsafeMutableBytes(of: &\(tagSlot(level))) {")
            lines.append("    try source.nestedMembers(member: \(tagSlot(level - 1)), keys: DiscriminatorKeys.nestedKeys\(level), into: $0)")
            lines.append("}")
        }
        lines.append("if \(tagObject(depth)) < 0 {")
        for level in 0..<depth {
            lines.append("    try source.requireNested(member: \(tagSlot(level)), key: \(tagPathKey(level)), in: \(tagObject(level)))")
        }
        lines.append("}")
        return lines
    }

    /// The lines that write the tag `tag` into the object of level `level - 1`
    /// (member 0 there): directly in the enum's object, or in nested objects
    /// down its path, each written as a key path's nested object is
    /// (through the `Encodable` path when the sink cannot take it directly).
    func tagPathEncoding(_ tag: String, level: Int) -> [String] {
        let depth = model.tagPath.count
        guard level <= depth else { return ["try sink.encode(\(tag), member: 0, key: \(tagPathKey(depth)), in: \(tagObject(depth)))"] }
        var lines = [
            "if let \(tagObject(level)) = sink.beginNestedObject(0, key: \(tagPathKey(level - 1)), in: \(tagObject(level - 1)), keys: DiscriminatorKeys.nestedKeys\(level)) {"
        ]
        lines += tagPathEncoding(tag, level: level + 1).map { "    " + $0 }
        lines.append("    sink.end(\(tagObject(level)))")
        lines.append("} else {")
        lines.append("    try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in")
        lines.append("        var nested\(level) = encoder.container(keyedBy: Peregrine.NestedPathKey.self)")
        for inner in (level + 1)..<(depth + 1) {
            lines.append("        var nested\(inner) = nested\(inner - 1).nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: \(tagPathKey(inner - 1)))")
        }
        lines.append("        try nested\(depth).encode(\(tag), forKey: \(tagPathKey(depth)))")
        lines.append("    }, key: \(tagPathKey(level - 1)), in: \(tagObject(level - 1)))")
        lines.append("}")
        return lines
    }

    // MARK: Helpers

    /// `-1` or `(-1, -1, …)`: one slot per name.
    static func slots(_ count: Int) -> String {
        count == 1 ? "-1" : "(" + Array(repeating: "-1", count: count).joined(separator: ", ") + ")"
    }

    /// The type an optional wraps (`T` of `T?`, `T!` or `Optional<T>`).
    static func wrapped(_ type: TypeSyntax) -> TypeSyntax {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType.trimmed }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType.trimmed }
        if let named = type.as(IdentifierTypeSyntax.self), let argument = named.genericArgumentClause?.arguments.first {
            return TypeSyntax(stringLiteral: argument.argument.trimmedDescription)
        }
        return type
    }
}
