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
    /// - Complexity: O(size of `source` + size of `target`) and
    ///   iterative, so any depth is safe. Finding the common ends of arrays
    ///   spends at most one comparison step per byte of both values (as
    ///   compact JSON), after which arrays are compared position by position.
    public init(from source: JSON, to target: JSON) {
        var difference = PatchDifference(source, target)
        self.init(difference.operations())
    }
}

/// The walk behind ``JSON/Patch/init(from:to:)``: a stack of steps taken
/// in document order, and the path of the step being taken.
struct PatchDifference {
    private enum Task {
        case compare(JSON, JSON)
        case add(JSON)
        case remove
    }

    /// A task at the location `depth` tokens deep, the last being `token`.
    private struct Step {
        let depth: Int
        let token: String
        let task: Task
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

    init(_ source: JSON, _ target: JSON) {
        self.source = source
        self.target = target
    }

    mutating func operations() -> [JSON.Patch.Operation] {
        var operations: [JSON.Patch.Operation] = []
        var path: [String] = []
        var pending = [Step(depth: 0, token: "", task: .compare(source, target))]
        while let step = pending.popLast() {
            work += 1
            if step.depth > 0 {
                // Steps come in depth-first order: `path` holds this step's parent, and perhaps more.
                path.removeLast(path.count - (step.depth - 1))
                path.append(step.token)
            }
            switch step.task {
            case .add(let value):
                operations.append(.add(path: JSON.Pointer(tokens: path), value: value))
            case .remove:
                operations.append(.remove(path: JSON.Pointer(tokens: path)))
            case .compare(.object(let a), .object(let b)):
                pending.append(contentsOf: members(a, b, depth: step.depth + 1).reversed())
            case .compare(.array(let a), .array(let b)):
                pending.append(contentsOf: elements(a, b, depth: step.depth + 1).reversed())
            case .compare(let a, let b):
                if a != b { operations.append(.replace(path: JSON.Pointer(tokens: path), value: b)) }
            }
        }
        WorkCounter.count(work)
        return operations
    }

    /// Members only in `a` removed and members in both compared (in `a`'s
    /// order), then members only in `b` added (in `b`'s order).
    private func members(_ a: JSON.Object, _ b: JSON.Object, depth: Int) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(a.count)
        for (key, value) in a {
            if let other = b[key] {
                steps.append(Step(depth: depth, token: key, task: .compare(value, other)))
            } else {
                steps.append(Step(depth: depth, token: key, task: .remove))
            }
        }
        for (key, value) in b where a[key] == nil {
            steps.append(Step(depth: depth, token: key, task: .add(value)))
        }
        return steps
    }

    /// Equal lengths: element by element. Otherwise the common first and
    /// last elements are kept, the rest compared from the front, and the
    /// surplus removed (last first, so no removal moves another) or added.
    private mutating func elements(_ a: [JSON], _ b: [JSON], depth: Int) -> [Step] {
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
        var steps: [Step] = []
        steps.reserveCapacity(max(aEnd, bEnd) - prefix)
        for position in prefix..<compared {
            steps.append(Step(depth: depth, token: String(position), task: .compare(a[position], b[position])))
        }
        for position in (compared..<aEnd).reversed() {
            steps.append(Step(depth: depth, token: String(position), task: .remove))
        }
        for position in compared..<bEnd {
            steps.append(Step(depth: depth, token: String(position), task: .add(b[position])))
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
