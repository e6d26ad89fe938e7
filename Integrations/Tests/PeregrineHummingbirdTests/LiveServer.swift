import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// Runs `router` on 127.0.0.1 at a port the system picks, with `server`'s
/// configuration, calls `body` with the port once the server listens, then
/// shuts the server down.
func withLiveServer<Context: RequestContext>(
    _ router: Router<Context>, server: HTTPServerBuilder = .http1(), _ body: (Int) async throws -> Void
) async throws where Context.Source == ApplicationRequestContextSource {
    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "PeregrineHummingbirdTests")
    logger.logLevel = .warning
    let app = Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
            portContinuation.yield(channel.localAddress?.port ?? 0)
            portContinuation.finish()
        },
        logger: logger
    )
    let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        do {
            try await body(port)
        } catch {
            await services.triggerGracefulShutdown()
            throw error
        }
        await services.triggerGracefulShutdown()
        try await group.waitForAll()
    }
}
