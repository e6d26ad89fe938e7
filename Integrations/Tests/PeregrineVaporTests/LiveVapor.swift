import Peregrine
import PeregrineNIO
import PeregrineVapor
import Vapor

/// Runs a Vapor application with Peregrine's JSON coders (decoding with
/// `decoder`) and the routes `configure` adds, on 127.0.0.1 at a port the
/// system picks; calls `body` with the port, then shuts the application down.
func withLiveVapor(
    decoder: JSON.Decoder = .server(), configure: (Application) throws -> Void, _ body: (Int) async throws -> Void
) async throws {
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    app.http.server.configuration.hostname = "127.0.0.1"
    app.http.server.configuration.port = 0
    app.usePeregrineJSON(decoder: decoder)
    do {
        try configure(app)
        try await app.server.start(address: nil)
        try await body(app.http.server.shared.localAddress?.port ?? 0)
    } catch {
        await app.server.shutdown()
        try await app.asyncShutdown()
        throw error
    }
    await app.server.shutdown()
    try await app.asyncShutdown()
}
