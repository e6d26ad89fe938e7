import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// `bytesEqual` compares 16-byte blocks, words, overlapping ones and short
/// loads by length; every length up to five blocks (three between the
/// first and the last) and a difference at every position.
struct BytesEqualityTests {
    @Test func everyLengthAndEveryDifferingByte() {
        for count in 0...80 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            bytes.withUnsafeBufferPointer { left in
                Array(bytes).withUnsafeBufferPointer { right in #expect(bytesEqual(left, right), "length \(count)") }
                Array(bytes + [0]).withUnsafeBufferPointer { longer in #expect(!bytesEqual(left, longer)) }
                for position in 0..<count {
                    var changed = bytes
                    changed[position] ^= 0x40
                    changed.withUnsafeBufferPointer { right in
                        #expect(!bytesEqual(left, right), "length \(count), byte \(position)")
                    }
                }
            }
        }
    }
}
