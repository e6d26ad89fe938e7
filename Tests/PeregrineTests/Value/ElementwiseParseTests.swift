import Foundation
@testable import PeregrineCore
import Testing
import TestSupport

/// The value parse of a large array or object, value by value, against the
/// whole parse it stands in for: the same texts accepted, the same values
/// built, the same errors, and never the whole input's tape.
struct ElementwiseParseTests {
    /// The entries of the elementwise build's tape in these tests: few, so
    /// that it is emptied many times in small inputs.
    static let tapeEntries = 64

    /// What `JSON.Parser` gives for `bytes`, elementwise (for any size, on
    /// a tape of `tapeEntries`) or whole: the value as written (members in
    /// order), or the error's text.
    static func outcome(_ bytes: [UInt8], _ options: JSON.ParseOptions, elementwise: Bool, tapeEntries: Int = tapeEntries) -> String {
        var parser = JSON.Parser(options: options)
        parser.elementwiseMinimumBytes = elementwise ? 0 : .max
        parser.elementwiseTapeEntries = tapeEntries
        do {
            return "value \(try parser.parse(bytes))"
        } catch {
            return "error \(error.kind) at \(error.offset): \(error)"
        }
    }

    /// Whether the elementwise parse itself built `bytes` (rather than
    /// leaving it to the whole parse).
    static func isBuiltElementwise(_ bytes: [UInt8], _ options: JSON.ParseOptions) -> Bool {
        var parser = JSON.Parser(options: options)
        return bytes.withUnsafeBufferPointer { parser.parseElementwise($0, options: options) } != nil
    }

    static let policies: [(String, JSON.ParseOptions)] = {
        var reject = JSON.ParseOptions()
        reject.duplicateKeys = .reject
        var firstWins = JSON.ParseOptions()
        firstWins.duplicateKeys = .firstWins
        return [("default", JSON.ParseOptions()), ("reject", reject), ("firstWins", firstWins), ("secure", .secure)]
    }()

    /// Expects both parses of `bytes` to agree under every policy (the
    /// elementwise one on a tape of `tapeEntries`); returns how many of
    /// them the elementwise parse built itself.
    @discardableResult
    static func expectSameOutcomes(_ bytes: [UInt8], _ name: String, tapeEntries: Int = tapeEntries) -> Int {
        var built = 0
        for (policy, options) in policies {
            let elementwise = outcome(bytes, options, elementwise: true, tapeEntries: tapeEntries)
            #expect(elementwise == outcome(bytes, options, elementwise: false), "\(name), \(policy)")
            if isBuiltElementwise(bytes, options) {
                built += 1
                #expect(elementwise.hasPrefix("value "), "\(name), \(policy): built elementwise, rejected whole")
            }
        }
        return built
    }

    @Test(TestData.needs("conformance/JSONTestSuite"))
    func decidesTheJSONTestSuiteAsAWholeParse() {
        var built = 0
        for file in TestData.files(in: "conformance/JSONTestSuite/test_parsing") {
            built += Self.expectSameOutcomes(TestData.bytes(file), file.lastPathComponent)
        }
        // The suite's arrays are built elementwise (y_array_*, y_structure_*, …).
        #expect(built > 100)
    }

    @Test func decidesTheFuzzSeedsAsAWholeParse() {
        let folder = TestData.packageRoot.appendingPathComponent("FuzzTesting/Seeds/FuzzParse")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(!names.isEmpty)
        for name in names.sorted() {
            Self.expectSameOutcomes(TestData.bytes(folder.appendingPathComponent(name)), name)
        }
    }

