import Testing

@testable import Peregrine

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

    @Test func aTapeGrownByADocumentThatFailsIsLetGoToo() throws {
        var parser = JSON.Parser()
        _ = try parser.parse(numbers(10))
        #expect(parser.tape != nil)
        // The kept tape grows while the scan reaches the bad byte at the end.
        let bad = numbers(300_000) + "x"
        #expect(throws: JSON.ParseError.self) { try parser.parse(bad) }
        #expect(parser.tape == nil)
        // And the parser goes on as new.
        #expect(try parser.parse(numbers(3)) == [1, 1, 1])
        #expect(parser.tape != nil)
    }
}
