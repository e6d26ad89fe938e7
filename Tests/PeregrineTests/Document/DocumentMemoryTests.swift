import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery
import TestSupport

/// A document's tape stays small next to its input.
struct DocumentMemoryTests {
    /// Issue 3's budget: a document of twitter.json takes at most twice the
    /// input's size beyond the input itself.
    @Test(TestData.needs("corpus")) func twitterDocumentIsWithinTwiceItsInput() throws {
        let bytes = TestData.bytes(TestData.url("corpus/twitter.json"))
        let document = try JSON.Document(parsing: bytes)
        let tapeBytes = document.tape.capacity * MemoryLayout<TapeEntry>.stride
        #expect(MemoryLayout<TapeEntry>.stride == 16)
        #expect(tapeBytes <= 2 * bytes.count, "tape \(tapeBytes) bytes for \(bytes.count) bytes of input")
    }

    /// Small documents, up to the densest text (one entry per 2 bytes),
    /// are scanned into the tape they start with: it never grows.
    @Test(arguments: [
        #"{"id":12345,"name":"Ada Lovelace","email":"ada@example.com","active":true,"roles":["admin","dev"],"profile":{"city":"London","age":36,"score":98.5},"tags":[]}"#,
        #"{"ts":"2026-12-01T13:42:40Z","level":"info","msg":"request done","status":200,"ms":12.5}"#,
        "[]", "[1,2,3,4,5,6,7,8]", #"{"a":{"b":[true,null]}}"#,
    ])
    func smallDocumentKeepsItsFirstTape(text: String) throws {
        let bytes = Array(text.utf8)
        let document = try JSON.Document(parsing: bytes)
        #expect(document.tape.capacity == Tape.capacity(forDocumentOf: bytes.count))
    }

    /// A small document's first tape is under 1 KiB, and a larger one's at
    /// most as large as its input (and 16 bytes).
    @Test func firstTapesStaySmall() {
        for bytes in 0..<4096 {
            let tapeBytes = Tape.capacity(forDocumentOf: bytes) * MemoryLayout<TapeEntry>.stride
            if bytes < Tape.smallDocumentEntries * MemoryLayout<TapeEntry>.stride {
                #expect(tapeBytes < 1024, "\(bytes) bytes")
            } else {
                #expect(tapeBytes <= bytes + 16, "\(bytes) bytes")
            }
        }
    }
}
