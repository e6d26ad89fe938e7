extension JSON.Document {
    /// The steps from the root to the value at tape index `target`, found by
    /// walking down from the root and skipping each subtree that ends before
    /// the target in O(1), so a path costs nothing until someone asks for it.
    ///
    /// - Complexity: O(d × s) for depth d and at most s siblings per level.
    func path(to target: Int) -> [JSON.PathComponent] {
        var path: [JSON.PathComponent] = []
        var current = 0
        while current < target, current < tape.count {
            let container = tape[current]
            guard container.kind == .array || container.kind == .object, target < container.endIndex else { break }
            var child = current + 1
            if container.kind == .array {
                var position = 0
                while case let next = tape[child].nextSibling(after: child), next <= target {
                    child = next
                    position += 1
                }
                path.append(.index(position))
                current = child
            } else {
                while case let next = tape[child + 1].nextSibling(after: child + 1), next <= target {
                    child = next
                }
                path.append(.key(string(at: child)))
                current = child + 1
            }
        }
        return path
    }
}
