import Foundation
import Peregrine
import Testing

/// What a `DecodingError` of `JSON.Decoder` says when printed: each part once.
@Suite struct DecodingErrorTextTests {
    /// Invalid JSON is `dataCorrupted` over the `JSON.ParseError`, whose
    /// excerpt and caret are printed once: the description gives the
    /// position and the message, the underlying error the excerpt.
    @Test func invalidJSONShowsItsExcerptOnce() throws {
        let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([String: Int].self, from: "{\"a\": 1,\n \"b\": 2 x}") }
        #expect(error.kindName == "dataCorrupted")
        let parseError = try #require(error.parseError)
        #expect(parseError.kind == .unexpectedCharacter && parseError.line == 2 && parseError.column == 9)
        #expect(error.context?.debugDescription == "The given data was not valid JSON: 2:9: expected ',' or '}' after an object member, found 'x'")
        let excerpt = " \"b\": 2 x}\n          ^"
        #expect(parseError.excerpt == "  " + excerpt)
        for printed in [String(describing: error), String(reflecting: error), "\(error)"] {
            #expect(printed.components(separatedBy: excerpt).count == 2, "\(printed)")
        }
        // An error in compressed bytes has no position to give.
        let gzip = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Int.self, from: [0x1F, 0x8B, 0x08, 0x00, 0x01]) }
        #expect(gzip.parseError?.line == 0)
        #expect(gzip.context?.debugDescription.hasPrefix("The given data was not valid JSON: ") == true)
        #expect(gzip.context?.debugDescription.contains(":0:") == false)
    }
}
