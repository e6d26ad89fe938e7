extension IRegexp {
    /// An ``IRegexp`` compiled to a nondeterministic finite automaton
    /// (Thompson's construction) and matched by following every state it
    /// can be in at once, so that matching takes time proportional to the
    /// automaton's size times the string's length, whatever the pattern:
    /// `(a*)*b` cannot make it backtrack, because it never backtracks.
    ///
    /// ```swift
    /// let automaton = IRegexp("(a*)*b").flatMap(IRegexp.Automaton.init)
    /// var budget = 1_000
    /// automaton?.matches("aab", budget: &budget)          // true: the whole string
    /// automaton?.matchesPart(of: "xaby", budget: &budget) // true: some part of it
    /// ```
    ///
    /// A run counts its steps against a budget and gives up (`nil`) when
    /// it is spent: one step for each state followed at each scalar, and one
    /// for each state of the automaton when the run begins.
    ///
    /// Counted repetitions are written out (`a{2,3}` is `aaa?`), so a small
    /// pattern can ask for a huge automaton (`(a{1000}){1000}`). The syntax
    /// tree, once written out, may have at most ``maximumSize`` (10,000)
    /// nodes — every atom, group, branch, sequence and quantifier counts —
    /// and the automaton has at most one state per node, plus one. A larger
    /// pattern has no automaton: `match` and `search` are false for it, as
    /// for an invalid one. The limit also refuses 100,000 nested groups.
    ///
    /// Nothing here recurses: the tree is in postfix order, the automaton is
    /// built with a stack of fragments, and the states reached without
    /// consuming a scalar are followed with a stack of their own.
    struct Automaton: Sendable {
        /// The most nodes a pattern may have once its counted repetitions
        /// are written out.
        static let maximumSize = 10_000

        /// What a state does.
        enum Kind: Sendable {
            /// Consumes one scalar of the state's set, then goes to `next`.
            case scalar
            /// Goes to `next` without consuming anything.
            case epsilon
            /// Goes to both `next` and `alternative`.
            case split
            /// Goes to `next` at the start of the string (`^`).
            case start
            /// Goes to `next` at the end of the string (`$`).
            case end
            /// The pattern has matched.
            case accept
        }

        /// Each state's kind.
        let kinds: [Kind]
        /// The pattern's sets of scalars (``IRegexp/sets``).
        let sets: [IRegexp.ScalarSet]
        /// The index in ``sets`` of each `.scalar` state's set (`-1` for
        /// states of other kinds).
        let setIndexes: [Int]
        /// The states each state goes to: `next` at `2 × state`,
        /// `alternative` at `2 × state + 1`, `-1` for none.
        let links: [Int]
        /// The state matching begins in.
        let initial: Int

        /// `regexp`'s automaton, or `nil` when it would exceed
        /// ``maximumSize``.
        init?(_ regexp: IRegexp) {
            guard let nodes = Self.writingOutRepetitions(regexp.nodes), let builder = Builder(nodes) else { return nil }
            kinds = builder.kinds
            sets = regexp.sets
            setIndexes = builder.setIndexes
            links = builder.links
            initial = builder.initial
        }

        /// Whether the pattern matches the whole of `string` (`match`), or
        /// `nil` when finding out takes more than `budget` steps; the
        /// steps taken are subtracted from `budget`.
        func matches(_ string: String, budget: inout Int) -> Bool? {
            run(on: string, anywhere: false, budget: &budget)
        }

        /// Whether the pattern matches some part of `string` (`search`),
        /// or `nil` when finding out takes more than `budget` steps; the
        /// steps taken are subtracted from `budget`.
        func matchesPart(of string: String, budget: inout Int) -> Bool? {
            run(on: string, anywhere: true, budget: &budget)
        }

        /// The bytes the automaton holds: its states, links and sets.
        var byteCount: Int {
            kinds.count * (MemoryLayout<Kind>.stride + 3 * MemoryLayout<Int>.stride)
                + sets.reduce(sets.count * MemoryLayout<IRegexp.ScalarSet>.stride) { $0 + $1.heapBytes }
        }
    }
}

// MARK: - Writing out counted repetitions

extension IRegexp.Automaton {
    /// `nodes` with every repetition other than `*`, `+` and `?` written
    /// out with those: `e{2,4}` becomes `e e e? e?`, `e{2,}` `e e+` and
    /// `e{0}` the empty string. `nil` when the result would have more than
    /// ``maximumSize`` nodes; each copy adds at least one, so the work is
    /// bounded by the limit whatever the counts are.
    static func writingOutRepetitions(_ nodes: [IRegexp.Node]) -> [IRegexp.Node]? {
        var output: [IRegexp.Node] = []
        // Where each finished subtree of `output` begins, innermost last.
        var starts: [Int] = []
        for node in nodes {
            switch node {
            case .empty, .scalar, .start, .end:
                starts.append(output.count)
                output.append(node)
            case .group:
                guard !starts.isEmpty else { return nil }
                output.append(node)
            case .concatenation, .alternation:
                guard starts.count >= 2 else { return nil }
                starts.removeLast()
                output.append(node)
            case .repetition(let minimum, let maximum):
                guard let start = starts.last,
                    repeatSubtree(from: start, minimum: minimum, maximum: maximum, in: &output)
                else { return nil }
            }
            guard output.count <= maximumSize else { return nil }
        }
        return output
    }

