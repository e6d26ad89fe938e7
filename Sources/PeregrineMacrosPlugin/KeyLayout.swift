/// Where the keys of a model's properties are: the model's object holds
/// each property's key, or the first name of its key path; each name that
/// starts key paths is a nested object, holding the next names in turn.
/// Properties whose paths share a start share its nested objects.
///
/// A property is read from one or more places (its alternative keys,
/// tried in order) and written at one (the first of them, or the key
/// `@Key(…, encoding:)` gives); a name belongs to one property. A nested
/// object is scanned when a place read is below it, and written when the
/// place written is.
///
/// Node 0 is the model's object; a node's names are in the order the
/// properties first name them, so a model without key paths or alternative
/// keys has one node whose names are its properties' keys, in order.
struct KeyLayout {
    /// What a name of a node stands for.
    enum Entry {
        /// A key of property `n`.
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
        /// Whether a place some property is read from is in this object or below it.
        var isDecoded = false
        /// Whether the place some property is written at is in this object or below it.
        var isEncoded = false
        /// The first property (in declaration order) written in this object or below it.
        var firstEncoded = Int.max
    }

    /// A field of a node: one name of one object.
    struct Place: Equatable {
        var node: Int
        var field: Int
    }

    /// Where a property is read from (in the order tried) and written
    /// (`nil` for a property never written, `@DecodedOnly`).
    struct Places {
        var decoded: [Place] = []
        var encoded: Place?
    }

    /// A path's field, or why it cannot have one.
    private enum Found {
        case place(Place)
        case problem(ModelDiagnostic)

        var problem: ModelDiagnostic? {
            guard case .problem(let problem) = self else { return nil }
            return problem
        }
    }

    var nodes = [Node()]
    /// Each property's places.
    var places: [Places] = []

    /// Adds property `property` (the next one), read from `decoding` (its
    /// paths, in the order tried) and written at `encoding` (`nil`: never
    /// written); the diagnostic
    /// when one of its names is taken by another property, or is both a
    /// member and an object.
    mutating func add(decoding: [[String]], encoding: [String]?, property: Int) -> ModelDiagnostic? {
        var added = Places()
        for path in decoding {
            let found = place(path, property: property)
            guard case .place(let place) = found else { return found.problem }
            if added.decoded.contains(place) { return .repeatedKeyName }
            added.decoded.append(place)
        }
        if let encoding {
            let found = place(encoding, property: property)
            guard case .place(let encoded) = found else { return found.problem }
            added.encoded = encoded
        }
        places.append(added)
        for place in added.decoded { mark(place.node) { $0.isDecoded = true } }
        if let encoded = added.encoded {
            mark(encoded.node) {
                $0.isEncoded = true
                $0.firstEncoded = min($0.firstEncoded, property)
            }
        }
        return nil
    }

    /// The field of `path` for `property`, adding the nested objects and
    /// the name it needs; the problem when a name on the way is a member,
    /// or the last one is an object or another property's key.
    private mutating func place(_ path: [String], property: Int) -> Found {
        var node = 0
        for name in path.dropLast() {
            if let field = nodes[node].names.firstIndex(of: name) {
                guard case .object(let nested) = nodes[node].entries[field] else { return .problem(.keyPathConflict) }
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
            switch nodes[node].entries[field] {
            case .property(property): return .place(Place(node: node, field: field))
            case .property: return .problem(path.count > 1 ? .keyPathConflict : .duplicateKey)
            case .object: return .problem(.keyPathConflict)
            }
        }
        nodes[node].names.append(key)
        nodes[node].entries.append(.property(property))
        return .place(Place(node: node, field: nodes[node].names.count - 1))
    }

    /// Applies `change` to `node` and the nodes holding it.
    private mutating func mark(_ node: Int, _ change: (inout Node) -> Void) {
        var current = node
        while current >= 0 {
            change(&nodes[current])
            current = nodes[current].parent
        }
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

    /// The fields of `node` the encoder writes, in the order it writes
    /// them: each property at its place written, each nested object
    /// holding such a place where the first property below it is declared.
    func encodedFields(of node: Int) -> [(field: Int, entry: Entry)] {
        let written = nodes[node].entries.enumerated().compactMap { field, entry -> (field: Int, entry: Entry, order: Int)? in
            switch entry {
            case .property(let index):
                return places[index].encoded == Place(node: node, field: field) ? (field, entry, index) : nil
            case .object(let nested):
                return nodes[nested].isEncoded ? (field, entry, nodes[nested].firstEncoded) : nil
            }
        }
        return written.sorted { $0.order < $1.order }.map { ($0.field, $0.entry) }
    }

    /// Whether every nested object is both read and written (what
    /// `@UnknownMembers` needs to put the members it keeps back where they were).
    var nestedObjectsAreReadAndWritten: Bool {
        nodes.dropFirst().allSatisfy { $0.isDecoded && $0.isEncoded }
    }
}

