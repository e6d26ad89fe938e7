extension IRegexp {
    /// An ``IRegexp`` compiled to a nondeterministic finite automaton
    /// (Thompson's construction) and matched by following every state it
    /// can be in at once, so that matching takes time proportional to the
    /// automaton's size times the string's length, whatever the pattern:
    /// `(a*)*b` cannot make it backtrack, because it never backtracks.
    ///
    /// ```swift
    /// let automaton = IRegexp("(a*)*b").flatMap(IRegexp.Automaton.init)
    /// automaton?.matches("aab")          // true: the whole string
    /// automaton?.matchesPart(of: "xaby") // true: some part of it
    /// ```
    ///
    /// Counted repetitions are written out (`a{2,3}` is `aaa?`), so a small
    /// pattern can ask for a huge automaton (`a{1000}{1000}`). The syntax
    /// tree, once written out, may have at most ``maximumSize`` nodes —
    /// every atom, group, branch, sequence and quantifier counts — and the
    /// automaton has at most one state per node, plus one. A larger pattern
    /// has no automaton: `match` and `search` are false for it, as for an
    /// invalid one. The limit also refuses absurdly nested groups.
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

        /// One state: its kind, its set (for `.scalar`; empty otherwise)
        /// and the states it goes to (`-1` for none).
        struct State: Sendable {
            let kind: Kind
            let set: ScalarSet
            var next = -1
            var alternative = -1
        }

        let states: [State]
        /// The state matching begins in.
        let initial: Int

        /// `regexp`'s automaton, or `nil` when it would exceed
        /// ``maximumSize``.
        init?(_ regexp: IRegexp) {
            guard let nodes = Self.writingOutRepetitions(regexp.nodes),
                let (states, initial) = Builder.build(nodes)
            else { return nil }
            self.states = states
            self.initial = initial
        }

        /// Whether the pattern matches the whole of `string` (`match`).
        func matches(_ string: String) -> Bool {
            run(on: string, anywhere: false)
        }

        /// Whether the pattern matches some part of `string` (`search`).
        func matchesPart(of string: String) -> Bool {
            run(on: string, anywhere: true)
        }
    }
}

// MARK: - Writing out counted repetitions

