import Foundation
import Peregrine
import PeregrineMacros

// twitter.json through a model that reads what the corpus model reads
// but uses the property options (a custom coder, one-direction options, a
// flattened property, key paths), for `options-decode`/`options-encode` (the generated
// coders) against `options-codable-decode`/`options-codable-encode` (the
// same model through the `Codable` conformance the macro writes, with
// the same `JSON.Decoder` and `JSON.Encoder`).

@JSONCodable
struct OptionTimeline {
    var statuses: [OptionStatus]
    @Key("search_metadata") var searchMetadata: GeneratedTwitterSearchMetadata
}

/// Every member of a status, as the corpus model reads it, with options:
/// a custom coder, a key path, one-direction options, a flattened part.
@JSONCodable
struct OptionStatus {
    @Key("metadata.result_type") var resultType: String
    @Key("metadata.iso_language_code") var language: String
    @Key("created_at") var createdAt: String
    var id: Int64
    @Key("id_str") @CodedBy(LosslessStringCoder<UInt64>.self) var idText: UInt64
    var text: String
    @DecodedOnly var source: String
    var truncated: Bool
    @Key("in_reply_to_status_id") @NilAsNull var inReplyToStatusId: Int64?
    @Key("in_reply_to_status_id_str") var inReplyToStatusIdStr: String?
    @Key("in_reply_to_user_id") var inReplyToUserId: Int64?
    @Key("in_reply_to_user_id_str") var inReplyToUserIdStr: String?
    @Key("in_reply_to_screen_name") @NilAsNull var inReplyToScreenName: String?
    var user: GeneratedTwitterUser
    var geo: JSONNull?
    var coordinates: JSONNull?
    var place: JSONNull?
    var contributors: JSONNull?
    @Key("retweet_count") @EncodedUnless({ (count: Int64) in count == 0 }) var retweetCount: Int64
    @Flattened var counts: OptionCounts
    var entities: GeneratedTwitterEntities2
    var lang: String
    @Key("retweeted_status") var retweetedStatus: GeneratedTwitterRetweetedStatus?
    @Key("possibly_sensitive") var possiblySensitive: Bool?
    @EncodedOnly var version = 1
}

@JSONCodable
struct OptionCounts {
    @Key("favorite_count") var favorites: Int64
    var favorited: Bool
    var retweeted: Bool
}

/// `T` through its `Codable` conformance with the library's coders (no generated coders on the wrapper).
struct ThroughCodable<T: Codable>: Codable {
    var value: T
    init(_ value: T) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(T.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
