import Testing
import TestSupport

@testable import PeregrineCore

/// `duplicateKeys: .reject` finds a repeated name in objects of every shape
/// the unique-key check settles differently, names the first repeat in the
/// text, and takes names that differ in their scalars as different.
@Suite struct DuplicateKeyRejectionTests {
    static let reject = JSON.ParseOptions(duplicateKeys: .reject)

    @Test(arguments: [
        // Keys of different lengths but one: the length check sends it to the comparison.
        (#"{"a": 1, "bb": 2, "a": 3}"#, 18),
        // Objects of one shape, then one of the same count and first key length that repeats.
        (#"[{"a": 1, "bb": 2}, {"a": 1, "bb": 2}, {"a": 1, "a": 2}]"#, 48),
        // An escaped name is the same name.
        (#"{"a": 1, "\u0061": 2}"#, 9),
    ])
    func aRepeatedNameIsRejectedAtItsSecondPlace(_ text: String, _ offset: Int) throws {
        let error = try #require(parseError(text, options: Self.reject))
        #expect(error.kind == .duplicateKey && error.offset == offset, "\(text)")
        #expect(error.message.hasPrefix(#"duplicate key "a", first at 1:"#))
    }

    @Test func aRepeatAmongManyMembersIsFound() throws {
        let members = (0..<200).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let text = "{" + members + #", "k7": 0}"#
        let error = try #require(parseError(text, options: Self.reject))
        let first = try #require(text.range(of: #""k7""#)).lowerBound.utf16Offset(in: text)
        #expect(error.kind == .duplicateKey && error.offset == text.utf8.count - 8)
        #expect(error.message == #"duplicate key "k7", first at 1:\#(first + 1)"#)
    }

    @Test func theFirstRepeatInTheTextIsNamed() throws {
        let text = #"{"outer": {"b": 1, "b": 2}, "outer": 3}"#
        let error = try #require(parseError(text, options: Self.reject))
        #expect(error.message == #"duplicate key "b", first at 1:12"#)
    }

    @Test func namesThatDifferInTheirScalarsAreDifferent() throws {
        let text = "{\"\u{E9}\": 1, \"e\u{301}\": 2}"
        #expect(try JSON(parsing: text, options: Self.reject).object?.count == 2)
        let shapes = (0..<100).map { _ in #"{"id": 1, "name": "x", "tags": []}"# }.joined(separator: ",")
        #expect(try JSON(parsing: "[" + shapes + "]", options: Self.reject).array?.count == 100)
    }
}
