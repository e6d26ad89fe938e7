import Foundation
import Testing

/// The benchmark corpus in `../shared/corpus` next to the checkout. Tests
/// that need it skip on a developer machine without it, but run (and fail
/// loudly) when `CI` is set.
public enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // IntegrationsTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Integrations
        .deletingLastPathComponent()  // repository
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    /// Whether tests reading the corpus should run.
    public static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.fileExists(atPath: directory.path)
    }

    /// The bytes of `file`; records an issue when it cannot be read.
    public static func bytes(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
        let url = directory.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing corpus file: \(url.path)", sourceLocation: sourceLocation)
            return []
        }
        return [UInt8](data)
    }
}
