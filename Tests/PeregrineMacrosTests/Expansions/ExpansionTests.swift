import Testing

/// What `@JSONCodable` writes, and what it reports on declarations it
/// cannot serve (swift-syntax's expansion snapshots).
@Suite struct ExpansionTests {
    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        await expectExpansion(source, expected, diagnostics: diagnostics, sourceLocation: sourceLocation)
    }

    /// A declaration the macro refuses: `header { members }` with the attribute
    /// before it. The attribute goes, nothing is added, and `message` is
    /// reported at `line` (of the members, 1 being the first) and `column`.
    /// `@Key` attributes go too (in `expanded`, when given).
    func refuse(
        _ header: String, _ members: String, expanded: String? = nil, _ message: String, line: Int, column: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        func indented(_ text: String) -> String { text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") }
        await expand(
            "@JSONCodable\n\(header) {\n\(indented(members))\n}", "\(header) {\n\(indented(expanded ?? members))\n}",
            diagnostics: [DiagnosticSpec(message: message, line: line + 2, column: column + 4)], sourceLocation: sourceLocation)
    }

    @Test func structWithKeysOptionalsAndConstants() async {
        await expand(
            """
            @JSONCodable
            struct User {
                var id: Int
                @Key("screen_name") var name: String
                var bio: String?
                let kind = "user"
                var count: Int { 1 }
                static var shared = 0
            }
            """,
            """
            struct User {
                var id: Int
                var name: String
                var bio: String?
                let kind = "user"
                var count: Int { 1 }
                static var shared = 0

                enum CodingKeys: String, CodingKey {
                    case id
                    case name = "screen_name"
                    case bio
                    case kind
                }
            }

            extension User: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["id", "screen_name", "bio", "kind"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let idValue: Int = try source.decode(Int.self, member: members.0, key: CodingKeys.id, in: object)
                    let nameValue: String = try source.decode(String.self, member: members.1, key: CodingKeys.name, in: object)
                    let bioValue: String? = try source.decode(String?.self, member: members.2, key: CodingKeys.bio, in: object)
                    self.init(id: idValue, name: nameValue, bio: bioValue)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.id, member: 0, key: CodingKeys.id, in: object)
                    try sink.encode(self.name, member: 1, key: CodingKeys.name, in: object)
                    try sink.encode(self.bio, member: 2, key: CodingKeys.bio, in: object)
                    try sink.encode(self.kind, member: 3, key: CodingKeys.kind, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    @Test func publicFinalClassKeepsItsEmptyInitializer() async {
        await expand(
            """
            @JSONCodable
            public final class Box {
                var width: Double = 1
                var label: String!
            }
            """,
            """
            public final class Box {
                var width: Double = 1
                var label: String!

                enum CodingKeys: String, CodingKey {
                    case width
                    case label
                }

                public init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self.width = try source.decode(Double.self, member: members.0, key: CodingKeys.width, in: object)
                    self.label = try source.decode(String?.self, member: members.1, key: CodingKeys.label, in: object)
                }

                public init() {
                }
            }

            extension Box: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["width", "label"])

                public static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                public func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.width, member: 0, key: CodingKeys.width, in: object)
                    try sink.encode(self.label, member: 1, key: CodingKeys.label, in: object)
                    sink.end(object)
                }

                public func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                public func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    /// A type's own `CodingKeys` name the keys and leave properties out;
    /// its own `init(from:)` keeps decoding on the `Codable` path. (The
    /// test harness offers every conformance; the compiler offers only those
    /// the type lacks, so `Point`, `Codable` already, gets no second one.)
    @Test func ownCodingKeysAndDecoder() async {
        await expand(
            """
            @JSONCodable
            struct Point: Codable {
                var x: Double
                var y: Double
                var cached: Int? = nil
                enum CodingKeys: String, CodingKey {
                    case x = "X"
                    case y
                }
                init(from decoder: any Decoder) throws {
                    x = 0
                    y = 0
                }
            }
            """,
            """
            struct Point: Codable {
                var x: Double
                var y: Double
                var cached: Int? = nil
                enum CodingKeys: String, CodingKey {
                    case x = "X"
                    case y
                }
                init(from decoder: any Decoder) throws {
                    x = 0
                    y = 0
                }
            }

            extension Point: Decodable, Encodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["X", "y"])

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.x, member: 0, key: CodingKeys.x, in: object)
                    try sink.encode(self.y, member: 1, key: CodingKeys.y, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    @Test func emptyStructAndOneProperty() async {
        await expand(
            """
            @JSONCodable
            struct Empty {}
            """,
            """
            struct Empty {

                enum CodingKeys: CodingKey {
                }
            }

            extension Empty: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent([])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    // No members: synthesised `init(from:)` reads nothing either, whatever the value.
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
        await expand(
            """
            @JSONCodable
            struct One {
                var `default`: [String: Int] { didSet {} }
            }
            """,
            """
            struct One {
                var `default`: [String: Int] { didSet {} }

                enum CodingKeys: String, CodingKey {
                    case `default`
                }
            }

            extension One: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["default"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let defaultValue: [String: Int] = try source.decode([String: Int].self, member: members, key: CodingKeys.`default`, in: object)
                    self.init(default: defaultValue)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.`default`, member: 0, key: CodingKeys.`default`, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    /// A struct whose body declares an initializer has no memberwise one:
    /// its decoder sets the properties of `self` one by one.
    @Test func structWithItsOwnInitializer() async {
        await expand(
            """
            @JSONCodable
            struct Own {
                var id: Int
                @Ignored var note: String = ""

                init(id: Int) { self.id = id }
            }
            """,
            """
            struct Own {
                var id: Int
                var note: String = ""

                init(id: Int) { self.id = id }

                enum CodingKeys: String, CodingKey {
                    case id
                }
            }

            extension Own: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["id"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self.id = try source.decode(Int.self, member: members, key: CodingKeys.id, in: object)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.id, member: 0, key: CodingKeys.id, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    /// A generic struct: conditional conformances (a parameter no coded
    /// property names is left free), the key tables beside it, members of
    /// the parameter's type dispatched when coded.
    @Test func genericStruct() async {
        await expand(
            """
            @JSONCodable
            struct Page<Item, Tag> {
                var items: [Item]
                var next: String?
            }
            """,
            """
            struct Page<Item, Tag> {
                var items: [Item]
                var next: String?

                enum CodingKeys: String, CodingKey {
                    case items
                    case next
                }
            }

            fileprivate enum _PeregrineKeys_Page {
                static let generatedKeys = Peregrine.MemberKeys.permanent(["items", "next"])
            }

            extension Page {
                private static var generatedKeys: Peregrine.MemberKeys {
                    _PeregrineKeys_Page.generatedKeys
                }
            }

            extension Page: Decodable, Peregrine.DirectDecodable where Item: Decodable {
                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let itemsValue: [Item] = try source.decode(generic: [Item].self, member: members.0, key: CodingKeys.items, in: object)
                    let nextValue: String? = try source.decode(String?.self, member: members.1, key: CodingKeys.next, in: object)
                    self.init(items: itemsValue, next: nextValue)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }
            }

            extension Page: Encodable, Peregrine.DirectEncodable where Item: Encodable {
                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(generic: self.items, member: 0, key: CodingKeys.items, in: object)
                    try sink.encode(self.next, member: 1, key: CodingKeys.next, in: object)
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }
            }
            """)
    }

    /// A collector beside a key path: the nested object's other members
    /// are collected under its name and written back into it, on both paths.
    @Test func collectorBesideAKeyPath() async {
        await expand(
            """
            @JSONCodable
            struct Open {
                @Key("a.b") var b: Int
                @UnknownMembers var extra: JSON.Object
            }
            """,
            """
            struct Open {
                var b: Int
                var extra: JSON.Object

                enum CodingKeys: String, CodingKey {
                    case __path1 = "a"
                }
            }

            extension Open: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["a"])

                private static let generatedNestedKeys = [Peregrine.MemberKeys.permanent(["b"])]

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    var members1 = -1
                    let object1 = try Swift.withUnsafeMutableBytes(of: &members1) {
                        try source.nestedMembers(member: members, keys: Self.generatedNestedKeys[0], into: $0)
                    }
                    if object1 < 0 {
                        try source.requireNested(member: members, key: CodingKeys.__path1, in: object)
                    }
                    let bValue: Int = try source.decode(Int.self, member: members1, key: Peregrine.NestedPathKey("b"), in: object1)
                    var collected = try source.unknownMembers(of: index, named: Self.generatedKeys)
                    if object1 >= 0 {
                        collected.insertUnknownMembers(try source.unknownMembers(of: object1, named: Self.generatedNestedKeys[0]), at: ["a"])
                    }
                    let extraValue: Peregrine.JSON.Object = collected
                    self.init(b: bValue, extra: extraValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let nested1 = try container.nestedMemberContainer(forKey: CodingKeys.__path1)
                    self.b = try (nested1 ?? container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)).decodeMember(Int.self, forKey: Peregrine.NestedPathKey("b"))
                    var collected = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)
                    if nested1 != nil {
                        let nestedDecoder = try container.superDecoder(forKey: CodingKeys.__path1)
                        collected.insertUnknownMembers(try Peregrine.JSON.Object(unknownMembersFrom: nestedDecoder, named: Self.generatedNestedKeys[0]), at: ["a"])
                    }
                    self.extra = collected
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    if let object1 = sink.beginNestedObject(0, key: CodingKeys.__path1, in: object, keys: Self.generatedNestedKeys[0]) {
                        try sink.encode(self.b, member: 0, key: Peregrine.NestedPathKey("b"), in: object1)
                        try sink.encodeUnknownMembers(self.extra.unknownMembers(at: ["a"]), named: Self.generatedNestedKeys[0], in: object1)
                        sink.end(object1)
                    } else {
                        try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                            var nested1 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                            try nested1.encodeMember(self.b, forKey: Peregrine.NestedPathKey("b"))
                            try self.extra.unknownMembers(at: ["a"]).encodeUnknownMembers(named: Self.generatedNestedKeys[0], to: encoder)
                        }, key: CodingKeys.__path1, in: object)
                    }
                    try sink.encodeUnknownMembers(self.extra, named: Self.generatedKeys, in: object)
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
                    do {
                        let encoder1 = container.superEncoder(forKey: CodingKeys.__path1)
                        var nested1 = encoder1.container(keyedBy: Peregrine.NestedPathKey.self)
                        try nested1.encodeMember(self.b, forKey: Peregrine.NestedPathKey("b"))
                        try self.extra.unknownMembers(at: ["a"]).encodeUnknownMembers(named: Self.generatedNestedKeys[0], to: encoder1)
                    }
                    try self.extra.encodeUnknownMembers(named: Self.generatedKeys, to: encoder)
                }
            }
            """)
    }

    @Test func declarationsThatAreNotStructsClassesOrEnums() async {
        let notAType = "@JSONCodable applies to a struct, a class or an enum"
        await expand("@JSONCodable\nprotocol P {}", "protocol P {}", diagnostics: [DiagnosticSpec(message: notAType, line: 2, column: 1)])
        await expand("@JSONCodable\nactor A {}", "actor A {}", diagnostics: [DiagnosticSpec(message: notAType, line: 2, column: 1)])
        await refuse("struct S<each T>", "var t: (repeat each T)", "@JSONCodable supports type parameters, not parameter packs or value parameters", line: 0, column: 6)
    }

    @Test func propertiesItCannotCode() async {
        await refuse("struct S", "lazy var a: Int = 1", "@JSONCodable does not support lazy properties; make it a computed property or a stored one", line: 1, column: 6)
        await refuse("struct S", "var a = 1", "@JSONCodable needs the type of a decoded property: add a type annotation", line: 1, column: 5)
        await refuse("struct S", "var (a, b): (Int, Int)", "@JSONCodable needs one name per property; declare the properties separately", line: 1, column: 5)
    }

    @Test func keysItRefuses() async {
        let literal =
            "@Key takes string literals, such as @Key(\"user_id\"), @Key(\"id\", \"ID\", \"user.id\"), @Key(exactly: \"a.b\") or @Key(\"id\", encoding: \"ID\"), or a naming such as @Key(.snakeCase)"
        await refuse("struct S", "@Key(name) var a: Int", expanded: "var a: Int", literal, line: 1, column: 6)
        await refuse("struct S", "@Key(\"a\\(1)\") var a: Int", expanded: "var a: Int", literal, line: 1, column: 6)
        await expand(
            "@JSONCodable\nstruct S {\n    @Key(\"x\") var a, b: Int\n}", "struct S {\n    var a, b: Int\n}",
            diagnostics: [DiagnosticSpec(message: "a property option applies to one property: declare the properties separately", line: 3, column: 5)])
        await refuse("struct S", "@Key(\"b\") var a: Int\nvar b: Int", expanded: "var a: Int\nvar b: Int", "two properties have the same JSON key", line: 2, column: 5)
        await refuse(
            "struct S", "@Key(\"x\") var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}", expanded: "var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}",
            "@Key cannot be used with a CodingKeys enum of your own: give the key in CodingKeys", line: 1, column: 1)
        await expand(
            "struct S {\n    @Key(\"x\") var a: Int { 1 }\n}", "struct S {\n    var a: Int { 1 }\n}",
            diagnostics: [DiagnosticSpec(message: "@Key applies to a stored property of a @JSONCodable type", line: 2, column: 5)])
    }

    @Test func keyPathsAndDefaults() async {
        await expand(
            """
            @JSONCodable
            struct User {
                var id: Int
                @Key("user.name") var name: String
                @Key("user.age") @Defaulted(0) var age: Int
                @Ignored var cache: Int = 0
            }
            """,
            """
            struct User {
                var id: Int
                var name: String
                var age: Int
                var cache: Int = 0

                enum CodingKeys: String, CodingKey {
                    case id
                    case __path1 = "user"
                }
            }

            extension User: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["id", "user"])

                private static let generatedNestedKeys = [Peregrine.MemberKeys.permanent(["name", "age"])]

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    var members1 = (-1, -1)
                    let object1 = try Swift.withUnsafeMutableBytes(of: &members1) {
                        try source.nestedMembers(member: members.1, keys: Self.generatedNestedKeys[0], into: $0)
                    }
                    let idValue: Int = try source.decode(Int.self, member: members.0, key: CodingKeys.id, in: object)
                    if object1 < 0 {
                        try source.requireNested(member: members.1, key: CodingKeys.__path1, in: object)
                    }
                    let nameValue: String = try source.decode(String.self, member: members1.0, key: Peregrine.NestedPathKey("name"), in: object1)
                    let ageValue: Int = try source.decode(Swift.Optional<Int>.self, member: members1.1, key: Peregrine.NestedPathKey("age"), in: object1) ?? source.defaulted(0, member: members1.1, in: object, keys: [CodingKeys.__path1, Peregrine.NestedPathKey("age")])
                    self.init(id: idValue, name: nameValue, age: ageValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let nested1 = try container.nestedMemberContainer(forKey: CodingKeys.__path1)
                    self.id = try container.decodeMember(Int.self, forKey: CodingKeys.id)
                    self.name = try (nested1 ?? container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)).decodeMember(String.self, forKey: Peregrine.NestedPathKey("name"))
                    self.age = try KeyedDecodingContainer<Peregrine.NestedPathKey>.decodeDefaulted(Int.self, in: nested1, forKey: Peregrine.NestedPathKey("age"), path: container.codingPath + [CodingKeys.__path1, Peregrine.NestedPathKey("age")]) ?? 0
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.id, member: 0, key: CodingKeys.id, in: object)
                    if let object1 = sink.beginNestedObject(1, key: CodingKeys.__path1, in: object, keys: Self.generatedNestedKeys[0]) {
                        try sink.encode(self.name, member: 0, key: Peregrine.NestedPathKey("name"), in: object1)
                        try sink.encode(self.age, member: 1, key: Peregrine.NestedPathKey("age"), in: object1)
                        sink.end(object1)
                    } else {
                        try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                            var nested1 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                            try nested1.encodeMember(self.name, forKey: Peregrine.NestedPathKey("name"))
                            try nested1.encodeMember(self.age, forKey: Peregrine.NestedPathKey("age"))
                        }, key: CodingKeys.__path1, in: object)
                    }
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
                    try container.encodeMember(self.id, forKey: CodingKeys.id)
                    do {
                        var nested1 = container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)
                        try nested1.encodeMember(self.name, forKey: Peregrine.NestedPathKey("name"))
                        try nested1.encodeMember(self.age, forKey: Peregrine.NestedPathKey("age"))
                    }
                }
            }
            """)
    }

    @Test func lossyDatesAndCollector() async {
        await expand(
            """
            @JSONCodable
            struct Feed {
                @LossyDecoding var items: [Int]
                @DateStrategy(.iso8601) var updated: Date?
                @UnknownMembers var extra: JSON.Object
            }
            """,
            """
            struct Feed {
                var items: [Int]
                var updated: Date?
                var extra: JSON.Object

                enum CodingKeys: String, CodingKey {
                    case items
                    case updated
                }
            }

            extension Feed: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["items", "updated"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let itemsValue: [Int] = try source.decode(Swift.Optional<Peregrine.Lossy<Int>>.self, member: members.0, key: CodingKeys.items, in: object)?.wrappedValue ?? []
                    let updatedValue: Date? = try source.decode(Swift.Optional<Peregrine.CodedValue<Peregrine.DateCoders.ISO8601>>.self, member: members.1, key: CodingKeys.updated, in: object)?.value
                    let extraValue: Peregrine.JSON.Object = try source.unknownMembers(of: index, named: Self.generatedKeys)
                    self.init(items: itemsValue, updated: updatedValue, extra: extraValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.items = try container.decodeMember(Swift.Optional<Peregrine.Lossy<Int>>.self, forKey: CodingKeys.items)?.wrappedValue ?? []
                    self.updated = try container.decodeMember(Swift.Optional<Peregrine.CodedValue<Peregrine.DateCoders.ISO8601>>.self, forKey: CodingKeys.updated)?.value
                    self.extra = try Peregrine.JSON.Object(unknownMembersFrom: decoder, named: Self.generatedKeys)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(self.items, member: 0, key: CodingKeys.items, in: object)
                    try sink.encode(self.updated.map(Peregrine.CodedValue<Peregrine.DateCoders.ISO8601>.init), member: 1, key: CodingKeys.updated, in: object)
                    try sink.encodeUnknownMembers(self.extra, named: Self.generatedKeys, in: object)
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
                    try container.encodeMember(self.items, forKey: CodingKeys.items)
                    try container.encodeMember(self.updated.map(Peregrine.CodedValue<Peregrine.DateCoders.ISO8601>.init), forKey: CodingKeys.updated)
                    try self.extra.encodeUnknownMembers(named: Self.generatedKeys, to: encoder)
                }
            }
            """)
    }

    @Test func optionsItRefuses() async {
        await refuse("struct S", "@Key(\"a..b\") var a: Int", expanded: "var a: Int",
            "a key path has an empty name between its dots: write @Key(exactly: \"…\") for a key that contains dots", line: 1, column: 1)
        await refuse("struct S", "@Key(\".a\") var a: Int", expanded: "var a: Int",
            "a key path has an empty name between its dots: write @Key(exactly: \"…\") for a key that contains dots", line: 1, column: 1)
        let conflict = "this key path conflicts with another property's key: a name is both a member and an object holding members"
        await refuse("struct S", "var a: Int\n@Key(\"a.b\") var b: Int", expanded: "var a: Int\nvar b: Int", conflict, line: 2, column: 1)
        await refuse("struct S", "@Key(\"a.b\") var b: Int\nvar a: Int", expanded: "var b: Int\nvar a: Int", conflict, line: 2, column: 5)
        await refuse("struct S", "@Key(\"a.b\") var b: Int\n@Key(\"a.b\") var c: Int", expanded: "var b: Int\nvar c: Int", conflict, line: 2, column: 1)
        await refuse("struct S", "@Key(\"a\") @Key(\"b\") var a: Int", expanded: "var a: Int", "this option is given twice", line: 1, column: 11)
        await refuse("struct S", "@Ignored var a: Int", expanded: "var a: Int", "@Ignored needs an initial value, which the property keeps when decoded", line: 1, column: 1)
        await refuse("struct S", "@Ignored let a: Int?", expanded: "let a: Int?", "@Ignored needs an initial value, which the property keeps when decoded", line: 1, column: 1)
        await refuse("struct S", "@Ignored @Key(\"b\") var a: Int = 1", expanded: "var a: Int = 1",
            "@Ignored cannot be combined with other options: the property is not coded", line: 1, column: 1)
        await refuse("struct S", "@Defaulted(1) let a = 2", expanded: "let a = 2", "this option has no effect on a 'let' with a value, which is never decoded", line: 1, column: 1)
        await refuse("struct S", "@Clamped @Defaulted(1) var a: Int", expanded: "@Clamped var a: Int",
            "a property with a property wrapper is coded through the wrapper's Codable: it takes @Key only", line: 1, column: 10)
        let lossy =
            "@LossyDecoding applies to an array or a [String: Value] dictionary (spelled [Element] or [String: Value]), an optional, or a property with @Defaulted"
        await refuse("struct S", "@LossyDecoding var a: Int", expanded: "var a: Int", lossy, line: 1, column: 1)
        await refuse("struct S", "@LossyDecoding var a: [Int: Int]", expanded: "var a: [Int: Int]", lossy, line: 1, column: 1)
        await refuse("struct S", "@LossyDecoding let a = [1]", expanded: "let a = [1]", "this option has no effect on a 'let' with a value, which is never decoded", line: 1, column: 1)
        await refuse("struct S", "@LossyDecoding @Ignored var a: [Int] = []", expanded: "var a: [Int] = []",
            "@Ignored cannot be combined with other options: the property is not coded", line: 1, column: 16)
        await refuse("struct S", "@UnknownMembers var a: [String: Int]", expanded: "var a: [String: Int]", "@UnknownMembers applies to a property of type JSON.Object", line: 1, column: 1)
        await refuse("struct S", "@UnknownMembers var a: JSON.Object\n@UnknownMembers var b: JSON.Object", expanded: "var a: JSON.Object\nvar b: JSON.Object",
            "a model has one @UnknownMembers property at most", line: 2, column: 1)
        await refuse("struct S", "@UnknownMembers @Key(\"x\") var a: JSON.Object", expanded: "var a: JSON.Object",
            "@UnknownMembers cannot be combined with other options: it holds the members no property names", line: 1, column: 1)
        let dates = "@DateStrategy takes .deferredToDate, .secondsSince1970, .millisecondsSince1970 or .iso8601"
        await refuse("struct S", "@DateStrategy(.formatted(f)) var a: Date", expanded: "var a: Date", dates, line: 1, column: 1)
        await refuse("struct S", "@DateStrategy(.iso8601) var a: String", expanded: "var a: String", "@DateStrategy applies to a property of type Date or Date?", line: 1, column: 1)
        await refuse("struct S", "@Coerced @DateStrategy(.iso8601) var a: Date", expanded: "var a: Date", "@Coerced cannot be combined with @DateStrategy", line: 1, column: 1)
        await refuse("struct S", "@Coerced @Ignored var a: Int = 1", expanded: "var a: Int = 1",
            "@Ignored cannot be combined with other options: the property is not coded", line: 1, column: 10)
        await refuse("struct S", "@Coerced let a = 1", expanded: "let a = 1", "this option has no effect on a 'let' with a value, which is never decoded", line: 1, column: 1)
        await refuse("struct S", "@Coerced @Coerced var a: Int", expanded: "var a: Int", "this option is given twice", line: 1, column: 10)
        await expand(
            "struct S {\n    @Defaulted(1) var a: Int { 1 }\n    @Ignored static var b = 0\n}", "struct S {\n    var a: Int { 1 }\n    static var b = 0\n}",
            diagnostics: [
                DiagnosticSpec(message: "@Defaulted applies to a stored property of a @JSONCodable type", line: 2, column: 5),
                DiagnosticSpec(message: "@Ignored applies to a stored property of a @JSONCodable type", line: 3, column: 5),
            ])
    }

    /// A `@Defaulted` literal of another type than the property's is
    /// reported on the attribute, not left to fail inside the expansion.
    @Test func defaultsOfAnotherTypeAreReportedOnTheAttribute() async {
        await refuse("struct S", #"@Defaulted("zero") var count: Int"#, expanded: "var count: Int",
            "the default's type String is not the property's type Int", line: 1, column: 1)
        await refuse("struct S", "var a: Int\n@Defaulted(1.5) var b: Int64", expanded: "var a: Int\nvar b: Int64",
            "the default's type Double is not the property's type Int64", line: 2, column: 1)
        await refuse("struct S", "@Defaulted(-1) var a: String?", expanded: "var a: String?", "the default's type Int is not the property's type String?", line: 1, column: 1)
        await refuse("struct S", "@Defaulted(true) var a: Swift.Double", expanded: "var a: Swift.Double",
            "the default's type Bool is not the property's type Swift.Double", line: 1, column: 1)
        await refuse("struct S", #"@Defaulted(["a"]) var a: [Int]"#, expanded: "var a: [Int]", "the default's type [String] is not the property's type [Int]", line: 1, column: 1)
        await refuse("struct S", #"@Defaulted([1, "a"]) var a: [Int]"#, expanded: "var a: [Int]",
            #"the default [1, "a"] is not a value of the property's type [Int]"#, line: 1, column: 1)
        await refuse("struct S", "@Defaulted(nil) var a: Int", expanded: "var a: Int", "the default nil is not a value of the property's type Int", line: 1, column: 1)
        await refuse("struct S", "@Defaulted([]) var a: [String: Int]", expanded: "var a: [String: Int]",
            "the default [] is not a value of the property's type [String: Int]", line: 1, column: 1)
        await refuse("struct S", "@LossyDecoding @Defaulted(0) var a: [Int]", expanded: "var a: [Int]", "the default's type Int is not the property's type [Int]", line: 1, column: 16)
    }
}