    /// Arrays with bytes changed, added or removed at random places (a
    /// fixed seed): most break the text somewhere, in every kind of place.
    @Test func decidesMutatedArraysAsAWholeParse() {
        var random = SeededGenerator(seed: 0xE1E_3E47)
        let records = (0..<40).map { index in
            #"{"id":\#(index),"name":"user \u00e9\#(index)","tags":["a","b"],"score":\#(index).5,"nested":{"x":1,"y":[1,2,{"id":\#(index)}]},"id":-\#(index)}"#
        }
        let array = "[" + records.joined(separator: ",\n ") + "]"
        var sources = [
            Array((array + "\n").utf8),
            Array(#"{"data": \#(array), "count": 40, "data": [1, {"id": 2}], "next": {"id": 3, "id": 4}}"#.utf8),
        ]
        for name in ["twitter_public_timeline.json", "github_events.json"] {
            let url = TestData.url("corpus/\(name)")
            if FileManager.default.fileExists(atPath: url.path) { sources.append(Array(TestData.bytes(url).prefix(8_000))) }
        }
        var built = 0
        for (source, original) in sources.enumerated() {
            for round in 0..<100 {
                built += Self.expectSameOutcomes(random.broken(original), "source \(source) #\(round)")
            }
        }
        #expect(built > 20)
    }

    @Test func depthLimitsHoldForEachValue() {
        for maxDepth in 0...5 {
            var options = JSON.ParseOptions()
            options.maxDepth = maxDepth
            for depth in 0...6 {
                let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
                for bytes in [Array("[0, \(text)]".utf8), Array(#"{"a": \#(text), "b": [\#(text)]}"#.utf8)] {
                    let elementwise = Self.outcome(bytes, options, elementwise: true)
                    #expect(elementwise == Self.outcome(bytes, options, elementwise: false), "max \(maxDepth), depth \(depth)")
                }
            }
        }
        // An owned value nests at most JSON.maxValueDepth levels: the whole parse's error.
        let deep = String(repeating: "[", count: JSON.maxValueDepth) + String(repeating: "]", count: JSON.maxValueDepth)
        let bytes = Array("[\(deep)]".utf8)
        var unlimited = JSON.ParseOptions()
        unlimited.maxDepth = JSON.maxValueDepth + 10
        let outcome = Self.outcome(bytes, unlimited, elementwise: true)
        #expect(outcome.hasPrefix("error tooDeep"))
        #expect(outcome == Self.outcome(bytes, unlimited, elementwise: false))
    }

    /// More elements than one tape's worth: the tape is emptied between
    /// them and objects stop sharing key lists with objects no longer on
    /// it, so records of shapes that alternate keep their own keys.
    @Test func emptiesItsTapeBetweenElements() throws {
        let records = (0..<300).map { index in
            index % 3 == 0
                ? #"{"id":\#(index),"name":"n\#(index)","tags":["a"]}"#
                : index % 3 == 1 ? #"{"id":\#(index),"kind":"k","tags":[]}"# : #"{"ie":\#(index),"name":"m","tags":{}}"#
        }
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        var parser = JSON.Parser()
        parser.elementwiseMinimumBytes = 0
        parser.elementwiseTapeEntries = Self.tapeEntries
        let value = try parser.parse(bytes)
        var whole = JSON.Parser()
        whole.elementwiseMinimumBytes = .max
        #expect(value == (try whole.parse(bytes)))
        #expect("\(value)" == "\(try whole.parse(bytes))")
        // The whole parse's tape would hold about 2,700 entries.
        #expect((parser.tape?.capacity ?? 0) <= 2 * Self.tapeEntries)
    }

    /// Under `.reject` one duplicate-key check serves all the values on
    /// a tape and forgets its objects when the tape is emptied: records of
    /// one shape, several tapes' worth, are accepted, and one that repeats
    /// a key is rejected as the whole parse rejects it, also when it is
    /// the first on a tape emptied, where an object of its shape that the
    /// check settled stood before.
    @Test func rejectsRepeatedKeysAcrossTapes() throws {
        // 15 tape entries each, the repeated one too; 10 a tape.
        let tapeEntries = 150
        let record = { (index: Int) in #"{"id":\#(index),"nm":"x","tags":["a","b"],"nested":{"k":\#(index),"j":1}}"# }
        let repeated = #"{"id":1,"nm":"x","id":["a","b"],"nested":{"k":1,"j":1}}"#
        let records = (0..<120).map(record)
        let clean = Array(("[" + records.joined(separator: ",") + "]").utf8)
        #expect(Self.expectSameOutcomes(clean, "records", tapeEntries: tapeEntries) == Self.policies.count)
        let firstOnSecondTape = (tapeEntries + 14) / 15
        for position in [5, firstOnSecondTape, firstOnSecondTape + 1, 110] {
            var changed = records
            changed[position] = repeated
            let bytes = Array(("[" + changed.joined(separator: ",") + "]").utf8)
            Self.expectSameOutcomes(bytes, "a repeated key in record \(position)", tapeEntries: tapeEntries)
            var reject = JSON.ParseOptions()
            reject.duplicateKeys = .reject
            #expect(Self.outcome(bytes, reject, elementwise: true, tapeEntries: tapeEntries).hasPrefix("error duplicateKey"), "record \(position)")
        }
    }

    /// Repeated names and the member limit of a top-level object hold as
    /// in a whole parse, under each policy.
    @Test func topLevelObjectsKeepThePolicies() {
        let texts = [
            #"{"a": [1], "b": 2, "a": [3, 4]}"#, #"{"a": 1, "a": 2, "a": [3]}"#, #"{"a\u0062": 1, "ab": [2]}"#,
            #"{"a": [1], "b": {"c": 1, "c": 2}}"#, #"{}"#, #"{"a": []}"#, #"{"a": [1,]}"#, #"{"a": [1] "b": 2}"#,
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            #expect(Self.expectSameOutcomes(bytes, text) > 0 || text.contains(",]") || text.contains("] \""), "\(text) is built elementwise")
            var limited = JSON.ParseOptions()
            limited.maxObjectMembers = 2
            #expect(Self.outcome(bytes, limited, elementwise: true) == Self.outcome(bytes, limited, elementwise: false), "\(text), 2 members")
        }
    }

    /// `JSON(parsing:)` of an array of 4 MiB or more goes element by
    /// element; the same text parsed whole gives the same value. Records
    /// with long names reach 4 MiB in a few thousand elements, and the
    /// tape, of `tapeEntries`, is emptied many times.
    @Test func largeArraysAreParsedElementwise() throws {
        let name = String(repeating: "n", count: 1_000)
        let record = #"{"id":1,"name":"\#(name)","tags":["a","b","c"],"score":1.5,"active":true,"nested":{"x":1,"y":[1,2,3]}}"#
        let count = (4 << 20) / record.utf8.count + 1
        let bytes = Array(("[" + Array(repeating: record, count: count).joined(separator: ",") + "]").utf8)
        #expect(bytes.count >= 4 << 20)
        var parser = JSON.Parser()
        parser.elementwiseTapeEntries = Self.tapeEntries
        let value = try parser.parse(bytes)
        // The whole parse's tape would hold about 88,000 entries.
        #expect((parser.tape?.capacity ?? 0) <= 2 * Self.tapeEntries)
        var whole = JSON.Parser()
        whole.elementwiseMinimumBytes = .max
        #expect(value == (try whole.parse(bytes)))
        #expect(value.array?.count == count)
        // The same array as a member of a top-level object.
        let wrapped = Array(#"{"count": 1, "data": "#.utf8) + bytes + Array("}".utf8)
        let object = try parser.parse(wrapped)
        #expect((parser.tape?.capacity ?? 0) <= 2 * Self.tapeEntries)
        #expect(object == ["count": 1, "data": value])
    }
}
