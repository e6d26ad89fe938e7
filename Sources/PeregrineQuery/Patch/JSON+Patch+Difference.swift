extension JSON.Patch {
    /// The patch that turns `source` into `target`: applied to `source`, it
    /// gives a value equal (`==`) to `target`.
    ///
    /// ```swift
    /// let old: JSON = ["name": "edge", "ports": [80, 443], "debug": true]
    /// let new: JSON = ["name": "edge", "ports": [80, 8080, 443], "tls": true]
    /// let patch = JSON.Patch(from: old, to: new)
    /// // [{"op":"add","path":"/ports/1","value":8080},
    /// //  {"op":"remove","path":"/debug"},{"op":"add","path":"/tls","value":true}]
    /// try old.applying(patch) == new   // true
    /// ```
    ///
    /// Objects are compared member by member: members only in `source` are
    /// removed, members in both compared in turn, members only in `target`
    /// added (at the end, in `target`'s order). Member order is not a
    /// difference, as `==` has it. Arrays of different lengths keep their
    /// common first and last elements; what lies between is compared
    /// position by position, then the extra elements are removed (last
    /// first) or added. Values of different kinds, and scalars that are not
    /// `==` (so `1` and `1.0`), are replaced. The patch has no `move`,
    /// `copy` or `test` operations, and arrays are not searched for moved
    /// elements.
    ///
    /// The patch stays in proportion to the values: an array or object
    /// whose operations would take more than twice the bytes of replacing
    /// it whole (and 256 more) is replaced whole. So however long the paths
    /// (a long key above many changed elements, elements nested deep), the
    /// patch as compact JSON is at most about twice `target`'s, plus
    /// escapes.
    ///
    /// - Complexity: O(size of `source` + size of `target`) and
    ///   iterative, so any depth is safe. Finding the common ends of arrays
    ///   spends at most one comparison step per byte of both values (as
    ///   compact JSON), after which arrays are compared position by position.
    ///   Each location's pointer is counted, not written, until it is known
    ///   to be in the patch.
    public init(from source: JSON, to target: JSON) {
        var difference = PatchDifference(source, target)
        self.init(difference.operations())
    }
}

/// The walk behind ``JSON/Patch/init(from:to:)``: a stack of steps taken
/// in document order. Each step's location is kept as its parent's and a
/// token, with the length of its pointer, so no pointer is written until
/// the patch is final. An array or object's operations are found before
/// it closes; closing, it weighs them against replacing it whole.
struct PatchDifference {
    private enum Task {
        case compare(JSON, JSON)
        case add(JSON)
        case remove
    }

    private enum Step {
        /// A task at a location (an index into `locations`).
        case visit(Int, Task)
        /// The end of the innermost open array or object (`frames.last`).
        case close
    }

    /// A location: its parent's index in `locations` (-1 for the root), the
    /// last token, and the length of its pointer (escapes counted).
    private struct Location {
        let parent: Int
        let token: String
        let pointerBytes: Int
    }

    /// An operation found, at a location; the value is `add`'s or `replace`'s.
    private struct Found {
        enum Kind { case add, remove, replace }
        let kind: Kind
        let location: Int
        let value: JSON
    }

    /// An array or object being compared: where its operations start in
    /// `found`, the bytes they had reached then, the target value and the
    /// bytes of its compact text counted so far.
    private struct Frame {
        let location: Int
        let start: Int
        let startBytes: Int
        let target: JSON
        var targetBytes: Int
    }

    private let source: JSON
    private let target: JSON
    /// The comparison steps left for finding the common ends of arrays:
    /// one per byte of both values' compact JSON text, measured the first
    /// time an array changes length.
    lazy var budget: Int = {
        let limit = Int.max / 2
        return (source.compactSize(atMost: limit) ?? limit) + (target.compactSize(atMost: limit) ?? limit)
    }()
    /// Steps taken and comparison steps spent, for ``WorkCounter``.
    private var work = 0
    private var locations = [Location(parent: -1, token: "", pointerBytes: 0)]
    private var found: [Found] = []
    /// The bytes of the operations in `found`, as compact JSON with their commas.
    private var foundBytes = 0
    private var frames: [Frame] = []

    init(_ source: JSON, _ target: JSON) {
        self.source = source
        self.target = target
    }

    mutating func operations() -> [JSON.Patch.Operation] {
        var pending = [Step.visit(0, .compare(source, target))]
        while let step = pending.popLast() {
            work += 1
            switch step {
            case .close:
                close()
            case .visit(let location, .add(let value)):
                record(.add, at: location, value: value, targetBytes: size(of: value))
            case .visit(let location, .remove):
                record(.remove, at: location, value: .null, targetBytes: 0)
            case .visit(let location, .compare(.object(let a), .object(let b))):
                open(location, target: .object(b), structureBytes: 2 + max(b.count - 1, 0) + b.reduce(0) { $0 + $1.key.utf8.count + 3 })
                pending.append(.close)
                pending.append(contentsOf: members(a, b, at: location).reversed())
            case .visit(let location, .compare(.array(let a), .array(let b))):
                open(location, target: .array(b), structureBytes: 2 + max(b.count - 1, 0))
                pending.append(.close)
                pending.append(contentsOf: elements(a, b, at: location).reversed())
            case .visit(let location, .compare(let a, let b)):
                if a != b {
                    record(.replace, at: location, value: b, targetBytes: size(of: b))
                } else {
                    frames.indices.last.map { frames[$0].targetBytes += size(of: b) }
                }
            }
        }
        WorkCounter.count(work)
        return found.map { operation in
            let path = pointer(to: operation.location)
            switch operation.kind {
            case .add: return .add(path: path, value: operation.value)
            case .remove: return .remove(path: path)
            case .replace: return .replace(path: path, value: operation.value)
            }
        }
    }

