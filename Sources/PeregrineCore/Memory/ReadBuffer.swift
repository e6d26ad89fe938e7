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
    private var storage: GrowingBuffer<UInt8>

    init(capacity: Int) {
        storage = GrowingBuffer(capacity: capacity)
        storage.append(repeating: 0, count: max(1, capacity))
    }

    /// The buffer's bytes: valid until the next ``reserve(_:)`` or ``read(_:at:count:into:)``.
    var bytes: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(mutating: storage.elements) }

    /// Grows the buffer to hold at least `capacity` bytes, keeping its contents.
    func reserve(_ capacity: Int) {
        storage.append(repeating: 0, count: capacity - storage.count)
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
