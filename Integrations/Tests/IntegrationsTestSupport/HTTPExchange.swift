import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Peregrine

/// What a test server answered: the status, the headers and the body.
public struct HTTPExchange: Sendable {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: [UInt8]

    /// The body parsed as JSON.
    public var json: JSON {
        get throws { try JSON(parsing: body) }
    }

    /// Sends `body` to `path` on 127.0.0.1:`port` with a real HTTP request
    /// (`Content-Type: application/json` unless `headers` name another) and
    /// collects the answer.
    public static func post(
        _ body: [UInt8], to path: String, port: Int, headers: [(String, String)] = []
    ) async throws -> HTTPExchange {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        request.body = .bytes(body)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let collected = try await response.body.collect(upTo: 64 << 20)
        return HTTPExchange(status: Int(response.status.code), headers: response.headers, body: Array(collected.readableBytesView))
    }

    /// Sends JSON text (as UTF-8).
    public static func post(
        _ text: String, to path: String, port: Int, headers: [(String, String)] = []
    ) async throws -> HTTPExchange {
        try await post(Array(text.utf8), to: path, port: port, headers: headers)
    }
}
