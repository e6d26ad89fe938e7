import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import PeregrineHummingbird

/// The server that `Scripts/load-compare.sh` and `Scripts/load-gzip-mix.sh`
/// drive with wrk: one process layout, with Foundation's or Peregrine's
/// coders behind the same routes.
///
///     IntegrationsLoadServer foundation|peregrine [PORT]
///
/// - `POST /timeline`: decodes a twitter.json-shaped body into the corpus
///   model, marks every status favorited, and answers with the model's JSON
///   (the JSON work is timed on the thread's CPU clock);
/// - `POST /team`: decodes a team (the tests' model), grows it, answers with it;
/// - `POST /echo`: answers with the body as it came (the same HTTP work, no JSON);
/// - `GET /stats`: the requests served by `/timeline` and the CPU time spent
///   decoding and encoding them, in nanoseconds.
@main
enum LoadServer {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        let port = arguments.dropFirst().first.flatMap { Int($0) } ?? 8080
        switch arguments.first {
        case "foundation": try await serve(BasicRequestContext.self, port: port)
        case "peregrine": try await serve(PeregrineRequestContext.self, port: port)
        default:
            FileHandle.standardError.write(Data("usage: IntegrationsLoadServer foundation|peregrine [PORT]\n".utf8))
            exit(2)
        }
    }

    /// Runs the routes with `Context`'s coders on 127.0.0.1:`port` until SIGINT or SIGTERM.
    static func serve<Context: RequestContext>(_: Context.Type, port: Int) async throws
    where Context.Source == ApplicationRequestContextSource {
        let stats = NIOLockedValueBox(JSONCost())
        let router = Router(context: Context.self)
        router.post("timeline") { request, context -> Response in
            var request = request
            _ = try await request.collectBody(upTo: context.maxUploadSize)
            let start = threadCPUTime()
            var timeline = try await request.decode(as: TwitterModel.self, context: context)
            let decoded = threadCPUTime()
            for index in timeline.statuses.indices {
                timeline.statuses[index].favorited = true
                timeline.statuses[index].favoriteCount += 1
            }
            let changed = threadCPUTime()
            let response = try context.responseEncoder.encode(timeline, from: request, context: context)
            let encoded = threadCPUTime()
            stats.withLockedValue { $0.add(decode: decoded - start, encode: encoded - changed) }
            return response
        }
        router.post("team") { request, context -> Team in
            var team = try await request.decode(as: Team.self, context: context)
            team.grow()
            return team
        }
        router.post("echo") { request, context -> Response in
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: body))
        }
        router.get("stats") { _, _ -> String in
            stats.withLockedValue { $0.json }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }

    /// The calling thread's CPU time in nanoseconds. The decode's body is
    /// already collected, so neither timed part waits or changes thread.
    static func threadCPUTime() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}

extension Team: ResponseEncodable {}

/// What `/timeline` requests cost in JSON work so far.
struct JSONCost {
    var requests = 0
    var decodeNanoseconds = 0
    var encodeNanoseconds = 0

    mutating func add(decode: Int, encode: Int) {
        requests += 1
        decodeNanoseconds += decode
        encodeNanoseconds += encode
    }

    var json: String {
        #"{"requests":\#(requests),"decodeNanoseconds":\#(decodeNanoseconds),"encodeNanoseconds":\#(encodeNanoseconds)}"#
    }
}
