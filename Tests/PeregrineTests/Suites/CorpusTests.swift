import Foundation
import Peregrine
import Testing
import TestSupport

/// Every file of `../shared/corpus` survives parse → write → parse unchanged,
/// with its key order, in compact and pretty form.
@Suite(TestData.needs("corpus"))
struct CorpusTests {
    static let files = TestData.files(in: "corpus").filter { $0.pathExtension == "json" }

    @Test func corpusIsPresent() {
        #expect(Self.files.count >= 12)
        #expect(Self.files.contains { $0.lastPathComponent == "twitter.json" })
    }

    @Test(arguments: files)
    func roundTrips(_ file: URL) throws {
        let bytes = TestData.bytes(file)
        let value = try JSON(parsing: bytes)
        let compact = try value.serialized()
        // Identical bytes after a second trip prove the value and its member order survived.
        #expect(try JSON(parsing: compact).serialized() == compact)
        let pretty = try value.serialized(options: [.prettyPrinted])
        #expect(try JSON(parsing: pretty).serialized() == compact)
        // The document agrees with the value.
        #expect(try JSON.Document(parsing: bytes).root.value == value)
    }

    @Test func twitterKeyOrderIsPreserved() throws {
        let url = TestData.url("corpus/twitter.json")
        let value = try JSON(parsing: TestData.bytes(url))
        guard case .object(let root) = value else { Issue.record("not an object"); return }
        #expect(root.keys == ["statuses", "search_metadata"])
        guard case .array(let statuses) = root["statuses"], case .object(let first) = statuses.first else {
            Issue.record("unexpected shape")
            return
        }
        #expect(first.keys.prefix(4) == ["metadata", "created_at", "id", "id_str"])
    }
}
