import Foundation
import Testing

/// The shared conformance suites and benchmark corpus next to the project
/// (`../shared`). Tests that need them skip on a developer machine without
/// the data, but run (and fail loudly) when `CI` is set.
public enum TestData {
    /// The package's root folder (for `Examples/`, `FuzzTesting/`, …).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `Examples/sample.json`, the bundled sample.
    public static let sample = packageRoot.appendingPathComponent("Examples/sample.json")

    public static let sharedDirectory = packageRoot
        .deletingLastPathComponent()
        .appendingPathComponent("shared")

    public static let isCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs a test or suite only when `../shared/<folder>` is there (or
    /// `CI` is set); a skip says what is missing and where it comes from.
    ///
    /// ```swift
    /// @Suite(TestData.needs("corpus")) struct CorpusTests { … }
    /// ```
    public static func needs(_ folder: String) -> ConditionTrait {
        .enabled(
            if: shouldRun(folder),
            Comment(rawValue: "\(url(folder).path) is absent: these tests read the conformance suites and the benchmark corpus from ../shared beside the checkout (docs/Conformance.md names each suite's source); with CI set, its absence fails them"))
    }

    /// Whether tests reading `../shared/<folder>` should run.
    public static func shouldRun(_ folder: String) -> Bool {
        isCI || FileManager.default.fileExists(atPath: url(folder).path)
    }

    public static func url(_ relativePath: String) -> URL {
        sharedDirectory.appendingPathComponent(relativePath)
    }

    /// The files of a shared folder, sorted by name; records an issue when the
    /// folder is missing.
    public static func files(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> [URL] {
        let directory = url(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            Issue.record("missing test data: \(directory.path)", sourceLocation: sourceLocation)
            return []
        }
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    public static func bytes(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("cannot read \(url.path)", sourceLocation: sourceLocation)
            return []
        }
        return [UInt8](data)
    }
}
