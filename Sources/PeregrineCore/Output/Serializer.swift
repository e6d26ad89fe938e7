/// Writes a ``JSON`` value through a ``TokenWriter``, laid out by `Layout`
/// (chosen once per write by ``JSON/text(options:flush:)``).
///
/// The walk is iterative: a stack of open containers replaces recursion, so
/// the call stack stays flat whatever the nesting, and the depth check
/// throws before the stack grows past `options.maxDepth`. A frame holds a
/// pointer to its container's elements (or members) and the position of
/// the next one, and is updated in place: no container is copied, wrapped
/// or retained per element.
///
/// The pointers stay valid for the whole walk: the root is borrowed for the
/// call and nothing can mutate it meanwhile (a mutation would copy the
/// storage first, or trap as an exclusivity violation), and it keeps every
/// nested array and object, and so their storage, alive.
struct Serializer<Layout: JSONLayout>: ~Copyable {
    var writer: TokenWriter
    let layout: Layout
    /// The open containers, outermost first.
    private var frames = GrowingBuffer<Frame>()
    /// The member positions of the open sorted objects, in key order, each
    /// object's above its parent's.
    private var orders = GrowingBuffer<Int>()
    /// Puts a sorted object's members in order.
    private var sorter = KeySorter()
    /// The orders of objects sorted before, by their keys' identities.
    private var sortedShapes = KeyOrderMemo()
    /// The text of keys written before.
    private var keys = KeyTextCache()
    /// Where an object's keys and values start in their lists.
    private let keysOffset = UInt(bitPattern: JSON.Object.KeyList.elementsOffset)
    private let valuesOffset = UInt(bitPattern: JSON.Object.ValueList.elementsOffset)

    /// An array or object being written.
    struct Frame {
        /// The first element of an array, or value of an object.
        let base: UnsafePointer<JSON>
        /// An object's first key (an array's first element: not read).
        let keys: UnsafeRawPointer
        let isObject: Bool
        /// For a sorted object, where its member order starts in `orders`; otherwise -1.
        let order: Int
        let count: Int
        /// The position of the next element or member.
        var next = 0
    }

    init(options: JSON.SerializationOptions, layout: Layout, allowsNonFinite: Bool = false, flush: (([UInt8]) -> Bool)? = nil) {
        // 32 KiB to start: a typical API payload is written without growing
        // (each growth copies what was written), and memory not written to
        // costs nothing; the output is copied to its exact size at the end.
        writer = TokenWriter(options: options, allowsNonFinite: allowsNonFinite, capacity: 1 << 15, flush: flush)
        self.layout = layout
    }

    /// The bytes written, handed over as ``TokenWriter/takeOutput()`` does.
    consuming func takeOutput() -> [UInt8] { writer.takeOutput() }

    mutating func write(_ root: JSON) throws(JSON.SerializationError) {
        try withUnsafePointer(to: root) { root throws(JSON.SerializationError) in
            do throws(WriteFailure) {
                if let frame = try writeScalarOrOpen(root, depth: 0) { frames.append(frame) }
                try walk()
            } catch {
                throw error.at(path(to: error.kind))
            }
        }
    }

    /// Where the walk stopped on an error of `kind`, found once it stopped
    /// (the walk itself keeps no more than it needs): in each open
    /// container but the last, the element before its `next`, the one
    /// being written; in the last, the first element from its `next` that
    /// fails so, since the run that threw started there and wrote only
    /// scalars and empty containers before it. Empty for the root.
    ///
    /// - Complexity: O(depth + the elements of the last run).
    @inline(never)  // the error path
    private func path(to kind: JSON.SerializationError.Kind) -> [JSON.PathComponent] {
        frames.withElements { frames in
            frames.indices.map { depth in
                let frame = frames[depth]
                var position = frame.next - 1
                if depth == frames.count - 1 {
                    position = frame.next
                    while position < frame.count - 1, !Self.fails(frame.base + member(position, of: frame), kind) { position += 1 }
                }
                guard frame.isObject else { return .index(position) }
                return .key(frame.keys.assumingMemoryBound(to: ScalarKey.self)[member(position, of: frame)].string)
            }
        }
    }

    /// The member (or element) slot at `position` of `frame`'s order.
    private func member(_ position: Int, of frame: Frame) -> Int {
        // bounds proven: a position below the frame's count, as the walk reads it
        frame.order >= 0 ? orders[frame.order + position] : position
    }

