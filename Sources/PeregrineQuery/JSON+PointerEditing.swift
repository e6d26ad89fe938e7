extension JSON {
    /// Sets the value at `pointer`: replaces it, adds the member, or (for
    /// an index equal to the count, or `-`) appends to the array. The
    /// pointer's parent must exist; `""` replaces the whole value.
    ///
    /// ```swift
    /// var v: JSON = ["list": [1]]
    /// try v.setValue(2, at: JSON.Pointer("/list/-"))   // {"list":[1,2]}
    /// ```
    ///
    /// - Throws: ``JSON/Missing`` saying where the pointer broke.
    /// - Complexity: O(depth) when the value does not share its containers
    ///   (they are changed in place), plus what appending or replacing costs.
    public mutating func setValue(_ value: JSON, at pointer: Pointer) throws(JSON.Missing) {
        try update(at: pointer.tokens[...], allowsNew: true) { target, _ in target = value }
    }

    /// Removes the value at `pointer` and returns it.
    ///
    /// ```swift
    /// var v: JSON = ["a": 1, "b": 2]
    /// try v.removeValue(at: JSON.Pointer("/a"))   // 1; v is {"b":2}
    /// ```
    ///
    /// - Throws: ``JSON/Missing`` when there is no such value (or the pointer is `""`).
    /// - Complexity: O(depth) plus the size of the array or object it is removed from.
    @discardableResult
    public mutating func removeValue(at pointer: Pointer) throws(JSON.Missing) -> JSON {
        guard let last = pointer.tokens.last else {
            throw JSON.Missing(parent: [], step: .key(""), reason: "is the whole value, which cannot be removed")
        }
        return try update(at: pointer.tokens.dropLast(), allowsNew: false) { (parent: inout JSON, path) throws(JSON.Missing) in
            try parent.removeChild(named: last, path: path).value
        }
    }

    /// The value `pointer` points to.
    ///
    /// - Throws: ``JSON/Missing`` saying where the pointer broke.
    func value(at pointer: Pointer) throws(JSON.Missing) -> JSON {
        var current = self
        var path: [PathComponent] = []
        for token in pointer.tokens {
            let step = try current.childStep(token, path: path, mayAdd: false)
            switch (current, step) {
            case (.object(let object), .key(let key)): current = object[key] ?? .null
            case (.array(let elements), .index(let position)): current = elements[position]  // position < count: checked by childStep
            default: break
            }
            path.append(step)
        }
        return current
    }

    /// A container above the value being changed, holding `null` where
    /// that value was taken out.
    private struct Ancestor {
        var container: JSON
        /// Where the value was taken from.
        let step: PathComponent
        /// Whether the step names a member or element that does not exist yet.
        let isNew: Bool
    }

    /// Applies `change` to the value `tokens` lead to (with the path to it)
    /// and returns what it returns, creating nothing on the way; with
    /// `allowsNew` the last token may name a new member or the position
    /// just past an array's end (`change` then starts from `null`, and what
    /// it leaves is added). When a step or `change` throws, the value is
    /// left as it was.
    ///
    /// Each value on the way is taken out of its container and put back
    /// afterwards, so every container (and the target) is the only owner of
    /// its storage while it changes: nothing is copied unless the caller
    /// shares it. A loop rather than recursion, so any depth is safe.
    ///
    /// - Complexity: O(depth) beyond what `change` does.
    mutating func update<Result>(
        at tokens: ArraySlice<String>, allowsNew: Bool,
        _ change: (inout JSON, [PathComponent]) throws(JSON.Missing) -> Result
    ) throws(JSON.Missing) -> Result {
        var ancestors: [Ancestor] = []
        var path: [PathComponent] = []
        var current = JSON.null
        swap(&current, &self)
        var changed = false
        defer {
            // Put each value back into its container, from the bottom up
            // (a new one only when the change was made).
            while var ancestor = ancestors.popLast() {
                if changed || !ancestor.isNew { ancestor.container.putChild(current, at: ancestor.step) }
                current = ancestor.container
            }
            self = current
        }
        for token in tokens {
            let mayAdd = allowsNew && path.count == tokens.count - 1
            let step = try current.childStep(token, path: path, mayAdd: mayAdd)
            let child = current.takeChild(at: step)
            ancestors.append(Ancestor(container: current, step: step, isNew: child == nil))
            current = child ?? .null
            path.append(step)
        }
        let result = try change(&current, path)
        changed = true
        return result
    }

    /// The step `token` takes from this value (at `path`), which must exist
    /// unless `mayAdd` (then a new member, or the position just past the end).
    func childStep(_ token: String, path: [PathComponent], mayAdd: Bool) throws(JSON.Missing) -> PathComponent {
        switch self {
        case .object(let object):
            guard mayAdd || object[token] != nil else { throw JSON.Missing(parent: path, step: .key(token), in: .object, count: object.count) }
            return .key(token)
        case .array(let elements):
            guard let position = Pointer.position(of: token, count: elements.count) else {
                throw JSON.Missing(parent: path, step: .key(token), reason: "is an array, and \(token) is not an index")
            }
            guard position < elements.count || (mayAdd && position == elements.count) else {
                throw JSON.Missing(parent: path, step: .index(position), in: .array, count: elements.count)
            }
            return .index(position)
        default:
            throw JSON.Missing(parent: path, step: .key(token), in: kind, count: 0)
        }
    }

    /// Takes the member or element at `step` out of this container, leaving
    /// `null` in its place; `nil` when there is none yet.
    private mutating func takeChild(at step: PathComponent) -> JSON? {
        switch step {
        case .key(let key):
            return withObject { object in object.takeValue(forKey: key) } ?? nil
        case .index(let position):
            return withElements { elements -> JSON? in
                guard position < elements.count else { return nil }
                var child = JSON.null
                swap(&child, &elements[position])
                return child
            } ?? nil
        }
    }

    /// Puts `child` at `step` of this container: replaces the member or
    /// element there, or adds it (a member at the end, an element past the end).
    private mutating func putChild(_ child: JSON, at step: PathComponent) {
        switch step {
        case .key(let key):
            withObject { object in object[key] = child }
        case .index(let position):
            withElements { elements in
                if position < elements.count { elements[position] = child } else { elements.append(child) }
            }
        }
    }

    /// Adds `value` as the child `token` names in this container (at
    /// `path`): a member of an object (replacing one of that name, or new:
    /// put back in `memberSlot`, where ``removeChild(named:path:compacting:)``
    /// took it from, when given, else at the end), or an element of an
    /// array inserted at the position named (`-` or the count append).
    /// Returns the step taken and the value replaced, if any.
    mutating func insertChild(
        _ value: JSON, named token: String, path: [PathComponent], memberSlot: Int? = nil
    ) throws(JSON.Missing) -> (step: PathComponent, replaced: JSON?) {
        let step = try childStep(token, path: path, mayAdd: true)
        switch step {
        case .key(let key):
            let replaced = withObject { object in
                let replaced = object[key]
                if replaced == nil, let memberSlot {
                    object.restoreMember(value, forKey: key, inSlot: memberSlot)
                } else {
                    object[key] = value
                }
                return replaced
            }
            return (step, replaced ?? nil)
        case .index(let position):
            // position <= count: checked by childStep
            withElements { elements in elements.insert(value, at: position) }
            return (step, nil)
        }
    }

    /// Removes the member or element `token` names from this container (at
    /// `path`); returns it, the step taken and, for a member, the slot it
    /// had in the object (see `JSON.Object.removeMember(forKey:compacting:)`).
    mutating func removeChild(
        named token: String, path: [PathComponent], compacting: Bool = true
    ) throws(JSON.Missing) -> (value: JSON, step: PathComponent, memberSlot: Int?) {
        let step = try childStep(token, path: path, mayAdd: false)
        switch step {
        case .key(let key):
            let removed = withObject { object in object.removeMember(forKey: key, compacting: compacting) } ?? nil
            return (removed?.value ?? .null, step, removed?.slot)
        case .index(let position):
            // position < count: checked by childStep
            return (withElements { elements in elements.remove(at: position) } ?? .null, step, nil)
        }
    }

    /// Runs `body` on this object's members with the object as the only
    /// owner of its storage, so that changing them copies nothing; `nil`
    /// (and no call) when this is not an object.
    @discardableResult
    private mutating func withObject<Result>(_ body: (inout JSON.Object) -> Result) -> Result? {
        guard case .object(var object) = self else { return nil }
        self = .null  // leaves `object` the only owner of its storage
        defer { self = .object(object) }
        return body(&object)
    }

    /// Runs `body` on this array's elements with the array as the only
    /// owner of its storage; `nil` (and no call) when this is not an array.
    @discardableResult
    private mutating func withElements<Result>(_ body: (inout [JSON]) -> Result) -> Result? {
        guard case .array(var elements) = self else { return nil }
        self = .null  // leaves `elements` the only owner of its storage
        defer { self = .array(elements) }
        return body(&elements)
    }
}
