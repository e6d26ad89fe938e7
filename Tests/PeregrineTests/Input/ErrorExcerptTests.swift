import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// A decoding error shows the first 40 Unicode scalars of the string or
/// number it is about (scalars, not characters: a character may carry any
/// number of combining marks), and reads only that much of it: an error costs O(excerpt),
/// never O(length of the value), on the JSON and the binary tape.
@Suite struct ErrorExcerptTests {
    struct Target: Codable { var x: Int }
    struct Named: Codable { var x: String }

    /// Long strings of every shape the excerpt's cut must respect: plain
    /// ASCII, two-byte UTF-8, `\u` escapes, surrogate pairs, short escapes,
    /// combining marks (a character of several scalars).
    static let texts: [(json: String, decoded: String)] = [
        (String(repeating: "abcdefghij", count: 10_000), String(repeating: "abcdefghij", count: 10_000)),
        (String(repeating: "é", count: 50_000), String(repeating: "é", count: 50_000)),
        (String(repeating: #"\u00e9"#, count: 20_000), String(repeating: "é", count: 20_000)),
        (String(repeating: #"\ud83d\ude00"#, count: 20_000), String(repeating: "😀", count: 20_000)),
        (String(repeating: #"a\n\"\\"#, count: 20_000), String(repeating: "a\n\"\\", count: 20_000)),
        (String(repeating: "e\u{301}", count: 20_000), String(repeating: "e\u{301}", count: 20_000)),
    ]

    /// `expected Int, found string "…"` as the whole string would show.
    private func expectedMessage(_ decoded: String) -> String {
        "expected Int, found string \(JSON.serializedString(escaping: String(decoded.unicodeScalars.prefix(40)) + "…"))"
    }

    @Test(arguments: 0..<texts.count) func longStringsShowTheirFirstFortyScalars(_ index: Int) throws {
        let (json, decoded) = Self.texts[index]
        let input = #"{"x": ""# + json + #""}"#
        #expect {
            try JSON.Decoder().decode(Target.self, from: input)
        } throws: { error in
            guard case .typeMismatch(let type, let context) = error as? DecodingError else { return false }
            return type == Int.self && context.codingPath.map(\.stringValue) == ["x"]
                && context.debugDescription == "$.x (line 1, column 7, offset 6): " + expectedMessage(decoded)
        }
        let packed: [UInt8] = try Binary.Encoder().encode(Named(x: decoded))
        #expect {
            try Binary.Decoder().decode(Target.self, from: packed)
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["x"] && context.debugDescription.hasSuffix("$.x: " + expectedMessage(decoded))
        }
    }

    @Test func shortStringsShowWhole() throws {
        let forty = String(repeating: "é", count: 40)
        #expect {
            try JSON.Decoder().decode(Target.self, from: #"{"x":""# + forty + #""}"#)
        } throws: { error in
            guard case .typeMismatch(_, let context) = error as? DecodingError else { return false }
            return context.debugDescription.hasSuffix("found string \"\(forty)\"")
        }
    }

    @Test func longNumbersShowTheirFirstFortyCharacters() throws {
        let digits = "1." + String(repeating: "0123456789", count: 10_000)
        #expect {
            try JSON.Decoder().decode(Named.self, from: #"{"x": "# + digits + "}")
        } throws: { error in
            guard case .typeMismatch(let type, let context) = error as? DecodingError else { return false }
            return type == String.self
                && context.debugDescription == "$.x (line 1, column 7, offset 6): expected String, found number \(digits.prefix(40))…"
        }
    }

    /// The excerpt's read stops at its byte budget: past it the input is
    /// never decoded, so the text is no longer than the budget, and the cut
    /// falls before an escape it would split.
    @Test func theExcerptReadsOnlyItsBudget() throws {
        let json = #"""# + String(repeating: #"ab\u00e9"#, count: 10_000) + #"""#
        let document = try JSON.Document(parsing: json)
        let entry = document.tape[0]
        for budget in [0, 1, 7, 8, 9, 10, 11, 12, 100, 492] {
            let (text, isWhole) = document.bytes.withUnsafeBufferPointer { entry.decodeStringPrefix(in: $0, maxBytes: budget) }
            #expect(!isWhole)
            #expect(text.utf8.count <= budget)
            // 8 input bytes (`ab\u00e9`) decode to 3 characters; a cut escape is left out whole
            let whole = budget / 8 * 3 + min(budget % 8, 2)
            #expect(text == String(String(repeating: "abé", count: 10_000).prefix(whole)), "budget \(budget)")
        }
        let (text, isWhole) = document.bytes.withUnsafeBufferPointer { entry.decodeStringPrefix(in: $0, maxBytes: 80_000) }
        #expect(isWhole && text == String(repeating: "abé", count: 10_000))
    }
}
