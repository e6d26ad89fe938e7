import Foundation

/// Files and folders in the temporary directory, each with a unique name,
/// for tests that read or write files.
public enum TemporaryFile {
    /// A new path `peregrine-<UUID><suffix>`; nothing is created.
    public static func url(suffix: String = ".json") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("peregrine-\(UUID().uuidString)\(suffix)")
    }

    /// A new file holding `contents`.
    public static func write(_ contents: String, suffix: String = ".json") throws -> URL {
        try write(Array(contents.utf8), suffix: suffix)
    }

    /// A new file holding `bytes`.
    public static func write(_ bytes: [UInt8], suffix: String = ".json") throws -> URL {
        let url = url(suffix: suffix)
        try Data(bytes).write(to: url)
        return url
    }

    /// A new, empty folder.
    public static func folder() throws -> URL {
        let folder = url(suffix: "")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
