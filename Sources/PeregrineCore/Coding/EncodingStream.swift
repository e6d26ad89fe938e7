import Foundation

/// Writes an `Encodable` value straight into the output bytes, with no tree
/// in between.
///
/// Codable gives containers no "close" call, so the stream keeps a stack of
/// open arrays and objects: a container writing again closes the containers
/// opened inside it, and a value's encoder closes what the value opened when
/// its `encode(to:)` returns. Code that uses containers in a way bytes
/// cannot take — a key encoded twice, a second container for one key, a
/// write into a container after a later sibling started, a super encoder —
/// turns the stream into a tree (see `EncodingStream+Tree.swift`) where it
/// stands, so each `encode(to:)` still runs once.
final class EncodingStream {
    // One stream is written by one encode call on one thread, so the
    // runtime exclusivity check on every append is skipped.
    @exclusivity(unchecked) var output: OutputBuffer
    let state: EncodingState
    let sortsKeys: Bool
    /// Compact, pretty, or Foundation's pretty layout, chosen once: the
    /// stream is not generic over it, as every container would have to be.
    let layout: ChosenLayout
    /// Whether a container's close does more than write its bracket (pretty output, sorted keys).
    private let decoratesClose: Bool
    private let escapeRules: EscapeRules
    private let keepsFractions: Bool
    /// The open arrays and objects, outermost first. A frame is known by
    /// where it starts in the output: no two frames ever start at one offset.
    /// Plain values in a ``GrowingBuffer``: each member updates the innermost
    /// in place, without an array's uniqueness check or a key's retain.
    @exclusivity(unchecked) var frames = GrowingBuffer<Frame>()
    /// The key of the member being written in the object at each position,
    /// for coding paths, when it is a plain value (a `CodingKeys` enum):
    /// read where that frame's ``Frame/key`` is ``KeyPlace/plain``, written
    /// only for members whose encoding can ask for a path.
    @exclusivity(unchecked) private var plainKeys = GrowingBuffer<PlainCodingKey>()
    /// The same for the other keys (holding references, or larger), read
    /// where the frame's ``Frame/key`` is ``KeyPlace/boxed``.
    @exclusivity(unchecked) private var keys: [(any CodingKey)?] = []
    /// The member names written, as numbers, to find one written twice.
    let memberNames = EncodingMemberNames()
    /// The member names as they are written before their values — quoted,
    /// escaped, then the colon with the layout's spaces — one after another,
    /// by name number (see ``memberNames``): each name is escaped once per
    /// encode, and then copied.
    @exclusivity(unchecked) private var writtenNames: [UInt8] = []
    /// Where each name of ``writtenNames`` ends (16 spare bytes follow the last).
    @exclusivity(unchecked) private var writtenNameEnds: [Int] = []
    /// Whether names come from a custom key strategy (they depend on the coding path).
    let customKeys: Bool
    /// The tree the stream turned into, or was from the start (`JSON`
    /// results); `nil` while bytes are written directly.
    var tree: EncodedTree? {
        didSet { writesPlainMembers = tree == nil && writesPlainNames }
    }
    /// Whether a model's names are written as they are, compact: no key
    /// strategy, no sorted keys, no pretty layout.
    private let writesPlainNames: Bool
    /// ``writesPlainNames`` while bytes are written (no ``tree``): then
    /// ``beginPlainMember(_:in:)`` begins a model's members.
    private(set) var writesPlainMembers: Bool
    /// Under sorted keys: puts each object's members in key order when it
    /// closes (and a tree's, when it is written out).
    let keyOrder: StreamKeyOrder?

    struct Frame {
        let isObject: Bool
        /// For an object, where the key of the member being written is
        /// kept, at this frame's position (for coding paths).
        var key = KeyPlace.none
        /// The output offset of its opening bracket.
        let start: Int
        var count = 0
        /// Where the name stamps this frame's members replaced begin.
        let savedNames: Int
    }

