import Foundation
import Peregrine
import Testing
import TestSupport

/// The JSON5 test suite (`../shared/conformance/json5-tests`) under `.json5`:
/// `.json` and `.json5` files accepted, `.js` and `.txt` files rejected, and
/// the positions of `.errorSpec` files matched.
@Suite(TestData.needs("conformance/json5-tests"))
struct JSON5SuiteTests {
    static let files: [URL] = {
        let root = TestData.url("conformance/json5-tests")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { !$0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
    }()

    static func cases(_ extensions: Set<String>) -> [URL] {
        files.filter { extensions.contains($0.pathExtension) }
    }

    @Test func suiteIsComplete() {
        #expect(Self.cases(["json"]).count == 25)
        #expect(Self.cases(["json5"]).count == 57)
        #expect(Self.cases(["js"]).count == 6)
        #expect(Self.cases(["txt"]).count == 25)
    }

    @Test func acceptsJSONAndJSON5Files() {
        for file in Self.cases(["json", "json5"]) {
            let bytes = TestData.bytes(file)
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try JSON(parsing: bytes, options: .json5) }
        }
    }

    @Test func rejectsJSAndTXTFiles() {
        for file in Self.cases(["js", "txt"]) {
            let bytes = TestData.bytes(file)
            #expect(throws: JSON.ParseError.self, "\(file.lastPathComponent)") { try JSON(parsing: bytes, options: .json5) }
        }
    }

    /// The strict default rejects every JSON5 feature file.
    @Test func strictRejectsJSON5Files() {
        for file in Self.cases(["json5"]) {
            let bytes = TestData.bytes(file)
            #expect(throws: JSON.ParseError.self, "\(file.lastPathComponent)") { try JSON(parsing: bytes) }
        }
    }

    /// The `.errorSpec` positions (1-based lines and columns). Two differ, and
    /// docs/Conformance.md says why: the reference parser reports an unescaped
    /// newline in a string after consuming it ("line 2, column 0") where we
    /// point at the newline itself (1:5), and the inline-comment spec (offset
    /// 66, column 67) counts one byte more than its 65-byte file has, whose
    /// end is at column 66.
    @Test func errorPositionsMatchTheErrorSpecs() throws {
        let expected: [String: (line: Int, column: Int)] = [
            "arrays/no-comma-array.txt": (3, 5),
            "comments/top-level-block-comment.txt": (4, 3),
            "comments/top-level-inline-comment.txt": (1, 66),
            "objects/illegal-unquoted-key-number.txt": (2, 5),
            "objects/illegal-unquoted-key-symbol.txt": (2, 10),
            "objects/leading-comma-object.txt": (2, 5),
            "strings/unescaped-multi-line-string.txt": (1, 5),
        ]
        let specs = Self.cases(["errorSpec"]).filter {
            FileManager.default.fileExists(atPath: $0.deletingPathExtension().appendingPathExtension("txt").path)
        }
        #expect(specs.count == expected.count)
        for (path, position) in expected {
            let bytes = TestData.bytes(TestData.url("conformance/json5-tests/" + path))
            let error = #expect(throws: JSON.ParseError.self, "\(path)") { try JSON(parsing: bytes, options: .json5) }
            #expect(error?.line == position.line, "\(path)")
            #expect(error?.column == position.column, "\(path)")
        }
    }

    @Test func json5ValuesAreRight() throws {
        let value = try JSON(
            parsing: """
                // comment
                {
                  unquoted: 'and you can quote me on that',
                  singleQuotes: 'I can use "double quotes" here',
                  lineBreaks: "Look, Mom! \\
                No \\\\n's!",
                  hexadecimal: 0xdecaf,
                  leadingDecimalPoint: .8675309, andTrailing: 8675309.,
                  positiveSign: +1,
                  trailingComma: 'in objects', andIn: ['arrays',],
                  "backwardsCompatible": "with JSON",
                  special: [Infinity, -Infinity, NaN, -0x10, '\\x41\\v\\0\\'', \\u0061b: 1],
                }
                """.replacingOccurrences(of: "\\u0061b: 1", with: "{\\u0061b: 1}"), options: .json5)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object["unquoted"] == "and you can quote me on that")
        #expect(object["singleQuotes"] == "I can use \"double quotes\" here")
        #expect(object["lineBreaks"] == "Look, Mom! No \\n's!")
        #expect(object["hexadecimal"] == 0xdecaf)
        #expect(object["leadingDecimalPoint"] == .number(.init(0.8675309)))
        #expect(object["andTrailing"] == .number(.init(8675309.0)))
        #expect(object["positiveSign"] == 1)
        #expect(object["andIn"] == ["arrays"])
        guard case .array(let special) = object["special"] else { Issue.record("no special"); return }
        #expect(special[0] == .number(.init(Double.infinity)))
        #expect(special[1] == .number(.init(-Double.infinity)))
        #expect(special[2] == .number(.init(Double.nan)))
        #expect(special[3] == -16)
        #expect(special[4] == "A\u{0B}\u{0}'")
        #expect(special[5] == ["ab": 1])
    }
}
