import Testing

/// What `@JSONCodable` writes for alternative keys, keys for encoding,
/// tolerant defaults, default cases and key namings, and what it reports
/// when they are misused.
@Suite struct KeyAndDefaultExpansionTests {
    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        await expectExpansion(source, expected, diagnostics: diagnostics, sourceLocation: sourceLocation)
    }

    /// Alternative keys, one of them a path: one scan of each object, then
    /// the first that holds a value (`MemberPresence`), read as a property
    /// with that one key would be; the key for encoding is written alone,
    /// its nested object neither scanned nor opened when decoding.
    @Test func alternativeKeysAndAKeyForEncoding() async {
        await expand(
            """
            @JSONCodable
            struct User {
                @Key("id", "ID", "user.id") var id: Int
                @Key("mail", "email", encoding: "contact.mail") var mail: String?
            }
            """,
            """
            struct User {
                var id: Int
                var mail: String?

                enum CodingKeys: String, CodingKey {
                    case id
                    case __key1 = "ID"
                    case __path1 = "user"
                    case mail
                    case __key4 = "email"
                    case __path2 = "contact"
                }
            }

            extension User: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["id", "ID", "user", "mail", "email", "contact"])

                private static let generatedNestedKeys = [Peregrine.MemberKeys.permanent(["id"]), Peregrine.MemberKeys.permanent(["mail"])]

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1, -1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    var members1 = -1
                    let object1 = try Swift.withUnsafeMutableBytes(of: &members1) {
                        try source.nestedMembers(member: members.2, keys: Self.generatedNestedKeys[0], into: $0)
                    }
                    let idValue: Int
                    switch Peregrine.MemberPresence.first(source.presence(of: members.0), source.presence(of: members.1), source.presence(of: members1)) {
                    case 1:
                        idValue = try source.decode(Int.self, member: members.1, key: CodingKeys.__key1, in: object)
                    case 2:
                        idValue = try source.decode(Int.self, member: members1, key: Peregrine.NestedPathKey("id"), in: object1)
                    default:
                        idValue = try source.decode(Int.self, member: members.0, key: CodingKeys.id, in: object)
                    }
                    let mailValue: String?
                    switch Peregrine.MemberPresence.first(source.presence(of: members.3), source.presence(of: members.4)) {
                    case 1:
                        mailValue = try source.decode(String?.self, member: members.4, key: CodingKeys.__key4, in: object)
                    default:
                        mailValue = try source.decode(String?.self, member: members.3, key: CodingKeys.mail, in: object)
                    }
                    self.init(id: idValue, mail: mailValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let nested1 = try container.nestedMemberContainer(forKey: CodingKeys.__path1)
                    switch try Peregrine.MemberPresence.first(container.presence(of: CodingKeys.id), container.presence(of: CodingKeys.__key1), nested1?.presence(of: Peregrine.NestedPathKey("id")) ?? .missing) {
                    case 1:
                        self.id = try container.decodeMember(Int.self, forKey: CodingKeys.__key1)
                    case 2:
                        self.id = try (nested1 ?? container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)).decodeMember(Int.self, forKey: Peregrine.NestedPathKey("id"))
                    default:
                        self.id = try container.decodeMember(Int.self, forKey: CodingKeys.id)
                    }
                    switch try Peregrine.MemberPresence.first(container.presence(of: CodingKeys.mail), container.presence(of: CodingKeys.__key4)) {
                    case 1:
                        self.mail = try container.decodeMember(String?.self, forKey: CodingKeys.__key4)
                    default:
                        self.mail = try container.decodeMember(String?.self, forKey: CodingKeys.mail)
                    }
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
                    if let object2 = sink.beginNestedObject(5, key: CodingKeys.__path2, in: object, keys: Self.generatedNestedKeys[1]) {
                        try sink.encode(self.mail, member: 0, key: Peregrine.NestedPathKey("mail"), in: object2)
                        sink.end(object2)
                    } else {
                        try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                            var nested2 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                            try nested2.encodeMember(self.mail, forKey: Peregrine.NestedPathKey("mail"))
                        }, key: CodingKeys.__path2, in: object)
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
                        var nested2 = container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path2)
                        try nested2.encodeMember(self.mail, forKey: Peregrine.NestedPathKey("mail"))
                    }
                }
            }
            """)
    }

    /// `@LossyDecoding` on a value that is not a collection: an invalid
    /// value reads as missing (`nil`, or the default); `@Defaulted` without
    /// a value takes the initial value, typed as the property is.
    @Test func tolerantDefaultsAndInitialValues() async {
        await expand(
            """
            @JSONCodable
            struct Settings {
                @LossyDecoding @Defaulted("light") var theme: String
                @LossyDecoding var link: URL?
                @Defaulted var retries: Int = 3
            }
            """,
            """
            struct Settings {
                var theme: String
                var link: URL?
                var retries: Int = 3

                enum CodingKeys: String, CodingKey {
                    case theme
                    case link
                    case retries
                }
            }

            extension Settings: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["theme", "link", "retries"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let themeValue: String = source.tolerating(member: members.0, in: object, keys: [CodingKeys.theme], takesDefault: true) {
                        try source.decode(Swift.Optional<String>.self, member: members.0, key: CodingKeys.theme, in: object)
                    } ?? "light"
                    let linkValue: URL? = source.tolerating(member: members.1, in: object, keys: [CodingKeys.link], takesDefault: false) {
                        try source.decode(URL?.self, member: members.1, key: CodingKeys.link, in: object)
                    }
                    let retriesValue: Int = try source.decode(Swift.Optional<Int>.self, member: members.2, key: CodingKeys.retries, in: object) ?? source.defaulted((3 as Int), member: members.2, in: object, keys: [CodingKeys.retries])
                    self.init(theme: themeValue, link: linkValue, retries: retriesValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.theme = KeyedDecodingContainer<CodingKeys>.decodeTolerating(in: container, forKey: CodingKeys.theme, path: container.codingPath + [CodingKeys.theme], takesDefault: true) {
                        try $0.decodeMember(Swift.Optional<String>.self, forKey: CodingKeys.theme)
                    } ?? "light"
                    self.link = KeyedDecodingContainer<CodingKeys>.decodeTolerating(in: container, forKey: CodingKeys.link, path: container.codingPath + [CodingKeys.link], takesDefault: false) {
                        try $0.decodeMember(URL?.self, forKey: CodingKeys.link)
                    }
                    self.retries = try KeyedDecodingContainer<CodingKeys>.decodeDefaulted(Int.self, in: container, forKey: CodingKeys.retries, path: container.codingPath + [CodingKeys.retries]) ?? (3 as Int)
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
                    try sink.encode(self.theme, member: 0, key: CodingKeys.theme, in: object)
                    try sink.encode(self.link, member: 1, key: CodingKeys.link, in: object)
                    try sink.encode(self.retries, member: 2, key: CodingKeys.retries, in: object)
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
                    try container.encodeMember(self.theme, forKey: CodingKeys.theme)
                    try container.encodeMember(self.link, forKey: CodingKeys.link)
                    try container.encodeMember(self.retries, forKey: CodingKeys.retries)
                }
            }
            """)
    }

    /// A naming of the type and one of a property go into `CodingKeys`, as
    /// `@Key`'s names do; a name given to `@Key` is taken as it is.
    @Test func keyNamingsOfTheTypeAndOfAProperty() async {
        await expand(
            """
            @JSONCodable(keys: .snakeCase)
            struct Account {
                var userID: Int
                @Key(.kebabCase) var retryAfter: Int
                @Key("nick") var nickname: String?
            }
            """,
            """
            struct Account {
                var userID: Int
                var retryAfter: Int
                var nickname: String?

                enum CodingKeys: String, CodingKey {
                    case userID = "user_id"
                    case retryAfter = "retry-after"
                    case nickname = "nick"
                }
            }

            extension Account: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["user_id", "retry-after", "nick"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let userIDValue: Int = try source.decode(Int.self, member: members.0, key: CodingKeys.userID, in: object)
                    let retryAfterValue: Int = try source.decode(Int.self, member: members.1, key: CodingKeys.retryAfter, in: object)
                    let nicknameValue: String? = try source.decode(String?.self, member: members.2, key: CodingKeys.nickname, in: object)
                    self.init(userID: userIDValue, retryAfter: retryAfterValue, nickname: nicknameValue)
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
                    try sink.encode(self.userID, member: 0, key: CodingKeys.userID, in: object)
                    try sink.encode(self.retryAfter, member: 1, key: CodingKeys.retryAfter, in: object)
                    try sink.encode(self.nickname, member: 2, key: CodingKeys.nickname, in: object)
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

    /// A default case of an enum with raw values: its own `init(from:)`,
    /// reading the raw value as the standard library does.
    @Test func aDefaultCaseForUnknownRawValues() async {
        await expand(
            """
            @JSONCodable
            enum Theme: String {
                case light, dark
                @Defaulted case unknown
            }
            """,
            """
            enum Theme: String {
                case light, dark
                case unknown
            }

            extension Theme: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    self = try source.decode(rawValueOf: Self.self, at: index, fallback: .unknown)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    try self.rawValue.encode(generatedTo: sink)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                init(from decoder: any Swift.Decoder) throws {
                    self = try decoder.singleValueContainer().decode(rawValueOf: Self.self, fallback: .unknown)
                }
            }
            """)
    }

    /// A default case beside a tag, and a naming of the tags.
    @Test func aDefaultCaseForUnknownTagsAndANamingOfTags() async {
        await expand(
            """
            @JSONCodable(keys: .snakeCase)
            @Discriminator("type")
            enum Block {
                case textBlock(body: String)
                @Defaulted case unsupported
            }
            """,
            """
            enum Block {
                case textBlock(body: String)
                case unsupported

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "type"
                    static let generatedKeys = Peregrine.MemberKeys.permanent(["type"])
                }

                enum GeneratedCaseKeys {
                    enum TextBlockCodingKeys: String, CodingKey {
                        case body
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["type", "body"])
                    }
                }
            }

            extension Block: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["text_block", "unsupported"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    switch try source.decodeTag(member: discriminator, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys, fallback: 1) {
                    case 0:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: index, keys: GeneratedCaseKeys.TextBlockCodingKeys.generatedKeys, into: $0)
                        }
                        self = .textBlock(body: try source.decode(String.self, member: members.1, key: GeneratedCaseKeys.TextBlockCodingKeys.body, in: values))
                    default:
                        self = .unsupported
                    }
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    switch self {
                    case .textBlock(body: let body):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.TextBlockCodingKeys.generatedKeys)
                        try sink.encode("text_block", member: 0, key: DiscriminatorKeys.tag, in: object)
                        try sink.encode(body, member: 1, key: GeneratedCaseKeys.TextBlockCodingKeys.body, in: object)
                        sink.end(object)
                    case .unsupported:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("unsupported", member: 0, key: DiscriminatorKeys.tag, in: object)
                        sink.end(object)
                    }
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: DiscriminatorKeys.self)
                    let tag = try container.decode(String.self, forKey: .tag)
                    switch Self.generatedKeys.field(of: tag) {
                    case 0:
                        let values = try decoder.container(keyedBy: GeneratedCaseKeys.TextBlockCodingKeys.self)
                        self = .textBlock(body: try values.decode(String.self, forKey: .body))
                    case 1:
                        self = .unsupported
                    default:
                        Peregrine.MemberKeys.recordDefaultCase(for: tag, at: container.codingPath + [DiscriminatorKeys.tag])
                        self = .unsupported
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    switch self {
                    case .textBlock(body: let body):
                        try container.encode("text_block", forKey: .tag)
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.TextBlockCodingKeys.self)
                        try values.encode(body, forKey: .body)
                    case .unsupported:
                        try container.encode("unsupported", forKey: .tag)
                    }
                }
            }
            """)
    }

    func refuse(
        _ attributes: String, _ header: String, _ members: String, expanded: String? = nil, _ messages: [(String, line: Int, column: Int)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await EnumExpansionTests().refuse(attributes, header, members, expanded: expanded, messages, sourceLocation: sourceLocation)
    }

    @Test func keysItRefuses() async {
        await refuse("@JSONCodable", "struct S", "@Key(\"id\", \"id\") var a: Int", expanded: "var a: Int", [("this key is given twice", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "struct S", "@Key(\"a\", \"b\") var a: Int\nvar b: Int", expanded: "var a: Int\nvar b: Int",
            [("two properties have the same JSON key", line: 2, column: 5)])
        await refuse(
            "@JSONCodable", "struct S", "var b: Int\n@Key(\"a\", encoding: \"b\") var a: Int", expanded: "var b: Int\nvar a: Int",
            [("two properties have the same JSON key", line: 2, column: 1)])
        await refuse(
            "@JSONCodable", "struct S", "@Key(\"a\", \"a.b\") var a: Int", expanded: "var a: Int",
            [("this key path conflicts with another property's key: a name is both a member and an object holding members", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "struct S", "@Key(\"a\", \"b..c\") var a: Int", expanded: "var a: Int",
            [("a key path has an empty name between its dots: write @Key(exactly: \"…\") for a key that contains dots", line: 1, column: 1)])
        let literal =
            "@Key takes string literals, such as @Key(\"user_id\"), @Key(\"id\", \"ID\", \"user.id\"), @Key(exactly: \"a.b\") or @Key(\"id\", encoding: \"ID\"), or a naming such as @Key(.snakeCase)"
        await refuse("@JSONCodable", "struct S", "@Key(\"a\", encoding: name) var a: Int", expanded: "var a: Int", [(literal, line: 1, column: 21)])
        await refuse("@JSONCodable", "struct S", "@Key(encoding: \"a\") var a: Int", expanded: "var a: Int", [(literal, line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Key(.titleCase) var a: Int", expanded: "var a: Int", [(literal, line: 1, column: 6)])
    }

    @Test func namingsItRefuses() async {
        let naming =
            "@JSONCodable takes a key naming, such as @JSONCodable(keys: .snakeCase): .camelCase, .pascalCase, .snakeCase, .kebabCase or .screamingSnakeCase"
        await refuse("@JSONCodable(keys: .titleCase)", "struct S", "var a: Int", [(naming, line: -1, column: 1)])
        await refuse("@JSONCodable(naming: .snakeCase)", "enum E", "case a", [(naming, line: -1, column: 1)])
        await refuse(
            "@JSONCodable(keys: .snakeCase)", "struct S", "var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}",
            [("a key naming cannot be used with a CodingKeys enum of your own: give the keys in CodingKeys", line: 2, column: 6)])
        await refuse(
            "@JSONCodable(keys: .snakeCase)", "enum E: String", "case aB",
            [("a key naming does not apply to an enum with raw values: the raw values are its JSON", line: -1, column: 1)])
    }

    @Test func defaultsItRefuses() async {
        let needsValue = "@Defaulted takes the default value, such as @Defaulted(0), or without one the property's initial value, which it needs"
        await refuse("@JSONCodable", "struct S", "@Defaulted var a: Int", expanded: "var a: Int", [(needsValue, line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Defaulted(1, 2) var a: Int", expanded: "var a: Int", [(needsValue, line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "struct S", "@Defaulted let a: Int = 1", expanded: "let a: Int = 1",
            [("this option has no effect on a 'let' with a value, which is never decoded", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "struct S", "@Key(\"a\", \"x.a\") var a: Int\n@UnknownMembers var extra: JSON.Object",
            expanded: "var a: Int\nvar extra: JSON.Object",
            [("@UnknownMembers cannot be used with a key path that is only read or only written: the members it keeps there could not be put back", line: 2, column: 1)])
    }

    @Test func defaultCasesItRefuses() async {
        await refuse(
            "@JSONCodable", "enum E", "case a(Int)\n@Defaulted case b", expanded: "case a(Int)\ncase b",
            [("a default case applies to an enum with raw values or a @Discriminator, whose unknown raw value or tag it stands for", line: 2, column: 1)])
        let tagged = "@JSONCodable\n@Discriminator(\"type\")"
        await refuse(tagged, "enum E", "@Defaulted case a, b", expanded: "case a, b", [("@Defaulted applies to one case: declare the cases separately", line: 1, column: 1)])
        await refuse(
            tagged, "enum E", "@Defaulted case a(x: Int)", expanded: "case a(x: Int)",
            [("the default case cannot have values: nothing in an unknown case says what they are", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "enum E: Int", "@Defaulted case a\n@Defaulted case b", expanded: "case a\ncase b",
            [("an enum has one default case at most", line: 2, column: 1)])
    }

    /// `@Defaulted(20, ifInvalid: 0)`: read as a tolerant property with a
    /// default (`tolerating`, `decodeTolerating`), the value for an
    /// invalid member passed as `ifInvalid:`.
    @Test func defaultedWithAValueForInvalidMembers() async {
        await expectExpansion(
            """
            @JSONCodable
            struct Settings {
                @Defaulted(20, ifInvalid: 0) var pageSize: Int
            }
            """,
            """
            struct Settings {
                var pageSize: Int

                enum CodingKeys: String, CodingKey {
                    case pageSize
                }
            }

            extension Settings: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["pageSize"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let pageSizeValue: Int = source.tolerating(member: members, in: object, keys: [CodingKeys.pageSize], takesDefault: true, ifInvalid: 0) {
                        try source.decode(Swift.Optional<Int>.self, member: members, key: CodingKeys.pageSize, in: object)
                    } ?? 20
                    self.init(pageSize: pageSizeValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.pageSize = KeyedDecodingContainer<CodingKeys>.decodeTolerating(in: container, forKey: CodingKeys.pageSize, path: container.codingPath + [CodingKeys.pageSize], takesDefault: true, ifInvalid: 0) {
                        try $0.decodeMember(Swift.Optional<Int>.self, forKey: CodingKeys.pageSize)
                    } ?? 20
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
                    try sink.encode(self.pageSize, member: 0, key: CodingKeys.pageSize, in: object)
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
                    try container.encodeMember(self.pageSize, forKey: CodingKeys.pageSize)
                }
            }
            """)
    }

    /// An invalid member's value that is no value of the property's type,
    /// and `@LossyDecoding` beside `ifInvalid:`, are refused.
    @Test func defaultedIfInvalidMisuseIsRefused() async {
        await expectExpansion(
            """
            @JSONCodable
            struct Settings {
                @Defaulted(1, ifInvalid: "x") var a: Int
                @LossyDecoding @Defaulted(1, ifInvalid: 2) var b: Int
            }
            """,
            """
            struct Settings {
                var a: Int
                var b: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "the default's type String is not the property's type Int", line: 3, column: 5),
                DiagnosticSpec(message: "@Defaulted(_:ifInvalid:) cannot be combined with @LossyDecoding: it gives its own value for an invalid member", line: 4, column: 20),
            ])
    }
}
