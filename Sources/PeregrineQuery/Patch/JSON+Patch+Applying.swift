extension JSON {
    /// Applies an RFC 6902 JSON Patch in place: every operation in order,
    /// or none of them — when one fails, the operations before it are
    /// undone and the value is exactly as it was (member order included).
    ///
    /// ```swift
    /// var v: JSON = ["a": 1, "list": [1, 2]]
    /// try v.apply(JSON.Patch(JSON(parsing: #"[{"op": "move", "from": "/a", "path": "/list/0"}]"#)))
    /// // {"list":[1,1,2]}
    /// ```
    ///
    /// An `add` or `replace` of an existing member keeps its position; a new
    /// member goes at the end. A `move` to its own location changes nothing.
    ///
    /// No operation nests the value deeper than `JSON.maxValueDepth`
    /// levels, the most an owned value holds: `add`, `replace`, `copy`,
    /// and a `move` to a location with more tokens than its `from`, throw
    /// ``Patch/Error/Kind/tooDeep`` instead (`copy` from `""` into the
    /// innermost of nested arrays doubles their depth each time).
    ///
    /// - Throws: ``Patch/Error`` with the index of the failing operation.
    /// - Complexity: per operation, O(depth of its pointers) plus the size
    ///   of the array or object it inserts into (removing a member is O(1)
    ///   amortised, and undoing an operation costs what it did), the value
    ///   an `add` or `replace` inserts, the value a `test` compares, and the
    ///   value a `copy`, or a `move` to a deeper location, measures (in all,
    ///   at most ``Patch/Limits/maxCopiedBytes``). Containers are changed
    ///   in place: nothing is copied unless the value shares them with another.
    public mutating func apply(_ patch: Patch, limits: Patch.Limits = Patch.Limits()) throws(Patch.Error) {
        var application = PatchApplication(limits: limits)
        for (index, operation) in patch.operations.enumerated() {
            do throws(Patch.Error) {
                try application.apply(operation, index: index, to: &self)
            } catch {
                application.undo(&self)
                throw error
            }
        }
        application.compactObjects(in: &self)
    }

    /// The value with an RFC 6902 JSON Patch applied; see ``apply(_:limits:)``.
    ///
    /// ```swift
    /// let v: JSON = ["a": 1]
    /// let patched = try v.applying(JSON.Patch([.add(path: try JSON.Pointer("/b"), value: 2)]))
    /// // {"a":1,"b":2}; v is unchanged
    /// ```
    ///
    /// - Throws: ``Patch/Error`` with the index of the failing operation.
    /// - Complexity: as ``apply(_:limits:)``, plus copying the arrays and
    ///   objects on the way to each change once (they stay shared with this value).
    public func applying(_ patch: Patch, limits: Patch.Limits = Patch.Limits()) throws(Patch.Error) -> JSON {
        var result = self
        try result.apply(patch, limits: limits)
        return result
    }
}

/// One application of a patch: the operations applied so far, as the
/// changes that undo them, and what `copy` may still duplicate.
struct PatchApplication {
    /// The inverse of one change, applied to the value as that change left
    /// it. Undoing `restore` and `remove` takes a value out, which the next
    /// undo, a moved value's `reinsert`, may put back.
    private enum Undo {
        /// Put back a value that was replaced (in place).
        case restore([String], JSON)
        /// Take out a member or element that was added.
        case remove([String])
        /// Put back a member or element that was removed, where it was (a
        /// member in the slot it left, see `JSON.Object.removeMember(forKey:compacting:)`):
        /// the value given, or for a `move` (`nil`) the value undoing the
        /// move's addition took out. A moved value is not kept here, so it
        /// is not shared, and changing it later copies nothing.
        case reinsert([String], JSON?, memberSlot: Int?)
    }

