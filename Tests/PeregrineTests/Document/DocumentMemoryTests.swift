import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// A document's tape stays small next to its input.
@Suite(TestData.needs("corpus"))
struct DocumentMemoryTests {
    /// Issue 3's budget: a document of twitter.json takes at most twice the
    /// input's size beyond the input itself.
    @Test func twitterDocumentIsWithinTwiceItsInput() throws {
        let bytes = TestData.bytes(TestData.url("corpus/twitter.json"))
        let document = try JSON.Document(parsing: bytes)
        let tapeBytes = document.tape.capacity * MemoryLayout<TapeEntry>.stride
        #expect(MemoryLayout<TapeEntry>.stride == 16)
        #expect(tapeBytes <= 2 * bytes.count, "tape \(tapeBytes) bytes for \(bytes.count) bytes of input")
    }
}
