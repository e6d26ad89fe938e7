import Foundation

/// The tree an ``EncodingStream`` turns into: when containers are used in
/// a way bytes cannot take, or from the start for `JSON` results. Its
/// nodes take the writes of the stream's containers and value encoders
/// still held by the model's code; at the end the stream writes the tree
/// out (or gives it as a value).
final class EncodedTree {
    let root = EncodedSlot()
    /// The node of each value the stream had begun, by the output offset
    /// where it began: the containers' frames, and value encoders asking
    /// for their container again.
    fileprivate(set) var values: [Int: EncodedNode] = [:]
    /// For each container found in the output: where its parent began, and
    /// its key there (for the coding paths of closed containers).
    fileprivate(set) var parents: [Int: (start: Int, key: any CodingKey)] = [:]

    /// Throws when a value would nest deeper than an owned ``JSON`` may.
    static func check(_ level: Int) throws {
        guard level < JSON.maxValueDepth else {
            throw EncodingError.invalidValue(
                (), EncodingError.Context(
                    codingPath: [], debugDescription: "the value nests deeper than \(JSON.maxValueDepth) levels, the most an owned JSON value holds"))
        }
    }

    /// `text`, JSON this encoder wrote, parsed with its numbers' text kept.
    fileprivate static func document(of text: [UInt8], maxDepth: Int) throws -> JSON.Document {
        var options = JSON.ParseOptions.strict
        options.numbers = .lossless
        options.maxDepth = maxDepth
        return try JSON.Document(parsing: text, options: options)
    }

    /// Makes `document` (from ``document(of:maxDepth:)``) the tree's root:
    /// each container is found again by where it began.
    fileprivate func read(_ document: JSON.Document) {
        document.bytes.withUnsafeBufferPointer { input in
            // One materializer for every scalar: making one (and its key cache) per value cost O(input) each.
            var scalars = Materializer(input: input, tape: document.tape, duplicateKeys: document.options.duplicateKeys)
            root.node = node(at: 0, of: document, scalars: &scalars, parent: nil, key: IndexKey(intValue: 0))
        }
    }

    /// The node of the document's entry at `index`, recording where each
    /// container began (the parse bounds the depth of this recursion).
    private func node(at index: Int, of document: JSON.Document, scalars: inout Materializer, parent: Int?, key: any CodingKey) -> EncodedNode {
        let entry = document.tape[index]
        let node: EncodedNode
        switch entry.kind {
        case .array:
            let array = EncodedArray()
            var child = index + 1
            while child < entry.endIndex {
                array.elements.append(
                    self.node(at: child, of: document, scalars: &scalars, parent: entry.offset, key: IndexKey(intValue: array.elements.count)))
                child = document.tape[child].nextSibling(after: child)
            }
            node = .array(array)
        case .object:
            let object = EncodedObject()
            var child = index + 1
            while child < entry.endIndex {
                let name = document.string(at: child)
                object.set(name, self.node(at: child + 1, of: document, scalars: &scalars, parent: entry.offset, key: AnyCodingKey(stringValue: name)))
                child = document.tape[child + 1].nextSibling(after: child + 1)
            }
            node = .object(object)
        default:
            return .value((try? scalars.value(at: index)) ?? .null)
        }
        values[entry.offset] = node
        if let parent { parents[entry.offset] = (parent, key) }
        return node
    }
}

