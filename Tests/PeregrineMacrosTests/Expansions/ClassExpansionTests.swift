import Testing

/// What `@JSONCodable` writes for a class that is not final: required
/// initializers, and the encoding methods in the class's body, where a
/// subclass overrides them.
@Suite struct ClassExpansionTests {
    @Test func nonFinalClassGetsRequiredInitializersAndMethodsInItsBody() async {
        await expectExpansion(
            """
            @JSONCodable
            open class Vehicle {
                var wheels: Int
            }
            """,
            """
            open class Vehicle {
                var wheels: Int

                enum CodingKeys: String, CodingKey {
                    case wheels
                }

                required public init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self.wheels = try source.decode(Int.self, member: members, key: CodingKeys.wheels, in: object)
                }

                required public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.wheels = try container.decodeMember(Int.self, forKey: CodingKeys.wheels)
                }

                open func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.wheels, member: 0, key: CodingKeys.wheels, in: object)
                    sink.end(object)
                }

                open func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                open func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                open func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeMember(self.wheels, forKey: CodingKeys.wheels)
                }
            }

            extension Vehicle: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys(["wheels"])

                public static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }
            }
            """)
    }
}
