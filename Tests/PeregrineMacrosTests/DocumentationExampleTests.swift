import Foundation
import PeregrineMacros
import Testing

/// The article's coder of cents (`DayFormat` is the one in CustomCoderModels, the article's too).
enum Cents: ValueCoder {
    static func decode(_ coded: Int) throws -> Decimal { Decimal(coded) / 100 }
    static func encode(_ value: Decimal) throws -> Int { NSDecimalNumber(decimal: value * 100).intValue }
}

/// The article's examples of `@Defaulted(_:ifInvalid:)`, `@Coerced` on a type and a
/// tag at a path, at file scope: the extensions `@JSONCodable` writes name
/// the types they use, which a type nested in the suite would not find.
@JSONCodable
struct ArticlePage: Equatable {
    @Defaulted(20, ifInvalid: 0) var size: Int
    @Defaulted(Theme.light, ifInvalid: .unknown) var theme: Theme
}

@JSONCodable
struct ArticleSeller: Equatable { var name: String }

@Coerced
@JSONCodable
struct ArticleListing: Equatable {
    var id: Int
    var flags: [Bool]
    var price: Double?
    var seller: ArticleSeller
    @CodedBy(LosslessStringCoder<Int>.self) var code: Int
}

@JSONCodable
@Discriminator("meta.type")
enum ArticleEvent: Equatable {
    case click(x: Int, y: Int)
    @Key("scroll", "wheel") case scroll(by: Int)
    @Defaulted case unknown
}

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
        @Key("title", "headline") var title: String
        @Defaulted(3) var retries: Int
        @Ignored var cache: [String: Int] = [:]
        @LossyDecoding var tags: [String]
        @DateStrategy(.iso8601) var published: Date
        @CodedBy(Base64Coder<Data>.self) var cover: Data
        @NilAsNull var subtitle: String?
        @UnknownMembers var extra: JSON.Object
    }

    @JSONCodable
    struct Account: Equatable {
        @Key("id", "ID", "user.id") var id: Int
        @Key("user_name", "login", encoding: "userName") var name: String
    }

    @JSONCodable
    struct Settings: Equatable {
        @Defaulted(3) var retries: Int
        @LossyDecoding @Defaulted(false) var beta: Bool
        @Defaulted var pageSize: Int = 20
        @LossyDecoding var homepage: URL?
    }

    @JSONCodable
    enum Theme: String, Equatable {
        case light, dark
        @Defaulted case unknown
    }

    @JSONCodable
    @Discriminator("type")
    enum Block: Equatable {
        case text(body: String)
        @Defaulted case unsupported
    }

    @JSONCodable(keys: .snakeCase)
    struct Event: Equatable {
        var startDate: Date
        var organizerID: Int
        @Key(.kebabCase) var retryAfter: Int
        @Key("url") var link: URL
    }

    @Test func articleOptionExamples() throws {
        for text in [#"{"ID": 7, "login": "ada"}"#, #"{"user": {"id": 7}, "user_name": "ada"}"#] {
            let account = try JSON.Decoder().decode(Account.self, from: text)
            #expect(account == Account(id: 7, name: "ada"))
            #expect(try JSON.Encoder().encode(account) as [UInt8] == Array(#"{"id":7,"userName":"ada"}"#.utf8))
        }
        let (settings, report) = try JSON.Decoder().decodeWithReport(Settings.self, from: #"{"beta": "yes", "homepage": 1}"#)
        #expect(settings == Settings(retries: 3, beta: false, pageSize: 20, homepage: nil))
        #expect(report.events.map(\.description) == [
            "$.retries is missing: took the default",
            #"$.beta is invalid: took the default: $.beta (line 1, column 10, offset 9): expected Bool, found string "yes""#,
            "$.pageSize is missing: took the default",
            "$.homepage dropped: $.homepage (line 1, column 29, offset 28): expected String, found number 1",
        ])
        #expect(try JSON.Decoder().decode(Theme.self, from: #""sepia""#) == .unknown)
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(Theme.self, from: "5") }
        #expect(try JSON.Decoder().decode(Block.self, from: #"{"type": "video", "url": "v"}"#) == .unsupported)
        #expect(try JSON.Encoder().encode(Block.unsupported) as [UInt8] == Array(#"{"type":"unsupported"}"#.utf8))
        let event = Event(startDate: Date(timeIntervalSince1970: 0), organizerID: 1, retryAfter: 2, link: URL(string: "https://a.b")!)
        let written = try JSON(parsing: JSON.Encoder().encode(event) as [UInt8])
        #expect(written.object.map { Set($0.keys) } == ["start_date", "organizer_id", "retry-after", "url"])
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) { try snake.decode(Event.self, from: JSON.Encoder().encode(event) as [UInt8]) }
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
            {"user_id": 7, "author": {"profile": {"name": "Ada"}}, "view.count": 9, "headline": "H", "cache": {"a": 1},
             "tags": ["a", 2, "b"], "published": "2024-01-02T03:04:05Z", "cover": "AQID", "draft": true}
            """#
        let post = try JSON.Decoder().decode(Post.self, from: text)
        #expect(post.userID == 7 && post.author == "Ada" && post.views == 9 && post.title == "H" && post.retries == 3)
        #expect(post.cache.isEmpty && post.tags == ["a", "b"] && post.extra == ["cache": ["a": 1], "draft": true])
        #expect(post.published == Date(timeIntervalSince1970: 1_704_164_645) && post.cover == Data([1, 2, 3]) && post.subtitle == nil)
        #expect(String(decoding: try JSON.Encoder().encode(post) as [UInt8], as: UTF8.self).contains(#""cover":"AQID","subtitle":null"#))
        #expect(try JSON.Decoder().decode(Post.self, from: JSON.Encoder().encode(post)) == post)
        #expect(try JSONDecoder().decode(Post.self, from: Data(text.utf8)) == post)
    }

    @JSONCodable
    struct Order: Equatable {
        @CodedBy(Cents.self) var total: Decimal
        @CodedBy(DayFormat.self) var due: Date?
        @CodedBy(DateCoders.ISO8601FractionalSeconds.self) var placed: Date
        @CodedBy(Base64Coder<[UInt8]>.self) var signature: [UInt8]
        @CodedBy(LosslessStringCoder<Int>.self) var customer: Int
    }

    @JSONCodable
    struct Member: Equatable {
        var login: String
        @DecodedOnly var password: String
        @EncodedOnly var schema = 2
        @EncodedUnless(\[String].isEmpty) var roles: [String]
        @EncodedUnless({ (count: Int) in count == 0 }) var unread: Int
        @NilAsNull var avatar: URL?
    }

    @NilAsNull
    @JSONCodable
    struct Row: Equatable { var a: Int?; var b: String? }

    @JSONCodable(at: "data.info")
    struct Info: Equatable { var id: Int; var name: String? }

    @Test func articleCoderDirectionAndFlatteningExamples() throws {
        func written(_ value: some Encodable) throws -> String { String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) }
        let order = try JSON.Decoder().decode(
            Order.self, from: #"{"total": 1999, "due": "2024-01-02", "placed": "2024-01-02T03:04:05.250Z", "signature": "AQID", "customer": "42"}"#)
        #expect(order.total == Decimal(string: "19.99") && order.signature == [1, 2, 3] && order.customer == 42)
        #expect(order.due == Date(timeIntervalSince1970: 1_704_153_600) && order.placed == Date(timeIntervalSince1970: 1_704_164_645.25))
        let bad = try #require(throws: DecodingError.self) {
            try JSON.Decoder().decode(Order.self, from: #"{"total": 1, "placed": "2024-01-02T03:04:05Z", "signature": "", "customer": "4x2"}"#)
        }
        #expect("\(bad)".contains(#"expected Int in a string, found "4x2""#), "\(bad)")
        let member = Member(login: "ada", password: "pw", roles: [], unread: 0, avatar: nil)
        #expect(try written(member) == #"{"login":"ada","schema":2,"avatar":null}"#)
        #expect(try written(Row(a: nil, b: nil)) == #"{"a":null,"b":null}"#)
        #expect(try JSON.Decoder().decode(Info.self, from: #"{"data":{"info":{"id":1,"name":"Ada"}}}"#) == Info(id: 1, name: "Ada"))
        #expect(try written(Info(id: 1, name: "Ada")) == #"{"data":{"info":{"id":1,"name":"Ada"}}}"#)
        let customer = try JSON.Decoder().decode(Customer.self, from: #"{"name": "Ada", "city": "London", "post_code": "N1", "vip": true}"#)
        #expect(customer == Customer(name: "Ada", address: Address(city: "London", zip: "N1"), vip: true))
        #expect(try written(customer) == #"{"name":"Ada","vip":true,"city":"London","post_code":"N1"}"#)
    }

    @Test func articleDefaultCoercionAndTagPathExamples() throws {
        func written(_ value: some Encodable) throws -> String { String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) }
        let (page, report) = try JSON.Decoder().decodeWithReport(ArticlePage.self, from: #"{"size": "big"}"#)
        #expect(page == ArticlePage(size: 0, theme: .light))
        #expect(report.events.map(\.description) == [
            #"$.size is invalid: took the default: $.size (line 1, column 10, offset 9): expected Int, found string "big""#,
            "$.theme is missing: took the default",
        ])
        #expect(try JSON.Decoder().decode(ArticlePage.self, from: #"{"size": null, "theme": 5}"#) == ArticlePage(size: 20, theme: .unknown))
        let listing = try JSON.Decoder().decode(
            ArticleListing.self, from: #"{"id": "7", "flags": [true, "no", 1], "price": "1.5", "seller": {"name": "Ada"}, "code": "42"}"#)
        #expect(listing == ArticleListing(id: 7, flags: [true, false, true], price: 1.5, seller: ArticleSeller(name: "Ada"), code: 42))
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(ArticleListing.self, from: #"{"id": 7, "flags": [], "seller": {"name": 1}, "code": "42"}"#) }
        #expect(throws: DecodingError.self) { try JSON.Decoder().decode(ArticleListing.self, from: #"{"id": 7, "flags": [], "seller": {"name": "A"}, "code": 42}"#) }
        let events = try JSON.Decoder().decode(
            [ArticleEvent].self, from: #"[{"meta":{"type":"click"},"x":1,"y":2}, {"meta":{"type":"wheel"},"by":3}, {"meta":{"type":"resize"}}]"#)
        #expect(events == [.click(x: 1, y: 2), .scroll(by: 3), .unknown])
        #expect(try written(events[0]) == #"{"meta":{"type":"click"},"x":1,"y":2}"#)
        #expect(try written(events[1]) == #"{"meta":{"type":"scroll"},"by":3}"#)
    }
}
