#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// The position of the first `\n` at or after `start`, found with the C
    /// library's vectorised `memchr` (line splitting spends most of its time
    /// looking for newlines).
    func firstNewline(from start: Int) -> Int? {
        guard let base = baseAddress, start >= 0, start < count else { return nil }
        // bounds proven: memchr reads count - start bytes from base + start, 0 <= start < count (guard above)
        guard let found = memchr(base + start, 0x0A, count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
