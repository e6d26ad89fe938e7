import Foundation

// A model of twitter.json written by hand from the public Twitter API v1.1
// reference (search/tweets), the way an app would write it, not generated
// from the file as the project's corpus models are: camel-case properties
// read through `.convertFromSnakeCase`, `Int` and `URL`, enums for closed
// sets of values, a dictionary, the fields an app shows (about half of
// them), and a retweet held in a class. For the `outside-decode` and
// `foundation-outside-decode` modes.

struct OutsideSearchResponse: Decodable, Equatable {
    let statuses: [OutsideTweet]
    let searchMetadata: OutsideSearchMetadata
}

struct OutsideSearchMetadata: Decodable, Equatable {
    let completedIn: Double
    let maxId: Int
    let nextResults: String?
    let query: String
    let refreshUrl: String
    let count: Int
    let sinceId: Int
}

struct OutsideTweet: Decodable, Equatable {
    struct Metadata: Decodable, Equatable {
        enum ResultType: String, Decodable { case recent, popular, mixed }
        let resultType: ResultType
        let isoLanguageCode: String
    }

    let metadata: Metadata
    let createdAt: String
    let id: Int
    let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusId: Int?
    let inReplyToUserId: Int?
    let inReplyToScreenName: String?
    let user: OutsideUser
    let retweetedStatus: OutsideRetweet?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: OutsideEntities
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String
}

/// The retweeted tweet, boxed so that a tweet can hold one.
final class OutsideRetweet: Decodable, Equatable {
    let tweet: OutsideTweet

    init(from decoder: any Decoder) throws {
        tweet = try OutsideTweet(from: decoder)
    }

    static func == (lhs: OutsideRetweet, rhs: OutsideRetweet) -> Bool { lhs.tweet == rhs.tweet }
}

struct OutsideUser: Decodable, Equatable {
    struct Entities: Decodable, Equatable {
        struct Links: Decodable, Equatable {
            let urls: [OutsideLink]
        }
        let url: Links?
        let description: Links
    }

    let id: Int
    let name: String
    let screenName: String
    let location: String
    let description: String
    let url: URL?
    let entities: Entities
    let protected: Bool
    let followersCount: Int
    let friendsCount: Int
    let listedCount: Int
    let createdAt: String
    let favouritesCount: Int
    let utcOffset: Int?
    let timeZone: String?
    let verified: Bool
    let statusesCount: Int
    let lang: String
    let profileImageUrlHttps: URL
    let profileBannerUrl: URL?
    let profileLinkColor: String
    let defaultProfile: Bool
    let following: Bool
}

struct OutsideLink: Decodable, Equatable {
    let url: URL
    let expandedUrl: URL
    let displayUrl: String
    let indices: [Int]
}

struct OutsideEntities: Decodable, Equatable {
    struct Hashtag: Decodable, Equatable {
        let text: String
        let indices: [Int]
    }
    struct Mention: Decodable, Equatable {
        let screenName: String
        let name: String
        let id: Int
        let indices: [Int]
    }
    struct Media: Decodable, Equatable {
        enum Kind: String, Decodable { case photo, video, animatedGif = "animated_gif" }
        struct Size: Decodable, Equatable {
            enum Resize: String, Decodable { case fit, crop }
            let w: Int
            let h: Int
            let resize: Resize
        }
        let id: Int
        let indices: [Int]
        let mediaUrlHttps: URL
        let url: URL
        let displayUrl: String
        let expandedUrl: URL
        let type: Kind
        let sizes: [String: Size]
        let sourceStatusId: Int?
    }

    let hashtags: [Hashtag]
    let symbols: [Hashtag]
    let urls: [OutsideLink]
    let userMentions: [Mention]
    let media: [Media]?
}