    private var undoing: [Undo] = []
    /// The paths of the objects members were removed from. Removing
    /// leaves their slots, so that undoing puts each member back in O(1);
    /// once every operation succeeded, these objects are compacted if more
    /// than half their slots are empty.
    private var removedFrom: [[String]] = []
    /// The bytes that `copy` operations may still duplicate.
    private var copyBudget: Int
    private let limits: JSON.Patch.Limits

    init(limits: JSON.Patch.Limits) {
        self.limits = limits
        copyBudget = limits.maxCopiedBytes
    }

    mutating func apply(_ operation: JSON.Patch.Operation, index: Int, to value: inout JSON) throws(JSON.Patch.Error) {
        let context = Context(operation: operation.name, index: index)
        switch operation {
        case .add(let path, let new):
            try checkDepth(of: new, at: path, context)
            try add(new, at: path, to: &value, context)
        case .remove(let path):
            _ = try remove(at: path, from: &value, context.at(path))
        case .replace(let path, let new):
            try checkDepth(of: new, at: path, context)
            let old: JSON
            do throws(JSON.Missing) {
                old = try value.update(at: path.tokens[...], allowsNew: false) { target, _ in
                    var replaced = new
                    swap(&replaced, &target)
                    return replaced
                }
            } catch {
                throw context.at(path).failure(error)
            }
            undoing.append(.restore(path.tokens, old))
        case .move(let from, let path):
            if Self.same(from.tokens, path.tokens) {
                _ = try read(from, in: value, context.from(from))
                return
            }
            guard !Self.isProperPrefix(from.tokens, of: path.tokens) else {
                throw context.from(from).failure(
                    .movingIntoOwnChild, "cannot move a value into its own child \(JSON.Patch.Error.quoted(path.description))")
            }
            // A value moved no deeper than it was nests no deeper than before.
            if path.tokens.count > from.tokens.count {
                let moved = try read(from, in: value, context.from(from))
                try checkDepth(measure(moved, "the copies and the values moved deeper would measure", context.from(from)), at: path, context)
            }
            let moved = try remove(at: from, from: &value, context.from(from))
            try add(moved, at: path, to: &value, context)
            // Undoing the addition takes the moved value out again, for the removal's undo.
            let removal = undoing.count - 2
            if case .reinsert(let tokens, _, let memberSlot) = undoing[removal] {
                undoing[removal] = .reinsert(tokens, nil, memberSlot: memberSlot)
            }
        case .copy(let from, let path):
            let copied = try read(from, in: value, context.from(from))
            try checkDepth(measure(copied, "the copies would duplicate", context.from(from)), at: path, context)
            try add(copied, at: path, to: &value, context)
        case .test(let path, let expected):
            let found = try read(path, in: value, context.at(path))
            // Comparing stops at the end of the smaller value: the one in the patch bounds the work.
            var budget = Int.max
            guard JSON.equal(found, expected, numbersByValue: true, budget: &budget) == true else {
                throw context.at(path).failure(.testFailed, Self.testFailure(found: found, expected: expected))
            }
        }
    }

    /// Why a `test` failed: the value found and the one given, each cut
    /// as decoding errors cut what they quote (`String.quotedScalars`), or
    /// when their kinds differ the value found and the kind given:
    /// `found "edge", not "core"`, `found 1 (a number), not a string`.
    ///
    /// - Complexity: O(`String.quotedScalars`²), whatever the values' sizes.
    static func testFailure(found: JSON, expected: JSON) -> String {
        let shown = found.excerpt(scalars: String.quotedScalars)
        guard found.kind == expected.kind else {
            // null and booleans say their kind themselves.
            let kind = found.kind == .null || found.kind == .bool ? "" : " (\(found.kind.description))"
            return "found \(shown)\(kind), not \(expected.kind.description)"
        }
        return "found \(shown), not \(expected.excerpt(scalars: String.quotedScalars))"
    }

