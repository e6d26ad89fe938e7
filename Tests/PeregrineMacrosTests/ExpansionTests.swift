@testable import PeregrineMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@JSONCodable` writes, and what it reports on declarations it
/// cannot serve (swift-syntax's expansion snapshots).
@Suite struct ExpansionTests {
    static let macros: [String: MacroSpec] = [
        "JSONCodable": MacroSpec(type: JSONCodableMacro.self, conformances: ["Decodable", "Encodable", "GeneratedDecodable", "GeneratedEncodable"]),
        "Key": MacroSpec(type: KeyMacro.self),
    ]

    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(
            source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
    }

    /// A declaration the macro refuses: `header { members }` with the attribute
    /// before it. The attribute goes, nothing is added, and `message` is
    /// reported at `line` (of the members, 1 being the first) and `column`.
    /// `@Key` attributes go too (in `expanded`, when given).
    func refuse(
        _ header: String, _ members: String, expanded: String? = nil, _ message: String, line: Int, column: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func indented(_ text: String) -> String { text.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") }
        expand(
            "@JSONCodable\n\(header) {\n\(indented(members))\n}", "\(header) {\n\(indented(expanded ?? members))\n}",
            diagnostics: [DiagnosticSpec(message: message, line: line + 2, column: column + 4)], sourceLocation: sourceLocation)
    }

    @Test func structWithKeysOptionalsAndConstants() {
        expand(
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

            extension User: Decodable, Encodable, Peregrine.GeneratedDecodable, Peregrine.GeneratedEncodable {
                private static let generatedKeys = Peregrine.GeneratedKeys(["id", "screen_name", "bio", "kind"])

                init<PeregrineSource: Peregrine.GeneratedDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = (-1, -1, -1, -1)
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self.id = try source.decode(Int.self, member: members.0, key: CodingKeys.id, in: object)
                    self.name = try source.decode(String.self, member: members.1, key: CodingKeys.name, in: object)
                    self.bio = try source.decode(String?.self, member: members.2, key: CodingKeys.bio, in: object)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
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

    @Test func publicFinalClassKeepsItsEmptyInitializer() {
        expand(
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

                public init<PeregrineSource: Peregrine.GeneratedDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
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

            extension Box: Decodable, Encodable, Peregrine.GeneratedDecodable, Peregrine.GeneratedEncodable {
                private static let generatedKeys = Peregrine.GeneratedKeys(["width", "label"])

                public static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                public func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
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
    @Test func ownCodingKeysAndDecoder() {
        expand(
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

            extension Point: Decodable, Encodable, Peregrine.GeneratedEncodable {
                private static let generatedKeys = Peregrine.GeneratedKeys(["X", "y"])

                func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
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

    @Test func emptyStructAndOneProperty() {
        expand(
            """
            @JSONCodable
            struct Empty {}
            """,
            """
            struct Empty {

                enum CodingKeys: CodingKey {
                }
            }

            extension Empty: Decodable, Encodable, Peregrine.GeneratedDecodable, Peregrine.GeneratedEncodable {
                private static let generatedKeys = Peregrine.GeneratedKeys([])

                init<PeregrineSource: Peregrine.GeneratedDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    // No members: synthesised `init(from:)` reads nothing either, whatever the value.
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
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
        expand(
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

            extension One: Decodable, Encodable, Peregrine.GeneratedDecodable, Peregrine.GeneratedEncodable {
                private static let generatedKeys = Peregrine.GeneratedKeys(["default"])

                init<PeregrineSource: Peregrine.GeneratedDecodingSource>(generatedFrom source: PeregrineSource, at index: Swift.Int) throws {
                    var members = -1
                    let object = try Swift.withUnsafeMutableBytes(of: &members) {
                        try source.members(of: index, keys: Self.generatedKeys, into: $0)
                    }
                    self.`default` = try source.decode([String: Int].self, member: members, key: CodingKeys.`default`, in: object)
                }

                static func decode(fromJSON source: Peregrine.JSON.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                static func decode(fromBinary source: Peregrine.Binary.DecodingTape, at index: Swift.Int) throws -> Self {
                    try Self(generatedFrom: source, at: index)
                }

                func encode<PeregrineSink: Peregrine.GeneratedEncodingSink>(generatedTo sink: PeregrineSink) throws {
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

    @Test func declarationsThatAreNotStructsFinalClassesOrEnums() {
        let notAType = "@JSONCodable applies to a struct, a final class or an enum"
        expand("@JSONCodable\nprotocol P {}", "protocol P {}", diagnostics: [DiagnosticSpec(message: notAType, line: 2, column: 1)])
        expand("@JSONCodable\nactor A {}", "actor A {}", diagnostics: [DiagnosticSpec(message: notAType, line: 2, column: 1)])
        refuse("class C", "var a: Int = 0", "@JSONCodable applies to final classes only: mark the class 'final'", line: 0, column: -3)
        refuse("struct S<T>", "var t: T", "@JSONCodable does not support generic types yet", line: 0, column: 5)
    }

    @Test func propertiesItCannotCode() {
        refuse("struct S", "lazy var a: Int = 1", "@JSONCodable does not support lazy properties; make it a computed property or a stored one", line: 1, column: 6)
        refuse("struct S", "@Clamped var a: Int", "@JSONCodable does not support property wrappers yet", line: 1, column: 1)
        refuse("struct S", "var a = 1", "@JSONCodable needs the type of a decoded property: add a type annotation", line: 1, column: 5)
        refuse("struct S", "var (a, b): (Int, Int)", "@JSONCodable needs one name per property; declare the properties separately", line: 1, column: 5)
    }

    @Test func keysItRefuses() {
        let literal = "@Key takes a string literal, such as @Key(\"user_id\")"
        refuse("struct S", "@Key(name) var a: Int", expanded: "var a: Int", literal, line: 1, column: 6)
        refuse("struct S", "@Key(\"a\\(1)\") var a: Int", expanded: "var a: Int", literal, line: 1, column: 6)
        // swift-syntax refuses a peer macro on several variables too.
        expand(
            "@JSONCodable\nstruct S {\n    @Key(\"x\") var a, b: Int\n}", "struct S {\n    var a, b: Int\n}",
            diagnostics: [
                DiagnosticSpec(message: "peer macro can only be applied to a single variable", line: 3, column: 5),
                DiagnosticSpec(message: "@Key applies to one property: declare the properties separately", line: 3, column: 5),
            ])
        refuse("struct S", "@Key(\"b\") var a: Int\nvar b: Int", expanded: "var a: Int\nvar b: Int", "two properties have the same JSON key", line: 2, column: 5)
        refuse(
            "struct S", "@Key(\"x\") var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}", expanded: "var a: Int\nenum CodingKeys: CodingKey {\n    case a\n}",
            "@Key cannot be used with a CodingKeys enum of your own: give the key in CodingKeys", line: 1, column: 1)
        expand(
            "struct S {\n    @Key(\"x\") var a: Int { 1 }\n}", "struct S {\n    var a: Int { 1 }\n}",
            diagnostics: [DiagnosticSpec(message: "@Key applies to a stored property of a @JSONCodable type", line: 2, column: 5)])
    }
}
