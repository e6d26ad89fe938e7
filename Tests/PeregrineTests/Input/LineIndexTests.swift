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

    /// What is not text reaches no terminal: bytes that are not UTF-8 show
    /// as `\x89`, controls as `\u001B` (a tab as a space), and the caret
    /// stands under the error in what is shown; the window is one of
    /// scalars or bytes, however long the line.
    @Test func excerptsEscapeWhatIsNotText() {
        let bytes: [UInt8] = Array("[1,\t".utf8) + [0x01, 0x89, 0xFF, 0x20, 0x22, 0x1B, 0x22, 0x20] + Array("x é]".utf8)
        bytes.withUnsafeBufferPointer { input in
            let location = SourceLocation(of: 12, in: input)
            #expect(location.column == 12)
            #expect(location.excerpt == "  [1, \\u0001\\x89\\xFF \"\\u001B\" x é]\n  " + String(repeating: " ", count: 28) + "^", "\(location.excerpt)")
        }
        let invalid = Array(repeating: UInt8(0x89), count: 1 << 20) + Array("X".utf8) + Array(repeating: UInt8(0xC3), count: 1_000)
        invalid.withUnsafeBufferPointer { input in
            let location = SourceLocation(of: 1 << 20, in: input)
            #expect(location.excerpt == "  " + String(repeating: "\\x89", count: 30) + "X" + String(repeating: "\\xC3", count: 29) + "\n  " + String(repeating: " ", count: 120) + "^")
        }
        // Whatever the bytes, no control reaches the excerpt.
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let random = (0..<Int.random(in: 1..<120, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            random.withUnsafeBufferPointer { input in
                let excerpt = SourceLocation(of: Int.random(in: 0...input.count, using: &generator), in: input).excerpt
                let lines = excerpt.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count == 2 && !excerpt.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }, "\(random)")
            }
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
