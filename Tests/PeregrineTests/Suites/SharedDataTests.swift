import Testing
import TestSupport

/// Tests that read `../shared` skip without it, and the skip says what is
/// missing and where it comes from.
struct SharedDataTests {
    @Test func aSkipNamesTheMissingFolderAndItsSource() throws {
        let trait = TestData.needs("no-such-folder")
        let comment = try #require(trait.comments.first?.rawValue)
        #expect(comment.hasPrefix(TestData.url("no-such-folder").path + " is absent"))
        #expect(comment.contains("../shared beside the checkout") && comment.contains("docs/Conformance.md"))
        #expect(TestData.shouldRun("no-such-folder") == TestData.isCI)
    }
}