    /// Repeats the subtree that ends `output`, from `start`, `minimum` to
    /// `maximum` times (at least `minimum` times when `maximum` is `nil`).
    /// The subtree in place is the first piece; only further pieces are
    /// copies, so `*`, `+`, `?` and `{1}` cost nothing. False as soon as
    /// `output` outgrows ``maximumSize``.
    private static func repeatSubtree(
        from start: Int, minimum: Int, maximum: Int?, in output: inout [IRegexp.Node]
    ) -> Bool {
        guard minimum >= 0, output.indices.contains(start) else { return false }
        if let maximum {
            guard maximum >= minimum else { return false }
            if maximum == 0 {
                output.removeSubrange(start...)
                output.append(.empty)
                return true
            }
        }
        /// The quantifier of each piece: none for the required ones, then
        /// `?` for each optional one, or `*` or `+` for an unbounded tail.
        func quantifier(ofPiece index: Int) -> IRegexp.Node? {
            if maximum != nil { return index < minimum ? nil : .repetition(minimum: 0, maximum: 1) }
            if minimum == 0 { return .repetition(minimum: 0, maximum: nil) }
            return index < minimum - 1 ? nil : .repetition(minimum: 1, maximum: nil)
        }
        let pieces = maximum ?? max(minimum, 1)
        let operand = pieces > 1 ? Array(output[start...]) : []
        for index in 0..<pieces {
            if index > 0 { output += operand }
            if let quantifier = quantifier(ofPiece: index) { output.append(quantifier) }
            if index > 0 { output.append(.concatenation) }
            guard output.count <= maximumSize else { return false }
        }
        return true
    }
}

// MARK: - Thompson's construction

extension IRegexp.Automaton {
    /// Builds the states from postfix nodes with a stack of fragments. A
    /// fragment is a piece of automaton with one entry and a list of
    /// holes: the `next` or `alternative` links still to be pointed at
    /// whatever follows it. The list is threaded through the holes
    /// themselves, so joining two lists and filling one cost nothing more
    /// than the holes they hold.
    private struct Builder {
        var kinds: [Kind] = []
        var setIndexes: [Int] = []
        /// The links of ``Automaton/links``. A hole is a slot of this
        /// array; while unfilled, it holds the next slot of its list, or
        /// `-1` at the end.
        var links: [Int] = []
        var initial = -1

        /// Unfilled slots, as a list from `first` to `last`.
        struct Holes {
            var first: Int
            var last: Int
        }

        struct Fragment {
            let entry: Int
            let holes: Holes
        }

        /// The automaton for `nodes`, or `nil` when `nodes` is not a postfix
        /// tree whose only repetitions are `*`, `+` and `?`.
        init?(_ nodes: [IRegexp.Node]) {
            var fragments: [Fragment] = []
            for node in nodes {
                switch node {
                case .empty:
                    fragments.append(leaf(.epsilon))
                case .scalar(let set):
                    fragments.append(leaf(.scalar, set: set))
                case .start:
                    fragments.append(leaf(.start))
                case .end:
                    fragments.append(leaf(.end))
                case .group:
                    guard !fragments.isEmpty else { return nil }
                case .concatenation:
                    guard let second = fragments.popLast(), let first = fragments.popLast() else { return nil }
                    fill(first.holes, with: second.entry)
                    fragments.append(Fragment(entry: first.entry, holes: second.holes))
                case .alternation:
                    guard let second = fragments.popLast(), let first = fragments.popLast() else { return nil }
                    let split = add(.split, next: first.entry, alternative: second.entry)
                    fragments.append(Fragment(entry: split, holes: join(first.holes, second.holes)))
                case .repetition(minimum: 0, maximum: nil):
                    guard let body = fragments.popLast() else { return nil }
                    let split = add(.split, next: body.entry)
                    fill(body.holes, with: split)
                    fragments.append(Fragment(entry: split, holes: hole(2 * split + 1)))
                case .repetition(minimum: 1, maximum: nil):
                    guard let body = fragments.popLast() else { return nil }
                    let split = add(.split, next: body.entry)
                    fill(body.holes, with: split)
                    fragments.append(Fragment(entry: body.entry, holes: hole(2 * split + 1)))
                case .repetition(minimum: 0, maximum: 1):
                    guard let body = fragments.popLast() else { return nil }
                    let split = add(.split, next: body.entry)
                    fragments.append(Fragment(entry: split, holes: join(body.holes, hole(2 * split + 1))))
                case .repetition:
                    return nil
                }
            }
            guard fragments.count == 1, let whole = fragments.last else { return nil }
            fill(whole.holes, with: add(.accept))
            initial = whole.entry
        }

        mutating func add(_ kind: Kind, set: Int = -1, next: Int = -1, alternative: Int = -1) -> Int {
            kinds.append(kind)
            setIndexes.append(set)
            links.append(next)
            links.append(alternative)
            return kinds.count - 1
        }

