import Foundation

/// The indexes of a document that only errors and coding paths need: each
/// entry's parent and position (``ParentIndex``) and where lines start
/// (``LineIndex``). Each is built the first time it is asked for, once per
/// document, and shared by every decode, lookup and copy of the document,
/// so a loop that decodes one node at a time and catches its errors costs
/// one O(*n*) pass in all, not one per error.
final class DocumentIndexes: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var parents: ParentIndex?
    private var lines: LineIndex?

    /// The parent index of `document`'s tape.
    func parents(of document: JSON.Document) -> ParentIndex {
        lock.withLock {
            if let parents { return parents }
            let built = document.tape.withUnsafeBufferPointer { tape in
                ParentIndex(count: tape.count) { tape[$0].nextSibling(after: $0) }  // bounds proven: ParentIndex asks for indexes below count
            }
            parents = built
            return built
        }
    }

    /// The line index of `document`'s input.
    func lines(of document: JSON.Document) -> LineIndex {
        lock.withLock {
            if let lines { return lines }
            let built = document.bytes.withUnsafeBufferPointer(LineIndex.init)
            lines = built
            return built
        }
    }
}

extension JSON.Document {
    /// The 1-based line and column of byte `offset` of the input.
    ///
    /// - Complexity: O(1) once the document's line index is built (on the first call).
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let lines = indexes.lines(of: self)
        let location = bytes.withUnsafeBufferPointer { lines.location(of: offset, in: $0) }
        return (location.line, location.column)
    }
}
