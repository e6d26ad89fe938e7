/// The values `$alias` objects point to, as a tree of path components from
/// the root with parent links (a trie): a bootstrapping write follows it one
/// step per level while it is on a path to a target, so finding out whether
/// a value is a target costs one lookup per step and never copies a path.
///
/// It holds one node per distinct prefix of the alias paths, so its size is
/// at most the components of the alias texts, which are part of the input.
/// Children are found in a `Dictionary`, whose hash Swift seeds per process.
struct BinaryAliasTargets {
    /// Where the writer is with a target.
    enum Definition {
        /// Its shared definition is being written: an alias to it now would be a cycle.
        case inProgress
        /// Written as shared value number `number`.
        case complete(number: Int)
    }

    /// One prefix of an alias path.
    struct Node {
        /// The node one step up (-1 for the root).
        let parent: Int
        /// The step from the parent (unused for the root).
        let component: JSON.PathComponent
        /// The value here, when some alias points here.
        var target: JSON?
        /// What has been written of that target.
        var definition: Definition?
    }

    private struct Child: Hashable {
        let parent: Int
        let component: JSON.PathComponent
    }

    /// The root's node.
    static let root = 0

    private(set) var nodes = [Node(parent: -1, component: .index(0))]
    private var children: [Child: Int] = [:]

    /// Whether no alias was found.
    var isEmpty: Bool { nodes.count == 1 }

    /// The node one `component` below `node`, if some alias path goes there.
    func child(of node: Int, _ component: JSON.PathComponent) -> Int? {
        children[Child(parent: node, component: component)]
    }

    /// The node one `component` below `node`, added when new.
    mutating func addChild(of node: Int, _ component: JSON.PathComponent) -> Int {
        if let child = child(of: node, component) { return child }
        nodes.append(Node(parent: node, component: component))
        children[Child(parent: node, component: component)] = nodes.count - 1
        return nodes.count - 1
    }

    /// The components from the root to `node`.
    ///
    /// - Complexity: O(depth of the node).
    func path(to node: Int) -> [JSON.PathComponent] {
        var path: [JSON.PathComponent] = []
        var node = node
        while node > Self.root {
            path.append(nodes[node].component)
            node = nodes[node].parent
        }
        return path.reversed()
    }

    subscript(node: Int) -> Node {
        get { nodes[node] }
        set { nodes[node] = newValue }
    }
}
