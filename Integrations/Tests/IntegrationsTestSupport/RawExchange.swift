import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Bytes written to a TCP connection as they are, for requests an HTTP
/// client will not send (a `Content-Length` shorter than the body), and
/// what came back until the server closed the connection.
public struct RawExchange: Sendable {
    /// Everything the server sent, responses and all.
    public let received: [UInt8]
    /// Whether the server closed the connection (rather than the wait running out).
    public let closedByServer: Bool

    /// The status codes of the responses received, in order.
    public var statuses: [Int] {
        let text = String(decoding: received, as: UTF8.self)
        return text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
    }

    /// Connects to 127.0.0.1:`port`, writes `bytes`, and collects what
    /// comes back until the server closes the connection or `seconds` pass.
    public static func send(_ bytes: [UInt8], port: Int, waiting seconds: Int64 = 10) async throws -> RawExchange {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let received = NIOLockedValueBox<[UInt8]>([])
        let closed = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: bytes))
            return try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await chunk in inbound { received.withLockedValue { $0 += chunk.readableBytesView } }
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(seconds))
                    return false
                }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
        }
        return RawExchange(received: received.withLockedValue { $0 }, closedByServer: closed)
    }
}
