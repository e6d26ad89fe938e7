/// What every decoder and container of one ``Binary/Decoder`` call shares:
/// the tape, the string table, the input (for data and UUID bytes), the
/// class instances decoded from shared values, and where key lookups stopped.
@usableFromInline
final class BinaryDecodingState {
    let tape: [BinaryTapeEntry]
    /// The string table. A member name a model asks for replaces the equal
    /// table string it is found as, so that the next lookup of that name
    /// compares two strings with the same storage, at the cost of one word compare.
    @exclusivity(unchecked) private(set) var strings: [String]
    /// Whether each string of the table has been replaced by a model's name.
    @exclusivity(unchecked) private var isModelName: [Bool]
    /// Where each string of the table is in the input, and its UTF-8 length:
    /// key lookups compare bytes.
    let stringStarts: [Int]
    let lengths: [Int]
    private let memberNames: BinaryMemberNames
    let input: [UInt8]
    let registry: Binary.TypeRegistry
    let userInfo: [CodingUserInfoKey: Any]
    /// The class instance decoded from each shared value, by number.
    @exclusivity(unchecked) private var instances: [AnyObject?]
    /// Where the last key lookup in each open object stopped.
    @exclusivity(unchecked) private var cursors = LookupCursors()
    /// Which types asked for are arrays decoded off the tape.
    @exclusivity(unchecked) private var typeRoles = TapeTypeRoles()
    /// The fields of generated models each member name is, made when a
    /// generated decoder first looks members up.
    lazy var modelFields = BinaryModelFields()
    /// Each entry's container and position, built the first time a coding
    /// path is asked for.
    lazy var parents = ParentIndex(count: tape.count) { [tape] in Int(truncatingIfNeeded: tape[$0].end) }
    /// The stack this decode may still use.
    @exclusivity(unchecked) private var stack = StackReserve()
    /// The outcomes of the untagged enums this decode is decoding.
    @usableFromInline @exclusivity(unchecked) var untagged = UntaggedMemo()

    /// The value of `type` at `index` that `decode` gives inside a case of
    /// an untagged enum, kept or taken from the memo
    /// (``DecodingSource/decodeInCase(_:at:_:)``), for the tape's
    /// decoders, which make `decode` specialised for the type.
    @usableFromInline
    func decodeKept(_ type: Any.Type, at index: Int, _ decode: () throws -> Any) throws -> Any {
        try decodeInCase(type, at: index, decode)
    }

    @inline(__always)
    func checkStack(at index: Int) throws {
        do { try stack.check() } catch { throw stackExhausted(at: index, error) }
    }

    /// The names of lookups that did not find the member after the cursor,
    /// and their table indexes (-1 for a name of no member), placed by the
    /// bits of the `String` value: a model's keys are the same strings every
    /// time, so each is found again with a string comparison that checks
    /// identity first. Up to
    /// ``nameProbes`` slots from the first are tried; when they are taken,
    /// the name replaces the first one's, which only costs a longer lookup.
    @exclusivity(unchecked) private var names = SlotTable<NameSlot>(size: 512)
    private static let nameProbes = 4

    /// A name of ``names`` and its table index.
    private struct NameSlot: TableSlot {
        var name: String
        var index: Int

        static var empty: NameSlot { NameSlot(name: "", index: -2) }
        var isEmpty: Bool { index == -2 }
    }

    init(tape: BinaryTape, input: [UInt8], decoder: Binary.Decoder) {
        self.tape = tape.entries
        strings = tape.strings
        isModelName = Array(repeating: false, count: tape.strings.count)
        stringStarts = tape.stringStarts
        let lengths = tape.stringLengths
        self.lengths = lengths
        memberNames = tape.memberNames
        self.input = input
        registry = decoder.registry
        userInfo = decoder.userInfo
        instances = Array(repeating: nil, count: tape.sharedCount)
    }