extension IRegexp.Automaton {
    /// `nodes` with every repetition other than `*`, `+` and `?` written
    /// out with those: `e{2,3}` becomes `e e e?`, `e{2,}` `e e+` and
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
                guard let start = starts.last else { return nil }
                let operand = Array(output[start...])
                output.removeSubrange(start...)
                guard appendRepetition(of: operand, minimum: minimum, maximum: maximum, to: &output) else {
                    return nil
                }
            }
            guard output.count <= maximumSize else { return nil }
        }
        return output
    }

    /// Appends `operand` repeated `minimum` to `maximum` times (at least
    /// `minimum` times when `maximum` is `nil`); false as soon as `output`
    /// outgrows ``maximumSize``.
    private static func appendRepetition(
        of operand: [IRegexp.Node], minimum: Int, maximum: Int?, to output: inout [IRegexp.Node]
    ) -> Bool {
        var pieces = 0
        func appendPiece(_ quantifier: IRegexp.Node?) -> Bool {
            output += operand
            if let quantifier { output.append(quantifier) }
            if pieces > 0 { output.append(.concatenation) }
            pieces += 1
            return output.count <= maximumSize
        }
        if let maximum {
            for _ in 0..<minimum {
                guard appendPiece(nil) else { return false }
            }
            for _ in minimum..<maximum {
                guard appendPiece(.repetition(minimum: 0, maximum: 1)) else { return false }
            }
        } else if minimum == 0 {
            guard appendPiece(.repetition(minimum: 0, maximum: nil)) else { return false }
        } else {
            for _ in 1..<minimum {
                guard appendPiece(nil) else { return false }
            }
            guard appendPiece(.repetition(minimum: 1, maximum: nil)) else { return false }
        }
        if pieces == 0 { output.append(.empty) }
        return output.count <= maximumSize
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
        var states: [State] = []
        /// A hole is a slot: `2 × state` for its `next`, `2 × state + 1`
        /// for its `alternative`. While unfilled, a slot holds the next
        /// slot of its list, or `-1` at the end.
        typealias Slot = Int

        struct Holes {
            var first: Slot
            var last: Slot
        }

        struct Fragment {
            let entry: Int
            let holes: Holes
        }

        /// The states of the automaton for `nodes` and its initial state,
        /// or `nil` when `nodes` is not a postfix tree of `*`, `+` and `?`
        /// repetitions.
        static func build(_ nodes: [IRegexp.Node]) -> ([State], initial: Int)? {
            var builder = Builder()
            var fragments: [Fragment] = []
            for node in nodes {
                switch node {
                case .empty:
                    fragments.append(builder.leaf(.epsilon))
                case .scalar(let set):
                    fragments.append(builder.leaf(.scalar, set: set))
                case .start:
                    fragments.append(builder.leaf(.start))
                case .end:
                    fragments.append(builder.leaf(.end))
                case .group:
                    guard !fragments.isEmpty else { return nil }
                case .concatenation:
                    guard let second = fragments.popLast(), let first = fragments.popLast() else { return nil }
                    builder.fill(first.holes, with: second.entry)
                    fragments.append(Fragment(entry: first.entry, holes: second.holes))
                case .alternation:
                    guard let second = fragments.popLast(), let first = fragments.popLast() else { return nil }
                    let split = builder.add(.split, next: first.entry, alternative: second.entry)
                    fragments.append(Fragment(entry: split, holes: builder.join(first.holes, second.holes)))
                case .repetition(minimum: 0, maximum: nil):
                    guard let body = fragments.popLast() else { return nil }
                    let split = builder.add(.split, next: body.entry)
                    builder.fill(body.holes, with: split)
                    fragments.append(Fragment(entry: split, holes: builder.hole(2 * split + 1)))
                case .repetition(minimum: 1, maximum: nil):
                    guard let body = fragments.popLast() else { return nil }
                    let split = builder.add(.split, next: body.entry)
                    builder.fill(body.holes, with: split)
                    fragments.append(Fragment(entry: body.entry, holes: builder.hole(2 * split + 1)))
                case .repetition(minimum: 0, maximum: 1):
                    guard let body = fragments.popLast() else { return nil }
                    let split = builder.add(.split, next: body.entry)
                    let holes = builder.join(body.holes, builder.hole(2 * split + 1))
                    fragments.append(Fragment(entry: split, holes: holes))
                case .repetition:
                    return nil
                }
            }
            guard fragments.count == 1, let whole = fragments.last else { return nil }
            builder.fill(whole.holes, with: builder.add(.accept))
            return (builder.states, whole.entry)
        }

        mutating func add(_ kind: Kind, set: IRegexp.ScalarSet = IRegexp.ScalarSet(), next: Int = -1, alternative: Int = -1) -> Int {
            states.append(State(kind: kind, set: set, next: next, alternative: alternative))
            return states.count - 1
        }

        /// A new state whose `next` is its fragment's only hole.
        mutating func leaf(_ kind: Kind, set: IRegexp.ScalarSet = IRegexp.ScalarSet()) -> Fragment {
            let state = add(kind, set: set)
            return Fragment(entry: state, holes: hole(2 * state))
        }

        /// The list of the one unfilled `slot`.
        func hole(_ slot: Slot) -> Holes {
            Holes(first: slot, last: slot)
        }

        /// The holes of both lists, as one.
        mutating func join(_ first: Holes, _ second: Holes) -> Holes {
            setSlot(first.last, to: second.first)
            return Holes(first: first.first, last: second.last)
        }

        /// Points every hole of `holes` at `state`.
        mutating func fill(_ holes: Holes, with state: Int) {
            var slot = holes.first
            while let following = self.slot(slot) {
                setSlot(slot, to: state)
                if slot == holes.last { break }
                slot = following
            }
        }

        func slot(_ slot: Slot) -> Int? {
            guard slot >= 0, states.indices.contains(slot / 2) else { return nil }
            return slot % 2 == 0 ? states[slot / 2].next : states[slot / 2].alternative
        }

        mutating func setSlot(_ slot: Slot, to value: Int) {
            guard slot >= 0, states.indices.contains(slot / 2) else { return }
            if slot % 2 == 0 {
                states[slot / 2].next = value
            } else {
                states[slot / 2].alternative = value
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
    private func run(on string: String, anywhere: Bool) -> Bool {
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        var run = Run(states: states)
        var position = 0
        run.enter(initial, at: position, atEnd: index == scalars.endIndex)
        while index != scalars.endIndex {
            if anywhere, run.accepted { return true }
            if !anywhere, run.reached.isEmpty { return false }
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            position += 1
            let atEnd = index == scalars.endIndex
            swap(&run.current, &run.reached)
            run.reached.removeAll(keepingCapacity: true)
            run.accepted = false
            for state in run.current where states[state].set.contains(scalar) {
                run.enter(states[state].next, at: position, atEnd: atEnd)
            }
            if anywhere { run.enter(initial, at: position, atEnd: atEnd) }
        }
        return run.accepted
    }

    /// The sets of states of one run, and the stack that follows the moves
    /// that consume nothing.
    private struct Run {
        let states: [State]
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

        init(states: [State]) {
            self.states = states
            entered = Array(repeating: -1, count: states.count)
        }

        /// Enters `state` at `position` and every state it leads to without
        /// consuming a scalar, collecting the consuming ones in ``reached``.
        mutating func enter(_ state: Int, at position: Int, atEnd: Bool) {
            stack.append(state)
            while let state = stack.popLast() {
                guard states.indices.contains(state), entered[state] != position else { continue }
                entered[state] = position
                let current = states[state]
                switch current.kind {
                case .scalar:
                    reached.append(state)
                case .epsilon:
                    stack.append(current.next)
                case .split:
                    stack.append(current.alternative)
                    stack.append(current.next)
                case .start:
                    if position == 0 { stack.append(current.next) }
                case .end:
                    if atEnd { stack.append(current.next) }
                case .accept:
                    accepted = true
                }
            }
        }
    }
}
