extension Scanner {
    /// Called when a container closes under ``JSON/ParseOptions/allowSets``:
    /// a set marks its repeated elements, and a container inside a set still
    /// open gets its digest, for that set to compare it by.
    ///
    /// Nothing moves until the whole value is scanned: ``removeRepeatedElements()``
    /// then drops every marked element in one pass, so a set nested in many
    /// others costs no more than a flat one.
    mutating func closeContainer(_ frame: Frame) {
        if frame.closer == UInt8(ascii: ">") {
            markRepeatedElements(ofSetAt: frame.tapeIndex)
            openSets -= 1
        }
        guard openSets > 0 else { return }
        if digests.count < tape.count { digests.append(contentsOf: repeatElement(0, count: tape.count - digests.count)) }
        digests[frame.tapeIndex] = containerDigest(at: frame.tapeIndex)
    }

    /// Marks the elements of the set just closed at `setIndex` that equal an
    /// earlier one (the first of equal elements stays), and sets its count
    /// to the elements kept.
    ///
    /// Elements compare as owned ``JSON`` values, so `1.0` and `1.00` are
    /// equal and `1` and `1.0` are not. Each element is found by its digest
    /// (seeded, made once per container when it closed); only elements with
    /// equal digests are compared, and an element found equal is dropped, so
    /// each comparison costs no more than the element it drops.
    private mutating func markRepeatedElements(ofSetAt setIndex: Int) {
        let set = tape[setIndex]
        guard set.count > 1 else { return }
        var elementsByDigest: [UInt64: [Int]] = [:]
        var kept: UInt64 = 0
        var element = setIndex + 1
        while element < set.endIndex {
            let digest = self.digest(at: element)
            if elementsByDigest[digest]?.contains(where: { equal($0, element) }) == true {
                dropped.insert(element)
            } else {
                elementsByDigest[digest, default: []].append(element)
                kept += 1
            }
            element = tape[element].nextSibling(after: element)
        }
        tape[setIndex].payload = UInt64(set.endIndex) | kept << 32
    }

    /// Removes the elements marked as repeated, in one pass over the tape.
    mutating func removeRepeatedElements() {
        guard !dropped.isEmpty else { return }
        WorkCounter.count(tape.count)
        var compacted: [TapeEntry] = []
        compacted.reserveCapacity(tape.count)
        // Containers copied whose end is not reached yet: their index in
        // `compacted` and their old end.
        var open: [(index: Int, end: Int)] = []
        var index = 0
        while index < tape.count {
            while let last = open.last, last.end <= index {
                compacted[last.index].payload = UInt64(compacted.count) | UInt64(compacted[last.index].count) << 32
                open.removeLast()
            }
            if dropped.contains(index) {
                index = tape[index].nextSibling(after: index)
                continue
            }
            let entry = tape[index]
            if entry.kind == .array || entry.kind == .object { open.append((compacted.count, entry.endIndex)) }
            compacted.append(entry)
            index += 1
        }
        while let last = open.popLast() {
            compacted[last.index].payload = UInt64(compacted.count) | UInt64(compacted[last.index].count) << 32
        }
        tape.replaceAll(with: compacted)
        dropped = []
        digests = []
    }

    /// The children of the container at `index` that are not dropped, in
    /// order (keys and values alike for an object).
    private func children(of index: Int) -> some Sequence<Int> {
        let end = tape[index].endIndex
        return sequence(first: index + 1) { self.tape[$0].nextSibling(after: $0) }
            .prefix { $0 < end }
            .filter { !self.dropped.contains($0) }
    }

    /// The digest of the value at `index`: equal for equal owned values,
    /// from the scalar itself or, for a container, from its digest made
    /// when it closed.
    private func digest(at index: Int) -> UInt64 {
        let entry = tape[index]
        switch entry.kind {
        case .array, .object:
            return entry.endIndex == index + 1 ? containerDigest(at: index) : digests[index]
        default:
            var hasher = Hasher()
            hasher.combine(entry.scalar(in: input))
            return UInt64(bitPattern: Int64(hasher.finalize()))
        }
    }

    /// The digest of the closed container at `index`, from its children's:
    /// elements in order; members as the owned object keeps them (repeated
    /// keys resolved by the same policy) and in any order, as objects
    /// compare.
    private func containerDigest(at index: Int) -> UInt64 {
        WorkCounter.count(tape[index].count)
        var hasher = Hasher()
        if tape[index].kind == .array {
            hasher.combine(4 as UInt8)
            for child in children(of: index) { hasher.combine(digest(at: child)) }
        } else {
            var sum: UInt64 = 0
            let members = self.members(of: index)
            for (key, value) in members {
                var member = Hasher()
                member.combine(key)
                member.combine(digest(at: value))
                sum &+= UInt64(bitPattern: Int64(member.finalize()))
            }
            hasher.combine(5 as UInt8)
            hasher.combine(members.count)
            hasher.combine(sum)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The members the owned object at `index` keeps: each key (decoded) to
    /// the tape index of its value, repeated keys resolved by the policy.
    private func members(of index: Int) -> [ScalarKey: Int] {
        var members: [ScalarKey: Int] = [:]
        var child = index + 1
        while child + 1 < tape[index].endIndex {
            let key = ScalarKey(tape[child].decodeString(in: input))
            if options.duplicateKeys != .firstWins || members[key] == nil { members[key] = child + 1 }
            child = tape[child + 1].nextSibling(after: child + 1)
        }
        return members
    }

    /// Whether the values at `left` and `right` are equal as owned values,
    /// compared on the tape without recursion.
    private func equal(_ left: Int, _ right: Int) -> Bool {
        var pending = [(left, right)]
        while let (left, right) = pending.popLast() {
            WorkCounter.count(1)
            let (a, b) = (tape[left], tape[right])
            switch (a.kind, b.kind) {
            case (.array, .array):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(children(of: left), children(of: right)))
            case (.object, .object):
                let (first, second) = (members(of: left), members(of: right))
                guard first.count == second.count else { return false }
                for (key, value) in first {
                    guard let other = second[key] else { return false }
                    pending.append((value, other))
                }
            case (.array, _), (.object, _), (_, .array), (_, .object):
                return false
            default:
                guard a.scalar(in: input) == b.scalar(in: input) else { return false }
            }
        }
        return true
    }
}