extension EncodingStream {
    /// Turns what has been written into a tree, once: the output so far is
    /// our own valid JSON with its open containers unclosed, so closing them
    /// and parsing it back gives every node, and each container, open or
    /// closed, is found again by where it began. Costs O(output), at most
    /// once per encode.
    func turnIntoTree() {
        guard tree == nil else { return }
        let tree = EncodedTree()
        self.tree = tree
        keyOrder?.reset()
        guard !output.isEmpty else { return }
        var text = output.bytes
        let pending = hasPendingElement
        if pending { text.append(contentsOf: "null".utf8) }
        for position in (0..<frames.count).reversed() {
            text.append(frames[position].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))  // bounds proven: position < count
        }
        do {
            tree.read(try EncodedTree.document(of: text, maxDepth: JSON.maxValueDepth))
        } catch {
            state.fail(
                .invalidValue(
                    (), EncodingError.Context(
                        codingPath: codingPath(depth: depth),
                        debugDescription: "containers used out of order nest deeper than \(JSON.maxValueDepth) levels: \(error)")))
            return
        }
        if pending, !frames.isEmpty, let container = tree.values[frames.last.pointee.start] {  // bounds proven: not empty
            // The value begun last, not written yet: its encoder writes into a slot in the placeholder's place.
            let slot = EncodedNode.deferred(EncodedSlot())
            switch container {
            case .object(let object): object.replaceLast(with: slot)
            case .array(let array): array.elements[array.elements.count - 1] = slot
            default: break
            }
            tree.values[output.count] = slot
        }
        output.removeAll()
    }

    /// Whether the last member or element begun has nothing written yet.
    private var hasPendingElement: Bool {
        guard !frames.isEmpty, frames.last.pointee.count > 0,  // bounds proven: not empty
            let last = output.withElements({ $0.last(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }) })
        else { return false }
        return last == UInt8(ascii: ":") || last == UInt8(ascii: ",") || last == UInt8(ascii: "[")
    }

    /// The object of the frame that began at `start` (at `position` while
    /// it was open), with its coding path; one that cannot be found gets a
    /// detached object and the encode fails.
    func treeObject(start: Int, position: Int) -> (EncodedObject, [any CodingKey]) {
        if case .object(let object)? = tree?.values[start] { return (object, codingPath(ofFrameAt: position, start: start)) }
        noteLost()
        return (EncodedObject(), [])
    }

    /// The array of the frame that began at `start`, with its coding path.
    func treeArray(start: Int, position: Int) -> (EncodedArray, [any CodingKey]) {
        if case .array(let array)? = tree?.values[start] { return (array, codingPath(ofFrameAt: position, start: start)) }
        noteLost()
        return (EncodedArray(), [])
    }

    /// The tree encoder of the value that began at output offset `start`
    /// inside `depth` frames.
    func treeEncoder(start: Int, depth: Int) -> TreeEncoder {
        let path = codingPath(depth: depth)
        guard let tree else { return TreeEncoder(state: state, slot: EncodedSlot(), codingPath: path) }
        if start == 0 && depth == 0 { return TreeEncoder(state: state, slot: tree.root, codingPath: []) }
        switch tree.values[start] {
        case .deferred(let slot)?: return TreeEncoder(state: state, slot: slot, codingPath: path)
        case let node?: return TreeEncoder(state: state, slot: EncodedSlot(node), codingPath: path)
        case nil:
            noteLost()
            return TreeEncoder(state: state, slot: EncodedSlot(), codingPath: path)
        }
    }

    private func noteLost() {
        state.fail(
            .invalidValue(
                (), EncodingError.Context(codingPath: [], debugDescription: "a container was used after its value could no longer take writes")))
    }

    /// The coding path of the container whose frame began at `start`, at
    /// `position` while open; a closed one's is found in the tree.
    func codingPath(ofFrameAt position: Int, start: Int) -> [any CodingKey] {
        if isOpen(start, at: position) { return codingPath(depth: position) }
        var keys: [any CodingKey] = []
        var start = start
        while let parent = tree?.parents[start] {
            keys.append(parent.key)
            start = parent.start
            if let position = frame(openedAt: start) { return codingPath(depth: position) + keys.reversed() }
        }
        return keys.reversed()
    }

    /// Finishes the text once the top-level value has been written:
    /// ``output`` holds all of it afterwards.
    func finish(of value: Any) throws {
        if let failure = state.failure { throw failure }
        if tree == nil { close(to: 0) }  // closing sorts the objects still open
        if tree == nil, wroteAfterTopLevelContainer { throw EncodingState.secondTopLevelValue() }
        if let keyOrder {
            WorkCounter.count(keyOrder.copied)
            if keyOrder.gaveUp, tree == nil, try sortedByReadingBack(of: value, keyOrder) { return }
        }
        guard let tree else {
            guard !output.isEmpty else { throw Self.encodedNothing(value) }
            return
        }
        guard let root = tree.root.node else { throw Self.encodedNothing(value) }
        self.tree = nil
        frames.removeAll()
        output.removeAll()
        try write(root)
    }

    /// Writes the output in key order when sorting objects as they closed
    /// went past its allowance (see ``StreamKeyOrder``): it is read back,
    /// once (O(output)), as an owned value written out with the same writer
    /// (`true`); or, deeper than an owned value may be, it becomes the tree,
    /// which the caller writes out (`false`): the value was as deep when it
    /// was written.
    private func sortedByReadingBack(of value: Any, _ keyOrder: StreamKeyOrder) throws -> Bool {
        guard !output.isEmpty else { throw Self.encodedNothing(value) }
        let document = try EncodedTree.document(of: output.bytes, maxDepth: .max)
        output.removeAll()
        keyOrder.reset()
        if let written = document.value(at: 0) {
            try write(written)
            return true
        }
        let sorted = EncodedTree()
        sorted.read(document)
        tree = sorted
        return false
    }

    /// The encoded value, once the top-level value has been written.
    func finishedValue(of value: Any) throws -> JSON {
        if let failure = state.failure { throw failure }
        guard let root = tree?.root.node else { throw Self.encodedNothing(value) }
        return try root.json()
    }

    /// Writes to `out` the positions of `members` in key order (by their
    /// UTF-8, then by place), a repeated key's last only (it holds its last
    /// value), records them in `keyOrder`'s memo, and returns how many.
    private func sortedOrder(
        of members: [(key: String, node: EncodedNode)], into out: UnsafeMutablePointer<Int>, _ keyOrder: StreamKeyOrder
    ) -> Int {
        keyOrder.sorter.writeOrder(of: members.count, into: out) { members[$0].key }  // bounds proven: positions below members.count
        // One per run of equal keys, its last: `count <= rank`, so each entry moves down or stays.
        var count = 0
        for rank in members.indices where rank + 1 == members.count || !keyOrder.sorter.keysEqual(rank, rank + 1) {
            out[count] = out[rank]  // bounds proven: count <= rank < members.count, the room given
            count += 1
        }
        keyOrder.memo.record(count: members.count, order: UnsafeBufferPointer(start: out, count: count)) { KeyTextCache.Identity(members[$0].key) }
        return count
    }

    private static func encodedNothing(_ value: Any) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
    }

    /// Writes a node of the tree, members each once (the last value for a
    /// repeated key), sorted when the output is.
    private func write(_ node: EncodedNode) throws {
        switch node {
        case .value(let value): try write(value)
        case .deferred(let slot): try write(slot.node ?? .object(EncodedObject()))
        case .array(let array):
            _ = open(object: false)
            let position = frames.count - 1
            for element in array.elements {
                beginElement(at: position)
                try write(element)
            }
            close(to: position)
        case .object(let object):
            _ = open(object: true)
            let position = frames.count - 1
            if let keyOrder {
                let members = object.members
                try withUnsafeTemporaryAllocation(of: Int.self, capacity: members.count) { order in
                    guard let out = order.baseAddress else { return }
                    let identity = { KeyTextCache.Identity(members[$0].key) }  // bounds proven: the memo asks for positions below members.count
                    let count = keyOrder.memo.order(count: members.count, into: out, identity: identity) ?? sortedOrder(of: members, into: out, keyOrder)
                    for rank in 0..<count {
                        let index = order[rank]  // bounds proven: count <= members.count, the room given
                        beginElement(at: position, name: members[index].key)
                        try write(members[index].node)
                    }
                }
            } else {
                for member in object.uniqueMembers() {
                    beginElement(at: position, name: member.key)
                    try write(member.node)
                }
            }
            close(to: position)
        }
    }
}