    /// Where a frame's current key is kept: ``plainKeys``, ``keys``, or nowhere.
    enum KeyPlace { case none, plain, boxed }

    /// A stream for `state`'s settings, writing a tree when `tree`, else
    /// bytes: into an array's memory when `inArray` (for ``takeOutput()``
    /// to hand over), else into `malloc`'s.
    init(state: EncodingState, tree: Bool, inArray: Bool = false) {
        output = inArray ? OutputBuffer(arrayCapacity: 4_096) : OutputBuffer(capacity: 4_096)
        self.state = state
        let formatting = state.settings.outputFormatting
        sortsKeys = formatting.contains(.sortedKeys)
        layout =
            formatting.contains(.prettyPrinted)
            ? ChosenLayout(PrettyLayout(indent: (UInt8(ascii: " "), 2), foundation: formatting.contains(.foundationLayout))) : .compact
        escapeRules = EscapeRules(slashes: !formatting.contains(.withoutEscapingSlashes), unicode: formatting.contains(.escapeUnicode))
        keepsFractions = formatting.contains(.keepsWholeNumberFractions)
        customKeys = state.customKeys
        keyOrder = sortsKeys ? StreamKeyOrder() : nil
        decoratesClose = layout.isPretty || sortsKeys
        writesPlainNames = !layout.isPretty && !sortsKeys && !state.convertsKeys
        writesPlainMembers = writesPlainNames && !tree
        if tree { self.tree = EncodedTree() }
    }

    /// The bytes written, as an array: the output's own when it was made
    /// in an array (see `GrowingBuffer.takeArray()`), else a copy. The
    /// stream is left with an empty output.
    func takeOutput() -> [UInt8] {
        var taken = OutputBuffer(capacity: 1)
        swap(&taken, &output)
        return taken.takeArray()
    }

    /// The frames open right now (a value's encoder compares before and after).
    var depth: Int { frames.count }

    /// The position of the frame opened at output offset `start`, if it is
    /// still open (a value asking for its container a second time gets the
    /// same one).
    func frame(openedAt start: Int) -> Int? {
        var position = frames.count - 1
        while position >= 0, frames[position].start >= start {  // bounds proven: 0 <= position < count
            if frames[position].start == start { return position }  // bounds proven: 0 <= position < count
            position -= 1
        }
        return nil
    }

    /// Whether the value written at output offset `start` (closed: its
    /// frame is no longer open) begins with `bracket`, `{` or `[`.
    func wrote(_ bracket: UInt8, at start: Int) -> Bool {
        start >= 0 && start < output.count && output[start] == bracket  // bounds proven: start < output.count
    }

    /// Whether the frame that started at `start` is still open at `position`.
    @inline(__always)
    func isOpen(_ start: Int, at position: Int) -> Bool {
        position >= 0 && position < frames.count && frames[position].start == start  // bounds proven: checked first
    }

    /// Whether a sink's `container` is still open: the frame at its
    /// position is the one it opened (same start), not a later sibling
    /// that took the position after it closed. A member or element begun
    /// in it otherwise fails the encode (``closedContainer()``); then
    /// `false`, and what follows is written where it lands, as the output
    /// is thrown away.
    @inline(__always)
    func isOpen(_ container: SinkContainer) -> Bool {
        guard UInt(bitPattern: container.position) < UInt(bitPattern: frames.count),
            frames.pointer(at: container.position).pointee.start == container.start  // bounds proven: position < count (checked first)
        else {
            closedContainer()
            return false
        }
        return true
    }

    /// The coding path of the value being written inside the outermost
    /// `depth` frames: each frame's current key or element index.
    func codingPath(depth: Int) -> [any CodingKey] {
        (0..<max(min(depth, frames.count), 0)).map { position in
            let frame = frames[position]  // bounds proven: position < count
            switch frame.key {
            case .plain where position < plainKeys.count: return plainKeys[position].key  // bounds proven: position < count
            case .boxed where position < keys.count: if let key = keys[position] { return key }
            default: break
            }
            return IndexKey(intValue: max(frame.count - 1, 0))
        }
    }

