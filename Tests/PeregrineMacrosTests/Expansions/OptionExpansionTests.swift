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
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["count", "label", "body"])

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

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys]
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

    /// A property wrapper's storage is read and written, its type inferred;
    /// the one-direction options; a flattened property read from `index`
    /// and written through a `MergingSink`.
    @Test func wrappersDirectionsAndFlattening() async {
        await expand(
            """
            @JSONCodable
            struct Post {
                @Trimmed var title: String
                @DecodedOnly var secret: String
                @EncodedOnly var version: Int = 2
                @EncodedUnless(\\[String].isEmpty) @NilAsNull var tags: [String]?
                @Flattened var author: Author
            }
            """,
            """
            struct Post {
                @Trimmed var title: String
                var secret: String
                var version: Int = 2
                var tags: [String]?
                var author: Author

                enum CodingKeys: String, CodingKey {
                    case title
                    case secret
                    case version
                    case tags
                }
            }

            extension Post: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["title", "secret", "version", "tags"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self._title = try source.decode(member: members.0, key: CodingKeys.title, in: object)
                    self.secret = try source.decode(String.self, member: members.1, key: CodingKeys.secret, in: object)
                    self.tags = try source.decode([String]?.self, member: members.3, key: CodingKeys.tags, in: object)
                    self.author = try source.decodeGenerated(Author.self, at: index)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self._title = try container.decodeMember(forKey: CodingKeys.title)
                    self.secret = try container.decodeMember(String.self, forKey: CodingKeys.secret)
                    self.tags = try container.decodeMember([String]?.self, forKey: CodingKeys.tags)
                    self.author = try Author(from: decoder)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static var claimedMemberKeys: [Peregrine.MemberKeys] {
                    [Self.generatedKeys] + Author.claimedMemberKeys
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    try sink.encode(generic: self._title, member: 0, key: CodingKeys.title, in: object)
                    try sink.encode(self.version, member: 2, key: CodingKeys.version, in: object)
                    if !Peregrine.EncodingCondition.holds(\\[String].isEmpty, for: self.tags) {
                        if let value = self.tags {
                            try sink.encode(value, member: 3, key: CodingKeys.tags, in: object)
                        } else {
                            try sink.encodeNull(member: 3, key: CodingKeys.tags, in: object)
                        }
                    }
                    try self.author.encode(generatedTo: Peregrine.MergingSink(sink, into: object))
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
                    try container.encodeMember(self._title, forKey: CodingKeys.title)
                    try container.encodeMember(self.version, forKey: CodingKeys.version)
                    if !Peregrine.EncodingCondition.holds(\\[String].isEmpty, for: self.tags) {
                        if let value = self.tags {
                            try container.encodeMember(value, forKey: CodingKeys.tags)
                        } else {
                            try container.encodeNil(forKey: CodingKeys.tags)
                        }
                    }
                    try self.author.encode(to: encoder)
                }
            }
            """)
    }

    /// `@JSONCodable(at:)` puts every key below the root's objects; `@NilAsNull` on the type reaches every optional.
    @Test func aRootAndNilAsNullOnTheType() async {
        await expand(
            """
            @NilAsNull
            @JSONCodable(at: "data")
            struct Info {
                var id: Int
                var name: String?
            }
            """,
            """
            struct Info {
                var id: Int
                var name: String?

                enum CodingKeys: String, CodingKey {
                    case __path1 = "data"
                }
            }

            extension Info: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["data"])

                private static let generatedNestedKeys = [Peregrine.MemberKeys.permanent(["id", "name"])]

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    var members1 = (-1, -1)
                    let object1 = try Swift.withUnsafeMutableBytes(of: &members1) {
                        try source.nestedMembers(member: members, keys: Self.generatedNestedKeys[0], into: $0)
                    }
                    if object1 < 0 {
                        try source.requireNested(member: members, key: CodingKeys.__path1, in: object)
                    }
                    let idValue: Int = try source.decode(Int.self, member: members1.0, key: Peregrine.NestedPathKey("id"), in: object1)
                    let nameValue: String? = try source.decode(String?.self, member: members1.1, key: Peregrine.NestedPathKey("name"), in: object1)
                    self.init(id: idValue, name: nameValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let nested1 = try container.nestedMemberContainer(forKey: CodingKeys.__path1)
                    self.id = try (nested1 ?? container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)).decodeMember(Int.self, forKey: Peregrine.NestedPathKey("id"))
                    self.name = try nested1?.decodeMember(String?.self, forKey: Peregrine.NestedPathKey("name"))
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
                        try sink.encode(self.id, member: 0, key: Peregrine.NestedPathKey("id"), in: object1)
                        if let value = self.name {
                            try sink.encode(value, member: 1, key: Peregrine.NestedPathKey("name"), in: object1)
                        } else {
                            try sink.encodeNull(member: 1, key: Peregrine.NestedPathKey("name"), in: object1)
                        }
                        sink.end(object1)
                    } else {
                        try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                            var nested1 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                            try nested1.encodeMember(self.id, forKey: Peregrine.NestedPathKey("id"))
                            if let value = self.name {
                                try nested1.encodeMember(value, forKey: Peregrine.NestedPathKey("name"))
                            } else {
                                try nested1.encodeNil(forKey: Peregrine.NestedPathKey("name"))
                            }
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
                    do {
                        var nested1 = container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: CodingKeys.__path1)
                        try nested1.encodeMember(self.id, forKey: Peregrine.NestedPathKey("id"))
                        if let value = self.name {
                            try nested1.encodeMember(value, forKey: Peregrine.NestedPathKey("name"))
                        } else {
                            try nested1.encodeNil(forKey: Peregrine.NestedPathKey("name"))
                        }
                    }
                }
            }
            """)
    }

    @Test func optionsItRefuses() async {
        await refuse("@JSONCodable", "struct S", "@CodedBy(coder) var a: Int", expanded: "var a: Int",
            [("@CodedBy takes a ValueCoder type, such as @CodedBy(Base64Coder<Data>.self)", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Coerced @CodedBy(C.self) var a: Int", expanded: "var a: Int",
            [("@CodedBy cannot be combined with @DateStrategy or @Coerced: a property has one coder", line: 1, column: 10)])
        await refuse("@JSONCodable", "struct S", "@DecodedOnly @EncodedOnly var a: Int = 1", expanded: "var a: Int = 1",
            [("@DecodedOnly and @EncodedOnly cannot be combined: use @Ignored for a property neither read nor written", line: 1, column: 14)])
        await refuse("@JSONCodable", "struct S", "@NilAsNull @DecodedOnly var a: Int?", expanded: "var a: Int?",
            [("this option has no effect on a @DecodedOnly property, which is never written", line: 1, column: 12)])
        await refuse("@JSONCodable", "struct S", "@EncodedUnless var a: Int", expanded: "var a: Int",
            [("@EncodedUnless takes a function of the property's value, such as @EncodedUnless(\\[String].isEmpty) or @EncodedUnless({ (tags: [String]) in tags.isEmpty })", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@EncodedOnly var a: Int", expanded: "var a: Int",
            [("@EncodedOnly needs an initial value, which the property keeps when decoded", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@EncodedOnly @Defaulted(1) var a: Int = 1", expanded: "var a: Int = 1",
            [("this option has no effect on an @EncodedOnly property, which is never decoded", line: 1, column: 14)])
        await refuse("@JSONCodable", "struct S", "@NilAsNull var a: Int", expanded: "var a: Int", [("@NilAsNull applies to an optional property", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Flattened @Key(\"x\") var a: A", expanded: "var a: A",
            [("@Flattened cannot be combined with other options: its value's members sit in the model's object", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Flattened var a: A?", expanded: "var a: A?", [("@Flattened applies to a property whose type is not optional", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S<T>", "@Flattened var a: T", expanded: "var a: T",
            [("@Flattened applies to a property of a @JSONCodable type, not of a generic parameter", line: 1, column: 1)])
        await refuse("@JSONCodable(at: \"d\")", "struct S", "@Flattened var a: A", expanded: "var a: A",
            [("@Flattened cannot be used in a type with @JSONCodable(at:)", line: 1, column: 1)])
        await refuse("@JSONCodable", "struct S", "@Trimmed @EncodedOnly var a: String = \"\"", expanded: "@Trimmed var a: String = \"\"",
            [("a property with a property wrapper is coded through the wrapper's Codable: it takes @Key only", line: 1, column: 10)])
        await refuse("@JSONCodable(at: \"a..b\")", "struct S", "var a: Int",
            [("@JSONCodable(at:) takes a string literal of names separated by dots, none empty, such as \"data.info\"", line: -1, column: 18)])
        await refuse("@JSONCodable(at: \"d\")", "struct S", "var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}",
            [("@JSONCodable(at:) cannot be used with a CodingKeys enum of your own", line: 2, column: 6)])
        await refuse("@JSONCodable", "struct S", "@Flattened let a: A = A()", expanded: "let a: A = A()",
            [("this option has no effect on a 'let' with a value, which is never decoded", line: 1, column: 1)])
    }

    /// `@Coerced` on the type: each property of a type coercions apply to
    /// is coded as a `CoercedValue`, as a property's `@Coerced` codes it;
    /// one with a coder of its own and a model are coded as they are. On
    /// an enum it is refused.
    @Test func coercedOnTheType() async {
        await expectExpansion(
            """
            @Coerced
            @JSONCodable
            struct Row {
                var id: Int
                var flags: [Bool]?
                @CodedBy(LosslessStringCoder<Int>.self) var code: Int
                var user: User
            }
            @Coerced
            enum E { case a }
            """,
            """
            struct Row {
                var id: Int
                var flags: [Bool]?
                var code: Int
                var user: User

                enum CodingKeys: String, CodingKey {
                    case id
                    case flags
                    case code
                    case user
                }
            }
            enum E { case a }

            extension Row: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["id", "flags", "code", "user"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    let idValue: Int = try source.decode(Peregrine.CoercedValue<Int>.self, member: members.0, key: CodingKeys.id, in: object).value
                    let flagsValue: [Bool]? = try source.decode(Swift.Optional<Peregrine.CoercedValue<[Bool]>>.self, member: members.1, key: CodingKeys.flags, in: object)?.value
                    let codeValue: Int = try source.decode(Peregrine.CodedValue<LosslessStringCoder<Int>>.self, member: members.2, key: CodingKeys.code, in: object).value
                    let userValue: User = try source.decode(User.self, member: members.3, key: CodingKeys.user, in: object)
                    self.init(id: idValue, flags: flagsValue, code: codeValue, user: userValue)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decodeMember(Peregrine.CoercedValue<Int>.self, forKey: CodingKeys.id).value
                    self.flags = try container.decodeMember(Swift.Optional<Peregrine.CoercedValue<[Bool]>>.self, forKey: CodingKeys.flags)?.value
                    self.code = try container.decodeMember(Peregrine.CodedValue<LosslessStringCoder<Int>>.self, forKey: CodingKeys.code).value
                    self.user = try container.decodeMember(User.self, forKey: CodingKeys.user)
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
                    try sink.encode(Peregrine.CoercedValue<Int>(self.id), member: 0, key: CodingKeys.id, in: object)
                    try sink.encode(self.flags.map(Peregrine.CoercedValue<[Bool]>.init), member: 1, key: CodingKeys.flags, in: object)
                    try sink.encode(Peregrine.CodedValue<LosslessStringCoder<Int>>(self.code), member: 2, key: CodingKeys.code, in: object)
                    try sink.encode(self.user, member: 3, key: CodingKeys.user, in: object)
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
                    try container.encodeMember(Peregrine.CoercedValue<Int>(self.id), forKey: CodingKeys.id)
                    try container.encodeMember(self.flags.map(Peregrine.CoercedValue<[Bool]>.init), forKey: CodingKeys.flags)
                    try container.encodeMember(Peregrine.CodedValue<LosslessStringCoder<Int>>(self.code), forKey: CodingKeys.code)
                    try container.encodeMember(self.user, forKey: CodingKeys.user)
                }
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Coerced applies to a stored property of a @JSONCodable type", line: 9, column: 1)])
    }
}
