import Testing

/// What `@JSONCodable` writes for enums, and what it, `@Key` and
/// `@Discriminator` report on enums they cannot serve.
@Suite struct EnumExpansionTests {
    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        await expectExpansion(source, expected, diagnostics: diagnostics, sourceLocation: sourceLocation)
    }

    /// An enum with raw values: the raw value, through the source and the sink.
    @Test func rawValuesAreCodedAsTheRawValue() async {
        await expand(
            """
            @JSONCodable
            public enum Status: String {
                case active, banned = "BANNED"
            }
            """,
            """
            public enum Status: String {
                case active, banned = "BANNED"
            }

            extension Status: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                public init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    self = try source.decode(rawValueOf: Self.self, at: index)
                }

                public static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    try self.rawValue.encode(generatedTo: sink)
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

    /// The external shape: `Codable` synthesis codes it from the keys written here; the generated coders follow.
    @Test func externalShapeFollowsSynthesis() async {
        await expand(
            """
            @JSONCodable
            enum Shape {
                case circle(radius: Double)
                @Key("rect") case rectangle(Double, height: Double?)
                case none
            }
            """,
            """
            enum Shape {
                case circle(radius: Double)
                case rectangle(Double, height: Double?)
                case none

                enum CodingKeys: String, CodingKey {
                    case circle
                    case rectangle = "rect"
                    case none
                }

                enum GeneratedCaseKeys {
                    enum CircleCodingKeys: String, CodingKey {
                        case radius
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["radius"])
                    }
                    enum RectangleCodingKeys: String, CodingKey {
                        case _0
                        case height
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["_0", "height"])
                    }
                }
            }

            extension Shape: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["circle", "rect", "none"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var cases = (-1, -1, -1)
                    let (field, payload) = try Swift.withUnsafeMutableBytes(of: &cases) {
                        try source.enumCase(of: Self.self, at: index, keys: Self.generatedKeys, into: $0)
                    }
                    switch field {
                    case 0:
                        var members = -1
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: payload, keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys, into: $0)
                        }
                        self = .circle(radius: try source.decode(Double.self, member: members, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values))
                    case 1:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: payload, keys: GeneratedCaseKeys.RectangleCodingKeys.generatedKeys, into: $0)
                        }
                        self = .rectangle(try source.decode(Double.self, member: members.0, key: GeneratedCaseKeys.RectangleCodingKeys._0, in: values), height: try source.decode(Double?.self, member: members.1, key: GeneratedCaseKeys.RectangleCodingKeys.height, in: values))
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
                    case .circle(radius: let radius):
                        if sink.beginMember(0, key: CodingKeys.circle, in: object, tracksPath: true) {
                            let values = sink.beginObject(keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys)
                            try sink.encode(radius, member: 0, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values)
                            sink.end(values)
                        } else {
                            try sink.encodeCodable(Peregrine.DirectEncodableBody { encoder in
                                var values = encoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                                try values.encode(radius, forKey: .radius)
                            }, key: CodingKeys.circle, in: object)
                        }
                    case .rectangle(let _0, height: let height):
                        if sink.beginMember(1, key: CodingKeys.rectangle, in: object, tracksPath: true) {
                            let values = sink.beginObject(keys: GeneratedCaseKeys.RectangleCodingKeys.generatedKeys)
                            try sink.encode(_0, member: 0, key: GeneratedCaseKeys.RectangleCodingKeys._0, in: values)
                            try sink.encode(height, member: 1, key: GeneratedCaseKeys.RectangleCodingKeys.height, in: values)
                            sink.end(values)
                        } else {
                            try sink.encodeCodable(Peregrine.DirectEncodableBody { encoder in
                                var values = encoder.container(keyedBy: GeneratedCaseKeys.RectangleCodingKeys.self)
                                try values.encode(_0, forKey: ._0)
                                try values.encodeIfPresent(height, forKey: .height)
                            }, key: CodingKeys.rectangle, in: object)
                        }
                    case .none:
                        if sink.beginMember(2, key: CodingKeys.none, in: object, tracksPath: false) {
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
            }
            """)
    }

    /// The internal shape, with a model beside the tag: `init(from:)` and `encode(to:)` are written too.
    @Test func internalShapeWritesItsOwnCodable() async {
        await expand(
            """
            @JSONCodable
            @Discriminator("type")
            enum Figure {
                case circle(radius: Double?)
                case rect(Rect)
                case none
            }
            """,
            """
            enum Figure {
                case circle(radius: Double?)
                case rect(Rect)
                case none

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "type"
                    static let generatedKeys = Peregrine.MemberKeys.permanent(["type"])
                }

                enum GeneratedCaseKeys {
                    enum CircleCodingKeys: String, CodingKey {
                        case radius
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["type", "radius"])
                    }
                }
            }

            extension Figure: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["circle", "rect", "none"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    switch try source.decodeTag(member: discriminator, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) {
                    case 0:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: index, keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys, into: $0)
                        }
                        self = .circle(radius: try source.decode(Double?.self, member: members.1, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values))
                    case 1:
                        self = .rect(try Rect(generatedFrom: source, at: index))
                    default:
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
                    switch self {
                    case .circle(radius: let radius):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys)
                        try sink.encode("circle", member: 0, key: DiscriminatorKeys.tag, in: object)
                        try sink.encode(radius, member: 1, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: object)
                        sink.end(object)
                    case .rect(let _0):
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("rect", member: 0, key: DiscriminatorKeys.tag, in: object)
                        try _0.encode(generatedTo: Peregrine.MergingSink(sink, into: object))
                        sink.end(object)
                    case .none:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("none", member: 0, key: DiscriminatorKeys.tag, in: object)
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
                        let values = try decoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                        self = .circle(radius: try values.decodeIfPresent(Double.self, forKey: .radius))
                    case 1:
                        self = .rect(try Rect(from: decoder))
                    case 2:
                        self = .none
                    default:
                        throw Self.generatedKeys.unknownTag(tag, in: try container.superDecoder(forKey: .tag))
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    switch self {
                    case .circle(radius: let radius):
                        try container.encode("circle", forKey: .tag)
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                        try values.encodeIfPresent(radius, forKey: .radius)
                    case .rect(let _0):
                        try container.encode("rect", forKey: .tag)
                        try _0.encode(to: encoder)
                    case .none:
                        try container.encode("none", forKey: .tag)
                    }
                }
            }
            """)
    }

    /// The adjacent shape: a single unlabeled value is the content itself.
    @Test func adjacentShapeWritesItsOwnCodable() async {
        await expand(
            """
            @JSONCodable
            @Discriminator("type", content: "value")
            enum Event {
                case circle(radius: Double)
                case label(String)
                case none
            }
            """,
            """
            enum Event {
                case circle(radius: Double)
                case label(String)
                case none

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "type"
                    case content = "value"
                    static let generatedKeys = Peregrine.MemberKeys.permanent(["type", "value"])
                }

                enum GeneratedCaseKeys {
                    enum CircleCodingKeys: String, CodingKey {
                        case radius
                        static let generatedKeys = Peregrine.MemberKeys.permanent(["radius"])
                    }
                }
            }

            extension Event: Decodable, Encodable, Peregrine.DirectDecodable, Peregrine.DirectEncodable {
                private static let generatedKeys = Peregrine.MemberKeys.permanent(["circle", "label", "none"])

                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = (-1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    switch try source.decodeTag(member: discriminator.0, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) {
                    case 0:
                        guard discriminator.1 >= 0 else {
                            throw source.keyNotFound(DiscriminatorKeys.content, in: object)
                        }
                        var members = -1
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: discriminator.1, keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys, into: $0)
                        }
                        self = .circle(radius: try source.decode(Double.self, member: members, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values))
                    case 1:
                        self = .label(try source.decode(String.self, member: discriminator.1, key: DiscriminatorKeys.content, in: object))
                    default:
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
                    switch self {
                    case .circle(radius: let radius):
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("circle", member: 0, key: DiscriminatorKeys.tag, in: object)
                        if sink.beginMember(1, key: DiscriminatorKeys.content, in: object, tracksPath: true) {
                            let values = sink.beginObject(keys: GeneratedCaseKeys.CircleCodingKeys.generatedKeys)
                            try sink.encode(radius, member: 0, key: GeneratedCaseKeys.CircleCodingKeys.radius, in: values)
                            sink.end(values)
                        } else {
                            try sink.encodeCodable(Peregrine.DirectEncodableBody { encoder in
                                var values = encoder.container(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self)
                                try values.encode(radius, forKey: .radius)
                            }, key: DiscriminatorKeys.content, in: object)
                        }
                        sink.end(object)
                    case .label(let _0):
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("label", member: 0, key: DiscriminatorKeys.tag, in: object)
                        try sink.encode(_0, member: 1, key: DiscriminatorKeys.content, in: object)
                        sink.end(object)
                    case .none:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("none", member: 0, key: DiscriminatorKeys.tag, in: object)
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
                        let values = try container.nestedContainer(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self, forKey: .content)
                        self = .circle(radius: try values.decode(Double.self, forKey: .radius))
                    case 1:
                        self = .label(try container.decode(String.self, forKey: .content))
                    case 2:
                        self = .none
                    default:
                        throw Self.generatedKeys.unknownTag(tag, in: try container.superDecoder(forKey: .tag))
                    }
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    switch self {
                    case .circle(radius: let radius):
                        try container.encode("circle", forKey: .tag)
                        var values = container.nestedContainer(keyedBy: GeneratedCaseKeys.CircleCodingKeys.self, forKey: .content)
                        try values.encode(radius, forKey: .radius)
                    case .label(let _0):
                        try container.encode("label", forKey: .tag)
                        try container.encode(_0, forKey: .content)
                    case .none:
                        try container.encode("none", forKey: .tag)
                    }
                }
            }
            """)
    }

    /// `attributes` and `header { members }` refused: the attributes go,
    /// nothing is added, and each of `messages` is reported at its line (of
    /// the members, 1 being the first; 0 the header) and column (of the
    /// text as written, before indenting).
    func refuse(
        _ attributes: String, _ header: String, _ members: String, expanded: String? = nil, _ messages: [(String, line: Int, column: Int)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        func indented(_ text: String) -> String { text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") }
        let attributeLines = attributes.split(separator: "\n").count
        await expand(
            "\(attributes)\n\(header) {\n\(indented(members))\n}", "\(header) {\n\(indented(expanded ?? members))\n}",
            diagnostics: messages.map { message, line, column in
                DiagnosticSpec(message: message, line: line + attributeLines + 1, column: column + (line > 0 ? 4 : 0))
            }, sourceLocation: sourceLocation)
    }

    /// A generic enum: conditional conformances, the key tables beside it
    /// (the nested key types read them), values of the parameter's type
    /// dispatched when coded.
    @Test func genericEnumInTheInternalShape() async {
        await expand(
            """
            @JSONCodable
            @Discriminator("type")
            enum Message<Body> {
                case text(body: Body)
                case empty
            }
            """,
            """
            enum Message<Body> {
                case text(body: Body)
                case empty

                enum DiscriminatorKeys: String, CodingKey {
                    case tag = "type"
                    static var generatedKeys: Peregrine.MemberKeys {
                        _PeregrineKeys_Message.discriminatorKeys
                    }
                }

                enum GeneratedCaseKeys {
                    enum TextCodingKeys: String, CodingKey {
                        case body
                        static var generatedKeys: Peregrine.MemberKeys {
                            _PeregrineKeys_Message.TextCodingKeys
                        }
                    }
                }
            }

            fileprivate enum _PeregrineKeys_Message {
                static let generatedKeys = Peregrine.MemberKeys.permanent(["text", "empty"])
                static let discriminatorKeys = Peregrine.MemberKeys.permanent(["type"])
                static let TextCodingKeys = Peregrine.MemberKeys.permanent(["type", "body"])
            }

            extension Message {
                private static var generatedKeys: Peregrine.MemberKeys {
                    _PeregrineKeys_Message.generatedKeys
                }
            }

            extension Message: Decodable, Peregrine.DirectDecodable where Body: Decodable {
                init<PeregrineSource: Peregrine.DirectDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var discriminator = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &discriminator) {
                        try source.members(of: index, keys: DiscriminatorKeys.generatedKeys, into: $0)
                    }
                    switch try source.decodeTag(member: discriminator, key: DiscriminatorKeys.tag, in: object, tags: Self.generatedKeys) {
                    case 0:
                        var members = (-1, -1)
                        let values = try Swift.withUnsafeMutableBytes(of: &members) {
                            try source.members(of: index, keys: GeneratedCaseKeys.TextCodingKeys.generatedKeys, into: $0)
                        }
                        self = .text(body: try source.decode(generic: Body.self, member: members.1, key: GeneratedCaseKeys.TextCodingKeys.body, in: values))
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

                init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: DiscriminatorKeys.self)
                    let tag = try container.decode(String.self, forKey: .tag)
                    switch Self.generatedKeys.field(of: tag) {
                    case 0:
                        let values = try decoder.container(keyedBy: GeneratedCaseKeys.TextCodingKeys.self)
                        self = .text(body: try values.decode(Body.self, forKey: .body))
                    case 1:
                        self = .empty
                    default:
                        throw Self.generatedKeys.unknownTag(tag, in: try container.superDecoder(forKey: .tag))
                    }
                }
            }

            extension Message: Encodable, Peregrine.DirectEncodable where Body: Encodable {
                func encode<PeregrineSink: Peregrine.DirectEncodingSink>(generatedTo sink: PeregrineSink) throws {
                    switch self {
                    case .text(body: let body):
                        let object = sink.beginObject(keys: GeneratedCaseKeys.TextCodingKeys.generatedKeys)
                        try sink.encode("text", member: 0, key: DiscriminatorKeys.tag, in: object)
                        try sink.encode(generic: body, member: 1, key: GeneratedCaseKeys.TextCodingKeys.body, in: object)
                        sink.end(object)
                    case .empty:
                        let object = sink.beginObject(keys: DiscriminatorKeys.generatedKeys)
                        try sink.encode("empty", member: 0, key: DiscriminatorKeys.tag, in: object)
                        sink.end(object)
                    }
                }

                func encode(toJSON output: Peregrine.JSON.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(toBinary output: Peregrine.Binary.EncodingOutput) throws {
                    try encode(generatedTo: output)
                }

                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: DiscriminatorKeys.self)
                    switch self {
                    case .text(body: let body):
                        try container.encode("text", forKey: .tag)
                        var values = encoder.container(keyedBy: GeneratedCaseKeys.TextCodingKeys.self)
                        try values.encode(body, forKey: .body)
                    case .empty:
                        try container.encode("empty", forKey: .tag)
                    }
                }
            }
            """)
    }

    @Test func enumsItCannotServe() async {
        await refuse(
            "@JSONCodable", "enum E<each T>", "case a(repeat each T)",
            [("@JSONCodable supports type parameters, not parameter packs or value parameters", line: 0, column: 8)])
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")", "enum E<T>", "case a(T)",
            [("case 'a' cannot sit beside the tag: label its values, or give it one value of a @JSONCodable type, whose members sit beside the tag", line: 1, column: 6)])
        await expand("@JSONCodable\nenum E {\n}", "enum E {\n}", diagnostics: [DiagnosticSpec(message: "@JSONCodable needs an enum with cases", line: 2, column: 6)])
        await refuse(
            "@JSONCodable", "enum E", "case a\nenum CodingKeys: CodingKey {\n    case a\n}",
            [("@JSONCodable writes an enum's CodingKeys: name the cases with @Key instead", line: 2, column: 6)])
        let ownCoder = "@JSONCodable writes an enum's coders: remove its own init(from:) and encode(to:)"
        await refuse(
            "@JSONCodable", "enum E", "case a\ninit(from decoder: any Decoder) throws { self = .a }\nfunc encode(to encoder: any Encoder) throws {}",
            [(ownCoder, line: 2, column: 1), (ownCoder, line: 3, column: 6)])
    }

    @Test func discriminatorsItRefuses() async {
        let arguments =
            "@Discriminator takes the tag's key as a string literal, and the content's key after 'content:': @Discriminator(\"type\") or @Discriminator(\"type\", content: \"value\")"
        for attribute in ["@Discriminator(key)", "@Discriminator(\"a\", \"b\")", "@Discriminator(\"a\", value: \"b\")"] {
            await refuse("@JSONCodable\n" + attribute, "enum E", "case a(x: Int)", [(arguments, line: -1, column: 1)])
        }
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\", content: \"type\")", "enum E", "case a(x: Int)",
            [("@Discriminator's tag and content keys must differ", line: -1, column: 1)])
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")", "enum E: String", "case a",
            [("@Discriminator and @Untagged do not apply to an enum with raw values: it is coded as its raw value", line: -1, column: 1)])
        for declaration in ["struct S {}", "enum E {\n    case a\n}"] {
            await expand(
                "@Discriminator(\"type\")\n" + declaration, declaration,
                diagnostics: [DiagnosticSpec(message: "@Discriminator applies to a @JSONCodable enum", line: 1, column: 1)])
        }
    }

    @Test func casesItRefuses() async {
        await refuse(
            "@JSONCodable", "enum E: Int", "@Key(\"x\") case a", expanded: "case a",
            [("@Key does not apply to the cases of an enum with raw values: the raw value is its JSON", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "enum E", "@Key(\"x\") case a, b", expanded: "case a, b",
            [("@Key applies to one case: declare the cases separately", line: 1, column: 1)])
        await refuse(
            "@JSONCodable", "enum E", "@Key(x) case a", expanded: "case a",
            [("@Key on a case takes its tags as literals: strings (@Key(\"circle_shape\", \"circle\")), integers (@Key(1)) or a Boolean (@Key(true))", line: 1, column: 1)])
        // Only @Key and a bare @Defaulted mark a case; another property option on a case is misplaced.
        await expand(
            "enum E {\n    @Defaulted(1) case a\n}", "enum E {\n    case a\n}",
            diagnostics: [DiagnosticSpec(message: "@Defaulted applies to a stored property of a @JSONCodable type", line: 2, column: 5)])
        await refuse("@JSONCodable", "enum E", "case a\n@Key(\"a\") case b", expanded: "case a\ncase b", [("two cases have the tag \"a\"", line: 2, column: 1)])
        await refuse("@JSONCodable", "enum E", "case a(_1: Int, Int)", [("two values of case 'a' have the key \"_1\"", line: 1, column: 17)])
        let beside = "case 'a' cannot sit beside the tag: label its values, or give it one value of a @JSONCodable type, whose members sit beside the tag"
        await refuse("@JSONCodable\n@Discriminator(\"type\")", "enum E", "case a(Int, Int)", [(beside, line: 1, column: 6)])
        await refuse("@JSONCodable\n@Discriminator(\"type\")", "enum E", "case a(Int, b: Int)", [(beside, line: 1, column: 6)])
        for type in ["Int", "Swift.String", "Date", "[Rect]", "[String: Rect]", "Rect?", "(Rect, Int)", "Optional<Rect>", "Set<Int>"] {
            await refuse("@JSONCodable\n@Discriminator(\"type\")", "enum E", "case a(\(type))", [(beside, line: 1, column: 6)])
        }
        await refuse(
            "@JSONCodable\n@Discriminator(\"type\")", "enum E", "case a(type: String)",
            [("a value of case 'a' is named \"type\", the discriminator's key", line: 1, column: 6)])
    }

    /// A value labeled with a keyword is written without backticks as an
    /// argument label (which would warn in every build of the model), except
    /// the three keywords that need them there.
    @Test func keywordLabelsNeedNoBackticksAsArgumentLabels() async throws {
        let (expanded, diagnostics) = try await ExpansionSnapshot.expand(
            "@JSONCodable\nenum E {\n    case a(`for`: Int, `default`: Int, name: Int, `inout`: Int, `var`: Int, `let`: Int)\n}")
        #expect(diagnostics.isEmpty)
        let construction = try #require(expanded.split(separator: "\n").first { $0.contains("self = .a(") })
        let labels = construction.matches(of: /(?:\(|, )(`?\w+`?): try/).map { String($0.output.1) }
        #expect(labels == ["for", "default", "name", "`inout`", "`var`", "`let`"])
    }
}
