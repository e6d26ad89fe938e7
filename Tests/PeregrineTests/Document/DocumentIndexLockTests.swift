import Testing

@testable import PeregrineCore

/// A document's indexes are built under a lock shared with other
/// documents (`DocumentIndexes`): tasks asking many documents, and one
/// document many times, for positions and paths at once all get each
/// document's own answers.
@Suite struct DocumentIndexLockTests {
    @Test func documentsSharingLocksKeepTheirOwnIndexes() async throws {
        let documents = try (0..<40).map { lines in
            try JSON.Document(parsing: String(repeating: "\n", count: lines) + "[[1], {\"a\": [true]}]")
        }
        let answers = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<200 {
                let lines = task % documents.count
                let document = documents[lines]
                group.addTask {
                    // The `true` is tape entry 6, at byte 14 of the last line.
                    let offset = lines + 13
                    let (line, column) = document.lineAndColumn(of: offset)
                    return line == lines + 1 && column == 14 && document.path(to: 6) == [.index(1), .key("a"), .index(0)]
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers.count == 200)
        #expect(answers.allSatisfy { $0 })
    }
}
