import Foundation
import IntegrationsTestSupport
import NIOCore
import Peregrine
import PeregrineNIO
import Testing
import Vapor

@testable import PeregrineVapor

extension Team: Content {}

/// Each test sends real HTTP requests to a live Vapor server on 127.0.0.1.
/// Serialized: `usePeregrineJSON()` sets Vapor's process-wide content configuration.
@Suite(.serialized) struct VaporServerTests {
    /// `POST /team`: decodes a team, renames it, adds a member and answers with it.
    static func teamRoutes(_ app: Application) {
        app.post("team") { req -> Team in
            var team = try req.content.decode(Team.self)
            team.grow()
            return team
        }
        app.post("first-name") { req -> String in
            try req.content.get(String.self, at: "members", 0, "name")
        }
    }

    @Test func decodesChangesAndEncodesAModel() async throws {
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(Team.text, to: "/team", port: port)
            #expect(exchange.status == 200)
            #expect(exchange.headers["Content-Type"] == ["application/json; charset=utf-8"])
            #expect(String(decoding: exchange.body, as: UTF8.self) == Team.grownText)
        }
    }

    @Test func contentAtAPathUsesThePerCallUserInfo() async throws {
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(Team.text, to: "/first-name", port: port)
            #expect(exchange.status == 200)
            #expect(String(decoding: exchange.body, as: UTF8.self) == "Ada")
        }
    }

    @Test func malformedBodyIs400WithThePosition() async throws {
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post("{\n  \"name\": \"core\",\n  \"members\": [tru]\n}", to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(exchange.headers["Content-Type"] == ["application/json; charset=utf-8"])
            #expect(
                try exchange.json == [
                    "error": true, "reason": "3:15: expected 'true'",
                    "message": "expected 'true'", "line": 3, "column": 15, "offset": 34, "codingPath": [],
                ])
        }
    }

    @Test func valueOfTheWrongTypeIs400WithPathAndPosition() async throws {
        let body = #"{"name": "core", "members": [{"id": "7", "name": "Ada", "joined": "2024-05-01T10:00:00Z"}]}"#
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(
                try exchange.json == [
                    "error": true, "reason": #"1:37: expected Int, found string "7" at $.members[0].id"#,
                    "message": #"expected Int, found string "7""#, "line": 1, "column": 37, "offset": 36,
                    "codingPath": ["members", 0, "id"],
                ])
        }
    }

    @Test func gzipBodyWithContentEncodingIsInflatedByVapor() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
            #expect(exchange.status == 200)
            #expect(try exchange.json["name"].string == "CORE")
        }
    }

    @Test func gzipBodyWithoutContentEncodingIs400() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(try exchange.json["line"].int == 1 && exchange.json["column"].int == 1)
        }
    }

    @Test func bodyPastTheRouteLimitIs413() async throws {
        let body = Team.text(members: 40)
        #expect(body.utf8.count > 1024)
        try await withLiveVapor(configure: { app in
            app.routes.defaultMaxBodySize = "1kb"
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(body, to: "/team", port: port)
            #expect(exchange.status == 413)
        }
    }

    /// 4 KB of gzip that inflates to 4 MiB.
    static let bomb = Result { try JSON.string(String(repeating: "1", count: 4 << 20)).serialized(options: [.gzip]) }

    /// With Vapor's request decompression on (its default), Vapor inflates a
    /// `Content-Encoding: gzip` body before any route; a body that inflates
    /// past its limit (25 times the compressed size), corrupt gzip and bytes
    /// after the gzip close the connection with no response, as the README
    /// says (a good one reaches the route inflated: the test above).
    @Test func vaporsDecompressorClosesTheConnectionOnBadGzip() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        var corrupt = gzip
        corrupt[12] ^= 0xFF
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            for body in [try Self.bomb.get(), corrupt, gzip + Array("junk".utf8)] {
                await #expect(throws: (any Error).self) {
                    try await HTTPExchange.post(body, to: "/team", port: port, headers: [("Content-Encoding", "gzip")])
                }
            }
        }
    }

    /// With Vapor's request decompression off, Peregrine inflates gzip
    /// bodies, to at most the routes' default body limit: a bomb is a 413,
    /// corrupt gzip and bytes after it are 400s.
    @Test func withVaporsDecompressionOffGzipIsAnsweredByPeregrine() async throws {
        let bomb = try Self.bomb.get()
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        var corrupt = gzip
        corrupt[12] ^= 0xFF
        try await withLiveVapor(configure: { app in
            app.http.server.configuration.requestDecompression = .disabled
            Self.teamRoutes(app)
        }) { port in
            let gzipHeader = [("Content-Encoding", "gzip")]
            let good = try await HTTPExchange.post(gzip, to: "/team", port: port, headers: gzipHeader)
            #expect(good.status == 200)
            #expect(try good.json["name"].string == "CORE")
            let tooLarge = try await HTTPExchange.post(bomb, to: "/team", port: port, headers: gzipHeader)
            #expect(tooLarge.status == 413)
            #expect(try tooLarge.json["message"].string == "the gzip body inflates to more than 16384 bytes, the server's limit on a body")
            for body in [corrupt, gzip + Array("junk".utf8)] {
                let broken = try await HTTPExchange.post(body, to: "/team", port: port, headers: gzipHeader)
                #expect(broken.status == 400)
                #expect(try broken.json["message"].string?.hasPrefix("invalid gzip data at compressed byte") == true)
            }
        }
    }

    @Test func everyJSONTypeIsDecodedByPeregrine() async throws {
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            for type in ["application/json", "application/vnd.api+json", "application/vnd.api+json; charset=utf-8"] {
                let exchange = try await HTTPExchange.post(#"{"name": 5}"#, to: "/team", port: port, headers: [("Content-Type", type)])
                #expect(exchange.status == 400)
                #expect(try exchange.json["reason"].string == "1:10: expected String, found number 5 at $.name", "\(type)")
                let good = try await HTTPExchange.post(Team.text, to: "/team", port: port, headers: [("Content-Type", type)])
                #expect(String(decoding: good.body, as: UTF8.self) == Team.grownText)
            }
        }
    }

    @Test func callingUsePeregrineJSONTwiceAddsItsMiddlewareOnce() async throws {
        try await withLiveVapor(configure: { app in
            app.usePeregrineJSON()
            #expect(app.middleware.resolve().filter { $0 is PeregrineErrorMiddleware }.count == 1)
            #expect(app.middleware.resolve().filter { $0 is JSONBodyErrorNoter }.count == 1)
            #expect(app.middleware.resolve().first is PeregrineErrorMiddleware)
            #expect(app.middleware.resolve().last is JSONBodyErrorNoter)
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(#"{"name": 5}"#, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(try exchange.json["line"].int == 1)
        }
    }

    /// Body errors reach Vapor's `ErrorMiddleware`, which logs them.
    @Test func bodyErrorsAreLoggedByVaporsErrorMiddleware() async throws {
        let logs = CapturedLogs()
        try await withLiveVapor(configure: { app in
            app.logger = logs.logger
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(#"{"name": 5}"#, to: "/team", port: port)
            #expect(exchange.status == 400)
        }
        #expect(logs.entries.contains { $0.level == .warning && $0.message == "1:10: expected String, found number 5 at $.name" })
    }

    /// Without an `ErrorMiddleware`, the body error is answered (and logged) by Peregrine's.
    @Test func withoutAnErrorMiddlewareBodyErrorsAreAnsweredAlike() async throws {
        let logs = CapturedLogs()
        try await withLiveVapor(configure: { app in
            app.logger = logs.logger
            app.middleware = Middlewares()
            app.usePeregrineJSON()
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(#"{"name": 5}"#, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(
                try exchange.json == [
                    "error": true, "reason": "1:10: expected String, found number 5 at $.name",
                    "message": "expected String, found number 5", "line": 1, "column": 10, "offset": 9, "codingPath": ["name"],
                ])
        }
        #expect(logs.entries.contains { $0.level == .warning && $0.message == "1:10: expected String, found number 5 at $.name" })
    }

    /// An `ErrorMiddleware` of your own that answers otherwise keeps its answer.
    @Test func anErrorMiddlewaresOwnAnswerIsKept() async throws {
        try await withLiveVapor(configure: { app in
            app.middleware = Middlewares()
            app.middleware.use(ErrorMiddleware { _, _ in Response(status: .badRequest, body: "not JSON") })
            app.usePeregrineJSON()
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(#"{"name": 5}"#, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(String(decoding: exchange.body, as: UTF8.self) == "not JSON")
        }
    }

    /// A `Content-Length` shorter than the body, followed by bytes that are
    /// no request: the request is answered before the connection closes.
    @Test func aShortContentLengthFollowedByJunkIsAnswered() async throws {
        let request = "POST /team HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n"
            + #"{"name": "core", junk junk junk"# + "\r\n\r\n"
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await RawExchange.send(Array(request.utf8), port: port)
            #expect(exchange.statuses == [400])
            #expect(exchange.closedByServer)
            let text = String(decoding: exchange.received, as: UTF8.self)
            #expect(text.contains(#""line":1,"#) && text.contains(#""reason":"1:10: the string starting here is not closed by "#), "\(text)")
        }
    }

    /// A body shorter than its `Content-Length` holds its connection until
    /// an idle timeout closes it: Vapor has none unless configured, as the
    /// README suggests.
    @Test func anIdleTimeoutClosesABodyShorterThanItsLength() async throws {
        let request = "POST /team HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            + #"{"name": "#
        try await withLiveVapor(configure: { app in
            app.http.server.configuration.idleTimeout = .seconds(1)
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await RawExchange.send(Array(request.utf8), port: port, waiting: 10)
            #expect(exchange.closedByServer && exchange.statuses.isEmpty)
        }
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await RawExchange.send(Array(request.utf8), port: port, waiting: 1)
            #expect(!exchange.closedByServer)
        }
    }

    @Test func aLongMemberNameGivesAShortErrorBody() async throws {
        let key = String(repeating: "k", count: 1_000_000)
        try await withLiveVapor(configure: { app in
            app.routes.defaultMaxBodySize = "2mb"
            app.post("numbered") { req -> String in "\(try req.content.decode([Int: String].self).count)" }
        }) { port in
            let exchange = try await HTTPExchange.post(#"{"\#(key)": "x"}"#, to: "/numbered", port: port)
            #expect(exchange.status == 400)
            #expect(exchange.body.count < 2_000)
            #expect(try exchange.json["codingPath"].value == [.string(String(repeating: "k", count: 256) + "…")])
        }
    }

    @Test func duplicateKeysAre400() async throws {
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(#"{"name": "first", "name": "second", "members": []}"#, to: "/team", port: port)
            #expect(exchange.status == 400)
            #expect(try exchange.json["reason"].string == #"1:19: duplicate key "name", first at 1:2"#)
        }
    }
}

@Suite struct VaporCoderTests {
    @Test func abortErrorCarriesStatusAndReason() throws {
        do {
            _ = try PeregrineContentDecoder(.server()).decode(Team.self, from: ByteBuffer(string: #"{"name": 5}"#), headers: [:])
            Issue.record("decoded")
        } catch let error as JSONBodyError {
            #expect(error.status == .badRequest)
            #expect(error.reason == "1:10: expected String, found number 5 at $.name")
        }
    }

    @Test func perCallUserInfoKeepsTheDecodersSettings() throws {
        struct Flagged: Decodable {
            var userId: Int
            var flag: String
            static let key = CodingUserInfoKey(rawValue: "flag")!
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                userId = try container.decode(Int.self, forKey: .userId)
                flag = decoder.userInfo[Self.key] as? String ?? "none"
            }
            enum CodingKeys: CodingKey { case userId }
        }
        let decoder = JSON.Decoder.server()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let content = PeregrineContentDecoder(decoder)
        let flagged = try content.decode(Flagged.self, from: ByteBuffer(string: #"{"user_id": 4}"#), headers: [:], userInfo: [Flagged.key: "set"])
        #expect(flagged.userId == 4 && flagged.flag == "set")
        #expect(decoder.userInfo.isEmpty)
    }

    @Test func encoderSetsTheContentType() throws {
        var buffer = ByteBuffer()
        var headers = HTTPHeaders()
        let encoder = JSON.Encoder.server()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        struct Payload: Encodable { var userId: Int }
        try PeregrineContentEncoder(encoder).encode(Payload(userId: 2), to: &buffer, headers: &headers, userInfo: [CodingUserInfoKey(rawValue: "x")!: 1])
        #expect(String(buffer: buffer) == #"{"user_id":2}"#)
        #expect(headers.contentType == .json)
    }
}