    /// Undoes every change so far, last first, leaving `value` as it was
    /// before the first operation, each change at the cost of making it.
    mutating func undo(_ value: inout JSON) {
        var taken = JSON.null
        while let change = undoing.popLast() {
            do throws(JSON.Missing) {
                switch change {
                case .restore(let tokens, let old):
                    taken = try value.update(at: tokens[...], allowsNew: false) { target, _ in
                        var replaced = old
                        swap(&replaced, &target)
                        return replaced
                    }
                case .remove(let tokens):
                    guard let last = tokens.last else { continue }
                    taken = try value.update(at: tokens.dropLast(), allowsNew: false) { parent, path throws(JSON.Missing) in
                        try parent.removeChild(named: last, path: path, compacting: false).value
                    }
                case .reinsert(let tokens, let removed, let memberSlot):
                    guard let last = tokens.last else { continue }
                    try value.update(at: tokens.dropLast(), allowsNew: false) { parent, path throws(JSON.Missing) in
                        _ = try parent.insertChild(removed ?? taken, named: last, path: path, memberSlot: memberSlot)
                    }
                    taken = .null
                }
            } catch {
                assertionFailure("an undo applies to the value its change left, so it cannot fail: \(error)")
            }
        }
    }

    /// Compacts the objects members were removed from, once the whole
    /// patch has applied (those still at their paths; repeated paths are
    /// visited once in a row).
    ///
    /// - Complexity: O(length of the paths) plus the slots of the objects compacted.
    mutating func compactObjects(in value: inout JSON) {
        var previous: [String]?
        for tokens in removedFrom {
            if let previous, Self.same(previous, tokens) { continue }
            previous = tokens
            _ = try? value.update(at: tokens[...], allowsNew: false) { (target: inout JSON, _) throws(JSON.Missing) in
                guard case .object(var object) = target else { return }
                target = .null  // leaves `object` the only owner of its storage
                object.compactIfMostlyRemoved()
                target = .object(object)
            }
        }
        removedFrom = []
    }

    /// RFC 6902 `add`: the value at `path`, whose parent must exist.
    private mutating func add(_ new: JSON, at path: JSON.Pointer, to value: inout JSON, _ context: Context) throws(JSON.Patch.Error) {
        guard let last = path.tokens.last else {
            undoing.append(.restore([], value))
            value = new
            return
        }
        let added: (step: JSON.PathComponent, replaced: JSON?)
        do throws(JSON.Missing) {
            added = try value.update(at: path.tokens.dropLast(), allowsNew: false) { parent, location throws(JSON.Missing) in
                try parent.insertChild(new, named: last, path: location)
            }
        } catch {
            throw context.at(path).failure(error)
        }
        if let replaced = added.replaced {
            undoing.append(.restore(path.tokens, replaced))
        } else {
            undoing.append(.remove(Array(path.tokens.dropLast()) + [Self.token(added.step)]))
        }
    }

    /// RFC 6902 `remove`: takes out the value at `path`, which must exist and not be the whole value.
    private mutating func remove(at path: JSON.Pointer, from value: inout JSON, _ context: Context) throws(JSON.Patch.Error) -> JSON {
        guard let last = path.tokens.last else {
            throw context.failure(.invalidOperation, "the whole value cannot be removed")
        }
        let removed: (value: JSON, step: JSON.PathComponent, memberSlot: Int?)
        do throws(JSON.Missing) {
            removed = try value.update(at: path.tokens.dropLast(), allowsNew: false) { parent, location throws(JSON.Missing) in
                try parent.removeChild(named: last, path: location, compacting: false)
            }
        } catch {
            throw context.failure(error)
        }
        undoing.append(.reinsert(Array(path.tokens.dropLast()) + [Self.token(removed.step)], removed.value, memberSlot: removed.memberSlot))
        if removed.memberSlot != nil { removedFrom.append(Array(path.tokens.dropLast())) }
        return removed.value
    }

