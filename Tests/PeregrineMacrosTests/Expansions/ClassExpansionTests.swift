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

    /// `@Inherits`: required initializers that call `super`'s on the same
    /// object, encoding methods that override and call `super`'s, the key
    /// table beside the class (static members would clash with the superclass's).
    @Test func inheritsCallsTheSuperclassOnTheSameObject() async {
        await expectExpansion(
            """
            @JSONCodable
            @Inherits
            final class Truck: Vehicle {
                var load: Double
            }
            """,
            """
            final class Truck: Vehicle {
                var load: Double

                enum CodingKeys: String, CodingKey {
                    case load
                }

                required init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: _PeregrineKeys_Truck.generatedKeys, into: $0)
                    }
                    self.load = try source.decode(Double.self, member: members, key: CodingKeys.load, in: object)
                    try super.init(generatedFrom: source, at: index)
                }

                required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.load = try container.decodeMember(Double.self, forKey: CodingKeys.load)
                    try super.init(from: decoder)
                }

                override func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: _PeregrineKeys_Truck.generatedKeys)
                    try sink.encode(self.load, member: 0, key: CodingKeys.load, in: object)
                    try super.encode(generatedTo: Peregrine.MergingSink(sink, into: object))
                    sink.end(object)
                }

                override func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeMember(self.load, forKey: CodingKeys.load)
                    try super.encode(to: encoder)
                }
            }

            fileprivate enum _PeregrineKeys_Truck {
                static let generatedKeys = Peregrine.MemberKeys(["load"])
            }

            extension Truck: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {

            }
            """)
    }

    @Test func inheritsOnAnythingButACodableClassIsRefused() async {
        let message = "@Inherits applies to a @JSONCodable class whose superclass is coded"
        await expectExpansion("@Inherits\nstruct S {}", "struct S {}", diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
        await expectExpansion("@Inherits\nclass C: B {}", "class C: B {}", diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
    }
}
