import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// A tape entry gives back what it was made with.
struct TapeEntryTests {
    /// `kind` reads the stored byte as the case itself, which holds only
    /// while the cases' raw values are 0, 1, 2… in declaration order.
    @Test(arguments: [
        TapeEntry.Kind.null, .true, .false, .int64, .uint64, .double, .string, .array, .object, .decimal,
    ])
    func everyKindReadsBack(_ kind: TapeEntry.Kind) {
        let entry = TapeEntry(kind, offset: 12_345, flags: TapeEntry.needsDecoding, payload: .max)
        #expect(entry.kind == kind)
        #expect(entry.offset == 12_345)
        #expect(entry.flags == TapeEntry.needsDecoding)
    }

    /// A byte past the last kind reads as `null`, not as a stray case.
    @Test func anUnknownKindByteReadsAsNull() {
        var entry = TapeEntry(.decimal, offset: 0)
        entry.header = 0xFF << 56
        #expect(entry.kind == .null)
        entry.header = UInt64(TapeEntry.Kind.decimal.rawValue + 1) << 56
        #expect(entry.kind == .null)
    }

    /// A number entry's text is measured by the grammar it was read with,
    /// whatever follows it, and only JSON's grammar counts as JSON.
    @Test func numberTextIsMeasuredByItsGrammar() throws {
        let cases: [(String, JSON.ParseOptions, String, Bool)] = [
            ("1.50", .strict, "1.50", true), ("-0", .strict, "-0", true), ("1E+2", .strict, "1E+2", true),
            ("[-2.5e-3]", .strict, "-2.5e-3", true), ("123456789012345678901234567890", .init(numbers: .lossless), "123456789012345678901234567890", true),
            ("0x1F", .json5, "0x1F", false), ("-0XaB", .json5, "-0XaB", false), ("+1", .json5, "+1", false),
            (".5", .json5, ".5", false), ("5.", .json5, "5.", false), ("-Infinity", .json5, "-Infinity", false),
            ("NaN", .json5, "NaN", false), ("[5./*c*/]", .json5, "5.", false), ("12abc", .init(allowTrailingContent: true), "12", true),
            ("1.5-2", .init(allowTrailingContent: true), "1.5", true), ("3 4", .init(allowTrailingContent: true), "3", true),
        ]
        for (text, options, number, isJSON) in cases {
            let document = try JSON.Document(parsing: text, options: options)
            let index = document.tape[0].kind == .array ? 1 : 0
            let entry = document.tape[index]
            let measured = document.bytes.withUnsafeBufferPointer { entry.numberText(in: $0) }
            #expect(measured.isJSON == isJSON, "\(text)")
            let written = document.bytes.withUnsafeBufferPointer { Array($0[entry.offset..<entry.offset + measured.length]) }
            #expect(String(decoding: written, as: UTF8.self) == number, "\(text)")
            let cut = document.bytes.withUnsafeBufferPointer { entry.numberText(in: $0, maxBytes: 2) }
            #expect(cut.length == min(2, number.utf8.count), "\(text)")
        }
        // Numbers without text, and an entry past the end of its input, measure as nothing.
        let flattened = try JSON.Document(flattening: [1.5, 100.0, 3, .number(JSON.Number(exactText: "1.50"))])
        #expect(flattened.bytes.withUnsafeBufferPointer { flattened.tape[1].numberText(in: $0) } == (0, false))
        #expect(try flattened.serialized(options: [.numbersAsWritten]) == Array("[1.5,100.0,3,1.50]".utf8))
        #expect([UInt8]().withUnsafeBufferPointer { TapeEntry(.double, offset: 5).numberText(in: $0) } == (0, false))
    }

    /// A string value's entry tells whether it is ASCII, as the scanner
    /// found (so making its `String` reads it once, to copy it); keys and
    /// flattened strings do not tell, and are read to find out.
    @Test func stringValuesTellWhetherTheyAreASCII() throws {
        let ascii = TapeEntry.knownASCII
        let other = TapeEntry.knownNonASCII
        let text = #"{"plain": "abc", "é": "caf\u00e9 ☕", "x": "a\nb", "y": "", "z": "naïve", "w": ["0123456789abcdefé"]}"#
        let document = try JSON.Document(parsing: text)
        let flags = (0..<document.tape.count).filter { document.tape[$0].kind == .string }.map { document.tape[$0].flags }
        // Keys carry neither flag; values carry one, escapes aside.
        let expected: [UInt8] = [0, ascii, 0, other | TapeEntry.needsDecoding, 0, ascii | TapeEntry.needsDecoding, 0, ascii, 0, other, 0, other]
        #expect(flags == expected)
        // Single-quoted strings tell it too; JSON5 identifier keys do not.
        let json5 = try JSON.Document(parsing: "{key: 'ü', 'b': 'ok'}", options: .json5)
        #expect((0..<json5.tape.count).filter { json5.tape[$0].kind == .string }.map { json5.tape[$0].flags } == [0, other, ascii, ascii])
        let flattened = try JSON.Document(flattening: ["é": "abc"])
        #expect(flattened.tape[1].flags == 0 && flattened.tape[2].flags == 0)
    }

    /// The strings made from those entries are the text, whichever way the
    /// entry told ASCII: counted in characters, UTF-16 and scalars (which a
    /// string wrongly marked ASCII would count as bytes), and equal to the
    /// same text made by Swift.
    @Test func stringsMadeFromFlaggedEntriesAreTheirText() throws {
        let texts = ["", "abc", "0123456789abcdef", "é", "café au lait, très bien", "日本語のテキスト", "emoji 😀 here", #"a\u00e9"#, #"tab\tend"#]
        let decoded = ["", "abc", "0123456789abcdef", "é", "café au lait, très bien", "日本語のテキスト", "emoji 😀 here", "aé", "tab\tend"]
        let array = "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        for parsed in [try JSON(parsing: array), try #require(JSON.Document(parsing: array).value(at: 0))] {
            let strings = try #require(parsed.array).map { $0.string ?? "?" }
            #expect(strings == decoded)
            for (made, swift) in zip(strings, decoded) {
                #expect(made.count == swift.count && made.utf16.count == swift.utf16.count, "\(swift)")
                #expect(Array(made.unicodeScalars) == Array(swift.unicodeScalars), "\(swift)")
            }
        }
        struct Row: Decodable, Equatable { let name: String; let note: String }
        let rows = try JSON.Decoder().decode([Row].self, from: Array(#"[{"name": "Zoë", "note": "plain"}, {"name": "Ann", "note": "日本"}]"#.utf8))
        #expect(rows == [Row(name: "Zoë", note: "plain"), Row(name: "Ann", note: "日本")])
        #expect(rows.map { $0.name.utf16.count + $0.note.utf16.count } == [8, 5])
    }
}
