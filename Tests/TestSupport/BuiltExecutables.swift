import Foundation

/// An executable SwiftPM built beside the test bundle (the `peregrine`
/// tool, the macro's compiler plugin), or `nil` when it is not there.
///
/// ```swift
/// let tool = try #require(builtExecutable(named: "peregrine"))
/// ```
public func builtExecutable(named name: String) -> URL? {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL.deletingLastPathComponent(),
        Bundle.main.bundleURL,
    ]
    return candidates.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// What `body` returns, run on a thread of its own, so that a test waiting
/// for a process (the `peregrine` tool, the macro's plugin) never holds one
/// of the test pool's threads.
///
/// ```swift
/// let output = try await onOwnThread { try runTool(arguments) }
/// ```
public func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
    }
}
