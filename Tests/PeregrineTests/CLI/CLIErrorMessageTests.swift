import Foundation
import Testing
import TestSupport

/// Errors that say what went wrong, where, and what to do (issue 48), run
/// through the built `peregrine`.
extension CLITests {
    /// A failed `test` shows the value found, cut as excerpts are.
    @Test func aFailedPatchTestShowsTheValueFound() async throws {
        let folder = try TemporaryFile.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("doc.json")
        try Data(#"{"name": "a name far longer than the forty scalars an excerpt shows", "n": 1}"#.utf8).write(to: document)
        let patch = folder.appendingPathComponent("patch.json")
        try Data(#"[{"op": "test", "path": "/name", "value": "short"}]"#.utf8).write(to: patch)
        let differs = try await run(["patch", patch.path, document.path])
        #expect(differs.status == 1 && differs.stdout.isEmpty)
        #expect(differs.stderr == #"\#(patch.path): operation 0: test at "/name": found "a name far longer than the forty scalars…", not "short""# + "\n", "\(differs.stderr)")
        try Data(#"[{"op": "test", "path": "/n", "value": "1"}]"#.utf8).write(to: patch)
        let kind = try await run(["patch", patch.path, document.path])
        #expect(kind.stderr == #"\#(patch.path): operation 0: test at "/n": found 1 (a number), not a string"# + "\n", "\(kind.stderr)")
    }
}