    /// The tape index of the value at `index` once shared-value wrappers and
    /// back-references are looked through, and its entry.
    @inline(__always)
    func resolved(_ index: Int) -> (index: Int, entry: BinaryTapeEntry) {
        let entry = tape[index]
        guard entry.tag == .shared || entry.tag == .reference else { return (index, entry) }
        let value = resolve(index)
        return (value, tape[value])
    }

    /// The tape index of the value at `index` once shared-value wrappers and
    /// back-references are looked through. Ends: each back-reference names
    /// a shared value complete before it, so each one met is earlier than the last.
    func resolve(_ index: Int) -> Int {
        var index = index
        while true {
            let entry = tape[index]
            switch entry.tag {
            case .shared: index += 1
            case .reference: index = Int(truncatingIfNeeded: entry.payload) + 1
            default: return index
            }
        }
    }

    // MARK: Shared instances

    /// The class instance decoded from the shared value at tape index `shared`.
    func instance(sharedAt shared: Int) -> AnyObject? {
        instances[Int(truncatingIfNeeded: tape[shared].payload)]
    }

    @usableFromInline
    func setInstance(_ object: AnyObject, sharedAt shared: Int) {
        instances[Int(truncatingIfNeeded: tape[shared].payload)] = object
    }

    // MARK: Members

    /// The tape index of the member named `name` of the object or record at
    /// `object`. Models ask for members in the order they were written, so
    /// the member after the last one found is tried first; otherwise the
    /// name's table index (found once per name) is compared with each
    /// member's, and a name that names no member anywhere is missing at once.
    func member(named name: String, in object: Int) -> Int? {
        let first = object + 1
        let end = Int(truncatingIfNeeded: tape[object].end)
        guard first < end else { return nil }
        var start = cursors.start(in: object) ?? first
        if start < first || start >= end { start = first }
        let entry = tape[start]
        let key = Int(truncatingIfNeeded: entry.key)
        if lengths[key] == name.utf8.count, strings[key] == name {
            cursors.set(Int(truncatingIfNeeded: entry.end), in: object)
            if !isModelName[key] {
                strings[key] = name
                isModelName[key] = true
            }
            return start
        }
        let index = tableIndex(of: name)
        guard index >= 0 else { return nil }
        guard memberNames.hasDuplicates else { return scan(object, first: first, end: end, start: start) { $0 == index } }
        return withUTF8(of: name) { wanted in
            input.withUnsafeBufferPointer { input in
                scan(object, first: first, end: end, start: start) { isString($0, wanted, in: input) }
            }
        }
    }

    /// The table index of the member name `name` (the first, if the table
    /// has it twice), or -1 when no member has that name.
    private func tableIndex(of name: String) -> Int {
        let hash = Self.nameHash(of: name)
        let found = names.firstSlot(from: hash, limit: Self.nameProbes) { $0.name == name }
        if let found, !names[found].isEmpty { return names[found].index }
        let index = withUTF8(of: name) { wanted in
            input.withUnsafeBufferPointer { input in
                memberNames.index(of: wanted, matches: { isString($0, wanted, in: input) }) ?? -1
            }
        }
        let slot = found ?? hash  // the home slot when the probes found no room
        names[slot] = NameSlot(name: name, index: index)
        names.checkSlot(slot, limit: Self.nameProbes) { Self.nameHash(of: $0.name) }
        return index
    }

    /// The hash of `name` for ``names``, from the bits of the `String`
    /// value (its bytes when short, else where they are stored), which are
    /// the same each time a model gives the same key.
    private static func nameHash(of name: String) -> Int {
        withUnsafeBytes(of: name) { bits in
            var hash: UInt64 = 0
            var offset = 0
            while offset + 8 <= bits.count {
                hash = (hash ^ bits.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15  // bounds proven: offset + 8 <= count
                offset += 8
            }
            return Int(truncatingIfNeeded: hash >> 40)
        }
    }

    /// Runs `body` with the UTF-8 of `string` (without copying a native string).
    @inline(__always)
    private func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var string = string
        return string.withUTF8(body)
    }

