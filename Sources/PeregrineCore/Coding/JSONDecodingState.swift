import Foundation

/// What every container of one decode shares: the document, the decoder's
/// options and the scratch space of key lookups. Containers hold the tape
/// index of their value.
@usableFromInline
final class JSONDecodingState {
    let document: JSON.Document
    let options: JSON.Decoder.Settings
    let userInfo: [CodingUserInfoKey: Any]
    /// The coding path of the document's root in a larger value (a decode
    /// through a ``JSON/Lookup``), prepended to every coding path.
    let pathPrefix: [any CodingKey]
    /// The position in the whole array of the root's first element, when
    /// the document is a batch of a larger one (``ArrayBatches``): coding
    /// paths number the root's elements from it.
    let firstRootPosition: Int
    /// Whether messages give line, column and offset: not when the document
    /// was written from a value only to be decoded.
    let showsPositions: Bool
    /// The coercions of the `Coerced` value being read, beside the decoder's
    /// ``JSON/Decoder/Leniency`` (``coercing(_:_:)``).
    var scopedLeniency: JSON.Decoder.Leniency = []
    /// Where the last key lookup in each open object stopped.
    @exclusivity(unchecked) var cursors = LookupCursors()
    /// Whether an object repeats a key (``hasUniqueKeys(object:count:)``).
    @exclusivity(unchecked) var uniqueKeys = UniqueKeyCheck()
    /// Which types asked for are arrays decoded off the tape, and the
    /// keyed containers' openers by key type: the thread's inside
    /// ``reusingContainers(_:)``; outside it, the state's own (see `init`).
    @exclusivity(unchecked) private var typeCaches: DecodingTypeCaches
    /// Whether openers keep their containers for reuse: only inside
    /// ``reusingContainers(_:)``, at whose end the kept containers let this
    /// state go (``KeyedContainerKeeper/endDecode()``).
    private(set) var reusesContainers = false
    /// Under a converting key strategy, each decoded object's members as
    /// the model names them (kept here so containers stay one reference wide:
    /// Codable's container box copies them on every call).
    private var convertedNames: [Int: [(name: String, key: Int)]] = [:]
    /// The name maps of the objects whose names repeat (or large ones with
    /// renamed keys), by the object's tape index: at most one per object of
    /// the document, built the first time a container opens the object.
    private var memberMaps: [Int: MemberMap] = [:]
    /// Under a `.custom` key strategy, the coding key of each key converted
    /// so far, by the key's tape index: each key is converted once.
    var customKeys: [Int: any CodingKey] = [:]
    /// Under `.convertFromSnakeCase`, each distinct member name converted so
    /// far: objects of one model repeat the same names.
    var camelCaseNames: [String: String] = [:]
    /// Whether the key strategy renames keys.
    let convertsKeys: Bool
    /// Whether a name that repeats keeps its first member (the document's
    /// duplicate-key policy), read once per decode.
    let firstKeyWins: Bool
    /// Whether no object of the document repeats a name: its parse, under
    /// ``JSON/ParseOptions/DuplicateKeyPolicy/reject``, rejected any that
    /// did (a document's options are those it was parsed with), so
    /// containers need not check again.
    let keysAreUnique: Bool
    /// ``smallASCIIFormHolds``, read once for all the strings decoded.
    private let smallASCIIForm = smallASCIIFormHolds
    /// The objects decoded as `[String: T]` under a converting key
    /// strategy: their keys keep their names in coding paths too.
    private(set) var dictionaries: Set<Int> = []
    /// Each entry's container and position: the document's, built the
    /// first time any decode of it asks for a coding path.
    lazy var parents = document.indexes.parents(of: document)
    /// The stack this decode may still use.
    @exclusivity(unchecked) private var stack = StackReserve()
    /// The outcomes of the untagged enums this decode is decoding (read
    /// inlined by ``JSON/DecodingTape/decodeGenerated(_:at:)``; never
    /// accessed across another access to it).
    @usableFromInline @exclusivity(unchecked) var untagged = UntaggedMemo()

    /// The value of `type` at `index` that `decode` gives inside a case of
    /// an untagged enum, kept or taken from the memo
    /// (``DecodingSource/decodeInCase(_:at:_:)``), for the tape's
    /// decoders, which make `decode` specialised for the type.
    @usableFromInline
    func decodeKept(_ type: Any.Type, at index: Int, _ decode: () throws -> Any) throws -> Any {
        try decodeInCase(type, at: index, decode)
    }

