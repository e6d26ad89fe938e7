import Foundation
import IntegrationsTestSupport
import NIOCore
import Peregrine
import PeregrineNIO
import PeregrineVapor
import Testing
import Vapor

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

    @Test func gzipBodyWithoutContentEncodingIsInflatedByPeregrine() async throws {
        let gzip = try JSON(parsing: Team.text).serialized(options: [.gzip])
        try await withLiveVapor(configure: Self.teamRoutes) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port)
            #expect(exchange.status == 200)
            #expect(try exchange.json["members"].array?.count == 2)
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

    @Test func gzipInflatingPastTheDecoderLimitIs413() async throws {
        let gzip = try JSON(parsing: Team.text(members: 200)).serialized(options: [.gzip])
        try await withLiveVapor(configure: { app in
            let decoder = JSON.Decoder.server()
            decoder.parseOptions.maxDecompressedBytes = 4096
            app.usePeregrineJSON(decoder: decoder)
            Self.teamRoutes(app)
        }) { port in
            let exchange = try await HTTPExchange.post(gzip, to: "/team", port: port)
            #expect(exchange.status == 413)
            #expect(try exchange.json["message"].string == "the gzip data inflates to more than 4096 bytes (maxDecompressedBytes)")
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
