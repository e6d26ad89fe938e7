import Foundation
import Hummingbird
import HummingbirdCore
import IntegrationsTestSupport
import NIOCore
import Peregrine
import PeregrineHummingbird
import PeregrineNIO
import Testing

extension Team: ResponseEncodable {}
extension TwitterRoot: ResponseEncodable {}

/// A context with Peregrine's coders and a 1 KiB upload limit.
struct SmallUploadContext: RequestContext {
    typealias Decoder = PeregrineRequestDecoder
    typealias Encoder = PeregrineResponseEncoder
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var maxUploadSize: Int { 1024 }
}

/// A model whose decoding fails for a reason that is not the client's.
struct Unavailable: Decodable {
    struct StoreDown: Error {}
    init(from decoder: any Decoder) throws { throw StoreDown() }
}

/// Each test sends real HTTP requests to a live Hummingbird server on 127.0.0.1.
@Suite struct HummingbirdServerTests {
    /// `POST /team`: decodes a team, renames it, adds a member and answers with it.
    static func teamRouter<Context: RequestContext>(_ context: Context.Type) -> Router<Context> {
        let router = Router(context: Context.self)
        router.post("team") { request, context -> Team in
            var team = try await request.decode(as: Team.self, context: context)
            team.grow()
            return team
        }
        router.post("unavailable") { request, context -> String in
            _ = try await request.decode(as: Unavailable.self, context: context)
            return "unreachable"
        }
        return router
    }

