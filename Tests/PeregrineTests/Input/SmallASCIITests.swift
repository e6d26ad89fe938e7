import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// ASCII strings of up to 15 bytes, which the parser writes straight into a
/// `String`'s two words (`String(smallASCII:)`): each count, compared with
/// the string the standard library makes of the same bytes.
struct SmallASCIITests {
    /// Random ASCII text of each count from 0 to 15 (seeded), and the
    /// string the standard library makes of it.
    static func samples() -> [(bytes: [UInt8], expected: String)] {
        var generator = SeededGenerator(seed: 20_261_128)
        return (0...15).flatMap { count in
            (0..<40).map { _ in
                let bytes = (0..<count).map { _ in UInt8.random(in: 0...0x7F, using: &generator) }
                return (bytes, String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test func theSmallFormIsTheStandardLibrarysOnThisPlatform() {
        #if _pointerBitWidth(_64) && _endian(little)
        // Otherwise every string below would come from the fallback, and the test prove nothing.
        #expect(smallASCIIFormHolds)
        #endif
    }

    @Test func eachCountMakesTheStandardLibrarysString() {
        for (bytes, expected) in Self.samples() {
            guard let made = bytes.withUnsafeBufferPointer({ String(smallASCII: $0) }) else {
                #if _pointerBitWidth(_64) && _endian(little)
                Issue.record("no string for \(bytes.count) bytes")
                #endif
                continue
            }
            #if _pointerBitWidth(_64) && _endian(little)
            #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(expected, to: (UInt64, UInt64).self))
            #endif
            #expect(made == expected)
            #expect(Array(made.utf8) == bytes)
            #expect(made.utf8.count == bytes.count && made.count == bytes.count)
            #expect(made.hashValue == expected.hashValue)
            var grown = made
            grown += "0123456789abcdef"
            #expect(grown == expected + "0123456789abcdef")
        }
    }

    @Test func parsedStringsAndKeysOfEachCount() throws {
        for (bytes, expected) in Self.samples() {
            let written = String(decoding: try JSON.string(expected).serialized(), as: UTF8.self)
            #expect(try JSON(parsing: written) == .string(expected), "\(bytes)")
            #expect(try JSON(parsing: "{\(written):true}") == .object([expected: true]), "\(bytes)")
            #expect(try JSON.Document(parsing: written).root.string == expected, "\(bytes)")
        }
        // Past 15 bytes, and with a byte above ASCII, strings are made the other way.
        for text in ["abcdefghijklmnop", "é", "abcdefghijklmé"] {
            #expect(try JSON(parsing: "\"\(text)\"") == .string(text))
        }
    }
}
