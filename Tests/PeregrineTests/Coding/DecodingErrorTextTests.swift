import Foundation
import Peregrine
import Testing

/// What a `DecodingError` of `JSON.Decoder` says when printed: each part
/// once, and why a key is missing when a key strategy hid it.
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

    struct Person: Codable, Equatable {
        var fullName: String
        var age: Int

        enum CodingKeys: String, CodingKey {
            case fullName = "full_name"
            case age
        }
    }

    /// A key spelled as the input spells it is never found under a
    /// converting strategy, which renames the input's members first: the
    /// error says so, for `.convertFromSnakeCase` and `.custom`.
    @Test func aKeyTheStrategyRenamedIsExplained() throws {
        let text = #"{"age": 3, "full_name": "Ada Lovelace"}"#
        #expect(try JSON.Decoder().decode(Person.self, from: text) == Person(fullName: "Ada Lovelace", age: 3))
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let error = try #require(throws: DecodingError.self) { try snake.decode(Person.self, from: text) }
        guard case .keyNotFound(let key, let context) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "full_name" && context.codingPath.isEmpty)
        #expect(context.debugDescription == #"""
            $ (line 1, column 1, offset 0): no value for key "full_name"; the key decoding strategy turned "full_name" into "fullName", \#
            and keys are matched after it: name the key "fullName", or decode without the strategy
            """#)

        // An object of more than 16 members is looked up through its member map: the same note.
        let large = "{" + (0..<20).map { #""extra_\#($0)": \#($0), "# }.joined() + #""age": 3, "full_name": "Ada"}"#
        let mapped = try #require(throws: DecodingError.self) { try snake.decode(Person.self, from: large) }
        #expect(mapped.context?.debugDescription.hasSuffix(#"the key decoding strategy turned "full_name" into "fullName", and keys are matched after it: name the key "fullName", or decode without the strategy"#) == true, "\(mapped)")

        let custom = JSON.Decoder()
        custom.keyDecodingStrategy = .custom { path in AnyKey(path.last.map { $0.stringValue.uppercased() } ?? "") }
        let upper = try #require(throws: DecodingError.self) { try custom.decode(Person.self, from: text) }
        #expect(upper.context?.debugDescription.hasSuffix(#"no value for key "full_name"; the key decoding strategy turned "full_name" into "FULL_NAME", and keys are matched after it: name the key "FULL_NAME", or decode without the strategy"#) == true, "\(upper)")

        // A member that is not there at all, or that no strategy renames: no note.
        for (decoder, missing) in [(snake, #"{"age": 3}"#), (JSON.Decoder(), #"{"age": 3, "fullName": "Ada"}"#), (snake, #"{"age": 3, "fullName": "x"}"#)] {
            let plain = try #require(throws: DecodingError.self) { try decoder.decode(Person.self, from: missing) }
            #expect(plain.context?.debugDescription.hasSuffix(#"no value for key "full_name""#) == true, "\(plain)")
        }
    }
}

