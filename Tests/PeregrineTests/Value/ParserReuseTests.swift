import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// What a `JSON.Parser` keeps between documents stays bounded in bytes,
/// whatever it has read.
struct ParserReuseTests {
    /// A number array of `count` elements: one tape entry each.
    func numbers(_ count: Int) -> String {
        "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
    }

    @Test func aParserKeepsATapeOfAtMost4MiB() throws {
        var parser = JSON.Parser()
        _ = try parser.parse(numbers(1_000))
        let kept = try #require(parser.tape?.capacity, "a small tape is kept")
        #expect(kept <= JSON.Parser.maxKeptTapeEntries)
        _ = try parser.parse(numbers(10))
        #expect(parser.tape?.capacity == kept, "and reused")

        let value = try parser.parse(numbers(300_000))
        #expect(value[299_999].int == 1)
        #expect(parser.tape == nil, "a tape of 300,001 entries is let go")
    }

    /// A kept tape too small for a document's estimate is not grown by
    /// doubling: the document gets a tape of the estimate at once.
    @Test func aKeptTapeTooSmallForADocumentIsNotGrown() throws {
        var parser = JSON.Parser()
        _ = try parser.parse(numbers(10))
        weak let small = parser.tape
        #expect(small != nil)
        let text = "[" + Array(repeating: "\"a text of some length\"", count: 2_000).joined(separator: ",") + "]"
        #expect(try parser.parse(text)[1_999].string == "a text of some length")
        #expect(small == nil, "the small tape was replaced, not reused")
        #expect(parser.tape?.capacity == Tape.capacity(forDocumentOf: text.utf8.count), "by a tape of the estimate, which was enough")
    }

    @Test func aTapeGrownByADocumentThatFailsIsLetGoToo() throws {
        var parser = JSON.Parser()
        // A 1 MB string: a tape made for 65,537 entries, of which it uses one.
        _ = try parser.parse("\"" + String(repeating: "s", count: 1 << 20) + "\"")
        let kept = try #require(parser.tape?.capacity)
        #expect(kept > 65_536 && kept <= JSON.Parser.maxKeptTapeEntries)
        // The kept tape has room for this document's estimate (37,501 entries),
        // and grows while the scan reaches the bad byte at the end.
        let bad = numbers(300_000) + "x"
        let error = try #require(throws: JSON.ParseError.self) { try parser.parse(bad) }
        #expect(error.kind == .trailingContent && error.offset == 600_001)
        #expect(parser.tape == nil)
        // And the parser goes on as new.
        #expect(try parser.parse(numbers(3)) == [1, 1, 1])
        #expect(parser.tape != nil)
    }
}
