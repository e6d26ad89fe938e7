import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// Positions from the line index agree with counting from byte 0, at every
/// offset, whatever the line ends and scalars; excerpts read a bounded window.
@Suite struct LineIndexTests {
    @Test func indexedPositionsMatchCountingFromTheStart() {
        var generator = SeededGenerator(seed: 11)
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), Array("𝄞".utf8), [0x80], Array("ab".utf8), [0x20]]
        for length in [0, 1, 100, LineIndex.stride - 1, LineIndex.stride, 3 * LineIndex.stride + 7] {
            var bytes: [UInt8] = []
            while bytes.count < length { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            bytes.withUnsafeBufferPointer { input in
                let index = LineIndex(input)
                for offset in 0...input.count {
                    let indexed = index.location(of: offset, in: input)
                    let counted = LineIndex.location(of: offset, in: input)
                    #expect(indexed == counted, "offset \(offset) of \(input.count)")
                }
            }
        }
    }

    @Test func positionsCostAConstantWhateverTheLineLength() {
        // One line of 1 MB: the old count from byte 0 read up to the offset.
        let bytes = Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
        bytes.withUnsafeBufferPointer { input in
            let index = LineIndex(input)
            let counter = WorkCounter()
            let location = WorkCounter.$current.withValue(counter) { index.location(of: 900_000, in: input) }
            #expect(location.line == 1 && location.column == 900_001)
            #expect(counter.units <= 3 * LineIndex.stride)
        }
    }

    @Test func excerptsShowAWindowOfTheLine() {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: 1 << 20) + Array("X".utf8) + Array(repeating: UInt8(ascii: "b"), count: 1000)
        bytes.withUnsafeBufferPointer { input in
            let location = SourceLocation(of: 1 << 20, in: input, lines: LineIndex(input))
            #expect(location.excerpt == "  " + String(repeating: "a", count: 30) + "X" + String(repeating: "b", count: 29) + "\n  " + String(repeating: " ", count: 30) + "^")
        }
    }

    @Test func theNewlineOfACarriageReturnPairStartsTheNextLine() {
        let bytes = Array("[1,\r\n2".utf8)
        bytes.withUnsafeBufferPointer { input in
            let index = LineIndex(input)
            #expect(index.location(of: 3, in: input) == (1, 4, 0))
            #expect(index.location(of: 4, in: input) == (2, 1, 4))
            #expect(index.location(of: 5, in: input) == (2, 1, 5))
        }
    }
}