    /// Whether writing `value` throws an error of `kind`: a non-finite
    /// double, or any array or object where one is too deep.
    private static func fails(_ value: UnsafePointer<JSON>, _ kind: JSON.SerializationError.Kind) -> Bool {
        switch (value.pointee, kind) {
        case (.number(let number), .nonFiniteNumber):
            if case .double(let double) = number.storage { return !double.isFinite }
            return false
        case (.array, .tooDeep), (.object, .tooDeep): return true
        default: return false
        }
    }

    /// Writes the elements of the open containers, innermost first: a run of
    /// elements is written in one loop with its position in a register,
    /// stored back into the frame only when a nested container opens.
    private mutating func walk() throws(WriteFailure) {
        while !frames.isEmpty {
            let frame = frames.last
            let (count, depth) = (frame.pointee.count, frames.count)
            var index = frame.pointee.next
            var opened: Frame?
            let (base, keys, isObject, order) = (frame.pointee.base, frame.pointee.keys, frame.pointee.isObject, frame.pointee.order)
            while index < count, opened == nil {
                writer.beginElement(index, depth: depth, layout)
                let value: UnsafePointer<JSON>
                if !isObject {
                    value = base + index  // bounds proven: index < count of the array
                } else {
                    // bounds proven: a position below the object's count, which its keys and values both have
                    let position = order >= 0 ? orders[order + index] : index
                    writeKey(keys.assumingMemoryBound(to: ScalarKey.self) + position)
                    value = base + position
                }
                opened = try writeScalarOrOpen(value, depth: depth)
                index += 1
            }
            if let opened {
                frame.pointee.next = index
                frames.append(opened)  // may move the frames: `frame` is not used after this
                continue
            }
            if order >= 0 { orders.removeAll(after: frame.pointee.order) }
            frames.removeLast()
            writer.close(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: depth - 1, layout)
        }
    }

    /// Writes a member's key and colon, from the cache when it has them.
    @inline(__always)
    private mutating func writeKey(_ key: UnsafePointer<ScalarKey>) {
        let hash = key.pointee.hash
        // A hit is good whether or not the cache still takes keys.
        if let (start, count) = keys.lookUp(hash: hash, key: key.pointee.string) {
            keys.count(hit: true)
            return keys.copy(from: start, count: count, to: &writer.output)
        }
        writeUncachedKey(key)
    }

    /// Writes a key the cache does not have, and offers it to the cache:
    /// its bytes read in place (``JSON/keyUTF8(inPlace:)``), so that
    /// nothing is retained.
    @inline(never)
    private mutating func writeUncachedKey(_ key: UnsafePointer<ScalarKey>) {
        guard writer.readsStringsInPlace, let utf8 = JSON.keyUTF8(inPlace: key) else { return writeUncachedKeyString(key) }
        guard keys.isOn else { return writer.key(utf8, layout) }
        keys.count(hit: false)
        let start = writer.output.count
        writer.key(utf8, layout)
        // bounds proven: a key starts with its String's two words (checked with readsStringsInPlace)
        let identity = KeyTextCache.Identity(words: UnsafeRawPointer(key))
        keys.remember(hash: key.pointee.hash, identity: identity, utf8: utf8, suffix: layout.keySuffix.count, writtenFrom: start, in: writer.output)
    }

    /// ``writeUncachedKey(_:)`` through the key's `String`, where its
    /// bytes cannot be read in place.
    private mutating func writeUncachedKeyString(_ key: UnsafePointer<ScalarKey>) {
        guard keys.isOn else { return writer.key(key.pointee.string, layout) }
        keys.count(hit: false)
        let start = writer.output.count
        writer.key(key.pointee.string, layout)
        _ = key.pointee.string.utf8.withContiguousStorageIfAvailable { utf8 in
            keys.remember(
                hash: key.pointee.hash, identity: KeyTextCache.Identity(key.pointee.string), utf8: utf8, suffix: layout.keySuffix.count, writtenFrom: start, in: writer.output)
        }
    }