    @Test func decodesChangesAndEncodesAModel() async throws {
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(Team.text, to: "/team", port: port)
            #expect(exchange.status == 200)
            #expect(exchange.headers["Content-Type"] == ["application/json; charset=utf-8"])
            #expect(exchange.headers["Content-Length"] == [String(exchange.body.count)])
            #expect(String(decoding: exchange.body, as: UTF8.self) == Team.grownText)
        }
    }

    @Test func malformedBodyIs400WithThePosition() async throws {
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post("{\n  \"name\": \"core\",\n  \"members\": [tru]\n}", to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(exchange.headers["Content-Type"] == ["application/json; charset=utf-8"])
            #expect(
                try exchange.json == [
                    "error": ["message": "expected 'true'", "line": 3, "column": 15, "offset": 34, "codingPath": []]
                ])
        }
    }

    @Test func valueOfTheWrongTypeIs400WithPathAndPosition() async throws {
        let body = #"{"name": "core", "members": [{"id": "7", "name": "Ada", "joined": "2024-05-01T10:00:00Z"}]}"#
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(
                try exchange.json == [
                    "error": [
                        "message": #"expected Int, found string "7""#, "line": 1, "column": 37, "offset": 36,
                        "codingPath": ["members", 0, "id"],
                    ]
                ])
        }
    }

    @Test func badDateIs400AtTheDate() async throws {
        let body = #"{"name": "core", "members": [{"id": 7, "name": "Ada", "joined": "yesterday"}]}"#
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 400)
            let error = try exchange.json["error"]
            #expect(error["codingPath"].value == ["members", 0, "joined"])
            #expect(error["line"].int == 1 && error["column"].int == 65)
        }
    }

    @Test func gzipBodyIsInflated() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
            #expect(exchange.status == 200)
            #expect(try exchange.json["members"].array?.count == 2)
            #expect(try exchange.json["name"].string == "CORE")
        }
    }

    @Test func bodyPastTheUploadLimitIs413() async throws {
        let body = Team.text(members: 40)
        #expect(body.utf8.count > 1024)
        try await withLiveServer(Self.teamRouter(SmallUploadContext.self)) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 413)
        }
    }

    @Test func gzipInflatingPastTheUploadLimitIs413() async throws {
        let gzip = try JSON(parsing: Team.text(members: 200)).serialized(options: [.gzip])
        #expect(gzip.count < 1024)
        try await withLiveServer(Self.teamRouter(SmallUploadContext.self)) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
            #expect(exchange.status == 413)
            #expect(
                try exchange.json == [
                    "error": [
                        "message": "the gzip body inflates to more than 1024 bytes, the server's limit on a body",
                        "line": nil, "column": nil, "offset": nil, "codingPath": [],
                    ]
                ])
        }
    }

    /// 16 KB of gzip that inflates to 16 MiB: with `Content-Encoding: gzip`
    /// it inflates as far as the 2 MiB `maxUploadSize` (a 413); without it,
    /// it is not JSON (a 400 at its first byte), as Foundation's coders answer.
    @Test func aGzipBombIsRefusedAtTheUploadLimitOrUnread() async throws {
        let bomb = try JSON.string(String(repeating: "1", count: 16 << 20)).serialized(options: [.gzip])
        #expect(bomb.count < 20_000)
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let declared = try await HTTPExchange.post(bomb, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
            #expect(declared.status == 413)
            #expect(try declared.json["error"]["message"].string == "the gzip body inflates to more than 2097152 bytes, the server's limit on a body")
            let undeclared = try await HTTPExchange.post(bomb, to: "/team", port: port)
            #expect(undeclared.status == 400)
            let error = try undeclared.json["error"]
            #expect(error["line"].int == 1 && error["column"].int == 1 && error["offset"].int == 0 && error["codingPath"].value == [])
        }
        try await withLiveServer(Self.teamRouter(BasicRequestContext.self)) { port in
            let foundation = try await HTTPExchange.post(bomb, to: "/team", port: port)
            #expect(foundation.status == 400)
        }
    }

    @Test func brokenGzipIs400() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        var corrupt = gzip
        corrupt[12] ^= 0xFF
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            for body in [corrupt, gzip + Array("junk".utf8), Array(gzip.dropLast(4))] {
                let exchange = try await HTTPExchange.post(body, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
                #expect(exchange.status == 400)
                #expect(try exchange.json["error"]["message"].string?.hasPrefix("invalid gzip data at compressed byte") == true)
            }
        }
    }

    /// `POST /numbered`: decodes an `[Int: String]`, whose keys must be numbers.
    static func numberedRouter() -> Router<PeregrineRequestContext> {
        let router = Router(context: PeregrineRequestContext.self)
        router.post("numbered") { request, context -> String in
            let numbered = try await request.decode(as: [Int: String].self, context: context)
            return "\(numbered.count)"
        }
        return router
    }

    @Test func aLongMemberNameGivesAShortErrorBody() async throws {
        let key = String(repeating: "k", count: 1_000_000)
        try await withLiveServer(Self.numberedRouter()) { port in
            let exchange = try await HTTPExchange.post(#"{"\#(key)": "x"}"#, to: "/numbered", port: port)
            #expect(exchange.status == 400)
            #expect(exchange.body.count < 1_000)
            #expect(try exchange.json["error"]["codingPath"].value == [.string(String(repeating: "k", count: 256) + "…")])
        }
    }

    /// A body that names a member twice is refused: Foundation's coders
    /// would read the first value, Peregrine's default the last.
    @Test func duplicateKeysAre400WhereFoundationKeepsTheFirst() async throws {
        let body = #"{"name": "first", "name": "second", "members": []}"#
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(
                try exchange.json == [
                    "error": ["message": #"duplicate key "name", first at 1:2"#, "line": 1, "column": 19, "offset": 18, "codingPath": []]
                ])
        }
        try await withLiveServer(Self.teamRouter(BasicRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 200)
            #expect(try exchange.json["name"].string == "FIRST")
        }
    }

    /// A body shorter than its `Content-Length` holds its connection until
    /// an idle timeout closes it: Hummingbird has none unless configured,
    /// as the README suggests.
    @Test func anIdleTimeoutClosesABodyShorterThanItsLength() async throws {
        let request = "POST /team HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            + #"{"name": "#
        let router = Self.teamRouter(PeregrineRequestContext.self)
        try await withLiveServer(router, server: .http1(configuration: .init(idleTimeout: .seconds(1)))) { port in
            let exchange = try await RawExchange.send(Array(request.utf8), port: port, waiting: 10)
            #expect(exchange.closedByServer && exchange.statuses.isEmpty)
        }
        try await withLiveServer(router) { port in
            let exchange = try await RawExchange.send(Array(request.utf8), port: port, waiting: 1)
            #expect(!exchange.closedByServer)
        }
    }

    /// A context with Peregrine's coders and a 64 MiB upload limit.
    struct LargeUploadContext: RequestContext {
        typealias Decoder = PeregrineRequestDecoder
        typealias Encoder = PeregrineResponseEncoder
        var coreContext: CoreRequestContextStorage
        init(source: Source) { coreContext = .init(source: source) }
        var maxUploadSize: Int { 64 << 20 }
    }

    /// A value whose decoding notes the process's resident memory.
    struct ResidentProbe: Decodable {
        let resident: Int
        init(from decoder: any Decoder) throws {
            resident = ResidentMemory.bytes ?? 0
            _ = try decoder.singleValueContainer().decode(Int.self)
        }
    }

    /// The route decodes the collected body where it is: resident memory
    /// grows by much less than the 32 MiB body while the model decodes (a
    /// copy of the body would add all of it). The least of three requests
    /// counts, as other tests allocate meanwhile.
    @Test(.enabled(if: ResidentMemory.bytes != nil)) func aBodyIsDecodedWithoutACopy() async throws {
        let router = Router(context: LargeUploadContext.self)
        router.post("probe") { request, context -> String in
            var request = request
            _ = try await request.collectBody(upTo: context.maxUploadSize)
            let before = ResidentMemory.bytes ?? 0
            let probe = try await request.decode(as: ResidentProbe.self, context: context)
            return "\(probe.resident - before)"
        }
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 32 << 20) + Array("7".utf8)
        try await withLiveServer(router) { port in
            var grown = Int.max
            for _ in 0..<3 {
                let exchange = try await HTTPExchange.post(body, to: "/probe", port: port)
                #expect(exchange.status == 200)
                grown = min(grown, try #require(Int(String(decoding: exchange.body, as: UTF8.self))))
            }
            #expect(grown < 16 << 20, "resident memory grew by \(grown) bytes while decoding a \(body.count)-byte body")
        }
    }

    @Test func errorsThatAreNotTheBodysAre500() async throws {
        try await withLiveServer(Self.teamRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(Team.text, to: "/unavailable", port: port)
            #expect(exchange.status == 500)
        }
    }

    /// `POST /timeline`: decodes twitter.json's model, adds one to every favorite count, answers with it.
    static func timelineRouter<Context: RequestContext>(_ context: Context.Type) -> Router<Context> {
        let router = Router(context: Context.self)
        router.post("timeline") { request, context -> TwitterModel in
            var timeline = try await request.decode(as: TwitterModel.self, context: context)
            for index in timeline.statuses.indices { timeline.statuses[index].favoriteCount += 1 }
            return timeline
        }
        return router
    }

    @Test(.enabled(if: Corpus.shouldRun))
    func twitterAnswersMatchFoundations() async throws {
        let twitter = Corpus.bytes("twitter.json")
        var expected = try JSONDecoder().decode(TwitterModel.self, from: Data(twitter))
        for index in expected.statuses.indices { expected.statuses[index].favoriteCount += 1 }
        try await withLiveServer(Self.timelineRouter(PeregrineRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(twitter, to: "/timeline", port: port)
            #expect(exchange.status == 200)
            #expect(try JSONDecoder().decode(TwitterModel.self, from: Data(exchange.body)) == expected)
        }
        try await withLiveServer(Self.timelineRouter(BasicRequestContext.self)) { port in
            let exchange = try await HTTPExchange.post(twitter, to: "/timeline", port: port)
            #expect(exchange.status == 200)
            #expect(try JSONDecoder().decode(TwitterModel.self, from: Data(exchange.body)) == expected)
        }
    }
}
