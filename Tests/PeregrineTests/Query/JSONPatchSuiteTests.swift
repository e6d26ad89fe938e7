import Foundation
@testable import PeregrineCore
@testable import PeregrineQuery
import Testing
import TestSupport

/// The JSON Patch test suite (`../shared/conformance/json-patch`): every
/// record that is not disabled gives its expected document, or throws —
/// with the kind of error the record describes, at its operation — and
/// leaves the document as it was.
@Suite(TestData.needs("conformance/json-patch"))
struct JSONPatchSuiteTests {
    struct Record {
        let name: String
        let document: JSON
        let patch: JSON
        let expected: JSON?
        let error: String?
    }

    static func records(_ file: String) -> [Record] {
        let bytes = TestData.bytes(TestData.url("conformance/json-patch/\(file)"))
        guard let records = try? JSON(parsing: bytes).array else {
            Issue.record("cannot read \(file)")
            return []
        }
        return records.enumerated().compactMap { position, record in
            guard record["disabled"].bool != true, let document = record["doc"].value, let patch = record["patch"].value else { return nil }
            return Record(
                name: "\(file) #\(position) \(record["comment"].string ?? "")", document: document, patch: patch,
                expected: record["expected"].value, error: record["error"].string)
        }
    }

    static let tests = records("tests.json")
    static let spec = records("spec_tests.json")

    /// The kind of error each record's description asks for.
    static let kinds: [String: JSON.Patch.Error.Kind] = [
        "Out of bounds (upper)": .indexOutOfRange,
        "Out of bounds (lower)": .pathNotFound,
        "index is greater than number of items in array": .indexOutOfRange,
        "test op shouldn't get array element 1": .pathNotFound,
        "Object operation on array target": .pathNotFound,
        "replace op should fail with missing parent key": .pathNotFound,
        "test op should fail": .testFailed,
        "remove op shouldn't remove from array with bad number": .pathNotFound,
        "replace op shouldn't replace in array with bad number": .pathNotFound,
        "copy op shouldn't work with bad number": .pathNotFound,
        "move op shouldn't work with bad number": .pathNotFound,
        "add op shouldn't add to array with bad number": .pathNotFound,
        "missing 'path' parameter": .invalidOperation,
        "null is not valid value for 'path'": .invalidOperation,
        "JSON Pointer should start with a slash": .invalidPointer,
        "missing 'value' parameter": .invalidOperation,
        "missing 'from' parameter": .invalidOperation,
        "missing 'from' location": .pathNotFound,
        "Unrecognized op 'spam'": .invalidOperation,
        "test op should reject the array value, it has leading zeros": .pathNotFound,
        "removing a nonexistent field should fail": .pathNotFound,
        "removing a nonexistent index should fail": .indexOutOfRange,
        "path /a does not exist -- missing objects are not created recursively": .pathNotFound,
        "string not equivalent": .testFailed,
        "add to a non-existent target": .pathNotFound,
        "number is not equal to string": .testFailed,
    ]

    @Test func suiteIsComplete() {
        #expect(Self.tests.count == 92)
        #expect(Self.tests.filter { $0.expected != nil }.count == 62)
        #expect(Self.tests.filter { $0.error != nil }.count == 30)
        #expect(Self.spec.count == 16)
        #expect(Self.spec.filter { $0.expected != nil }.count == 12)
        #expect(Self.spec.filter { $0.error != nil }.count == 4)
    }

    @Test(arguments: ["tests.json", "spec_tests.json"])
    func everyRecordPasses(file: String) throws {
        let records = file == "tests.json" ? Self.tests : Self.spec
        var passed = 0
        for record in records {
            var value = record.document
            let result = Result { () throws(JSON.Patch.Error) in try value.apply(JSON.Patch(record.patch)) }
            switch (result, record.expected, record.error) {
            case (.success, let expected?, _):
                #expect(value == expected, "\(record.name): \(value)")
                #expect(try record.document.applying(JSON.Patch(record.patch)) == expected, "\(record.name)")
                if value == expected { passed += 1 }
            case (.failure(let error), _, let description?):
                let kind = try #require(Self.kinds[description], "\(record.name): no kind for \(description)")
                #expect(error.kind == kind, "\(record.name): \(error)")
                #expect(error.index == 0, "\(record.name): \(error)")
                #expect(try value.serialized() == record.document.serialized(), "\(record.name): the document changed")
                if error.kind == kind { passed += 1 }
            default:
                Issue.record("\(record.name): \(result)")
            }
        }
        #expect(passed == records.count)
    }
}