    /// Writes a scalar or an empty container completely; for a non-empty
    /// container, `depth` levels down, writes the opening bracket and
    /// returns its frame.
    @inline(__always)
    private mutating func writeScalarOrOpen(_ value: UnsafePointer<JSON>, depth: Int) throws(WriteFailure) -> Frame? {
        switch value.pointee {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .number(let number): try writer.number(number)
        case .string: writer.string(at: value)
        case .array(let elements):
            // Read the container first and write after, so that Swift need
            // not retain it across the writes.
            let (base, count) = (elements.withUnsafeBufferPointer { $0.baseAddress }, elements.count)
            return try open(base, keys: base.map { UnsafeRawPointer($0) }, count: count, isObject: false, depth: depth)
        case .object(let object):
            // The lists' addresses, read without a call on them: calling
            // `withUnsafeMutablePointerToElements` made Swift copy the object
            // around the call, on every object written.
            let keys = object.keyList.map { UInt(bitPattern: ObjectIdentifier($0)) &+ keysOffset }
            let values = object.valueList.map { UInt(bitPattern: ObjectIdentifier($0)) &+ valuesOffset }
            let (slots, members) = object.slotAndMemberCounts
            let (base, keyBase) = (values.flatMap { UnsafePointer<JSON>(bitPattern: $0) }, keys.flatMap { UnsafeRawPointer(bitPattern: $0) })
            guard slots == members else { return try openWithRemovedSlots(object, base, keys: keyBase, depth: depth) }
            return try open(base, keys: keyBase, count: members, isObject: true, depth: depth)
        }
        return nil
    }

    /// Opens an object some of whose slots are of removed members (see
    /// `JSON.Object.KeyList`): its frame takes the slots of its members,
    /// in order or sorted by key, from `orders`, as a sorted object's does.
    @inline(never)
    private mutating func openWithRemovedSlots(
        _ object: JSON.Object, _ base: UnsafePointer<JSON>?, keys: UnsafeRawPointer?, depth: Int
    ) throws(WriteFailure) -> Frame? {
        try writer.checkDepth(depth)
        let count = object.count
        guard let base, let keys, count > 0 else {
            writer.empty(object: true, depth: depth, layout)
            return nil
        }
        writer.open(UInt8(ascii: "{"))
        let start = orders.count
        let out = orders.reserve(count)
        var rank = 0
        for slot in object.memberSlots {
            out[rank] = slot  // bounds proven: one slot per member, `count` of them, the room reserved
            rank += 1
        }
        if writer.options.sortedKeys {
            let slots = Array(UnsafeBufferPointer(start: out, count: count))
            let keyList = keys.assumingMemoryBound(to: ScalarKey.self)
            sorter.writeOrder(of: count, into: out) { keyList[slots[$0]].string }  // bounds proven: slots of members, below the list's count
            for rank in 0..<count { out[rank] = slots[out[rank]] }  // bounds proven: the order's entries are below count
        }
        orders.advance(by: count)
        return Frame(base: base, keys: keys, isObject: true, order: start, count: count)
    }

    /// Writes the opening bracket of the array or object whose `count`
    /// elements or values start at `base` (an object's keys at `keys`) and
    /// returns its frame; writes an empty one completely.
    @inline(__always)
    private mutating func open(
        _ base: UnsafePointer<JSON>?, keys: UnsafeRawPointer?, count: Int, isObject: Bool, depth: Int
    ) throws(WriteFailure) -> Frame? {
        try writer.checkDepth(depth)
        // An object with members always has its keys.
        guard let base, let keys, count > 0 else {
            writer.empty(object: isObject, depth: depth, layout)
            return nil
        }
        writer.open(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let order = isObject && writer.options.sortedKeys ? pushOrder(of: UnsafeBufferPointer(start: keys.assumingMemoryBound(to: ScalarKey.self), count: count)) : -1
        return Frame(base: base, keys: keys, isObject: isObject, order: order, count: count)
    }

    /// Pushes the positions of `keys` in key order onto `orders`;
    /// returns where they start.
    private mutating func pushOrder(of keys: UnsafeBufferPointer<ScalarKey>) -> Int {
        let start = orders.count
        let out = orders.reserve(keys.count)
        let identity = { KeyTextCache.Identity(keys[$0].string) }  // bounds proven: the memo asks for positions below keys.count
        if sortedShapes.order(count: keys.count, into: out, identity: identity) == nil {
            sorter.writeOrder(of: keys.count, into: out) { keys[$0].string }  // bounds proven: positions below keys.count
            sortedShapes.record(count: keys.count, order: UnsafeBufferPointer(start: out, count: keys.count), identity: identity)
        }
        orders.advance(by: keys.count)
        return start
    }
}

