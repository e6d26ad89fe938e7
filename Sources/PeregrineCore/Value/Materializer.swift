/// Builds owned ``JSON`` values from a tape: by plain recursion for the first
/// 64 levels, and below that with an explicit stack on which containers under
/// construction wait for their last element, so no depth can exhaust the
/// call stack while building. Swift releases a value recursively, so nothing
/// deeper than ``JSON/maxValueDepth`` is built. Object keys come from an
/// earlier object with the same keys (``ObjectShapes``) or a ``KeyCache``.
struct Materializer {
    // Tape indexes stay below the tape's count and depths below
    // `JSON.maxValueDepth`: their `&+` cannot overflow.

    /// The tape entry of a container that would nest deeper than
    /// ``JSON/maxValueDepth``.
    struct TooDeep: Error {
        let entry: Int
    }

    let input: UnsafeBufferPointer<UInt8>
    let tape: Tape
    /// The tape's entries, read in place where bounds are proven.
    private var entries: UnsafeBufferPointer<TapeEntry>
    private(set) var keys: KeyCache
    /// Whether the first of repeated keys wins (the default is the last).
    let firstKeyWins: Bool
    /// ``smallASCIIFormHolds``, read once for all the strings built.
    private let smallASCIIForm = smallASCIIFormHolds
    /// The last objects built, whose keys the next of the same keys takes.
    private var shapes: ObjectShapes

    /// The shapes, leaving none here: the caller then holds the only copy,
    /// which it can change without copying it.
    mutating func takeShapes() -> ObjectShapes {
        var taken = ObjectShapes()
        swap(&taken, &shapes)
        return taken
    }

    init(
        input: UnsafeBufferPointer<UInt8>, tape: Tape, keys: KeyCache = KeyCache(), shapes: ObjectShapes = ObjectShapes(),
        duplicateKeys: JSON.ParseOptions.DuplicateKeyPolicy = .lastWins
    ) {
        self.input = input
        self.tape = tape
        entries = tape.entries
        self.keys = keys
        self.shapes = shapes
        self.firstKeyWins = duplicateKeys == .firstWins
        self.keys.prepare(forInputOf: input.count)
    }

    /// Reads the tape's entries where they are now: a scanner wrote more
    /// to the tape, which may have moved them.
    mutating func reloadEntries() {
        entries = tape.entries
    }

    /// The object key whose entry is at `index`.
    mutating func memberKey(at index: Int) -> ScalarKey {
        keys.key(for: tape[index], in: input)
    }

    /// Forgets the objects built from the tape, which is about to be emptied
    /// and written over: a later object takes no key list by comparing
    /// its keys with entries no longer there.
    mutating func forgetObjectsOnTape() {
        shapes.forgetDocument()
    }

    /// An array or object being filled: its elements, or its members and
    /// the key whose value comes next.
    private struct Partial {
        var isObject: Bool
        var end: Int
        var elements: [JSON] = []
        var members: ContiguousArray<JSON.Object.Member> = []
        var pendingKey: ScalarKey?

        init(_ entry: TapeEntry) {
            isObject = entry.kind == .object
            end = entry.endIndex
            if isObject {
                members.reserveCapacity(entry.count)
            } else {
                elements.reserveCapacity(entry.count)
            }
        }

        /// Whether the next entry is an object key.
        var expectsKey: Bool { isObject && pendingKey == nil }

        /// Adds an array element, or the value of the pending member.
        mutating func add(_ value: JSON) {
            if let key = pendingKey {
                members.append(JSON.Object.Member(key: key, value: value))
                pendingKey = nil
            } else {
                elements.append(value)
            }
        }

        func value(firstKeyWins: Bool) -> JSON {
            isObject ? .object(JSON.Object(members, firstKeyWins: firstKeyWins)) : .array(elements)
        }
    }

    /// The value whose entry is at `start`, with everything nested in it;
    /// `depth`: how many containers hold it (an array's element is 1 down).
    mutating func value(at start: Int, depth: Int = 0) throws(TooDeep) -> JSON {
        var index = start
        tooDeep = nil
        let value = shallowValue(at: &index, depth: depth)
        if let tooDeep { throw TooDeep(entry: tooDeep) }
        return value
    }

    /// The first container found nested deeper than ``JSON/maxValueDepth``:
    /// the iterative builder stops there, and ``value(at:)`` throws.
    private var tooDeep: Int?

    /// How many levels `shallowValue` recurses before handing a subtree to
    /// the iterative `deepValue`: well within any thread's stack.
    private static let recursionLimit = 64