        /// A new state whose `next` is its fragment's only hole.
        mutating func leaf(_ kind: Kind, set: Int = -1) -> Fragment {
            let state = add(kind, set: set)
            return Fragment(entry: state, holes: hole(2 * state))
        }

        /// The list of the one unfilled `slot`.
        func hole(_ slot: Int) -> Holes {
            Holes(first: slot, last: slot)
        }

        /// The holes of both lists, as one.
        mutating func join(_ first: Holes, _ second: Holes) -> Holes {
            if links.indices.contains(first.last) { links[first.last] = second.first }
            return Holes(first: first.first, last: second.last)
        }

        /// Points every hole of `holes` at `state`.
        mutating func fill(_ holes: Holes, with state: Int) {
            var slot = holes.first
            while links.indices.contains(slot) {
                let following = links[slot]
                links[slot] = state
                if slot == holes.last { break }
                slot = following
            }
        }
    }
}

// MARK: - Matching

extension IRegexp.Automaton {
    /// Steps through `string` one scalar at a time, keeping the set of
    /// scalar-consuming states the automaton can be in. With `anywhere`,
    /// the initial state joins the set again at every position, so a match
    /// may start anywhere; the run stops at the first match. Without, the
    /// run stops as soon as the set is empty, and the pattern matches when
    /// the accepting state is reached at the end.
    private func run(on string: String, anywhere: Bool, budget: inout Int) -> Bool? {
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        budget -= kinds.count
        guard budget >= 0 else { return nil }
        var run = Run(self)
        run.enter(initial, atEnd: index == scalars.endIndex)
        while index != scalars.endIndex {
            if anywhere, run.accepted { return true }
            if !anywhere, run.reached.isEmpty { return false }
            budget -= run.reached.count + 1
            guard budget >= 0 else { return nil }
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            run.step(over: scalar, atEnd: index == scalars.endIndex, restarting: anywhere)
        }
        return run.accepted
    }

    /// One run: the sets of states before and after the current scalar,
    /// and the stack that follows the moves that consume nothing.
    private struct Run {
        let automaton: IRegexp.Automaton
        /// The number of scalars consumed so far.
        var position = 0
        /// The consuming states the automaton is in before the current
        /// scalar.
        var current: [Int] = []
        /// The consuming states reached after it.
        var reached: [Int] = []
        /// Whether the accepting state was reached at this position.
        var accepted = false
        /// The last position at which each state was entered, so that a
        /// state is entered once per position and loops of moves that
        /// consume nothing (`()*`) end.
        var entered: [Int]
        var stack: [Int] = []

        init(_ automaton: IRegexp.Automaton) {
            self.automaton = automaton
            entered = Array(repeating: -1, count: automaton.kinds.count)
        }

        /// Consumes `scalar`: every current state that accepts it leads to
        /// the states reached after it, and with `restarting` so does the
        /// initial state.
        mutating func step(over scalar: Unicode.Scalar, atEnd: Bool, restarting: Bool) {
            position += 1
            swap(&current, &reached)
            reached.removeAll(keepingCapacity: true)
            accepted = false
            var categoryBit: UInt32?
            for state in current where automaton.accepts(scalar, in: state, categoryBit: &categoryBit) {
                let next = automaton.links[2 * state]
                // Most states a scalar leads to consume one too: no stack then.
                if automaton.kinds.indices.contains(next), automaton.kinds[next] == .scalar {
                    if entered[next] != position {
                        entered[next] = position
                        reached.append(next)
                    }
                } else {
                    enter(next, atEnd: atEnd)
                }
            }
            if restarting { enter(automaton.initial, atEnd: atEnd) }
        }

        /// Enters `state` and every state it leads to without consuming a
        /// scalar, collecting the consuming ones in ``reached``.
        mutating func enter(_ state: Int, atEnd: Bool) {
            stack.append(state)
            while let state = stack.popLast() {
                guard automaton.kinds.indices.contains(state), entered[state] != position else { continue }
                entered[state] = position
                switch automaton.kinds[state] {
                case .scalar:
                    reached.append(state)
                case .epsilon:
                    stack.append(automaton.links[2 * state])
                case .split:
                    stack.append(automaton.links[2 * state + 1])
                    stack.append(automaton.links[2 * state])
                case .start:
                    if position == 0 { stack.append(automaton.links[2 * state]) }
                case .end:
                    if atEnd { stack.append(automaton.links[2 * state]) }
                case .accept:
                    accepted = true
                }
            }
        }
    }
}

extension IRegexp.Automaton {
    /// Whether the `.scalar` state `state` accepts `scalar` (see
    /// ``IRegexp/ScalarSet/contains(_:categoryBit:)``).
    fileprivate func accepts(_ scalar: Unicode.Scalar, in state: Int, categoryBit: inout UInt32?) -> Bool {
        guard setIndexes.indices.contains(state), sets.indices.contains(setIndexes[state]) else { return false }
        return sets[setIndexes[state]].contains(scalar, categoryBit: &categoryBit)
    }
}
