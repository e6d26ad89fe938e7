@testable import PeregrineCore
import Testing
import TestSupport

@Suite struct DigitWordTests {
    /// A word's run of digits ends at its first byte that is not an ASCII
    /// digit, whatever that byte is (all 256 values, at each of the eight
    /// places, before digits or random bytes), and the run's value is its
    /// digits' value: the borrows and carries of the one subtraction never
    /// reach below the first other byte.
    @Test func everyByteEndsARunWhereItStands() {
        var generator = SeededGenerator(seed: 8)
        for place in 0..<8 {
            for other in UInt8.min...UInt8.max where !other.isDigit {
                for trial in 0..<4 {
                    var bytes = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }
                    bytes[place] = other
                    if trial > 1 {
                        for later in (place + 1)..<8 { bytes[later] = UInt8.random(in: 0...255, using: &generator) }
                    }
                    let word = DigitWord(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                    #expect(word.others != 0, "\(bytes)")
                    #expect(word.run == place, "\(bytes)")
                    if place > 0 {
                        #expect(word.valueOfRun(place) == Self.value(of: bytes.prefix(place)), "\(bytes)")
                    }
                }
            }
        }
    }

    /// Eight digits are one run of eight, whose value is theirs: every
    /// digit at every place, and random words.
    @Test func eightDigitsReadAsTheirValue() {
        var generator = SeededGenerator(seed: 88)
        var words: [[UInt8]] = [Array("00000000".utf8), Array("99999999".utf8), Array("10000000".utf8), Array("00000001".utf8)]
        for place in 0..<8 {
            for digit in UInt8(ascii: "0")...UInt8(ascii: "9") {
                var bytes = Array("31415926".utf8)
                bytes[place] = digit
                words.append(bytes)
            }
        }
        for _ in 0..<1_000 { words.append((0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }) }
        for bytes in words {
            let word = DigitWord(bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
            #expect(word.others == 0, "\(bytes)")
            #expect(word.value == Self.value(of: bytes[...]), "\(bytes)")
            for run in 1..<8 {
                #expect(word.valueOfRun(run) == Self.value(of: bytes.prefix(run)), "\(bytes) first \(run)")
            }
        }
    }

    /// A byte that cannot follow a number's digits, in an integer part, a
    /// fraction's first word or its second, is an unexpected character at
    /// its own offset: every such byte value.
    @Test func aNumberEndsBeforeEveryOtherByte() {
        let continuing = Set("0123456789.eE,] \t\r\n".utf8)
        for (prefix, offset) in [("[1234567", 8), ("[0.1234567", 10), ("[0.123456789012", 15)] {
            for other in UInt8.min...UInt8.max where !continuing.contains(other) {
                let text = Array(prefix.utf8) + [other] + Array("1]".utf8)
                let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text) }
                #expect(error?.kind == .unexpectedCharacter, "\(prefix) then \(other)")
                #expect(error?.offset == offset, "\(prefix) then \(other)")
            }
        }
    }

    /// The value of ASCII digits, one at a time.
    private static func value(of digits: ArraySlice<UInt8>) -> UInt64 {
        digits.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
    }
}
