#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation

/// Standard output or the file given with `-o`, written in pieces, without
/// ever destroying what the path is.
///
/// A regular file (or a path with nothing there yet) is replaced atomically:
/// the output goes to a temporary file beside it, which ``finish()`` renames
/// over it with the old file's permissions, so a failed run leaves the old
/// content whole (in a folder where no file can be created, the file is
/// written in place). Through a symbolic link it is the link's target that is
/// replaced; the link stays a link. Anything else — a FIFO, a terminal,
/// `/dev/stdout`, `/dev/null` — is opened and written straight through, as a
/// shell's `>` would.
final class OutputSink {
    private let handle: FileHandle
    /// What the output is, for messages: its path, or `to standard output`.
    private let name: String
    /// The temporary file and the file it replaces when finished.
    private var replacing: (temporary: String, target: String)?

    init(path: String?) throws(ExitCode) {
        guard let path, path != "-" else {
            handle = .standardOutput
            name = Self.standardOutput
            return
        }
        name = path
        var status = stat()
        let exists = stat(path, &status) == 0
        // A path to one of our own descriptors (`/dev/stdout` when the shell
        // sent it to a file, `/dev/fd/N`): write through that descriptor, at
        // its offset, never replacing the file behind it.
        if exists, let descriptor = Self.ownDescriptor(matching: status) {
            let duplicate = dup(descriptor)
            guard duplicate >= 0 else { throw Self.failure(path) }
            handle = FileHandle(fileDescriptor: duplicate, closeOnDealloc: true)
            return
        }
        if exists, status.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.failure(path) }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return
        }
        // The file to replace: a symbolic link's target, so that the link
        // survives (a link to nothing yet: the file it names is created).
        let target = exists ? Self.resolved(path) : Self.danglingTarget(path) ?? path
        var template = Array((Self.directory(of: target) + "/.peregrine-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else {
            // No temporary file beside it (a folder we may not write): write the file in place.
            let direct = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard direct >= 0 else { throw Self.failure(path) }
            handle = FileHandle(fileDescriptor: direct, closeOnDealloc: true)
            return
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes 0600: give the old file's mode, or a new file's default.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, exists ? status.st_mode & 0o7777 : 0o666 & ~mask)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        replacing = (temporary, target)
    }

    /// The folder that holds `path`: what comes before its last `/`, `/`
    /// for a file at the root, `.` for a bare name. (Foundation's
    /// `deletingLastPathComponent` traps on a one-character path.)
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Writes all of `bytes` (again after an interrupted or partial
    /// write); a failure is reported with its reason, exit status 2.
    func write(_ bytes: [UInt8]) throws(ExitCode) {
        let descriptor = handle.fileDescriptor
        let failed: Int32? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var written = 0
            while written < raw.count {
                let count = Foundation.write(descriptor, base + written, raw.count - written)
                if count >= 0 {
                    written += count
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        if let failed { throw Self.failure(name, failed) }
    }

    /// Writes out what `print` left in standard output's buffer (`FILE: ok`,
    /// a report): `exit` would drop a failure to write it without a word.
    /// (Standard output is the only stream written through the C library.)
    static func flushStandardOutput() throws(ExitCode) {
        guard fflush(nil) != 0 else { return }
        throw failure(standardOutput, errno)
    }

    /// Standard output's name in messages.
    private static let standardOutput = "to standard output"

    /// Puts the output in place: renames the temporary file over the
    /// regular file it replaces (nothing to do for anything else).
    func finish() throws(ExitCode) {
        guard let (temporary, target) = replacing else { return }
        replacing = nil
        guard rename(temporary, target) == 0 else {
            let failure = Self.failure(name)
            unlink(temporary)
            throw failure
        }
    }

    /// An unfinished replacement leaves the old file as it was.
    deinit {
        if let (temporary, _) = replacing { unlink(temporary) }
    }

    /// The standard descriptor (output, error, input) open on the file `status` describes, if any.
    private static func ownDescriptor(matching status: stat) -> Int32? {
        [STDOUT_FILENO, STDERR_FILENO].first { descriptor in
            var own = stat()
            return fstat(descriptor, &own) == 0 && own.st_dev == status.st_dev && own.st_ino == status.st_ino
                && own.st_mode & S_IFMT == S_IFREG
        }
    }

    /// What a symbolic link to a file that does not exist yet names (relative
    /// to the link's folder); `nil` when `path` is no such link.
    private static func danglingTarget(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
        else { return nil }
        if destination.hasPrefix("/") { return destination }
        return ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
    }

    /// `path` with every symbolic link followed.
    private static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Prints why `name` cannot be written, from the `errno` value `code`
    /// (`peregrine: cannot write /dev/full: no space left on device`); exit status 2.
    private static func failure(_ name: String, _ code: Int32 = errno) -> ExitCode {
        printError("peregrine: cannot write \(name): \(systemErrorText(code))")
        return .usageError
    }
}