    /// The depth of `value`, which a `copy` duplicates or a `move` takes
    /// deeper, measured within what is left of ``JSON/Patch/Limits/maxCopiedBytes``
    /// and taken from it; past it, ``JSON/Patch/Error/Kind/tooLarge`` with
    /// `what` the operation would do.
    private mutating func measure(_ value: JSON, _ what: String, _ context: Context) throws(JSON.Patch.Error) -> Int {
        guard let measured = value.compactSizeAndDepth(atMost: copyBudget) else {
            throw context.failure(.tooLarge, "\(what) more than \(limits.maxCopiedBytes) bytes (Limits.maxCopiedBytes)")
        }
        copyBudget -= measured.size
        return measured.depth
    }

    /// Throws ``JSON/Patch/Error/Kind/tooDeep`` unless `new`, a value from
    /// the patch, fits at `path` (see ``checkDepth(_:at:_:)``).
    private func checkDepth(of new: JSON, at path: JSON.Pointer, _ context: Context) throws(JSON.Patch.Error) {
        switch new {
        case .array, .object: try checkDepth(new.compactSizeAndDepth(atMost: .max)?.depth ?? 0, at: path, context)
        default: return
        }
    }

    /// Throws ``JSON/Patch/Error/Kind/tooDeep`` when a value `depth` levels
    /// deep, put at `path` (one level per token), would nest deeper than
    /// `JSON.maxValueDepth`.
    private func checkDepth(_ depth: Int, at path: JSON.Pointer, _ context: Context) throws(JSON.Patch.Error) {
        let levels = path.tokens.count + depth
        guard levels > JSON.maxValueDepth else { return }
        throw context.at(path).failure(
            .tooDeep, "the value would nest \(levels) levels deep, more than JSON.maxValueDepth (\(JSON.maxValueDepth)) allows")
    }

    /// The value at `pointer`, which must exist.
    private func read(_ pointer: JSON.Pointer, in value: JSON, _ context: Context) throws(JSON.Patch.Error) -> JSON {
        do throws(JSON.Missing) {
            return try value.value(at: pointer)
        } catch {
            throw context.failure(error)
        }
    }

    /// The reference token of a step taken: a member name, or an index in digits.
    private static func token(_ step: JSON.PathComponent) -> String {
        switch step {
        case .key(let key): return key
        case .index(let position): return String(position)
        }
    }

    /// Tokens equal by Unicode scalars, as object keys compare.
    private static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && isPrefix(a, of: b)
    }

    private static func isProperPrefix(_ a: [String], of b: [String]) -> Bool {
        a.count < b.count && isPrefix(a, of: b)
    }

    private static func isPrefix(_ a: [String], of b: [String]) -> Bool {
        zip(a, b).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    /// The operation being applied and the pointer it is working on, for errors.
    private struct Context {
        let operation: String
        let index: Int
        var role = "at"
        var pointer: String?

        init(operation: String, index: Int) {
            self.operation = operation
            self.index = index
        }

        /// Working on the operation's `path`.
        func at(_ pointer: JSON.Pointer) -> Context { with("at", pointer) }

        /// Working on the operation's `from`.
        func from(_ pointer: JSON.Pointer) -> Context { with("from", pointer) }

        private func with(_ role: String, _ pointer: JSON.Pointer) -> Context {
            var context = self
            context.role = role
            context.pointer = pointer.description
            return context
        }

        /// `kind` with the message `remove at "/a/3": reason`.
        func failure(_ kind: JSON.Patch.Error.Kind, _ reason: String) -> JSON.Patch.Error {
            let location = pointer.map { " \(role) \(JSON.Patch.Error.quoted($0))" } ?? ""
            return JSON.Patch.Error(kind, index: index, pointer: pointer, message: "\(operation)\(location): \(reason)")
        }

        /// Where a pointer broke: past the end of an array, or anything else not found.
        func failure(_ missing: JSON.Missing) -> JSON.Patch.Error {
            if case .index = missing.step { return failure(.indexOutOfRange, missing.description) }
            return failure(.pathNotFound, missing.description)
        }
    }
}
