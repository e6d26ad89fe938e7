/// What every encoder and container of one ``Binary/Encoder`` call shares:
/// the writer, the containers open right now, the class instances written
/// so far and what is known of each type met.
///
/// Codable gives containers no "close" call, so the state keeps a stack of
/// open containers (frames), like `JSON.Encoder`'s stream: a container
/// writing again closes the containers opened inside it, and a value's
/// encoder closes what the value opened when its `encode(to:)` returns.
/// Closing writes the container's count into the byte reserved for it.
@usableFromInline
final class BinaryEncodingState {
    typealias Frame = BinaryFrameStack.Frame

    /// One stream is written by one encode call on one thread, so the
    /// runtime exclusivity checks on these are skipped.
    @exclusivity(unchecked) var writer = BinaryWriter(capacity: 4096)
    let frames = BinaryFrameStack()
    @exclusivity(unchecked) private var types = BinaryEncodedTypeCache()
    @exclusivity(unchecked) private var memberNames = BinaryMemberNameCache()
    /// The names of the open objects and records, to refuse a name written twice.
    private let nameRepeats = BinaryNameRepeats()
    /// Whether a set has been written: the file is then checked as a reader
    /// checks it (``Binary/Encoder/encode(_:)``), since two different Swift
    /// values may encode alike.
    private(set) var wroteSet = false
    /// The shared-value number of each class instance written, or -1 while
    /// it is being written.
    private var instances: [ObjectIdentifier: Int] = [:]
    /// The instances of ``instances``, kept alive so that no identity is reused during the encode.
    private var retained: [AnyObject] = []
    private var nextFrameID = 0
    /// The container the value starting at `position` opens, when it is not
    /// a plain array or object: set for sets, dictionaries and registered types.
    var pending: (position: Int, kind: Frame.Kind, record: Int?) = (-1, .object, nil)
    /// An error found where Codable gives no way to throw (opening a
    /// container); the next write in that container throws it.
    private(set) var failure: Binary.EncodingError?
    /// Where the top-level value ended, once the last frame open closed:
    /// the body must end there too (``checkOneValue()``).
    private var rootEnd: Int?

    let registry: Binary.TypeRegistry
    let userInfo: [CodingUserInfoKey: Any]
    let maxDepth: Int

    init(encoder: Binary.Encoder) {
        registry = encoder.registry
        userInfo = encoder.userInfo
        maxDepth = encoder.maxDepth
    }

    @inline(__always)
    func encodedType(_ type: Any.Type) -> BinaryEncodedType { types.lookUp(type, registry: registry) }

    // MARK: Containers

    /// The container of the value starting at `start`: the one it opened
    /// already (a value asking twice gets the same container), or a new
    /// one. Returns the frame's id and its place in the stack, or `nil`
    /// when the value has written something else (the error is kept for its next write).
    func container(at start: Int, keyed: Bool) -> (id: Int, position: Int)? {
        if writer.position != start {
            if let position = frames.position(startingAt: start) {
                return (frames[position].id, position)  // position < count: found among the open frames
            }
            fail(.containerOrder, "a container was asked for after its value was written", depth: frames.count)
            return nil
        }
        var kind: Frame.Kind = keyed ? .object : .array
        var recordName: String?
        if pending.position == start {
            switch pending.kind {
            case .set, .dictionary: if !keyed { kind = pending.kind }
            case .record: if keyed, let record = pending.record { (kind, recordName) = (.record, types.recordName(record)) }
            case .array, .object, .shared: break
            }
        }
        return open(kind, recordName: recordName)
    }

    /// Opens a container of `kind`: writes its tag and reserves its count.
    func open(_ kind: Frame.Kind, recordName: String? = nil) -> (id: Int, position: Int)? {
        guard frames.count < maxDepth else {
            fail(.depthExceeded, "the value nests deeper than \(maxDepth) levels", depth: frames.count)
            return nil
        }
        if frames.count == 0, writer.position != 0 { secondValue() }
        let tag: Binary.Tag
        switch kind {
        case .array: tag = .array
        case .set: tag = .set
        case .dictionary: tag = .dictionary
        case .object: tag = .object
        case .record: tag = .record
        case .shared: return nil  // shared values open through beginInstance
        }
        let start = writer.position
        writer.tag(tag)
        if kind == .record { writer.string(recordName ?? "") }
        let countPosition = writer.countPlaceholder()
        nextFrameID += 1
        var frame = Frame(id: nextFrameID, kind: kind, start: start, countPosition: countPosition, valueStart: writer.position)
        frame.namesStart = nameRepeats.start
        if kind == .set { wroteSet = true }
        return (nextFrameID, frames.push(frame))
    }

    /// Closes frames until only `depth` remain, writing their counts.
    func close(to depth: Int) {
        while frames.count > depth, let frame = frames.pop() {
            switch frame.kind {
            case .shared: break
            case .dictionary:
                fillEmptyValue(of: frame)
                writer.patchCount(frame.count / 2, at: frame.countPosition)
            case .array, .set:
                fillEmptyValue(of: frame)
                writer.patchCount(frame.count, at: frame.countPosition)
            case .object, .record:
                fillEmptyValue(of: frame)
                writer.patchCount(frame.count, at: frame.countPosition)
                if let repeated = nameRepeats.repeated(from: frame.namesStart) {
                    fail(.duplicateKey, "two members are named \(JSON.serializedString(escaping: writer.string(at: repeated)))", depth: frames.count)
                }
            }
            if frames.count == 0 { rootEnd = writer.position }
        }
    }

