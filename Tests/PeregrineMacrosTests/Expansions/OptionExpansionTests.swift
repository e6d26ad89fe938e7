import Testing

/// What `@JSONCodable` writes for coercion and custom coders, property
/// wrappers, one-direction options, a root below the holding object and
/// flattening, and what it reports when they are misused.
@Suite struct OptionExpansionTests {
    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        await EnumExpansionTests().expand(source, expected, diagnostics: diagnostics, sourceLocation: sourceLocation)
    }

    func refuse(
        _ attributes: String, _ header: String, _ members: String, expanded: String? = nil, _ messages: [(String, line: Int, column: Int)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await EnumExpansionTests().refuse(attributes, header, members, expanded: expanded, messages, sourceLocation: sourceLocation)
    }

    /// `@Coerced` and `@CodedBy` code the property as a wrapper type
    /// (`CoercedValue`, `CodedValue`) on both paths, and read its `value`.
    @Test func coercedAndCodedByCodeAWrapper() async {
        await expand(
            """
            @JSONCodable
            struct Flags {
                @Coerced var count: Int
                @Coerced var label: String?
                @CodedBy(Base64Coder<Data>.self) var body: Data
            }
            """,
            """
            struct Flags {
                var count: Int
                var label: String?
                var body: Data

                enum CodingKeys: String, CodingKey {
                    case count
                    case label
                    case body
                }
            }

            extension Flags: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys(["count", "label", "body"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let countValue: Int = try source.decode(Peregrine.CoercedValue<Int>.self, member: members.0, key: CodingKeys.count, in: object).value
                    let labelValue: String? = try source.decode(Swift.Optional<Peregrine.CoercedValue<String>>.self, member: members.1, key: CodingKeys.label, in: object)?.value
                    let bodyValue: Data = try source.decode(Peregrine.CodedValue<Base64Coder<Data>>.self, member: members.2, key: CodingKeys.body, in: object).value
                    self.init(count: countValue, label: labelValue, body: bodyValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.count = try container.decodeMember(Peregrine.CoercedValue<Int>.self, forKey: CodingKeys.count).value
                    self.label = try container.decodeMember(Swift.Optional<Peregrine.CoercedValue<String>>.self, forKey: CodingKeys.label)?.value
                    self.body = try container.decodeMember(Peregrine.CodedValue<Base64Coder<Data>>.self, forKey: CodingKeys.body).value
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(Peregrine.CoercedValue<Int>(self.count), member: 0, key: CodingKeys.count, in: object)
                    try sink.encode(self.label.map(Peregrine.CoercedValue<String>.init), member: 1, key: CodingKeys.label, in: object)
                    try sink.encode(Peregrine.CodedValue<Base64Coder<Data>>(self.body), member: 2, key: CodingKeys.body, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeMember(Peregrine.CoercedValue<Int>(self.count), forKey: CodingKeys.count)
                    try container.encodeMember(self.label.map(Peregrine.CoercedValue<String>.init), forKey: CodingKeys.label)
                    try container.encodeMember(Peregrine.CodedValue<Base64Coder<Data>>(self.body), forKey: CodingKeys.body)
                }
            }
            """)
    }
}
