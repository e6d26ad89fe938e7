import Foundation
import PeregrineMacros

/// A model with a field of every kind the generated coders read: scalars,
/// optionals, arrays, dictionaries, nested generated models, `Codable`-only
/// types (dates, URLs), a renamed key, a `var` with a value and a `let`
/// with one.
@JSONCodable
struct Account: Equatable {
    var id: Int
    @Key("user_name") var userName: String
    var nickname: String?
    var score: Double
    var ratio: Float
    var small: Int8
    var big: UInt64
    var active: Bool
    var tags: [String]
    var counts: [String: Int]
    var matrix: [[Double]]
    var maybe: [Int?]
    var profile: Profile
    var friends: [Profile]
    var joined: Date
    var history: [Date]
    var website: URL?
    var level: Int = 1
    let kind = "account"
}

@JSONCodable
struct Profile: Equatable {
    var name: String
    var age: Int?
    var ids: [Int64]
}

/// A final class with generated coders.
@JSONCodable
final class Box: Equatable {
    var width: Double = 1
    var label: String?

    static func == (left: Box, right: Box) -> Bool { left.width == right.width && left.label == right.label }
}

/// A model with no properties.
@JSONCodable
struct Nothing: Equatable {}

/// A model whose own `CodingKeys` name its keys (and leave one property out).
@JSONCodable
struct OwnKeys: Equatable {
    var first: Int
    var second: String
    var skipped: Bool = false

    enum CodingKeys: String, CodingKey {
        case first = "one"
        case second
    }
}

/// A type with only a generated decoder: its `Decodable` path fails, so a
/// decode that succeeds went through the generated one.
struct OnlyGenerated: Codable, Equatable, DirectDecodable {
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "the Decodable path"))
    }

    init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        value = try source.decode(Int.self, at: index)
    }
}

/// A `Codable`-only model holding one with generated coders.
struct Holder: Codable, Equatable {
    var inner: OnlyGenerated
}

/// Keys that the escaping options write differently, and a float.
@JSONCodable
struct Escaped: Equatable {
    @Key("a/b") var slash: Int
    @Key("é\u{1F600}") var unicode: String
    @Key("quote\"back\\") var quoted: Double
    var plain: Float
}

/// A `Codable`-only value that writes one key twice: it turns the encoder's
/// output into a tree where it stands.
struct Twice: Codable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey("a"))
        try container.encode(2, forKey: AnyKey("a"))
    }
}

/// A model holding such a value among generated members.
@JSONCodable
struct HoldsTwice: Equatable {
    var before: [Int]
    var twice: Twice
    var after: Profile
    var list: [Twice]
    var last: Double
}

/// Types and properties named like the generated code's own names.
struct Source: Codable, Equatable { var name: String }
struct Sink: Codable, Equatable { var depth: Int }

@JSONCodable
struct NamesLikeTheGeneratedCode: Equatable {
    var source: Source
    var sink: Sink
    var index: Int
    var members: [Int]
    var object: String
}
