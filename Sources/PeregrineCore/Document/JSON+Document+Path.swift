extension JSON.Document {
    /// The steps from the root to the value at tape index `target`.
    ///
    /// - Complexity: O(depth), once the document's parent index is built
    ///   (on the first call, in one pass over the tape).
    func path(to target: Int) -> [JSON.PathComponent] {
        let parents = indexes.parents(of: self)
        return parents.ancestry(of: target).map { container, child in
            let position = parents.position(of: child)
            if tape[container].kind == .array { return .index(position) }
            // An object's children alternate key, value.
            return .key(string(at: position % 2 == 0 ? child : child - 1))
        }
    }
}
