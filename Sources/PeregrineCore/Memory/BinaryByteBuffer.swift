/// The body a ``BinaryWriter`` writes: a growable run of bytes written
/// through a pointer, with one capacity check per write (an array checks
/// its uniqueness and its capacity for every byte appended).
final class BinaryByteBuffer {
    // One writer on one thread uses the buffer, so the runtime
    // exclusivity checks on it are skipped.
    @exclusivity(unchecked) private var storage: GrowingBuffer<UInt8>

    init(capacity: Int) {
        storage = GrowingBuffer(capacity: max(capacity, 64))
    }

    /// The number of bytes written.
    var count: Int { storage.count }

    @inline(__always)
    func append(_ byte: UInt8) {
        storage.append(byte)
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        storage.append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// An unsigned LEB128 varint.
    @inline(__always)
    func appendVarint(_ value: UInt64) {
        if value < 0x80 {
            append(UInt8(truncatingIfNeeded: value))
        } else {
            appendLongVarint(value)
        }
    }

    /// A varint of two bytes or more.
    private func appendLongVarint(_ value: UInt64) {
        let written = storage.reserve(10)
        var rest = value
        var position = 0
        repeat {
            written[position] = UInt8(truncatingIfNeeded: rest) | 0x80  // bounds proven: at most 10 bytes, reserved
            rest >>= 7
            position &+= 1  // at most 9: no overflow
        } while rest >= 0x80
        written[position] = UInt8(truncatingIfNeeded: rest)  // bounds proven: at most 10 bytes, reserved
        storage.advance(by: position &+ 1)
    }

    /// Eight bytes, little-endian.
    func appendFixed(_ value: UInt64) {
        UnsafeMutableRawPointer(storage.reserve(8)).storeBytes(of: value.littleEndian, as: UInt64.self)  // bounds proven: room for 8
        storage.advance(by: 8)
    }

    /// The varint written at `position` (0 if there is none).
    func varint(at position: Int) -> Int {
        var value = 0
        var shift = 0
        var position = position
        while position >= 0, position < count, shift < 63 {
            let byte = storage[position]  // bounds proven: 0 <= position < count
            value |= Int(byte & 0x7F) << shift
            guard byte & 0x80 != 0 else { return value }
            shift += 7
            position += 1
        }
        return 0
    }

    /// Writes `byte` over the one at `position`; does nothing unless `0 <= position < count`.
    @inline(__always)
    func set(_ byte: UInt8, at position: Int) {
        guard position >= 0, position < count else { return }
        storage[position] = byte  // bounds proven: 0 <= position < count
    }

    /// Replaces the byte at `position` with `bytes`, moving what follows.
    func replace(at position: Int, with bytes: [UInt8]) {
        guard position >= 0, position < count, !bytes.isEmpty else { return }
        let extra = bytes.count - 1
        _ = storage.reserve(extra)
        let base = storage.pointer(at: 0)
        // bounds proven: 0 <= position < count and reserve made room for the extra bytes (a memmove: the regions overlap).
        UnsafeMutableRawPointer(base + position + bytes.count).copyMemory(from: base + position + 1, byteCount: count - position - 1)
        for (offset, byte) in bytes.enumerated() { base[position + offset] = byte }
        storage.advance(by: extra)
    }

    /// The `count` bytes written from `start` (none unless they were all written).
    @inline(__always)
    func bytes(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        guard start >= 0, count >= 0, count <= self.count - start else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: storage.pointer(at: start), count: count)  // bounds proven: 0 <= start <= start + count <= self.count
    }

    /// The bytes written.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage.elements) }
}
