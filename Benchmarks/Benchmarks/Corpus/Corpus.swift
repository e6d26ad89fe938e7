import Foundation

/// The benchmark files, read from `../shared/corpus` next to the checkout
/// (or the folder named by `PEREGRINE_CORPUS`).
public enum Corpus {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["PEREGRINE_CORPUS"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Corpus
            .deletingLastPathComponent()  // Benchmarks (sources)
            .deletingLastPathComponent()  // Benchmarks (package)
            .deletingLastPathComponent()  // repository
            .deletingLastPathComponent()
            .appendingPathComponent("shared/corpus")
    }()

    /// The bytes of a corpus file; stops the benchmark run when it is missing.
    public static func data(_ file: String) -> Data {
        let url = directory.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url) else {
            fatalError("missing benchmark file \(url.path); set PEREGRINE_CORPUS to the corpus folder")
        }
        return data
    }
}
