import Foundation
import PeregrineMacros

// Models of the options of issue 49's items 1, 2 and 4: alternative keys,
// keys for encoding, tolerant defaults, default cases, key namings. Each is
// compared through the generated path, the `Codable` path the macro writes
// and Foundation's coders, on JSON and the binary format.

/// Alternative keys (ReerCodable's `@CodingKey("name", "username", "nick_name",
/// "user_info.name")`, MetaCodable's `@CodedAs`), in the model's object and
/// in nested ones, and keys for encoding (ReerCodable's `@EncodingKey`).
@JSONCodable
struct Aliased: Equatable {
    @Key("name", "username", "nick_name", "user_info.name") var name: String
    @Key("id", "ID", "user_info.id") var id: Int?
    @Key("user_name", "login", encoding: "handle") var handle: String
    @Key("user_info.age", "age", encoding: "profile.age") @Defaulted(0) var age: Int
    @Key("user_info.tags", "tags") @LossyDecoding var tags: [String]
    var plain: Bool?
}

/// Alternative keys in a generic final class, one of a parameter's type.
@JSONCodable
final class AliasedBox<Value> {
    @Key("value", "v", "data.value") var value: Value
    @Key("count", "n") @Defaulted var count: Int = 1

    init(value: Value, count: Int) {
        self.value = value
        self.count = count
    }
}

extension AliasedBox: Equatable where Value: Equatable {
    static func == (left: AliasedBox, right: AliasedBox) -> Bool { left.value == right.value && left.count == right.count }
}

/// Every property under a key path, none required: the object of the
/// model itself is scanned but read by no line (once a warning, "initialization
/// of immutable value 'object' was never used").
@JSONCodable
struct AllNested: Equatable {
    @Key("a.b") var b: Int?
    @Key("a.c.d") var d: String?
}

/// Tolerant defaults: MetaCodable's `@Default` (missing or invalid) and
/// `@Default(ifMissing:)`, BetterCodable's `@LossyOptional`, `@DefaultFalse`,
/// `@DefaultEmptyArray`, ReerCodable's `@DecodingDefault` and initial values.
@JSONCodable
struct Tolerant: Equatable {
    @LossyDecoding @Defaulted("some") var field: String
    @Defaulted("some") var ifMissing: String
    @LossyDecoding var link: URL?
    @LossyDecoding var number: Int?
    @LossyDecoding @Defaulted(false) var isAdmin: Bool
    @Defaulted([Int]()) var favorites: [Int]
    @Defaulted var age: Int = 33
    @LossyDecoding @Defaulted var gender: Gender? = nil
    @LossyDecoding @Defaulted var theme: Theme = .light
    @Key("meta.profile") @LossyDecoding var profile: Profile?
    @LossyDecoding @DateStrategy(.iso8601) var seen: Date?
}

@JSONCodable
enum Gender: String, Equatable {
    case male, female
}

/// A default case for unknown raw values (BetterCodable's
/// `DefaultCodableStrategy` on an enum, MetaCodable's fallback case).
@JSONCodable
enum Theme: String, Equatable {
    case light, dark
    @Defaulted case unknown
}

@JSONCodable
enum Priority: Int, Equatable {
    case low = 1, high = 2
    @Defaulted case other = 0
}

/// A default case for unknown tags, beside the tag and under a content key.
@JSONCodable
@Discriminator("type")
enum Block: Equatable {
    case text(body: String)
    case image(Rect)
    @Defaulted case unsupported
}

@JSONCodable
@Discriminator("kind", content: "value")
enum Payload<Body> {
    case data(Body)
    case note(text: String)
    @Defaulted case unknown
}

extension Payload: Equatable where Body: Equatable {}

/// Blocks and payloads in a model, one tolerated too.
@JSONCodable
struct Article: Equatable {
    var blocks: [Block]
    var payload: Payload<Int>
    @LossyDecoding var maybe: Payload<String>?
    var themes: [Theme]
    var priority: Priority
}

/// Key namings per type and per property (ReerCodable's `@SnakeCase` on the
/// type and `@KebabCase` on a property, MetaCodable's `@CodingKeys(.snake_case)`).
@JSONCodable(keys: .snakeCase)
struct Person: Equatable {
    var firstName: String
    @Key(.kebabCase) var lastName: String
    @Key("avatar_url") var avatarURL: String?
    var userID: Int
    @Key("meta.signUpDate") var signUpDate: String?
}

@JSONCodable(keys: .camelCase)
struct FromSnake: Equatable {
    var fee_fi_fo_fum: Int
}

@JSONCodable(keys: .pascalCase)
struct Pascal: Equatable {
    var feeFiFoFum: Int
    @Key(.screamingSnakeCase) var twoWords: String
    @Key(.camelCase) var URLSession: Bool
}

@JSONCodable(keys: .screamingSnakeCase)
final class Screaming: Equatable {
    var retryAfter: Int = 0
    var _private: Int?

    static func == (left: Screaming, right: Screaming) -> Bool { left.retryAfter == right.retryAfter && left._private == right._private }
}

/// A naming on an enum names its case tags.
@JSONCodable(keys: .kebabCase)
@Discriminator("type")
enum Activity: Equatable {
    case userJoined(name: String)
    @Key(.screamingSnakeCase) case userLeft
    @Key("custom") case somethingElse
}

@JSONCodable(keys: .snakeCase)
enum Stage: Equatable {
    case firstStep
    case secondStep(count: Int)
}

/// `@Defaulted(_:ifInvalid:)` (`TolerantDefaultTests`): one value when
/// missing or `null`, another when invalid, as MetaCodable's
/// `@Default(ifMissing:forErrors:)`.
@JSONCodable
struct TwoDefaults: Equatable {
    @Defaulted(20, ifInvalid: 0) var pageSize: Int
    @Defaulted(Theme.light, ifInvalid: .unknown) var theme: Theme
    @Defaulted([String](), ifInvalid: ["invalid"]) @Key("meta.tags") var tags: [String]
    @Defaulted(false, ifInvalid: true) @Coerced var beta: Bool
    @Defaulted(nil, ifInvalid: -1) var limit: Int?
    var name: String
}
