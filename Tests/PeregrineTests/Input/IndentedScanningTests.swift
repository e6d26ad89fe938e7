import Foundation
import Peregrine
import Testing
import TestSupport

/// Strict text with a newline one or two bytes after its top-level value's
/// first byte is taken for pretty-printed and read by a copy of the strict
/// value loop that skips a newline and its indentation after each comma at
/// once. Both copies must give every text the same answer: the same value,
/// or the same error kind at the same offset. Each text is read as twins,
/// behind `[\n ` (the indented copy) and behind `[\t ` (the plain one),
/// three bytes each, so that offsets compare as they are.
@Suite struct IndentedScanningTests {
    static func expectSameAnswer(_ text: [UInt8], closed: Bool = true, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let tail: [UInt8] = closed ? Array("\n]".utf8) : []
        let indented = Result { () throws(JSON.ParseError) in try JSON(parsing: Array("[\n ".utf8) + text + tail) }
        let plain = Result { () throws(JSON.ParseError) in try JSON(parsing: Array("[\t ".utf8) + text + tail) }
        switch (indented, plain) {
        case let (.success(first), .success(second)):
            #expect(first == second, comment, sourceLocation: sourceLocation)
        case let (.failure(first), .failure(second)):
            #expect(first.kind == second.kind, comment, sourceLocation: sourceLocation)
            #expect(first.offset == second.offset, comment, sourceLocation: sourceLocation)
        case (.success, .failure(let error)), (.failure(let error), .success):
            Issue.record("one copy accepted and the other threw \(error): \(comment)", sourceLocation: sourceLocation)
        }
    }

    /// `text` with a newline and `indent` spaces after every comma.
    static func indented(_ text: [UInt8], by indent: Int) -> [UInt8] {
        let separator = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: indent)
        return text.flatMap { $0 == UInt8(ascii: ",") ? [$0] + separator : [$0] }
    }

    /// After `1,` a newline, 0 to 40 spaces, then each kind of byte that
    /// can follow (a value, a closer, other whitespace, a control character,
    /// non-ASCII, nothing), with 0 to 15 bytes before it so that the spaces
    /// cross the 16-byte loads at every offset, and with the text closed or
    /// ending there.
    @Test(arguments: 0...15)
    func everyFollowerOfANewlineAndItsIndentation(padding: Int) {
        let followers: [[UInt8]] = [
            Array("2".utf8), Array("\"a\"".utf8), Array("]".utf8), Array("\t2".utf8), Array("\r\n2".utf8),
            Array("\n2".utf8), [0x01], [0xC3, 0xA9], [], Array(",".utf8), Array("{\"k\":\n 2}".utf8),
        ]
        let head = Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: padding) + Array("\",1,\n".utf8)
        for spaces in 0...40 {
            for follower in followers {
                let text = head + Array(repeating: UInt8(ascii: " "), count: spaces) + follower
                for closed in [true, false] {
                    Self.expectSameAnswer(text, closed: closed, "padding \(padding), \(spaces) spaces, follower \(follower), closed \(closed)")
                }
            }
        }
    }

    /// A stray byte after the indentation is reported where it is.
    @Test func aControlCharacterAfterTheIndentationIsReportedAtItsOffset() {
        let text = Array("[\n 1,\n        \u{01}]".utf8)
        let error = #expect(throws: JSON.ParseError.self) { try JSON(parsing: text) }
        #expect(error?.offset == 14)
        #expect(error?.kind == .unexpectedCharacter)
    }

    @Test(TestData.needs("conformance/JSONTestSuite"))
    func everyConformanceFileAsWrittenAndReindented() {
        for file in TestData.files(in: "conformance/JSONTestSuite/test_parsing") {
            let text = TestData.bytes(file)
            for indent in [nil, 0, 4, 7, 15, 16, 31] as [Int?] {
                let variant = indent.map { Self.indented(text, by: $0) } ?? text
                Self.expectSameAnswer(variant, "\(file.lastPathComponent), indent \(indent.map(String.init) ?? "as written")")
            }
        }
    }

    @Test(TestData.needs("corpus"))
    func everyCorpusFile() {
        for name in ["twitter", "citm_catalog", "canada", "twitter_public_timeline", "mesh"] {
            let text = TestData.bytes(TestData.url("corpus/\(name).json"))
            Self.expectSameAnswer(text, "\(name)")
            Self.expectSameAnswer(Self.indented(text, by: 2), "\(name), reindented")
        }
    }
}
