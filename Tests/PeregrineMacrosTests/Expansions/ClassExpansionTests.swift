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

                open class var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                open class func claimedMemberKeys(sharingObjectWith asker: Swift.AnyObject.Type) -> [Peregrine.MemberKeys] {
                    claimedMemberKeys
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
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["wheels"])

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
    /// table beside the class (static members would clash with the
    /// superclass's), and the check that the superclass has generated
    /// coders. The compiler tells the macro the subclass lacks none of the
    /// conformances (it inherits them), so there is no extension.
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

                override class var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [_PeregrineKeys_Truck.generatedKeys] + Vehicle.claimedMemberKeys
                }

                enum PeregrineSuperclassCheck {
                    static func superclassHasGeneratedCoders() {
                        PeregrineMacros.superclassMustHaveGeneratedCoders(Vehicle.self)
                    }
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
                static let generatedKeys = Peregrine.MemberKeys.permanent(["load"])
            }
            """, conformances: "")
    }

    @Test func inheritsOnAnythingButACodableClassIsRefused() async {
        let message = "@Inherits applies to a @JSONCodable class whose superclass is coded"
        await expectExpansion("@Inherits\nstruct S {}", "struct S {}", diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
        await expectExpansion("@Inherits\nclass C: B {}", "class C: B {}", diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
        await expectExpansion(
            "@JSONCodable\n@Inherits(key: name)\nfinal class C: B {\n    var a: Int\n}", "final class C: B {\n    var a: Int\n}",
            diagnostics: [DiagnosticSpec(message: "@Inherits takes the superclass's key as a string literal, such as @Inherits(key: \"super\")", line: 2, column: 1)])
    }

    /// A superclass without generated coders: the compiler tells the macro
    /// the subclass lacks `DirectDecodable` and `DirectEncodable`, and the
    /// macro says what to do instead of writing code that calls `super`'s
    /// missing coders (the message a user sees, as `swiftc` prints it:
    /// "error: @Inherits needs a superclass with generated coders: 'Vehicle'
    /// does not conform to DirectDecodable and DirectEncodable; mark it
    /// @JSONCodable (from macro 'JSONCodable')"). A class without a
    /// superclass is refused too.
    @Test func inheritsNeedsASuperclassWithGeneratedCoders() async {
        let source = """
            @JSONCodable
            @Inherits
            final class Truck: Vehicle {
                var load: Double
            }
            """
        let stripped = """
            final class Truck: Vehicle {
                var load: Double
            }

            fileprivate enum _PeregrineKeys_Truck {
                static let generatedKeys = Peregrine.MemberKeys.permanent(["load"])
            }
            """
        let message = "@Inherits needs a superclass with generated coders: 'Vehicle' does not conform to DirectDecodable and DirectEncodable; mark it @JSONCodable"
        await expectExpansion(source, stripped, diagnostics: [DiagnosticSpec(message: message, line: 2, column: 1)])
        // A superclass that decodes through generated coders but encodes only through `Codable`.
        await expectExpansion(
            source, stripped, diagnostics: [DiagnosticSpec(message: message.replacingOccurrences(of: "DirectDecodable and ", with: ""), line: 2, column: 1)],
            conformances: "DirectEncodable")
        await expectExpansion(
            "@JSONCodable\n@Inherits\nfinal class Truck {\n    var load: Double\n}",
            """
            final class Truck {
                var load: Double
            }

            fileprivate enum _PeregrineKeys_Truck {
                static let generatedKeys = Peregrine.MemberKeys.permanent(["load"])
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Inherits applies to a subclass: this class has no superclass", line: 2, column: 1)], conformances: "")
    }

    /// `@Inherits(key: "super")`: the superclass's object as a member, read and written through `super`.
    @Test func inheritsUnderAKeyReadsAndWritesTheMember() async {
        await expectExpansion(
            """
            @JSONCodable
            @Inherits(key: "super")
            final class Van: Vehicle {
                var seats: Int
            }
            """,
            """
            final class Van: Vehicle {
                var seats: Int

                enum CodingKeys: String, CodingKey {
                    case seats
                }

                required init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: _PeregrineKeys_Van.generatedKeys, into: $0)
                    }
                    self.seats = try source.decode(Int.self, member: members, key: CodingKeys.seats, in: object)
                    var superMember = -1
                    let superObject = try Swift.withUnsafeMutableBytes(of: &superMember) {
                        try source.members(of: index, keys: _PeregrineKeys_Van.generatedSuperKeys, into: $0)
                    }
                    try source.requireNested(member: superMember, key: Peregrine.NestedPathKey("super"), in: superObject)
                    try super.init(generatedFrom: source, at: superMember)
                }

                required init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.seats = try container.decodeMember(Int.self, forKey: CodingKeys.seats)
                    let superContainer = try decoder.container(keyedBy: Peregrine.NestedPathKey.self)
                    _ = try superContainer.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: Peregrine.NestedPathKey("super"))
                    try super.init(from: superContainer.superDecoder(forKey: Peregrine.NestedPathKey("super")))
                }

                override class var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [_PeregrineKeys_Van.generatedKeys, _PeregrineKeys_Van.generatedSuperKeys]
                }

                override class func claimedMemberKeys(sharingObjectWith asker: Swift.AnyObject.Type) -> [Peregrine.MemberKeys] {
                    asker is Van.Type ? claimedMemberKeys : Vehicle.claimedMemberKeys(sharingObjectWith: asker)
                }

                enum PeregrineSuperclassCheck {
                    static func superclassHasGeneratedCoders() {
                        PeregrineMacros.superclassMustHaveGeneratedCoders(Vehicle.self)
                    }
                }

                override func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: _PeregrineKeys_Van.generatedKeys)
                    try sink.encode(self.seats, member: 0, key: CodingKeys.seats, in: object)
                    let superSink = Peregrine.MergingSink(sink, into: object)
                    let superNamed = superSink.beginObject(keys: _PeregrineKeys_Van.generatedSuperKeys)
                    if sink.beginMember(0, key: Peregrine.NestedPathKey("super"), in: superNamed, tracksPath: true) {
                        try super.encode(generatedTo: sink)
                    } else {
                        try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                                try super.encode(to: encoder)
                            }, key: Peregrine.NestedPathKey("super"), in: superNamed)
                    }
                    superSink.end(superNamed)
                    sink.end(object)
                }

                override func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeMember(self.seats, forKey: CodingKeys.seats)
                    var superContainer = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                    try super.encode(to: superContainer.superEncoder(forKey: Peregrine.NestedPathKey("super")))
                }
            }

            fileprivate enum _PeregrineKeys_Van {
                static let generatedKeys = Peregrine.MemberKeys.permanent(["seats"])
                static let generatedSuperKeys = Peregrine.MemberKeys.permanent(["super"])
            }
            """, conformances: "")
    }
}