    /// The value at `index` built by plain recursion, which measured faster
    /// than the explicit stack; `index` moves past it.
    private mutating func shallowValue(at index: inout Int, depth: Int) -> JSON {
        let entry = tape[index]
        switch entry.kind {
        case .array where depth < Self.recursionLimit:
            index &+= 1
            // An empty container reserves nothing: even a zero-capacity
            // `reserveCapacity` call costs a call, and empty arrays are common.
            guard index < entry.endIndex else { return .array([]) }
            let end = min(entry.endIndex, entries.count)
            if index < end, entries[index].isPoint(at: index, in: entries, end: end) {  // bounds proven: index < end <= entries.count
                return points(at: &index, end: end, count: entry.count, depth: depth)
            }
            var elements: [JSON] = []
            elements.reserveCapacity(entry.count)
            while index < end {
                elements.append(element(entries[index], at: &index, depth: depth &+ 1, inArray: true))  // bounds proven: index < end <= entries.count
            }
            return .array(elements)
        case .object where depth < Self.recursionLimit:
            return .object(object(at: &index, depth: depth))
        case .array, .object:
            let value = deepValue(at: index, depth: depth)
            index = entry.endIndex
            return value
        default:
            index &+= 1
            return entry.scalar(in: input, smallASCIIForm: smallASCIIForm)
        }
    }

