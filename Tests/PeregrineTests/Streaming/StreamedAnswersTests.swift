import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// A streamed top-level value gets the answer the same bytes get in memory:
/// depth, input size, member count and repeated keys included.
@Suite struct StreamedAnswersTests {
    /// Runs `body` with a reader over `text` in a temporary file, removed afterwards.
    func withReader<Result>(_ text: String, _ options: JSON.ParseOptions, _ body: (inout JSON.StreamReader) -> Result) throws -> Result {
        let url = try TemporaryFile.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSON.StreamReader(contentsOf: url, options: options)
        return body(&reader)
    }

    /// Every element the reader returns, or the error it stops with.
    func stream(_ text: String, _ options: JSON.ParseOptions) throws -> Swift.Result<[JSON.StreamReader.Element], JSON.StreamError> {
        try withReader(text, options) { reader in
            var elements: [JSON.StreamReader.Element] = []
            do throws(JSON.StreamError) {
                while let element = try reader.next() { elements.append(element) }
                return .success(elements)
            } catch {
                return .failure(error)
            }
        }
    }

    /// Whether `validateRest` accepts the text.
    func validates(_ text: String, _ options: JSON.ParseOptions) throws -> Bool {
        try withReader(text, options) { reader in
            do throws(JSON.StreamError) {
                try reader.validateRest()
                return true
            } catch {
                return false
            }
        }
    }

    @Test func elementsNestAsDeepAsInMemory() throws {
        let options = JSON.ParseOptions(maxDepth: 3)
        let fits = "[1, [[2]]]"
        let tooDeep = "[1, [[[2]]]]"
        #expect((try? JSON(parsing: fits, options: options)) != nil)
        #expect(try stream(fits, options).get().map(\.value) == [1, [[2]]])
        let inMemory = try #require(throws: JSON.ParseError.self) { try JSON(parsing: tooDeep, options: options) }
        guard case .failure(let streamed) = try stream(tooDeep, options) else { Issue.record("streamed past maxDepth"); return }
        #expect(inMemory.kind == .tooDeep)
        #expect(streamed.offset == inMemory.offset && streamed.message == inMemory.message)
        #expect(try !validates(tooDeep, options))
    }

    @Test func repeatedTopLevelKeysFollowThePolicy() throws {
        let text = "{\"amount\": 1,\n \"note\": \"x\",\n \"amount\": 1000000}"
        var options = JSON.ParseOptions(duplicateKeys: .reject)
        guard case .failure(let rejected) = try stream(text, options) else { Issue.record("a repeated key passed .reject"); return }
        #expect(rejected.line == 3 && rejected.offset == 29)
        #expect(rejected.message == #"duplicate key "amount", first on line 1"#)
        #expect(try !validates(text, options))

        options.duplicateKeys = .firstWins
        #expect(try stream(text, options).get().map(\.value) == [1, "x"])
        #expect(try JSON(parsing: text, options: options) == ["amount": 1, "note": "x"])

        options.duplicateKeys = .lastWins
        guard case .failure(let lastWins) = try stream(text, options) else { Issue.record("both values of a repeated key returned"); return }
        #expect(lastWins.line == 3 && lastWins.message.contains("cannot be streamed"))
        #expect(try validates(text, options))
    }

    @Test func membersAndBytesCountAgainstTheLimits() throws {
        let members = JSON.ParseOptions(maxObjectMembers: 2)
        guard case .failure(let tooMany) = try stream(#"{"a": 1, "b": 2, "c": 3}"#, members) else { Issue.record("passed maxObjectMembers"); return }
        #expect(tooMany.offset == 17 && tooMany.message == "the object has more than 2 members")
        #expect(try stream(#"{"a": 1, "b": 2}"#, members).get().count == 2)

        let bytes = JSON.ParseOptions(maxInputBytes: 64)
        let long = "[" + Array(repeating: "12345", count: 20).joined(separator: ",") + "]"
        guard case .failure(let tooLong) = try stream(long, bytes) else { Issue.record("passed maxInputBytes"); return }
        #expect(tooLong.message == "the input is longer than 64 bytes")
        #expect(try !validates(long, bytes))
    }

    /// A megabyte of `[`: the depth error comes at byte 512, as in memory,
    /// not an element limit after reading everything.
    @Test func tooDeepIsFoundWhereTheTextPassesTheLimit() throws {
        let text = String(repeating: "[", count: 1 << 20)
        let inMemory = try #require(throws: JSON.ParseError.self) { try JSON.Document(parsing: text) }
        guard case .failure(let streamed) = try stream(text, .init()) else { Issue.record("streamed past maxDepth"); return }
        #expect(streamed.offset == inMemory.offset && streamed.offset == 512 && streamed.line == 1)
        #expect(streamed.message == inMemory.message)
    }
}
