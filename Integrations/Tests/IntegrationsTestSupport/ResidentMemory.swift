import Foundation

/// The memory this process holds, for tests that check that a body is not
/// copied.
public enum ResidentMemory {
    /// The resident memory of this process in bytes, from `/proc/self/statm`
    /// (`nil` where there is none: outside Linux).
    public static var bytes: Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