    /// Runs `body` with the thread's type caches, whose keyed-container
    /// openers reuse containers once models let them go
    /// (``JSONKeyedContainerOpener``), then leaves them for the thread's
    /// next decode (``DecodingTypeCaches``).
    func reusingContainers<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard !reusesContainers else { return try body() }
        let thread = DecodingTypeCaches.takeThreads(into: &typeCaches)
        reusesContainers = true
        defer {
            reusesContainers = false
            DecodingTypeCaches.putBackThreads(from: &typeCaches, thread)
        }
        return try body()
    }

    @inline(__always)
    func checkStack(at index: Int) throws {
        do { try stack.check() } catch { throw stackExhausted(at: index, error) }
    }

    /// A state for decoding `document`. Its own type caches are small
    /// stand-ins for the thread's, which a decode takes at once
    /// (``reusingContainers(_:)``), unless `decodesOutsideReuse`: the state
    /// of decoders handed out to decode on their own (a query's matches)
    /// gets caches with room for a model's types.
    init(
        document: JSON.Document, settings: JSON.Decoder.Settings, pathPrefix: [any CodingKey] = [], showsPositions: Bool = true,
        firstRootPosition: Int = 0, decodesOutsideReuse: Bool = false
    ) {
        typeCaches = decodesOutsideReuse ? DecodingTypeCaches() : .standIns()
        self.document = document
        self.options = settings
        self.userInfo = settings.userInfo
        if case .useDefaultKeys = settings.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
        firstKeyWins = document.options.duplicateKeys == .firstWins
        keysAreUnique = document.options.duplicateKeys == .reject
        self.pathPrefix = pathPrefix
        self.showsPositions = showsPositions
        self.firstRootPosition = firstRootPosition
    }

    /// Builds the name map of the object at `object` unless it exists.
    func keepMemberMap(of object: Int) {
        if memberMaps[object] == nil { memberMaps[object] = MemberMap(of: object, in: self) }
    }

    /// The name map of the object at `object`, once ``keepMemberMap(of:)`` built it.
    func memberMap(of object: Int) -> MemberMap? { memberMaps[object] }

    /// The members of the object at `object` as the model names them, with
    /// their keys' tape indexes, in member order; `nil` under `.useDefaultKeys`.
    func convertedMembers(of object: Int) -> [(name: String, key: Int)]? {
        if case .useDefaultKeys = options.keyDecodingStrategy { return nil }
        if let members = convertedNames[object] { return members }
        let members = keyIndexes(object: object).map { (name: modelKey(ofKey: $0).stringValue, key: $0) }
        convertedNames[object] = members
        return members
    }

    /// Records that the object at `object` is decoded as a dictionary.
    func decodesAsDictionary(_ object: Int) {
        dictionaries.insert(object)
    }

    func entry(_ index: Int) -> TapeEntry { document.tape[index] }

    @inline(__always)
    func string(at index: Int) -> String { document.string(at: index, smallASCIIForm: smallASCIIForm) }

    func stringExcerpt(at index: Int, maxBytes: Int) -> (text: String, isWhole: Bool) {
        document.bytes.withUnsafeBufferPointer { document.tape[index].decodeStringPrefix(in: $0, maxBytes: maxBytes) }
    }

    /// The text of the number entry at `index`, as written in the input,
    /// cut after `maxBytes` bytes; for a number of a flattened value, which
    /// has no text, the text the value's writer gives it (`1.0`, `1e+30`).
    func numberText(at index: Int, maxBytes: Int) -> String {
        let entry = document.tape[index]
        if entry.flags & TapeEntry.noText != 0 {
            let number: JSON.Number
            switch entry.kind {
            case .int64: number = JSON.Number(Int64(bitPattern: entry.payload))
            case .uint64: number = JSON.Number(entry.payload)
            default: number = JSON.Number(Double(bitPattern: entry.payload))
            }
            return String(decoding: number.description.utf8.prefix(maxBytes), as: UTF8.self)
        }
        return document.bytes.withUnsafeBufferPointer { bytes in
            let length = entry.numberText(in: bytes, maxBytes: maxBytes).length
            // bounds proven: the text measured lies within the input, from the entry's offset
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[entry.offset..<entry.offset + length]), as: UTF8.self)
        }
    }

    /// `$.statuses[3].id (line 12, column 9, offset 345)`: `path`, and where
    /// the value at `index` is in the input when that means something.
    func location(of index: Int, path: [any CodingKey]) -> String {
        showsPositions ? "\(jsonPath(path)) \(position(of: index))" : jsonPath(path)
    }

    /// `(line 12, column 9, offset 345)` for the value at `index`.
    func position(of index: Int) -> String {
        let offset = document.tape[index].kind == .string ? document.tape[index].offset - 1 : document.tape[index].offset
        let location = document.lineAndColumn(of: offset)
        return "(line \(location.line), column \(location.column), offset \(offset))"
    }

    func describeStructure(_ index: Int) -> String {
        document.tape[index].kind == .array ? "an array" : "an object"
    }
}

extension JSONDecodingState {
    func role(of type: Any.Type) -> TapeTypeRole { typeCaches.roles.role(of: type) }

    /// The opener of keyed containers keyed by `key`.
    @inline(__always)
    func keyedContainerOpener<Key: CodingKey>(for key: Key.Type) -> JSONKeyedContainerOpener<Key> { typeCaches.openers.opener(for: key) }
}

/// A coding key for keys read from the JSON (and `super`).
struct AnyCodingKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }

    init?(intValue: Int) { nil }
}
