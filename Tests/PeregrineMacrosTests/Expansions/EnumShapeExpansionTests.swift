import Testing

/// What `@JSONCodable` writes for `@Untagged`, integer tags, several tags
/// for one case and `@UnwrapSingleValues`, and what it reports on their misuse.
@Suite struct EnumShapeExpansionTests {
    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        await expectExpansion(source, expected, diagnostics: diagnostics, sourceLocation: sourceLocation)
    }

    func refuse(_ source: String, _ expanded: String, _ message: String, line: Int, column: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await expand(source, expanded, diagnostics: [DiagnosticSpec(message: message, line: line, column: column)], sourceLocation: sourceLocation)
    }

    /// Each case tried in order against the value: `null`, the one value, an object of values.
    @Test func untaggedCasesAreTriedInOrder() async {
        await expand(
            """
            @JSONCodable
            @Untagged
            enum Value {
                case none
                case text(String)
                case point(x: Int)
            }
            """,
            """
            enum Value {
                case none
                case text(String)
                case point(x: Int)

                enum GeneratedCaseKeys {
                    enum PointCodingKeys: String, CodingKey {
                        case x
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["x"])
                    }
                }
            }

            extension Value: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    self = try source.decodeUntagged(Self.self, at: index) { () throws -> Self? in
                        if source.isNull(at: index) {
                            return .none
                        }
                        if let value = try source.attemptCase(at: index, { () throws -> Self in
                            return .text(try source.untaggedValue(String.self, at: index))
                        }) {
                            return value
                        }
                        if let value = try source.attemptCase(at: index, { () throws -> Self in
                            var members = -1
                            let values = try Swift.withUnsafeMutableBytes(of: &members) {
                                try source.members(of: index, keys: GeneratedCaseKeys.PointCodingKeys.generatedKeys, into: $0)
                            }
                            return .point(x: try source.decode(Int.self, member: members, key: GeneratedCaseKeys.PointCodingKeys.x, in: values))
                        }) {
                            return value
                        }
                        return nil
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
                    case .none:
                        sink.encodeNil()
                    case .text(let _0):
                        try sink.encodeUntagged(_0)
                    case .point(x: let x):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.PointCodingKeys.generatedKeys)
                        try sink.encode(x, member: 0, key: GeneratedCaseKeys.PointCodingKeys.x, in: object)
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
                    self = try Peregrine.UntaggedCases.decode(Self.self, in: decoder) { () throws -> Self? in
                        if try decoder.singleValueContainer().decodeNil() {
                            return .none
                        }
                        if let value = try Peregrine.UntaggedCases.attempt(in: decoder, { () throws -> Self in
                            .text(try decoder.singleValueContainer().decode(String.self))
                        }) {
                            return value
                        }
                        if let value = try Peregrine.UntaggedCases.attempt(in: decoder, { () throws -> Self in
                            let values = try decoder.container(keyedBy: GeneratedCaseKeys.PointCodingKeys.self)
                            return .point(x: try values.decode(Int.self, forKey: .x))
                        }) {
                            return value
                        }
                        return nil
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    switch self {
                    case .none:
                        var container = encoder.singleValueContainer()
                        try container.encodeNil()
                    case .text(let _0):
                        var container = encoder.singleValueContainer()
                        try container.encode(_0)
                    case .point(x: let x):
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.PointCodingKeys.self)
                        try values.encode(x, forKey: .x)
                    }
                }
            }
            """)
    }

    /// Integer tags, the second case read from two.
    @Test func integerTagsAndSeveralTagsForOneCase() async {
        await expand(
            """
            @JSONCodable
            @Discriminator("type")
            enum Command {
                @Key(1) case load(key: String)
                @Key(2, 3) case halt
            }
            """,
            """
            enum Command {
                case load(key: String)
                case halt

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "type"
                    static let generatedKeys = Peregrine.MemberKeys.permanent(["type"])
                }

                enum GeneratedCaseKeys {
                    enum LoadCodingKeys: String, CodingKey {
                        case key
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["type", "key"])
                    }
                }
            }

            extension Command: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["1", "2", "3"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    switch try source.decodeTag(Swift.Int.self, member: discriminator, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) {
                    case 0:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: index, keys: GeneratedCaseKeys.LoadCodingKeys.generatedKeys, into: $0)
                        }
                        self = .load(key: try source.decode(String.self, member: members.1, key: GeneratedCaseKeys.LoadCodingKeys.key, in: values))
                    default:
                        self = .halt
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
                    case .load(key: let key):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.LoadCodingKeys.generatedKeys)
                        try sink.encode(1, member: 0, key: DiscriminatorKeys.tag, in: object)
                        try sink.encode(key, member: 1, key: GeneratedCaseKeys.LoadCodingKeys.key, in: object)
                        sink.end(object)
                    case .halt:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode(2, member: 0, key: DiscriminatorKeys.tag, in: object)
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
                    let tag = try container.decode(Swift.Int.self, forKey: .tag)
                    switch Self.generatedKeys.field(of: tag.description) {
                    case 0:
                        let values = try decoder.container(keyedBy: GeneratedCaseKeys.LoadCodingKeys.self)
                        self = .load(key: try values.decode(String.self, forKey: .key))
                    case 1, 2:
                        self = .halt
                    default:
                        throw Self.generatedKeys.unknownTag(tag, in: try container.superDecoder(forKey: .tag))
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    switch self {
                    case .load(key: let key):
                        try container.encode(1, forKey: .tag)
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.LoadCodingKeys.self)
                        try values.encode(key, forKey: .key)
                    case .halt:
                        try container.encode(2, forKey: .tag)
                    }
                }
            }
            """)
    }

    /// The external shape with a case's value unwrapped and a second tag: `init(from:)` and `encode(to:)` written.
    @Test func unwrappedSingleValues() async {
        await expand(
            """
            @JSONCodable
            @UnwrapSingleValues
            enum Message {
                @Key("text", "message") case text(String)
                case none
            }
            """,
            """
            enum Message {
                case text(String)
                case none

                enum CodingKeys: String, CodingKey {
                    case text
                    case none
                    case __tag2 = "message"
                }
            }

            extension Message: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["text", "none", "message"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var cases = (-1, -1, -1)
                    let (field, payload) = try Swift.withUnsafeMutableBytes(of: &cases) {
                        try source.enumCase(of: Self.self, at: index, keys: Self.generatedKeys, into: $0)
                    }
                    switch field {
                    case 0, 2:
                        self = .text(try source.decode(String.self, member: payload, key: CodingKeys.text, in: index))
                    default:
                        try source.emptyPayload(at: payload)
                        self = .none
                    }
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    let object = sink.beginObject(keys: Self.generatedKeys)
                    switch self {
                    case .text(let _0):
                        try sink.encode(_0, member: 0, key: CodingKeys.text, in: object)
                    case .none:
                        if sink.beginMember(1, key: CodingKeys.none, in: object, tracksPath: false) {
                            sink.end(sink.beginObject(keys: Peregrine.MemberKeys.empty))
                        } else {
                            try sink.encodeCodable(Peregrine.DirectEncodableBody { encoder in
                                _ = encoder.container(keyedBy: CodingKeys.self)
                            }, key: CodingKeys.none, in: object)
                        }
                    }
                    sink.end(object)
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    guard container.allKeys.count == 1, let key = container.allKeys.first else {
                        let context = Swift.DecodingError.Context(codingPath: container.codingPath, debugDescription: "Invalid number of keys found, expected one.")
                        throw Swift.DecodingError.typeMismatch(Self.self, context)
                    }
                    switch key {
                    case .text, .__tag2:
                        self = .text(try container.decode(String.self, forKey: key))
                    case .none:
                        _ = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
                        self = .none
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    switch self {
                    case .text(let _0):
                        try container.encode(_0, forKey: .text)
                    case .none:
                        _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .none)
                    }
                }
            }
            """)
    }

    @Test func misuseIsDiagnosed() async {
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")\nenum E {\n    @Key(1) case a\n    @Key(\"b\") case b\n}",
            "enum E {\n    case a\n    case b\n}",
            "the tags of an enum's cases are all strings, all integers or all Booleans", line: 5, column: 5)
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")\nenum E {\n    @Key(1) case a\n    case b\n}", "enum E {\n    case a\n    case b\n}",
            "case 'b' needs its integer tag: @Key(…), as the enum's other cases have", line: 5, column: 10)
        await refuse(
            "@JSONCodable\nenum E {\n    @Key(1) case a(Int)\n}", "enum E {\n    case a(Int)\n}",
            "integer and Boolean tags need a @Discriminator: the external shape names a case by an object key, which is a string", line: 3, column: 5)
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")\nenum E {\n    @Key(1, 2) case a\n    @Key(2) case b\n}", "enum E {\n    case a\n    case b\n}",
            "two cases have the tag \"2\"", line: 5, column: 5)
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")\nenum E {\n    @Key(true, false) case a\n}", "enum E {\n    case a\n}",
            "@Key on a case takes its tags as literals: strings (@Key(\"circle_shape\", \"circle\")), integers (@Key(1)) or a Boolean (@Key(true))",
            line: 4, column: 5)
        await refuse(
            "@JSONCodable\n@Untagged\n@Discriminator(\"type\")\nenum E {\n    case a(Int)\n}", "enum E {\n    case a(Int)\n}",
            "an enum has one shape: @Untagged, @Discriminator and @UnwrapSingleValues exclude each other", line: 3, column: 1)
        await refuse(
            "@JSONCodable\n@Untagged\nenum E {\n    @Key(\"x\") case a(Int)\n}", "enum E {\n    case a(Int)\n}",
            "the cases of an @Untagged enum have no tags: remove @Key", line: 4, column: 5)
        await refuse(
            "@JSONCodable\n@Untagged\nenum E {\n    case a(Int)\n    @Defaulted case b\n}", "enum E {\n    case a(Int)\n    case b\n}",
            "a default case applies to an enum with raw values or a @Discriminator, whose unknown raw value or tag it stands for", line: 5, column: 5)
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")\nenum E {\n    @Key(1) @Defaulted case a\n    @Key(2) @Defaulted case b\n}",
            "enum E {\n    case a\n    case b\n}", "an enum has one default case at most", line: 5, column: 13)
        await refuse(
            "@JSONCodable\n@UnwrapSingleValues\n@Discriminator(\"type\")\nenum E {\n    case a(x: Int)\n}", "enum E {\n    case a(x: Int)\n}",
            "@UnwrapSingleValues applies to an enum with values and no @Discriminator or @Untagged", line: 2, column: 1)
        await refuse(
            "@JSONCodable\n@UnwrapSingleValues\nenum E {\n    case a(Int?)\n}", "enum E {\n    case a(Int?)\n}",
            "case 'a' holds an optional value, which @UnwrapSingleValues cannot write (nil leaves the case's member empty): label it, or make it non-optional",
            line: 4, column: 10)
        await refuse(
            "@JSONCodable\n@Untagged\nenum E: String {\n    case a\n}", "enum E: String {\n    case a\n}",
            "@Discriminator and @Untagged do not apply to an enum with raw values: it is coded as its raw value", line: 2, column: 1)
        await refuse("@Untagged\nstruct S {}", "struct S {}", "@Untagged applies to a @JSONCodable enum", line: 1, column: 1)
    }

    /// `@Discriminator("meta.type")`: the tag's nested objects found as a
    /// key path's are (`nestedMembers`, `requireNested`), their tables in
    /// `DiscriminatorKeys`; each case writes the tag in them, through the
    /// `Encodable` path when the sink cannot take the object directly;
    /// `init(from:)` and `encode(to:)` open the same nested containers.
    @Test func aTagAtAPath() async {
        await expectExpansion(
            """
            @JSONCodable
            @Discriminator("meta.type")
            enum Shape {
                case circle(radius: Double)
                case empty
            }
            """,
            """
            enum Shape {
                case circle(radius: Double)
                case empty

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "meta"
                    static let generatedKeys = Peregrine.MemberKeys.permanent(["meta"])
                    static let nestedKeys1 = Peregrine.MemberKeys.permanent(["type"])
                }

                enum GeneratedCaseKeys {
                    enum CircleCodingKeys: String, CodingKey {
                        case radius
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["meta", "radius"])
                    }
                }
            }

            extension Shape: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["circle", "empty"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    var discriminator1 = -1
                    let object1 = try Swift.withUnsafeMutableBytes(of: &discriminator1) {
                        try source.nestedMembers(member: discriminator, keys: DiscriminatorKeys.nestedKeys1, into: $0)
                    }
                    if object1 < 0 {
                        try source.requireNested(member: discriminator, key: DiscriminatorKeys.tag, in: object)
                    }
                    switch try source.decodeTag(member: discriminator1, key: Peregrine.NestedPathKey("type"), in: object1, tags: Self.generatedKeys) {
                    case 0:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: index, keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys, into: $0)
                        }
                        self = .circle(radius: try source.decode(Double.self, member: members.1, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values))
                    default:
                        self = .empty
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
                    case .circle(radius: let radius):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys)
                        if let object1 = sink.beginNestedObject(0, key: DiscriminatorKeys.tag, in: object, keys: DiscriminatorKeys.nestedKeys1) {
                            try sink.encode("circle", member: 0, key: Peregrine.NestedPathKey("type"), in: object1)
                            sink.end(object1)
                        } else {
                            try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                                var nested1 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                                try nested1.encode("circle", forKey: Peregrine.NestedPathKey("type"))
                            }, key: DiscriminatorKeys.tag, in: object)
                        }
                        try sink.encode(radius, member: 1, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: object)
                        sink.end(object)
                    case .empty:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        if let object1 = sink.beginNestedObject(0, key: DiscriminatorKeys.tag, in: object, keys: DiscriminatorKeys.nestedKeys1) {
                            try sink.encode("empty", member: 0, key: Peregrine.NestedPathKey("type"), in: object1)
                            sink.end(object1)
                        } else {
                            try sink.encodeCodable(Peregrine.DirectObjectEncoding { encoder in
                                var nested1 = encoder.container(keyedBy: Peregrine.NestedPathKey.self)
                                try nested1.encode("empty", forKey: Peregrine.NestedPathKey("type"))
                            }, key: DiscriminatorKeys.tag, in: object)
                        }
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
                    let tagContainer = try container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: DiscriminatorKeys.tag)
                    let tag = try tagContainer.decode(String.self, forKey: Peregrine.NestedPathKey("type"))
                    switch Self.generatedKeys.field(of: tag) {
                    case 0:
                        let values = try decoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                        self = .circle(radius: try values.decode(Double.self, forKey: .radius))
                    case 1:
                        self = .empty
                    default:
                        throw Self.generatedKeys.unknownTag(tag, in: try tagContainer.superDecoder(forKey: Peregrine.NestedPathKey("type")))
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    var tagContainer1 = container.nestedContainer(keyedBy: Peregrine.NestedPathKey.self, forKey: DiscriminatorKeys.tag)
                    switch self {
                    case .circle(radius: let radius):
                        try tagContainer1.encode("circle", forKey: Peregrine.NestedPathKey("type"))
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                        try values.encode(radius, forKey: .radius)
                    case .empty:
                        try tagContainer1.encode("empty", forKey: Peregrine.NestedPathKey("type"))
                    }
                }
            }
            """)
    }

    /// A tag's path with an empty name, a tag path with a content key, and
    /// a value named as the path's first object are refused.
    @Test func tagPathMisuseIsRefused() async {
        await expectExpansion(
            """
            @JSONCodable
            @Discriminator("meta..type")
            enum A { case a }
            @JSONCodable
            @Discriminator("meta.type", content: "value")
            enum B { case b(x: Int) }
            @JSONCodable
            @Discriminator("meta.type")
            enum C { case c(meta: Int) }
            """,
            """
            enum A { case a }
            enum B { case b(x: Int) }
            enum C { case c(meta: Int) }
            """,
            diagnostics: [
                DiagnosticSpec(message: "the tag's key path has an empty name: write its names between dots, such as @Discriminator(\"meta.type\")", line: 2, column: 1),
                DiagnosticSpec(message: "a tag at a key path takes no content key: the case's values sit beside the path's first object (a key with dots: @Discriminator(exactly:content:))", line: 5, column: 1),
                DiagnosticSpec(message: "a value of case 'c' is named \"meta\", the discriminator's key", line: 9, column: 15),
            ])
    }
}
