import Foundation

/// How much memory this process may use: the machine's, or less where a
/// control group (a container's memory limit) says so.
enum MemoryLimit {
    /// The smaller of the physical memory and the control group's limit.
    static let bytes: UInt64 = {
        let physical = ProcessInfo.processInfo.physicalMemory
        let limits = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
            .compactMap { path in (try? String(contentsOfFile: path, encoding: .utf8)).flatMap(controlGroupLimit) }
        return limits.reduce(physical, min)
    }()

    /// The limit in a control group's memory file: a number of bytes, or
    /// nil for `max` (no limit) and anything that is not a number. Only the
    /// first 32 bytes are read.
    static func controlGroupLimit(_ text: String) -> UInt64? {
        let word = text.prefix(32).prefix { !$0.isWhitespace }
        guard let bytes = UInt64(word), bytes > 0 else { return nil }
        return bytes
    }
}