    /// Opens an object or array; returns its position and start. The
    /// usual open, inside another with room for the frame and the
    /// bracket, is inlined and calls nothing; any other goes out of line.
    @inline(__always)
    func open(object: Bool) -> (position: Int, start: Int) {
        guard !frames.isEmpty, let opened = openInPlace(object: object) else { return openOutOfLine(object: object) }
        return opened
    }

    /// ``open(object:)`` at the top level or after growing the frames or the output.
    @inline(never)
    private func openOutOfLine(object: Bool) -> (position: Int, start: Int) {
        if frames.isEmpty, output.count != 0 { secondTopLevelValue() }
        _ = frames.reserve(1)
        _ = output.reserve(1)
        return openInPlace(object: object) ?? (frames.count - 1, output.count)  // room made above: never `nil`
    }

    /// ``open(object:)`` when the frames and the output have room now;
    /// `nil`, with nothing done, when either must grow.
    @inline(__always)
    private func openInPlace(object: Bool) -> (position: Int, start: Int)? {
        guard let frame = frames.reserveIfRoom(1), let bracket = output.reserveIfRoom(1) else { return nil }
        let start = output.count
        frame.initialize(to: Frame(isObject: object, start: start, savedNames: memberNames.savedCount))  // bounds proven: room for 1
        frames.advance(by: 1)
        bracket.initialize(to: object ? UInt8(ascii: "{") : UInt8(ascii: "["))  // bounds proven: room for 1
        output.advance(by: 1)
        return (frames.count &- 1, start)  // at least one frame now: no overflow
    }

    /// Where a member or element began, and its frame's count before it:
    /// what ``takeBack(_:at:start:)`` restores when its value throws.
    struct Mark {
        let output: Int
        let count: Int
    }

    /// The mark of the member or element about to begin in the frame at
    /// `position`, which must be open: first closes what the frame's last
    /// member left open, as beginning one does.
    @inline(__always)
    func mark(at position: Int) -> Mark {
        close(to: position + 1)
        return Mark(output: output.count, count: frames[position].count)  // bounds proven by callers: the frame is open
    }

    /// Takes a member or element of the frame at `position` (begun at
    /// `start`) whose value threw back out of the output, with what it left
    /// open: as in Foundation, a failed `encode` leaves nothing (a model that
    /// goes on after `try?` gets valid JSON). Once the stream is a tree,
    /// what was written stays, as valid JSON.
    func takeBack(_ mark: Mark, at position: Int, start: Int) {
        guard tree == nil, isOpen(start, at: position), mark.output >= start, mark.output <= output.count else { return }
        if frames.count > position + 1 {
            memberNames.restore(to: frames[position + 1].savedNames)  // bounds proven: position + 1 < count
            frames.removeAll(after: position + 1)
        }
        keyOrder?.forget(from: mark.output)
        output.removeAll(after: mark.output)
        frames[position].count = mark.count  // bounds proven: open (checked first)
    }

    /// Closes frames until only `depth` remain. The usual close, of one
    /// compact frame with room for its bracket, is inlined and calls
    /// nothing; any other goes out of line.
    @inline(__always)
    func close(to depth: Int) {
        let count = frames.count
        guard count > depth else { return }
        guard count == depth &+ 1 else { return closeFrames(to: depth) }
        guard !decoratesClose else { return closeDecorated() }
        guard closeCompactInPlace() else { return closeFrames(to: depth) }
    }

    @inline(never)  // out of the inlined close, which then calls nothing
    private func closeFrames(to depth: Int) {
        while frames.count > depth { closeInnermost() }
    }

