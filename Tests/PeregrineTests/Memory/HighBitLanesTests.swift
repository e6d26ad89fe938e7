import Testing
import TestSupport

@testable import PeregrineCore

/// `highBitLanes` (one `pmovmskb` on x86-64), the multiplication that
/// gathers the same bits elsewhere, and `firstHighBitLane`, against a lane
/// by lane reference on seeded random vectors and on each single lane.
struct HighBitLanesTests {
    static func reference(_ vector: SIMD16<UInt8>) -> UInt32 {
        (0..<16).reduce(0) { bits, lane in vector[lane] >= 0x80 ? bits | 1 << lane : bits }
    }

    static func check(_ vector: SIMD16<UInt8>) {
        let expected = reference(vector)
        #expect(vector.highBitLanes == expected, "\(vector)")
        #expect(vector.gatheredHighBitLanes == expected, "\(vector)")
        #expect(vector.firstHighBitLane == (expected == 0 ? nil : expected.trailingZeroBitCount), "\(vector)")
    }

    @Test func randomVectors() {
        var generator = SeededGenerator(seed: 0x51D_16)
        for _ in 0..<10_000 {
            var vector = SIMD16<UInt8>()
            for lane in 0..<16 { vector[lane] = UInt8.random(in: 0...255, using: &generator) }
            Self.check(vector)
            // Fewer lanes set, so that the first set lane moves across the whole vector.
            Self.check(vector & SIMD16(repeating: 0x7F) | (vector[0] < 32 ? SIMD16(repeating: 0) : vector & SIMD16(repeating: 0x80)))
        }
    }

    @Test(arguments: 0..<16)
    func eachLaneAlone(lane: Int) {
        for byte: UInt8 in [0x80, 0xFF, 0x7F, 0x00] {
            var vector = SIMD16<UInt8>(repeating: 0x7F)
            vector[lane] = byte
            Self.check(vector)
        }
        Self.check(SIMD16(repeating: 0))
    }
}
