#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

/// Binary and gzip output is refused on a terminal unless forced, as
/// `gzip` does: it would only garble the screen.
enum TerminalGuard {
    /// Throws a usage error when `what` would go to standard output and
    /// that is a terminal, without `--force`.
    static func check(writing what: String, to path: String?, forced: Bool, isTerminal: Bool = isatty(STDOUT_FILENO) != 0) throws {
        guard path == nil, isTerminal, !forced else { return }
        throw ValidationError("\(what) output is not written to a terminal: use -o FILE, a pipe, or --force.")
    }
}
