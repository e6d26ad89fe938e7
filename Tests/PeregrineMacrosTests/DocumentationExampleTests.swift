import Foundation
import PeregrineMacros
import Testing

/// The README's and the `GeneratedCoders` article's examples of the
/// generated coders, so that they keep compiling and stay true.
@Suite struct DocumentationExampleTests {
    @JSONCodable
    struct User: Equatable {
        var id: Int
        @Key("screen_name") var name: String
        @Key("profile.bio") var bio: String?
        @Defaulted(0) var followers: Int
        @UnknownMembers var extra: JSON.Object
    }

    @JSONCodable
    @Discriminator("type")
    enum Shape: Equatable {
        case circle(radius: Double)
        case square(side: Double)
    }

    @JSONCodable
    struct Post: Equatable {
        @Key("user_id") var userID: Int
        @Key("author.profile.name") var author: String
        @Key(exactly: "view.count") var views: Int
        @Defaulted(3) var retries: Int
        @Ignored var cache: [String: Int] = [:]
        @LossyDecoding var tags: [String]
        @DateStrategy(.iso8601) var published: Date
        @UnknownMembers var extra: JSON.Object
    }

    @Test func readmeExample() throws {
        let bytes = Array(#"{"id": 1, "screen_name": "ada", "profile": {"bio": "math"}, "beta": true}"#.utf8)
        let (user, report) = try JSON.Decoder().decodeWithReport(User.self, from: bytes)
        #expect(try JSON.Decoder().decode(User.self, from: bytes) == user)
        #expect(user == User(id: 1, name: "ada", bio: "math", followers: 0, extra: ["beta": true]))
        #expect(report.events.map { "\($0)" } == ["$.followers is missing: took the default"])
        #expect(try JSON.Encoder().encode(user) as [UInt8] == Array(#"{"id":1,"screen_name":"ada","profile":{"bio":"math"},"followers":0,"beta":true}"#.utf8))
        let packed: [UInt8] = try Binary.Encoder().encode(user)
        #expect(try Binary.Decoder().decode(User.self, from: packed) == user)
        #expect(try JSONDecoder().decode(User.self, from: JSON.Encoder().encode(user)) == user)

        let shape = try JSON.Decoder().decode(Shape.self, from: #"{"type": "circle", "radius": 1}"#)
        #expect(shape == .circle(radius: 1))
        #expect(try JSON.Encoder().encode(Shape.square(side: 2)) as [UInt8] == Array(#"{"type":"square","side":2}"#.utf8))
        let unknown = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Shape.self, from: #"{"type": "squar", "side": 2}"#) }
        #expect("\(unknown)".contains(#"unknown tag "squar", expected one of "circle", "square""#))
    }

    @Test func articleExample() throws {
        let text = #"""
            {"user_id": 7, "author": {"profile": {"name": "Ada"}}, "view.count": 9, "cache": {"a": 1},
             "tags": ["a", 2, "b"], "published": "2024-01-02T03:04:05Z", "draft": true}
            """#
        let post = try JSON.Decoder().decode(Post.self, from: text)
        #expect(post.userID == 7 && post.author == "Ada" && post.views == 9 && post.retries == 3)
        #expect(post.cache.isEmpty && post.tags == ["a", "b"] && post.extra == ["cache": ["a": 1], "draft": true])
        #expect(post.published == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(try JSON.Decoder().decode(Post.self, from: JSON.Encoder().encode(post)) == post)
        #expect(try JSONDecoder().decode(Post.self, from: Data(text.utf8)) == post)
    }
}