    /// The object at `index` (an object entry less deep than the recursion
    /// limit), its members `depth + 1` levels down; `index` moves past it.
    /// Out of line: inlined, it slows the array loop in `shallowValue` on
    /// documents of numeric arrays.
    @inline(never)
    private mutating func object(at index: inout Int, depth: Int) -> JSON.Object {
        let entry = tape[index]
        let object = index
        index &+= 1
        guard index < entry.endIndex else { return JSON.Object() }
        let firstKey = tape[index]
        var values = JSON.Object.ValueList.make(capacity: entry.count)
        var list: JSON.Object.KeyList
        if let earlier = shapes.earlier(count: entry.count, firstKey: firstKey, tape, input), let base = input.baseAddress,
            entry.endIndex <= entries.count, earlier.object < entries.count, entries[earlier.object].endIndex <= entries.count
        {
            // While the keys are the earlier object's, in order, its list is taken.
            let end = entry.endIndex
            let otherEnd = entries[earlier.object].endIndex  // bounds proven: earlier.object < entries.count
            let count = earlier.keys.count
            var otherKey = earlier.object &+ 1
            var position = 0
            // Indexes stay below the ends, which are at most entries.count: `&+` cannot overflow.
            while position < count, index &+ 1 < end, otherKey &+ 1 < otherEnd,
                entries[index].isSamePlainKey(as: entries[otherKey], inInputAt: base, count: input.count)  // bounds proven: index < end, otherKey < otherEnd
            {
                index &+= 1
                JSON.Object.ValueList.append(element(entries[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)  // bounds proven: index < end
                position &+= 1
                otherKey = entries[otherKey &+ 1].nextSibling(after: otherKey &+ 1)  // bounds proven: otherKey + 1 < otherEnd
            }
            if position == count, index == end {
                return JSON.Object(uniqueKeys: earlier.keys, values: values)
            }
            list = earlier.keys.copy(capacity: entry.count, count: position)
        } else {
            let first = key(at: &index)
            JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
            if let kept = shapes.kept.list(count: entry.count, first: first) {
                guard let partial = members(after: kept, at: &index, end: entry.endIndex, values: &values, depth: depth) else {
                    shapes.remember(object, keys: kept, firstKeyLength: firstKey.length)
                    return JSON.Object(uniqueKeys: kept, values: values)
                }
                list = partial
            } else {
                list = JSON.Object.KeyList.make(capacity: entry.count)
                JSON.Object.KeyList.append(first, to: &list)
            }
        }
        while index < entry.endIndex {
            JSON.Object.KeyList.append(key(at: &index), to: &list)
            JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
        }
        let built = JSON.Object(keys: list, values: values, firstKeyWins: firstKeyWins)
        if built.keyList === list {
            shapes.remember(object, keys: list, firstKeyLength: firstKey.length)
            shapes.kept.keep(list)
        }
        return built
    }

    /// The members at `index` up to `end` of an object whose first key is
    /// the first of `kept` (a list kept from an earlier document), whose
    /// other keys' bytes are compared with `kept`'s in order as they are
    /// built, without looking them up. `nil` when they are all `kept`'s
    /// keys; otherwise a new list of the keys up to the first that
    /// differs, which it holds, and whose value is built too. `index`
    /// moves past what was built.
    @inline(never)
    private mutating func members(
        after kept: JSON.Object.KeyList, at index: inout Int, end: Int, values: inout JSON.Object.ValueList, depth: Int
    ) -> JSON.Object.KeyList? {
        let count = kept.count
        var position = 1
        while index < end {
            let entry = tape[index]
            guard position < count, entry.flags & TapeEntry.needsDecoding == 0, kept[position].hasBytes(entry.rawBytes(in: input))
            else {
                let key = key(at: &index)
                var list = kept.copy(capacity: Swift.max(count, position + 1), count: position)
                JSON.Object.KeyList.append(key, to: &list)
                JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
                return list
            }
            index &+= 1
            JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
            position &+= 1
        }
        return position == count ? nil : kept.copy(capacity: count, count: position)
    }

    /// The array of two elements at `index`, built by a literal, which
    /// allocates once without `reserveCapacity`'s copy path: coordinates
    /// are pairs, and documents of them have many (a point, as in
    /// `points`, without the scalars' switch). Kept out of `shallowValue`
    /// so that it still inlines `reserveCapacity`.
    @inline(never)
    private mutating func pair(at index: inout Int, depth: Int) -> JSON {
        if UInt(bitPattern: index) < UInt(entries.count), entries[index].isPoint(at: index, in: entries, end: entries.count) {  // bounds proven: 0 <= index < entries.count
            defer { index &+= 3 }
            return point(at: index)
        }
        index &+= 1
        let first = element(entry(at: index), at: &index, depth: depth &+ 1, inArray: true)
        return .array([first, element(entry(at: index), at: &index, depth: depth &+ 1, inArray: true)])
    }

    /// The elements from `index` to `end` (at most the entries' count) of
    /// an array of `count` elements whose first is a point: an array of
    /// two numbers, built here without a call, as the others like it
    /// (coordinates come in long arrays of points). Any other element is
    /// built as in `shallowValue`. Kept out of `shallowValue`'s own loop,
    /// which the test for a point would slow on arrays of scalars.
    @inline(never)
    private mutating func points(at index: inout Int, end: Int, count: Int, depth: Int) -> JSON {
        var elements: [JSON] = []
        elements.reserveCapacity(count)
        while index < end {
            let entry = entries[index]  // bounds proven: index < end <= entries.count
            if entry.isPoint(at: index, in: entries, end: end) {
                elements.append(point(at: index))
                index &+= 3
            } else {
                elements.append(element(entry, at: &index, depth: depth &+ 1, inArray: true))
            }
        }
        return .array(elements)
    }

    /// The point whose array entry is at `index`, one that
    /// ``TapeEntry/isPoint(at:in:end:)``: its two numbers, read without
    /// the scalars' switch.
    @inline(__always)
    private func point(at index: Int) -> JSON {
        .array([entries[index &+ 1].plainNumber, entries[index &+ 2].plainNumber])  // bounds proven: index + 2 < end <= entries.count (isPoint)
    }

    /// The tape entry at `index`, read in place when it is within the
    /// tape's entries (which a consistent tape's indexes always are).
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private func entry(at index: Int) -> TapeEntry {
        // bounds proven: 0 <= index < entries.count, compared as one unsigned number
        UInt(bitPattern: index) < UInt(entries.count) ? entries[index] : tape[index]
    }

    /// The object of two members at `index`, built without a loop (such
    /// objects are common). Its keys are one of the last two such objects'
    /// when they are written the same, and looked up only when not.
    @inline(never)
    private mutating func twoMembers(at index: inout Int, depth: Int) -> JSON {
        let firstKey = index &+ 1
        index &+= 2
        var values = JSON.Object.ValueList.make(capacity: 2)
        JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
        let secondKey = index
        index &+= 1
        JSON.Object.ValueList.append(element(tape[index], at: &index, depth: depth &+ 1, inArray: false), to: &values)
        if let shared = shapes.pair(tape[firstKey], tape[secondKey], in: input) {
            return .object(JSON.Object(uniqueKeys: shared, values: values))
        }
        var list = JSON.Object.KeyList.make(capacity: 2)
        JSON.Object.KeyList.append(memberKey(at: firstKey), to: &list)
        JSON.Object.KeyList.append(memberKey(at: secondKey), to: &list)
        let built = JSON.Object(keys: list, values: values, firstKeyWins: firstKeyWins)
        if built.keyList === list { shapes.rememberPair(list) }
        return .object(built)
    }

    /// The key whose entry is at `index`, from the key cache; `index` moves
    /// to its value.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private mutating func key(at index: inout Int) -> ScalarKey {
        let key = keys.key(for: tape[index], in: input)
        index &+= 1
        return key
    }

    /// The element or member value at `index` (`depth` levels down), whose
    /// entry `entry` the caller read (in place where its bounds are proven,
    /// through the tape's checked subscript elsewhere): a scalar built in place, an array element that is a pair by `pair`, an
    /// object of two members by `twoMembers`, any other container by
    /// `shallowValue`. Scalars, the most common values, never pay for a call
    /// to `shallowValue`; members skip the pair test.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    private mutating func element(_ entry: TapeEntry, at index: inout Int, depth: Int, inArray: Bool) -> JSON {
        switch entry.kind {
        case .array where inArray && entry.count == 2 && depth < Self.recursionLimit:
            return pair(at: &index, depth: depth)
        case .object where entry.count == 2 && depth < Self.recursionLimit:
            return twoMembers(at: &index, depth: depth)
        case .object where depth < Self.recursionLimit:
            return .object(object(at: &index, depth: depth))
        case .array, .object: return shallowValue(at: &index, depth: depth)
        default:
            index &+= 1
            return entry.scalar(in: input, smallASCIIForm: smallASCIIForm)
        }
    }

