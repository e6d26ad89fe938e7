/// The code `@JSONCodable` writes for the enum shapes `Codable` synthesis
/// cannot express: `@Untagged` (each case tried in order against the one
/// value), and the external shape with other tags (`@Key("a", "b")`) or
/// unwrapped single values (`@UnwrapSingleValues`), whose `init(from:)` and
/// `encode(to:)` are written here to read and write what the generated coders do.
extension GeneratedEnumCode {
    // MARK: Untagged

    /// The body of `init(generatedFrom:at:)` for `@Untagged`: a case without
    /// values is `null`; the others are tried in order
    /// (``DirectDecodingSource/attemptCase(at:_:)``), the first that
    /// decodes taken; the decode remembers the outcome
    /// (``DirectDecodingSource/decodeUntagged(_:at:_:)``), and no case is
    /// an error at the value.
    var untaggedDecoding: [String] {
        var lines: [String] = []
        for enumCase in model.cases {
            if enumCase.values.isEmpty {
                lines += ["if source.isNull(at: index) {", "    return .\(enumCase.name)", "}"]
                continue
            }
            var body: [String]
            if isUnwrapped(enumCase) {
                body = ["return .\(enumCase.name)(try source.untaggedValue(\(GeneratedCode.spelling(of: enumCase.values[0].type)).self, at: index))"]
            } else {
                body = generatedDecoding(of: enumCase)
                if let last = body.indices.last { body[last] = "return" + body[last].dropFirst("self =".count) }
            }
            lines.append("if let value = try source.attemptCase(at: index, { () throws -> Self in")
            lines += body.map { "    " + $0 }
            lines += ["}) {", "    return value", "}"]
        }
        lines.append("return nil")
        return ["self = try source.decodeUntagged(Self.self, at: index) { () throws -> Self? in"] + lines.map { "    " + $0 } + ["}"]
    }

    /// The generated encoding of one case of an `@Untagged` enum: `null`, the value, or the object of values.
    func untaggedEncoding(of enumCase: EnumCaseModel) -> [String] {
        if enumCase.values.isEmpty { return ["sink.encodeNil()"] }
        if isUnwrapped(enumCase) { return ["try sink.encodeUntagged(\(enumCase.values[0].binding))"] }
        var lines = ["let object = sink.beginObject(keys: \(enumCase.keysType).generatedKeys)"]
        for (position, value) in enumCase.values.enumerated() {
            lines.append("try \(encodeCall(value))\(value.binding), member: \(position), key: \(enumCase.keysType).\(value.binding), in: object)")
        }
        lines.append("sink.end(object)")
        return lines
    }

    /// `init(from:)` of an `@Untagged` enum: the cases tried in order, as the generated decoder tries them.
    var untaggedCodableInitializer: String {
        var lines: [String] = []
        for enumCase in model.cases {
            if enumCase.values.isEmpty {
                lines += ["if try decoder.singleValueContainer().decodeNil() {", "    return .\(enumCase.name)", "}"]
                continue
            }
            lines.append("if let value = try Peregrine.UntaggedCases.attempt(in: decoder, { () throws -> Self in")
            if isUnwrapped(enumCase) {
                lines.append("    .\(enumCase.name)(try decoder.singleValueContainer().decode(\(GeneratedCode.spelling(of: enumCase.values[0].type)).self))")
            } else {
                lines.append("    let values = try decoder.container(keyedBy: \(enumCase.keysType).self)")
                lines.append("    return .\(enumCase.name)(\(codableArguments(of: enumCase)))")
            }
            lines += ["}) {", "    return value", "}"]
        }
        lines.append("return nil")
        let body = ["self = try Peregrine.UntaggedCases.decode(Self.self, in: decoder) { () throws -> Self? in"] + lines.map { "    " + $0 } + ["}"]
        return """
            \(access)init(from decoder: any Swift.Decoder) throws {
            \(GeneratedCode.indented(body))
            }
            """
    }

    /// `encode(to:)` of an `@Untagged` enum.
    var untaggedCodableEncodingMethod: String {
        var lines = ["switch self {"]
        for enumCase in model.cases {
            lines.append("case \(pattern(of: enumCase)):")
            if enumCase.values.isEmpty {
                lines += ["    var container = encoder.singleValueContainer()", "    try container.encodeNil()"]
            } else if isUnwrapped(enumCase) {
                lines += ["    var container = encoder.singleValueContainer()", "    try container.encode(\(enumCase.values[0].binding))"]
            } else {
                lines.append("    var values = encoder.container(keyedBy: \(enumCase.keysType).self)")
                lines += codableEncoding(of: enumCase).map { "    " + $0 }
            }
        }
        lines.append("}")
        return """
            \(access)func encode(to encoder: any Swift.Encoder) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    // MARK: External, written

    /// `init(from:)` of the external shape: one member named by a case's
    /// tags, as synthesis reads it (its error for not exactly one).
    var externalCodableInitializer: String {
        var lines = [
            "let container = try decoder.container(keyedBy: CodingKeys.self)",
            "guard container.allKeys.count == 1, let key = container.allKeys.first else {",
            "    let context = Swift.DecodingError.Context(codingPath: container.codingPath, debugDescription: \"Invalid number of keys found, expected one.\")",
            "    throw Swift.DecodingError.typeMismatch(Self.self, context)",
            "}",
            "switch key {",
        ]
        for (position, enumCase) in model.cases.enumerated() {
            let keys = [".\(enumCase.name)"] + tagFields(ofCase: position).dropFirst().map { ".__tag\($0)" }
            lines.append("case \(keys.joined(separator: ", ")):")
            if enumCase.values.isEmpty {
                lines += ["    _ = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)", "    self = .\(enumCase.name)"]
            } else if isUnwrapped(enumCase) {
                lines.append("    self = .\(enumCase.name)(try container.decode(\(GeneratedCode.spelling(of: enumCase.values[0].type)).self, forKey: key))")
            } else {
                lines.append("    let values = try container.nestedContainer(keyedBy: \(enumCase.keysType).self, forKey: key)")
                lines.append("    self = .\(enumCase.name)(\(codableArguments(of: enumCase)))")
            }
        }
        lines.append("}")
        return """
            \(access)init(from decoder: any Swift.Decoder) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }

    /// `encode(to:)` of the external shape: the case's first tag.
    var externalCodableEncodingMethod: String {
        var lines = ["var container = encoder.container(keyedBy: CodingKeys.self)", "switch self {"]
        for enumCase in model.cases {
            lines.append("case \(pattern(of: enumCase)):")
            if enumCase.values.isEmpty {
                lines.append("    _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .\(enumCase.name))")
            } else if isUnwrapped(enumCase) {
                lines.append("    try container.encode(\(enumCase.values[0].binding), forKey: .\(enumCase.name))")
            } else {
                lines.append("    var values = container.nestedContainer(keyedBy: \(enumCase.keysType).self, forKey: .\(enumCase.name))")
                lines += codableEncoding(of: enumCase).map { "    " + $0 }
            }
        }
        lines.append("}")
        return """
            \(access)func encode(to encoder: any Swift.Encoder) throws {
            \(GeneratedCode.indented(lines))
            }
            """
    }
}
