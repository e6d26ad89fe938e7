/// Where the keys of a model's properties are: the model's object holds
/// each property's key, or the first name of its key path; each name that
/// starts key paths is a nested object, holding the next names in turn.
/// Properties whose paths share a start share its nested objects.
///
/// Node 0 is the model's object; a node's names are in the order the
/// properties first name them, so a model without key paths has one node
/// whose names are its properties' keys, in order.
struct KeyLayout {
    /// What a name of a node stands for.
    enum Entry {
        /// The key of property `n`.
        case property(Int)
        /// Nested object `n` (a node).
        case object(Int)
    }

    /// One object: its member names and what each stands for.
    struct Node {
        var names: [String] = []
        var entries: [Entry] = []
        /// The node holding this one and the field of its name there (-1 for node 0).
        var parent = -1
        var field = -1
    }

    var nodes = [Node()]
    /// Each property's node and field.
    var places: [(node: Int, field: Int)] = []

    /// Adds property `property` (the next one) at `path`; the diagnostic
    /// when a property's key already takes one of its names.
    mutating func add(_ path: [String], property: Int) -> ModelDiagnostic? {
        var node = 0
        for name in path.dropLast() {
            if let field = nodes[node].names.firstIndex(of: name) {
                guard case .object(let nested) = nodes[node].entries[field] else { return .keyPathConflict }
                node = nested
            } else {
                nodes.append(Node(parent: node, field: nodes[node].names.count))
                nodes[node].names.append(name)
                nodes[node].entries.append(.object(nodes.count - 1))
                node = nodes.count - 1
            }
        }
        let key = path.last ?? ""
        if let field = nodes[node].names.firstIndex(of: key) {
            if case .object = nodes[node].entries[field] { return .keyPathConflict }
            return path.count > 1 ? .keyPathConflict : .duplicateKey
        }
        places.append((node, nodes[node].names.count))
        nodes[node].names.append(key)
        nodes[node].entries.append(.property(property))
        return nil
    }

    /// The nodes from the one below node 0 down to `node`.
    func chain(to node: Int) -> [Int] {
        var chain: [Int] = []
        var current = node
        while current > 0 {
            chain.append(current)
            current = nodes[current].parent
        }
        return chain.reversed()
    }
}
