import Foundation
import PeregrineMacros

/// Key paths into nested objects (sharing them), a key with a dot in it,
/// defaults (on their own and in a path), a left-out property.
@JSONCodable
struct Paths: Equatable {
    var id: Int
    @Key("user.profile.id") var userID: Int
    @Key("user.profile.name") var name: String?
    @Key("user.handle") var handle: String
    @Key(exactly: "a.b") var dotted: Int?
    @Defaulted(7) var retries: Int
    @Key("user.level") @Defaulted(1) var level: Int
    @Ignored var cache: [Int] = [1]
    @Key("meta.score") var score: Double?
    @Defaulted(["x"]) var tags: [String]
}

/// Only defaults (no key path): the macro still writes `Codable`.
@JSONCodable
struct Defaults: Equatable {
    @Defaulted(0) var count: Int
    @Defaulted("none") var note: String?
    @Defaulted(Profile(name: "none", age: nil, ids: [])) var profile: Profile
}

/// Only a left-out property: synthesised `Codable` (its `CodingKeys` leave it out).
@JSONCodable
struct Skips: Equatable {
    var kept: Int
    @Ignored var skipped: String = "local"
    @Ignored var later: Int?
}

/// A final class with a key path and a default.
@JSONCodable
final class Node: Equatable {
    @Key("inner.value") var value: Int = 0
    @Defaulted("?") var label: String = ""

    static func == (left: Node, right: Node) -> Bool { left.value == right.value && left.label == right.label }
}

/// A `Codable` value that turns the encoder's output into a tree before a key path.
@JSONCodable
struct TwiceThenPath: Equatable {
    var twice: Twice
    @Key("deep.inner.x") var x: Double
    @Key("deep.y") var y: Int?
}

/// Lossy arrays and dictionaries: plain, optional, defaulted, in a key path.
@JSONCodable
struct LossyLists: Equatable {
    @LossyDecoding var ids: [Int]
    @LossyDecoding var profiles: [Profile]?
    @LossyDecoding var counts: [String: Int]
    @LossyDecoding @Defaulted([1.5]) var weights: [Double]
    @Key("nested.list") @LossyDecoding var nested: [String]
}

/// Per-property date formats, whatever the coder's strategy.
@JSONCodable
struct Dated: Equatable {
    @DateStrategy(.iso8601) var start: Date
    @DateStrategy(.millisecondsSince1970) var end: Date?
    @DateStrategy(JSON.Decoder.DateDecodingStrategy.secondsSince1970) @Defaulted(Date(timeIntervalSince1970: 0)) var seen: Date
    @Key("meta.created") @DateStrategy(.deferredToDate) var created: Date
    var plain: Date?
}

/// A collector of the members no property names, beside a key path.
@JSONCodable
struct Open: Equatable {
    var id: Int
    @Key("user.name") var name: String?
    @UnknownMembers var extra: JSON.Object
}

/// Only a collector.
@JSONCodable
final class Bag: Equatable {
    @UnknownMembers var all: JSON.Object = [:]

    static func == (left: Bag, right: Bag) -> Bool { left.all == right.all }
}

/// A collector written after the output became a tree.
@JSONCodable
struct TwiceThenUnknown: Equatable {
    var twice: Twice
    @UnknownMembers var extra: JSON.Object
}

/// Two keys that `.convertToSnakeCase` names alike (`fooBar`, `foo_bar`), and a
/// collector whose members may take a converted name: the second name
/// written turns the output into a tree on both paths.
@JSONCodable
struct SnakeTwins: Equatable {
    var fooBar: Int
    @Key("foo_bar") var fooBarToo: Int
    var userName: String
    @UnknownMembers var extra: JSON.Object
}

/// A collector beside key paths two levels deep: it keeps the nested
/// objects' other members under the paths' names.
@JSONCodable
struct OpenPaths: Equatable {
    @Key("a.b.c") var c: Int
    @Key("a.d") var d: String?
    @Key("e.f.g") var g: Bool?
    @UnknownMembers var extra: JSON.Object
}

/// A `Codable` value that turns the output into a tree before a key path and a collector.
@JSONCodable
struct TwiceThenOpenPath: Equatable {
    var twice: Twice
    @Key("deep.x") var x: Int
    @UnknownMembers var extra: JSON.Object
}
