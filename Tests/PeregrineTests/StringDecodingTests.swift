import Testing

import Peregrine

/// Strings with escapes decode to their text wherever the escapes fall:
/// the text between them is copied 16 bytes at a time, so an escape at
/// each offset of a chunk, and text that ends before a chunk would, are
/// the cases that matter.
struct StringDecodingTests {
    /// Escapes, as written in JSON and as decoded.
    static let escapes: [(written: String, decoded: String)] = [
        (#"\n"#, "\n"), (#"\/"#, "/"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\t"#, "\t"),
        (#"\u00e9"#, "é"), (#"\u65e5"#, "日"), (#"\ud83d\ude00"#, "😀"),
    ]

    /// Checks that `written` (a JSON string's contents) decodes to `decoded`
    /// as a value, as a key, and written again from a document.
    func expectDecodes(_ written: String, to decoded: String) throws {
        #expect(try JSON(parsing: "\"\(written)\"") == .string(decoded), "\(written)")
        guard case .object(let object) = try JSON(parsing: "{\"\(written)\":1}") else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == [decoded], "\(written)")
        let rewritten = try JSON.Document(parsing: "[\"\(written)\"]").serialized()
        #expect(try JSON(parsing: rewritten) == .array([.string(decoded)]), "\(written)")
    }

    @Test func anEscapeAtEachOffsetOfTheCopiedChunks() throws {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL"
        for escape in Self.escapes {
            for offset in 0...40 {
                let before = String(text.prefix(offset))
                let after = String(text.dropFirst(offset).prefix(40 - offset))
                try expectDecodes(before + escape.written + after, to: before + escape.decoded + after)
            }
        }
    }

    @Test func randomMixesOfTextAndEscapes() throws {
        var generator = SeededGenerator(seed: 20_261_127)
        let plain = ["a", "Z", "0", " ", "é", "日本", "😀", "~"]
        for _ in 0..<400 {
            var written = ""
            var decoded = ""
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                if Bool.random(using: &generator) {
                    let escape = Self.escapes[Int.random(in: 0..<Self.escapes.count, using: &generator)]
                    written += escape.written
                    decoded += escape.decoded
                } else {
                    let piece = plain[Int.random(in: 0..<plain.count, using: &generator)]
                    let run = String(repeating: piece, count: Int.random(in: 1...20, using: &generator))
                    written += run
                    decoded += run
                }
            }
            try expectDecodes(written, to: decoded)
        }
    }
}