    /// Whether string `index` of the table has the bytes `utf8`.
    private func isString(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = lengths[index]
        guard length == utf8.count else { return false }
        let start = stringStarts[index]
        return bytesEqual(utf8, UnsafeBufferPointer(rebasing: input[start..<start + length]))  // bounds proven: the reader took the string from these bytes
    }

    /// The first member from `start` on, going round, whose name's table
    /// index `matches`.
    private func scan(_ object: Int, first: Int, end: Int, start: Int, matches: (Int) -> Bool) -> Int? {
        var member = start
        repeat {
            let entry = tape[member]
            let next = Int(truncatingIfNeeded: entry.end)
            if matches(Int(truncatingIfNeeded: entry.key)) {
                cursors.set(next, in: object)
                return member
            }
            member = next < end ? next : first
        } while member != start
        return nil
    }

    /// The tape indexes of the members of the object or record at `object`, in order.
    func memberIndexes(of object: Int) -> [Int] {
        var members: [Int] = []
        var member = object + 1
        let end = Int(truncatingIfNeeded: tape[object].end)
        while member < end {
            members.append(member)
            member = Int(truncatingIfNeeded: tape[member].end)
        }
        return members
    }

    // MARK: Errors

    /// An element's position, or a member's name (a shared value adds nothing).
    func pathKey(in container: Int, to child: Int) -> (any CodingKey)? {
        switch tape[container].tag {
        case .object, .record: return AnyCodingKey(stringValue: strings[Int(truncatingIfNeeded: tape[child].key)].excerpt(scalars: pathNameLength))
        case .array, .set, .dictionary: return IndexKey(intValue: parents.position(of: child))
        default: return nil
        }
    }

    var pathPrefix: [any CodingKey] { [] }

    /// `an array`, `a record of type Point`, `a date`…
    func describeStructure(_ index: Int) -> String {
        let entry = tape[index]
        switch entry.tag {
        case .object: return "an object"
        case .date: return "a date"
        case .data: return "data"
        case .url: return "a URL"
        case .uuid: return "a UUID"
        case .decimal: return "a decimal"
        case .set: return "a set"
        case .dictionary: return "a dictionary"
        case .record: return "a record of type \(strings[Int(truncatingIfNeeded: entry.payload >> 32)])"
        default: return "an array"
        }
    }

    /// An error of `kind` about the value at tape index `index`, its coding path leading the message.
    func error(_ kind: Binary.DecodingError.Kind, at index: Int, _ message: String) -> Binary.DecodingError {
        error(kind, at: index, path: codingPath(to: index), message)
    }

    private func error(_ kind: Binary.DecodingError.Kind, at index: Int, path: [any CodingKey], _ message: String) -> Binary.DecodingError {
        Binary.DecodingError(kind: kind, offset: Int(tape[index].offset), message: "\(jsonPath(path)): \(message)")
    }

    /// The ``Binary/DecodingError``, with its byte offset, is the underlying
    /// error of the `DecodingError` a model sees.
    func errorContext(at index: Int, path: [any CodingKey], _ message: String, _ failure: DecodingFailure) -> DecodingError.Context {
        let kind: Binary.DecodingError.Kind
        switch failure {
        case .typeMismatch: kind = .typeMismatch
        case .valueNotFound: kind = .valueNotFound
        case .keyNotFound: kind = .keyNotFound
        case .invalidValue: kind = .invalidValue
        }
        let underlying = error(kind, at: index, path: path, message)
        return DecodingError.Context(codingPath: path, debugDescription: underlying.description, underlyingError: underlying)
    }
}

extension BinaryDecodingState {
    func role(of type: Any.Type) -> TapeTypeRole { typeRoles.role(of: type) }
}
