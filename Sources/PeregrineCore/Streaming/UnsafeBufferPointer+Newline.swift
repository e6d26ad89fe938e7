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
        firstNewline(in: start..<Swift.max(start, count))
    }

    /// The position of the first `\n` in `range`, found with `memchr`.
    func firstNewline(in range: Range<Int>) -> Int? {
        guard let base = baseAddress, range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty else { return nil }
        // bounds proven: memchr reads range.count bytes from base + range.lowerBound, inside 0..<count (guard above)
        guard let found = memchr(base + range.lowerBound, 0x0A, range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
