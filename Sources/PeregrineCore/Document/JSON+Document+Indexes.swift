import Foundation

/// The indexes of a document that only errors and coding paths need: each
/// entry's parent and position (``ParentIndex``) and where lines start
/// (``LineIndex``). Each is built the first time it is asked for, once per
/// document, and shared by every decode, lookup and copy of the document,
/// so a loop that decodes one node at a time and catches its errors costs
/// one O(*n*) pass in all, not one per error.
///
/// The indexes are built under one of a few locks shared by all documents
/// (``locks``, chosen by the object's address), not a lock of their own:
/// a document made and dropped without an error, as most are, then costs
/// no `NSLock` (an object, its mutex's memory, and their release: 800 of
/// the 196,000 instructions of parsing twitter_public_timeline). A build
/// takes no other lock, so sharing one cannot deadlock; two documents
/// that share one wait only while the other builds.
///
/// Nor is this object made with the document: ``of(_:)`` makes it the
/// first time an index is asked for, and the document's tape keeps it
/// (its allocation and release were 250 instructions of that parse).
final class DocumentIndexes: @unchecked Sendable {
    /// The locks that guard the indexes, one per stripe of addresses.
    private static let locks = (0..<16).map { _ in NSLock() }
    // Guarded by `lock`.
    private var parents: ParentIndex?
    private var lines: LineIndex?

    /// This document's lock among ``locks``.
    private var lock: NSLock { Self.lock(for: self) }

    /// The lock among ``locks`` of `object`.
    private static func lock(for object: AnyObject) -> NSLock {
        // Objects are 16-byte aligned: the bits above those pick the stripe.
        locks[Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object)) >> 4 & 15)]  // bounds proven: 0...15, 16 locks
    }

    /// The indexes of the document of `tape`, which keeps them: made on
    /// the first call (under the tape's lock among ``locks``, released
    /// before an index is built under the indexes' own).
    ///
    /// ```swift
    /// let parents = DocumentIndexes.of(document.tape).parents(of: document)
    /// ```
    static func of(_ tape: Tape) -> DocumentIndexes {
        lock(for: tape).withLock {
            if let kept = tape.documentIndexes { return kept }
            let made = DocumentIndexes()
            tape.documentIndexes = made
            return made
        }
    }

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
