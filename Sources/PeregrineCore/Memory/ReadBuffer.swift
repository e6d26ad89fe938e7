#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One worker's reusable read buffer (kept across ranges so its pages are
/// faulted in once).
final class ReadBuffer: @unchecked Sendable {
    private(set) var bytes: UnsafeMutableBufferPointer<UInt8>

    init(capacity: Int) {
        bytes = .allocate(capacity: max(1, capacity))
    }

    deinit { bytes.deallocate() }

    /// Grows the buffer to hold at least `capacity` bytes, keeping its contents.
    func reserve(_ capacity: Int) {
        guard capacity > bytes.count else { return }
        let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(capacity, bytes.count * 2))
        // bounds proven: grown is larger than bytes, which is fully allocated
        _ = grown.initialize(fromContentsOf: bytes)
        bytes.deallocate()
        bytes = grown
    }

    /// The position of the first newline in `range` of the buffer.
    func firstNewline(in range: Range<Int>) -> Int? {
        UnsafeBufferPointer(bytes).firstNewline(in: range)
    }

    /// The position of the last newline in `range` of the buffer.
    func lastNewline(in range: Range<Int>) -> Int? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return bytes[range].lastIndex(of: UInt8(ascii: "\n"))
    }

    /// Reads up to `count` bytes at file offset `offset` into the buffer at
    /// `position`, growing it as needed; returns fewer only at the end of the file.
    func read(_ descriptor: Int32, at offset: Int, count: Int, into position: Int = 0) throws -> Int {
        reserve(position + count)
        var done = 0
        while done < count {
            // bounds proven: position + count <= bytes.count (reserve above), done < count
            let read = pread(descriptor, bytes.baseAddress.map { $0 + position + done }, count - done, off_t(offset + done))
            if read > 0 {
                done += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        return done
    }
}