    /// Begins the next element of the container `id` at `position` in the
    /// stack: closes what was opened inside it and counts the element.
    @inline(__always)
    func begin(_ id: Int, at position: Int) throws(Binary.EncodingError) {
        _ = try beginFrame(id, at: position)
    }

    /// Begins the next member of the object or record `id` at `position`
    /// in the stack, named by the key whose ``BinaryMemberNameCache/identity(of:)``
    /// is `identity` and whose `stringValue` is `name()`.
    @inline(__always)
    func begin(_ id: Int, at position: Int, key identity: UInt64?, name: () -> String) throws(Binary.EncodingError) {
        let frame = try beginFrame(id, at: position)
        frame.pointee.keyStart = writer.position
        let index: Int
        if let identity, let known = memberNames.index(of: identity) {
            index = known
        } else {
            index = writer.stringIndex(name())
            if let identity { memberNames.add(identity, index: index) }
        }
        writer.count(index)
        nameRepeats.reserve(index)
        nameRepeats.push(index)
        frame.pointee.valueStart = writer.position
    }

    /// Begins the next element of the container `id` at `position`; returns its frame.
    @inline(__always)
    private func beginFrame(_ id: Int, at position: Int) throws(Binary.EncodingError) -> UnsafeMutablePointer<Frame> {
        guard frames.isOpen(id, at: position) else { throw closedContainer() }
        if frames.count > position + 1 { close(to: position + 1) }
        let frame = frames.pointer(at: position)  // position < count: open, checked above
        fillEmptyValue(of: frame.pointee)
        frame.pointee.count += 1
        frame.pointee.valueStart = writer.position
        return frame
    }

    /// An element whose value wrote nothing (a super encoder left unused)
    /// becomes an empty object, so that the count stays true.
    @inline(__always)
    private func fillEmptyValue(of frame: Frame) {
        guard frame.count > 0, writer.position == frame.valueStart else { return }
        writer.tag(.object)
        writer.count(0)
    }

    /// The error for a write into a container that is closed or never opened.
    func closedContainer() -> Binary.EncodingError {
        failure ?? Binary.EncodingError(kind: .containerOrder, message: "\(jsonPath(codingPath(depth: frames.count))): a container was written after a later sibling had started (the encoder writes in one pass)")
    }

    /// Keeps `error`, from a member or element a generated encoder began
    /// in a container no longer open, as the encode's failure: code that
    /// skips the member on `false` (rather than calling `encodeCodable`,
    /// which throws it) still fails the encode.
    func fail(_ error: Binary.EncodingError) {
        if failure == nil { failure = error }
    }

    /// A value begun at the top level after the first one (a hand-written
    /// generated encoder that ends its array, then writes again): a file
    /// holds one value, so the encode fails.
    @inline(never)
    private func secondValue() {
        fail(.containerOrder, "a second value was written at the top level, after the first had ended: a file holds one value", depth: 0)
    }

    /// Fails the encode when the body holds more than the top-level value,
    /// once every frame is closed: something written after the top-level
    /// container (or shared instance) ended. A container or shared
    /// instance begun after the first value failed when it opened.
    func checkOneValue() {
        if let rootEnd, writer.position != rootEnd { secondValue() }
    }

    private func fail(_ kind: Binary.EncodingError.Kind, _ message: String, depth: Int) {
        if failure == nil { failure = Binary.EncodingError(kind: kind, message: "\(jsonPath(codingPath(depth: depth))): \(message)") }
    }

    // MARK: Shared instances

    /// The shared-value number of `object` if it was written already;
    /// throws when it is being written now (it contains itself).
    func sharedNumber(of object: AnyObject, depth: Int) throws(Binary.EncodingError) -> Int? {
        guard let number = instances[ObjectIdentifier(object)] else { return nil }
        guard number >= 0 else {
            throw Binary.EncodingError(
                kind: .cycle, message: "an instance of \(type(of: object)) contains itself at \(jsonPath(codingPath(depth: depth)))")
        }
        return number
    }

    /// Starts writing `object` as a shared value (its tag, and a frame that
    /// counts toward the depth); returns its number.
    func beginInstance(_ object: AnyObject) throws(Binary.EncodingError) -> Int {
        guard frames.count < maxDepth else {
            throw Binary.EncodingError(kind: .depthExceeded, message: "\(jsonPath(codingPath(depth: frames.count))): the value nests deeper than \(maxDepth) levels")
        }
        let start = writer.position
        if frames.count == 0, start != 0 { secondValue() }
        let number = writer.shared()
        nextFrameID += 1
        _ = frames.push(Frame(id: nextFrameID, kind: .shared, start: start, countPosition: start, valueStart: writer.position))
        instances[ObjectIdentifier(object)] = -1
        retained.append(object)
        return number
    }

    /// Marks `object` as written, as shared value `number`, closing its frame
    /// and those opened inside it (`depth` is the stack's size before it).
    @usableFromInline
    func endInstance(_ object: AnyObject, number: Int, depth: Int) {
        close(to: depth)
        instances[ObjectIdentifier(object)] = number
    }

    // MARK: Coding paths

    /// The coding path of the value being written inside the outermost `depth` frames.
    func codingPath(depth: Int) -> [any CodingKey] {
        frames.codingPath(depth: depth) { writer.string(referencedAt: $0) }
    }
}
