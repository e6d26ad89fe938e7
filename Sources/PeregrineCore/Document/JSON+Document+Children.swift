extension JSON.Document.Node {
    /// The elements of an array or the members of an object, read from the
    /// tape one at a time, so walking a document of any size holds one
    /// position per level rather than a list per container. Elements have
    /// no key; a scalar or missing node has no children.
    ///
    /// ```swift
    /// for (key, child) in doc.root.children { print(key ?? "-", child.count) }
    /// ```
    public var children: Children { Children(parent: self) }

    /// The lazy sequence of ``children``.
    public struct Children: Sequence, Sendable {
        let parent: JSON.Document.Node

        /// An iterator from the first child.
        public func makeIterator() -> Iterator {
            guard let index = parent.index, case let entry = parent.document.tape[index], entry.kind == .array || entry.kind == .object
            else { return Iterator(document: parent.document, position: 0, end: 0, isObject: false) }
            return Iterator(document: parent.document, position: index + 1, end: entry.endIndex, isObject: entry.kind == .object)
        }

        /// Steps over the tape from one child to the next (each step O(1):
        /// containers know where they end).
        public struct Iterator: IteratorProtocol, Sendable {
            let document: JSON.Document
            /// The tape index of the next child (its key, in an object).
            var position: Int
            let end: Int
            let isObject: Bool

            /// The next child and its key (`nil` in an array).
            public mutating func next() -> (key: String?, value: JSON.Document.Node)? {
                guard position < end else { return nil }
                let key = isObject ? document.string(at: position) : nil
                let value = isObject ? position + 1 : position
                position = document.tape[value].nextSibling(after: value)
                return (key, JSON.Document.Node(document: document, index: value))
            }
        }
    }
}