    /// Closes the innermost frame (there is one): its bracket, and the
    /// name stamps its members replaced put back.
    private func closeInnermost() {
        guard !decoratesClose else { return closeDecorated() }
        _ = output.reserve(1)
        _ = closeCompactInPlace()  // room for the bracket made above
    }

    /// ``closeInnermost()`` in compact output when the output has room for
    /// the bracket now; `false`, with nothing done, when it has not.
    @inline(__always)
    private func closeCompactInPlace() -> Bool {
        guard let out = output.reserveIfRoom(1) else { return false }
        let frame = frames.last.pointee  // bounds proven: count >= 1
        out.initialize(to: frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))  // bounds proven: room for 1
        output.advance(by: 1)
        frames.removeLast()
        memberNames.restore(to: frame.savedNames)
        return true
    }

    /// ``closeInnermost()`` under sorted keys or a pretty layout: an
    /// object's members put in key order first, then the layout's close
    /// (in pretty output, on a line of its own).
    @inline(never)  // kept out of the compact close, which is inlined
    private func closeDecorated() {
        let position = frames.count &- 1  // at least one frame: no overflow
        let frame = frames.last.pointee  // bounds proven: count >= 1
        if let keyOrder, frame.isObject, tree == nil {
            let separator = layout.separatorCount(depth: frames.count)
            keyOrder.sort(after: frame.start, in: &output, separator: separator, names: memberNames)
        }
        layout.close(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: position, isEmpty: frame.count == 0, in: &output)
        frames.removeLast()
        memberNames.restore(to: frame.savedNames)
    }

    /// Prepares the innermost open frame, at `position`, for its next
    /// element (or object member `name`): writes the separator and the key.
    func beginElement(at position: Int, name: String? = nil) {
        separate(at: position)
        if let name { layout.key(name, escaping: escapeRules, in: &output) }
    }

    /// Begins member `key` of the object open at `position` (begun at output
    /// offset `start`), named under the key strategy; `false`, with the
    /// stream turned into a tree, when the object has that name already (a
    /// key written twice, or two keys the strategy names alike). What a
    /// keyed container and a generated encoder under a key strategy do.
    @inline(__always)
    func beginMember(_ key: some CodingKey, at position: Int, start: Int) -> Bool {
        // Inner objects close first: they give back the names' stamps they took.
        close(to: position + 1)
        let name = memberNames.index(of: key, cacheable: !customKeys) { state.jsonKey(key, codingPath: codingPath(depth: position)) }
        guard memberNames.insert(name, frame: start + 1) else {
            turnIntoTree()
            return false
        }
        beginElement(at: position, nameNumber: name)
        return true
    }

    /// Prepares the object at `position` for a member whose name has
    /// number `name` in ``memberNames``: the separator, then the name as
    /// ``beginElement(at:name:)`` writes it, copied from ``writtenNames``.
    func beginElement(at position: Int, nameNumber name: Int) {
        while writtenNameEnds.count <= name, writtenNameEnds.count < memberNames.names.count {
            addWrittenName(memberNames.names[writtenNameEnds.count])
        }
        guard name >= 0, name < writtenNameEnds.count else { return beginElement(at: position, name: "") }
        separate(at: position)
        keyOrder?.add(name: name, start: output.count)
        let start = name == 0 ? 0 : writtenNameEnds[name - 1]
        let count = writtenNameEnds[name] - start
        let out = UnsafeMutableRawPointer(output.reserve(count + 16))
        let copied = writtenNames.withUnsafeBytes { names in
            guard let base = names.baseAddress, start >= 0, start + count + 16 <= names.count else { return 0 }
            // bounds proven: ``writtenNames`` has 16 bytes to spare after its last name (the guard), the output 16 after `count`
            out.copyPadded(from: base + start, count: count)
            return count
        }
        output.advance(by: copied)
    }

    /// The separator before a member or element of the container at
    /// `position`, the innermost open one, counted, and in pretty output
    /// the line break. Pretty output goes out of line, where the layout is
    /// read whole: the compact path reads one byte of it.
    @inline(__always)
    private func separate(at position: Int) {
        guard !layout.isPretty else { return separatePretty(at: position) }
        separate(at: position, CompactLayout())
    }

    @inline(never)
    private func separatePretty(at position: Int) {
        separate(at: position, layout)
    }

    @inline(__always)
    private func separate(at position: Int, _ layout: some JSONLayout) {
        guard UInt(bitPattern: position) < UInt(bitPattern: frames.count) else { return closedContainer() }
        separateOpen(at: position, layout)
    }

    /// Prepares a sink's array for its next element: the separator. The
    /// usual element — of the innermost open frame, compact, with room in
    /// the output — is begun inline by code that calls nothing; any other
    /// goes out of line.
    @inline(__always)
    func beginElement(of array: SinkContainer) {
        let position = array.position
        // `position + 1 == count` as unsigned numbers: 0 <= position < count.
        guard UInt(bitPattern: position) &+ 1 == UInt(bitPattern: frames.count),
            frames.pointer(at: position).pointee.start == array.start,  // bounds proven: position < count
            !layout.isPretty, let comma = output.reserveIfRoom(1)
        else { return beginElementOutOfLine(of: array) }
        let frame = frames.pointer(at: position)  // bounds proven: as above
        // The comma is written for every element and counted for all but the first.
        comma.initialize(to: UInt8(ascii: ","))  // bounds proven: room for 1
        output.advance(by: frame.pointee.count == 0 ? 0 : 1)
        frame.pointee.count &+= 1  // at most the output's length: no overflow
    }

    /// ``beginElement(of:)`` when its array is not the innermost open
    /// frame (inner frames left open, or the array closed), in pretty
    /// output, or when the output must grow.
    @inline(never)
    private func beginElementOutOfLine(of array: SinkContainer) {
        guard isOpen(array) else { return }
        close(to: array.position &+ 1)  // a position is below the frames' count: no overflow
        separate(at: array.position)
    }

    /// ``separate(at:_:)`` in a frame known to be open at `position`
    /// (a sink's container, checked by ``isOpen(_:)``).
    @inline(__always)
    private func separateOpen(at position: Int, _ layout: some JSONLayout) {
        let frame = frames.pointer(at: position)  // bounds proven by callers: 0 <= position < count
        layout.beginElement(frame.pointee.count, depth: position &+ 1, in: &output)  // below the count: no overflow
        frame.pointee.count &+= 1  // at most the output's length: no overflow
    }

    /// A member or element begun in a container no longer open (a model's
    /// ``SinkContainer`` kept past its object, or kept while a later sibling
    /// took its position): the encode fails.
    @inline(never)
    func closedContainer() {
        state.fail(
            .invalidValue(
                (), EncodingError.Context(codingPath: codingPath(depth: depth), debugDescription: "a container was written after it was closed")))
    }

    /// A container opened at the top level after a value was written
    /// there (a hand-written encoder writing two values): JSON text holds
    /// one value, so the encode fails. Only while bytes are written: a tree
    /// has its own check for a second value.
    @inline(never)
    private func secondTopLevelValue() {
        guard tree == nil else { return }
        state.fail(EncodingState.secondTopLevelValue())
    }

    /// Whether a value was written at the top level after a top-level
    /// array or object, once every frame is closed: the text then begins
    /// with `[` or `{` but does not end with its match (a value written
    /// after it ends in a digit, a quote or a letter; a container opened
    /// after it failed in ``open(object:)`` already). Two bytes read, once
    /// per encode, instead of a check on every top-level write.
    var wroteAfterTopLevelContainer: Bool {
        guard output.count >= 2 else { return false }
        switch output[0] {  // bounds proven: count >= 2
        case UInt8(ascii: "["): return output[output.count - 1] != UInt8(ascii: "]")  // bounds proven: count >= 2
        case UInt8(ascii: "{"): return output[output.count - 1] != UInt8(ascii: "}")  // bounds proven: count >= 2
        default: return false
        }
    }

    /// Adds the written form of the next name to ``writtenNames``.
    @inline(never)  // once per name and encode
    private func addWrittenName(_ name: String) {
        var written = OutputBuffer(capacity: name.utf8.count + 24)
        layout.key(name, escaping: escapeRules, in: &written)
        if !writtenNameEnds.isEmpty { writtenNames.removeLast(16) }  // the spare bytes after the last name
        writtenNames.append(contentsOf: written.suffix(from: 0))
        writtenNameEnds.append(writtenNames.count)
        writtenNames.append(contentsOf: repeatElement(0, count: 16))
    }

    /// Prepares the object at `position` for a member named `plainName`
    /// (a generated encoder's name that no escaping option changes), where
    /// ``beginPlainMember(_:in:)`` does not write names (pretty output):
    /// the separator, then the name between quotes as it is.
    @inline(never)  // kept out of the generated encoders, whose usual member is `beginPlainMember`'s
    func beginElement(at position: Int, plainName: UnsafeBufferPointer<UInt8>) {
        separate(at: position)
        layout.key(plainName, escaping: escapeRules, in: &output)  // escaping leaves a plain name as it is
    }

    /// Begins member `field` of the model object `object` when its name
    /// is plain and written as it is (``writesPlainMembers``): closes what
    /// the last member left open, then `,"name":` (`"name":` for the
    /// first), copied from the model's table in one move. `false`, with
    /// nothing written, otherwise.
    ///
    /// The usual member — of the innermost open frame, with room in the
    /// output — is written inline by code that calls nothing; any other
    /// goes out of line.
    @inline(__always)
    func beginPlainMember(_ field: Int, in object: SinkContainer) -> Bool {
        guard writesPlainMembers, let separated = object.separatedName(field) else { return false }
        let position = object.position
        // `position + 1 == count` as unsigned numbers: 0 <= position < count.
        guard UInt(bitPattern: position) &+ 1 == UInt(bitPattern: frames.count),
            frames.pointer(at: position).pointee.start == object.start,  // bounds proven: position < count
            writeSeparatedName(separated, at: position)
        else { return beginPlainMemberOutOfLine(separated, in: object) }
        return true
    }

    /// ``beginPlainMember(_:in:)`` when its object is not the innermost
    /// open frame (inner frames left open, or the object closed) or the
    /// output must grow.
    @inline(never)
    private func beginPlainMemberOutOfLine(_ separated: (start: UnsafeRawPointer, count: Int), in object: SinkContainer) -> Bool {
        guard isOpen(object) else { return true }
        close(to: object.position &+ 1)  // a position is below the frames' count: no overflow
        _ = output.reserve(separated.count &+ 16)  // a name's length: no overflow
        _ = writeSeparatedName(separated, at: object.position)  // room made above
        return true
    }

    /// `,"name":` (`"name":` for the frame's first member) from a model's
    /// table, for the open frame at `position`, when the output has room
    /// for it and the 16 bytes a padded copy may write after it; `false`,
    /// with nothing written, when it has not.
    @inline(__always)
    private func writeSeparatedName(_ separated: (start: UnsafeRawPointer, count: Int), at position: Int) -> Bool {
        guard let out = output.reserveIfRoom(separated.count &+ 16) else { return false }  // a name's length: no overflow
        // The first member leaves out the comma; the name and the comma are copied in one move.
        let frame = frames.pointer(at: position)  // bounds proven by callers: open
        let first = frame.pointee.count == 0 ? 1 : 0
        frame.pointee.count &+= 1  // at most the output's length: no overflow
        let count = separated.count &- first  // a name is at least 4 bytes: no overflow
        // bounds proven: the table has 16 readable bytes after each name, the output 16 reserved after it
        UnsafeMutableRawPointer(out).copyPadded(from: separated.start + first, count: count)
        output.advance(by: count)
        return true
    }

    /// Records `key` as the key of the member just begun, for the coding
    /// paths of what it contains. Only members whose encoding can ask for a
    /// path (nested values, floats) pay for storing it.
    func setCurrentKey<Key: CodingKey>(_ key: Key) {
        guard !frames.isEmpty else { return }
        let position = frames.count - 1
        if let plain = PlainCodingKey(key) {
            // Positions not yet written are read only once written: the frame's ``Frame/key`` says so.
            if plainKeys.count <= position { plainKeys.appendUninitialized(position + 1 - plainKeys.count) }
            plainKeys[position] = plain  // bounds proven: position < count now
            frames.last.pointee.key = .plain  // bounds proven: not empty
        } else {
            while keys.count <= position { keys.append(nil) }
            keys[position] = key
            frames.last.pointee.key = .boxed  // bounds proven: not empty
        }
    }

    func write(_ string: String) {
        output.appendString(string, escaping: escapeRules)
    }

    /// A number; a double through ``write(_:)-(Double)``, as Foundation writes it.
    /// An integer calls nothing unless the output must grow.
    @inline(__always)
    func write(_ number: JSON.Number) {
        switch number.storage {
        case .double(let double): write(double: double)
        case .int64(let value): if !output.appendIntegerIfRoom(value.magnitude, negative: value < 0) { output.appendNumber(number) }
        case .uint64(let value): if !output.appendIntegerIfRoom(value, negative: false) { output.appendNumber(number) }
        case .decimal: output.appendNumber(number)
        }
    }

    /// A finite double as Foundation writes it: Swift's text `1000.0` loses
    /// its `.0` (unless `.keepsWholeNumberFractions`).
    private func write(double: Double) {
        output.appendDouble(double)
        if !keepsFractions, output.count >= 2, output[output.count - 1] == UInt8(ascii: "0"), output[output.count - 2] == UInt8(ascii: ".") {
            output.removeAll(after: output.count - 2)
        }
    }

    func writeNull() { output.appendNull() }

    func write(_ flag: Bool) { output.appendBool(flag) }

    /// A float, or for `NaN` and infinities what the strategy says; errors
    /// name the value being written.
    func write<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        if let double = value as? Double, double.isFinite {
            write(double: double)
        } else {
            try write(state.number(value, codingPath: codingPath(depth: depth)))
        }
    }

    /// A value as it stands, members in their order (nested no deeper than
    /// an owned value may be, so the recursion is bounded).
    func write(_ value: JSON, level: Int = 0) throws {
        switch value {
        case .null: writeNull()
        case .bool(let flag): write(flag)
        case .string(let string): write(string)
        case .number(let number):
            if case .double(let double) = number.storage, !double.isFinite {
                try write(double)
            } else {
                write(number)
            }
        case .array(let elements):
            try checkLevel(level)
            _ = open(object: false)
            let position = frames.count - 1
            for element in elements {
                beginElement(at: position)
                try write(element, level: level + 1)
            }
            close(to: position)
        case .object(let object):
            try checkLevel(level)
            _ = open(object: true)
            let position = frames.count - 1
            let order = sortsKeys ? object.sortedPositions() : nil
            for index in 0..<object.count {
                let member = object.member(at: order?[index] ?? index)
                beginElement(at: position, name: member.key.string)
                try write(member.value, level: level + 1)
            }
            close(to: position)
        }
    }

    private func checkLevel(_ level: Int) throws {
        guard level < JSON.maxValueDepth else {
            throw EncodingError.invalidValue(
                (), EncodingError.Context(
                    codingPath: codingPath(depth: depth),
                    debugDescription: "a JSON value nests deeper than \(JSON.maxValueDepth) levels, the most an owned value holds"))
        }
    }
}