    /// The bytes of an operation as compact JSON, with a comma: its fixed
    /// text (`{"op":"add","path":"","value":}`), the pointer and the value.
    private func bytes(of kind: Found.Kind, at location: Int, valueBytes: Int) -> Int {
        let fixed: Int
        switch kind {
        case .add: fixed = 31
        case .remove: fixed = 25
        case .replace: fixed = 35
        }
        return fixed + locations[location].pointerBytes + valueBytes + 1
    }

    /// Adds an operation and, to the open container, the bytes of the
    /// target value there.
    private mutating func record(_ kind: Found.Kind, at location: Int, value: JSON, targetBytes: Int) {
        found.append(Found(kind: kind, location: location, value: value))
        foundBytes += bytes(of: kind, at: location, valueBytes: targetBytes)
        frames.indices.last.map { frames[$0].targetBytes += targetBytes }
    }

    private mutating func open(_ location: Int, target: JSON, structureBytes: Int) {
        frames.append(Frame(location: location, start: found.count, startBytes: foundBytes, target: target, targetBytes: structureBytes))
    }

    /// Closes the innermost open array or object: its operations stay,
    /// unless replacing it takes less than half their bytes (less 256).
    private mutating func close() {
        guard let frame = frames.popLast() else { return }
        let replacing = bytes(of: .replace, at: frame.location, valueBytes: frame.targetBytes)
        if foundBytes - frame.startBytes > 2 * replacing + 256 {
            found.removeSubrange(frame.start...)
            found.append(Found(kind: .replace, location: frame.location, value: frame.target))
            foundBytes = frame.startBytes + replacing
        }
        frames.indices.last.map { frames[$0].targetBytes += frame.targetBytes }
    }

    /// The compact size of a value of the target (each is measured once).
    private func size(of value: JSON) -> Int {
        value.compactSize(atMost: .max) ?? 0
    }

    /// A new location below `parent`.
    private mutating func location(below parent: Int, _ token: String) -> Int {
        // "~" and "/" are written as two bytes each.
        var bytes = 1
        for byte in token.utf8 { bytes += byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") ? 2 : 1 }
        locations.append(Location(parent: parent, token: token, pointerBytes: locations[parent].pointerBytes + bytes))
        return locations.count - 1
    }

    /// The pointer to a location, from its tokens.
    private func pointer(to location: Int) -> JSON.Pointer {
        var tokens: [String] = []
        var current = location
        while current > 0 {
            tokens.append(locations[current].token)
            current = locations[current].parent
        }
        return JSON.Pointer(tokens: tokens.reversed())
    }

    /// Members only in `a` removed and members in both compared (in `a`'s
    /// order), then members only in `b` added (in `b`'s order).
    private mutating func members(_ a: JSON.Object, _ b: JSON.Object, at parent: Int) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(a.count)
        for (key, value) in a {
            if let other = b[key] {
                steps.append(.visit(location(below: parent, key), .compare(value, other)))
            } else {
                steps.append(.visit(location(below: parent, key), .remove))
            }
        }
        for (key, value) in b where a[key] == nil {
            steps.append(.visit(location(below: parent, key), .add(value)))
        }
        return steps
    }

    /// Equal lengths: element by element. Otherwise the common first and
    /// last elements are kept, the rest compared from the front, and the
    /// surplus removed (last first, so no removal moves another) or added.
    private mutating func elements(_ a: [JSON], _ b: [JSON], at parent: Int) -> [Step] {
        var prefix = 0
        var suffix = 0
        if a.count != b.count {
            let shorter = min(a.count, b.count)
            while prefix < shorter, equal(a[prefix], b[prefix]) { prefix += 1 }
            while suffix < shorter - prefix, equal(a[a.count - 1 - suffix], b[b.count - 1 - suffix]) { suffix += 1 }
        }
        let aEnd = a.count - suffix
        let bEnd = b.count - suffix
        let compared = min(aEnd, bEnd)
        // The common ends are part of the target too.
        let kept = b[..<prefix].reduce(0) { $0 + size(of: $1) } + b[bEnd...].reduce(0) { $0 + size(of: $1) }
        frames.indices.last.map { frames[$0].targetBytes += kept }
        var steps: [Step] = []
        steps.reserveCapacity(max(aEnd, bEnd) - prefix)
        for position in prefix..<compared {
            steps.append(.visit(location(below: parent, String(position)), .compare(a[position], b[position])))
        }
        for position in (compared..<aEnd).reversed() {
            steps.append(.visit(location(below: parent, String(position)), .remove))
        }
        for position in compared..<bEnd {
            steps.append(.visit(location(below: parent, String(position)), .add(b[position])))
        }
        return steps
    }

    /// Whether two elements are equal, while the budget lasts (then they
    /// count as different, and arrays are compared position by position).
    private mutating func equal(_ a: JSON, _ b: JSON) -> Bool {
        let before = budget
        defer { work += before - budget }
        return JSON.equal(a, b, budget: &budget) == true
    }
}