    /// The value at `start`, `depth` levels down, built without recursion;
    /// `null` after noting ``tooDeep`` if it nests deeper than the limit.
    private mutating func deepValue(at start: Int, depth: Int) -> JSON {
        var index = start
        var stack: [Partial] = []
        while true {
            if let top = stack.last, top.expectsKey {
                stack[stack.count - 1].pendingKey = keys.key(for: tape[index], in: input)
                index += 1
            }
            let entry = tape[index]
            var value: JSON
            switch entry.kind {
            case .array, .object:
                guard depth + stack.count < JSON.maxValueDepth else {
                    tooDeep = tooDeep ?? index
                    return .null
                }
                if entry.endIndex > index + 1 {
                    stack.append(Partial(entry))
                    index += 1
                    continue
                }
                value = entry.kind == .object ? .object(JSON.Object()) : .array([])
            default:
                value = entry.scalar(in: input, smallASCIIForm: smallASCIIForm)
            }
            index += 1
            // Hand the value to its container, and every container that ends
            // here to its own parent.
            while !stack.isEmpty {
                stack[stack.count - 1].add(value)
                guard index == stack[stack.count - 1].end else { break }
                value = stack.removeLast().value(firstKeyWins: firstKeyWins)
            }
            if stack.isEmpty { return value }
        }
    }
}

extension TapeEntry {
    /// Whether this is an `int64` or `double` entry, the most common numbers.
    @inline(__always)
    var isPlainNumber: Bool { isKind(.double) || isKind(.int64) }

    /// Whether this entry, at `index` in `entries`, is a point: an array
    /// of two ``isPlainNumber`` entries, both before `end` (at most
    /// `entries.count`: the end of the container holding it, or of the
    /// entries when the caller knows only that it is an array of two).
    @inline(__always)
    func isPoint(at index: Int, in entries: UnsafeBufferPointer<TapeEntry>, end: Int) -> Bool {
        // bounds proven: index + 2 < end <= entries.count, compared as one unsigned number
        isKind(.array) && count == 2 && UInt(bitPattern: index &+ 2) < UInt(end)
            && entries[index &+ 1].isPlainNumber && entries[index &+ 2].isPlainNumber
    }

    /// The number of an entry that ``isPlainNumber``: the one reading of
    /// such an entry, for points and for ``scalar(in:smallASCIIForm:)``.
    @inline(__always)
    var plainNumber: JSON {
        assert(isPlainNumber, "a plain number's entry")
        return isKind(.double) ? .number(JSON.Number(Double(bitPattern: payload))) : .number(JSON.Number(Int64(bitPattern: payload)))
    }

    /// The value of a scalar entry (containers are built by the
    /// ``Materializer``, and are `null` here); `smallASCIIForm` as for
    /// ``decodeString(in:smallASCIIForm:)``.
    #if compiler(>=6.3)
    @inline(always)  // SE-0496: inlined even where the cost model declines `@inline(__always)`
    #else
    @inline(__always)
    #endif
    func scalar(in input: UnsafeBufferPointer<UInt8>, smallASCIIForm: Bool = smallASCIIFormHolds) -> JSON {
        switch kind {
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .int64, .double: return plainNumber
        case .uint64: return .number(JSON.Number(payload))
        case .string: return .string(decodeString(in: input, smallASCIIForm: smallASCIIForm))
        case .decimal:
            return .number(JSON.Number(exactText: String(decoding: rawBytes(in: input), as: UTF8.self)))
        case .null, .array, .object: return .null
        }
    }
}
