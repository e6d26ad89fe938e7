/// Opens the keyed containers of one key type (``JSONKeyedContainer``)
/// without asking the runtime for that container type each time, and,
/// inside ``JSONDecodingState/reusingContainers(_:)``, hands out again the
/// containers that models have let go (``KeyedContainerKeeper``).
///
/// Making a `KeyedDecodingContainer<Key>` in code generic over `Key` (as
/// `container(keyedBy:)` is, reached through `any Decoder`) asks the
/// runtime for three generic types: the container type for `Key`, its
/// conformance, and the standard library's box around it. An opener holds
/// the container type and its conformance, looked up once when it is
/// made, and the names of `Key`'s values (``KeyNameTable``). The box it
/// cannot make without the lookup (and an allocation): so it keeps the
/// containers it made, and opens an object in one that no model holds any
/// more, pointing its ``JSONKeyedContainerStorage`` at the new object.
///
/// ```swift
/// let opener = JSONKeyedContainerOpener<Key>()
/// let container = opener.open(state: state, members: members)
/// ```
final class JSONKeyedContainerOpener<Key: CodingKey>: KeyedContainerKeeper {
    /// `JSONKeyedContainer<Key>` and its conformances, held by value.
    private let container: any JSONKeyedOpening<Key>.Type = JSONKeyedContainer<Key>.self
    /// `KeyedDecodingContainer<Key>`, held by value, to hand kept containers out.
    private let reopening: any KeyedContainerReopening<KeyedDecodingContainer<Key>>.Type = KeyedDecodingContainer<Key>.self
    /// The names of `Key`'s values, when they are one byte (``KeyNameTable``).
    private let names = KeyNameTable(for: Key.self)

    /// The container of the object whose members are `members`.
    func open(state: JSONDecodingState, members: ObjectMembers) -> KeyedDecodingContainer<Key> {
        let reuses = state.reusesContainers
        if reuses {
            if keptRead != ObjectIdentifier(state) { attachKept(to: state) }
            var index = 0
            while index < kept.count {
                if !kept[index].keeper.isHeldElsewhere() {
                    kept[index].storage.members = members
                    return reopening.reopen(kept[index].keeper)
                }
                index &+= 1  // index < kept.count: no overflow
            }
        }
        return openNew(state: state, members: members, inScope: reuses)
    }

    /// A new container of the object whose members are `members`, kept
    /// (``KeyedContainerKeeper/keep(_:reading:inScope:)``).
    @inline(never)  // its own frame: inlined, the runtime's container type was looked up on every open
    private func openNew(state: JSONDecodingState, members: ObjectMembers, inScope: Bool) -> KeyedDecodingContainer<Key> {
        let storage = JSONKeyedContainerStorage(state: state, members: members, names: names)
        let opened = container.open(storage: storage)
        guard let keeper = KeptKeyedContainer(opened) else {
            // Never on the standard libraries we build with (a test checks
            // that a container is one reference); if it were, nothing could
            // tell when the box goes, so the storage stays for good.
            assertionFailure("a KeyedDecodingContainer is not one reference")
            _ = Unmanaged.passRetained(storage)
            return opened
        }
        keep(keeper, reading: storage, inScope: inScope)
        return opened
    }
}

/// The containers an opener made (of any key type: the opener's own
/// type is ``JSONKeyedContainerOpener``), and when they may go.
///
/// A container borrows its storage (``BorrowedReference``), so the keeper
/// keeps every storage alive for as long as its container's box lives.
/// The containers made inside ``JSONDecodingState/reusingContainers(_:)``
/// it holds with their storage: up to ``keptLimit`` for reuse, and those
/// made while all of those were held (a model nested in itself more than
/// 8 deep) until their models let them go. At the end of that scope
/// (``endDecode()``), the ones a model still holds go to
/// ``OutlivingContainers``, the others go, and the kept ones that no model
/// holds stay for the next decode on the thread (``DecodingTypeCaches``),
/// reading no state meanwhile: the last decode's document is not kept
/// alive. A container opened outside the scope goes
/// to ``OutlivingContainers`` at once.
///
/// ```swift
/// opener.endDecode()   // the decode is over; the opener may serve the next
/// ```
class KeyedContainerKeeper {
    /// The containers kept for reuse, with their storage.
    @exclusivity(unchecked) final fileprivate(set) var kept: [KeptJSONKeyedContainer] = []
    /// The containers made while every kept one was held, with their
    /// storage: not reused, only kept alive while a model holds them.
    @exclusivity(unchecked) private final var others = HeldContainers()

    /// The state that the kept containers read: the decode's, from its
    /// first container on (``attachKept(to:)``) until ``endDecode()``.
    /// Only compared, never read through.
    @exclusivity(unchecked) final fileprivate var keptRead: ObjectIdentifier?

    /// The most containers kept for reuse: one per level of a model nested in itself.
    private static var keptLimit: Int { 8 }

    /// Keeps `keeper`, a new container reading `storage`: inside the scope,
    /// for reuse while fewer than ``keptLimit`` are, else with the others;
    /// outside it, in ``OutlivingContainers`` (rare, so a lock per
    /// container is little beside its box).
    final fileprivate func keep(_ keeper: KeptKeyedContainer, reading storage: JSONKeyedContainerStorage, inScope: Bool) {
        if !inScope {
            OutlivingContainers.keep(keeper, reading: storage)
        } else if kept.count < Self.keptLimit {
            kept.append(KeptJSONKeyedContainer(keeper: keeper, storage: storage))
        } else {
            // Dropped here, in this scope: what a container read cannot end the decode.
            _ = others.add(keeper, reading: storage)
        }
    }

    /// Points the kept containers at `state`, the decode's, once per
    /// decode: those of earlier decodes read none. O(kept).
    @inline(never)
    final fileprivate func attachKept(to state: JSONDecodingState) {
        for entry in kept { entry.storage.attach(to: state) }
        keptRead = ObjectIdentifier(state)
    }

    /// Ends the decode whose containers these are: what a model still
    /// holds goes to ``OutlivingContainers`` (and stops reading the names
    /// table, which the next decode on the thread adds to); the kept
    /// containers no model holds let the decode's state go until they are
    /// reopened. O(kept + others).
    final func endDecode() {
        var index = 0
        while index < kept.count {
            if kept[index].keeper.isHeldElsewhere() {
                kept.swapAt(index, kept.count - 1)
                // Taken out of the list, not copied: a copy would be a second reference to the box.
                let entry = kept.removeLast()
                entry.storage.stopReadingNames()
                OutlivingContainers.keep(entry.keeper, reading: entry.storage)
            } else {
                kept[index].storage.detach()
                index &+= 1  // index < kept.count: no overflow
            }
        }
        for entry in others.takeHeld() {
            (entry.reads as? JSONKeyedContainerStorage)?.stopReadingNames()
            OutlivingContainers.keep(entry.container, reading: entry.reads)
        }
        others = HeldContainers()
        keptRead = nil
    }

    deinit {
        // What a model still holds outlives the keeper, as at a decode's end;
        // the rest goes with it.
        endDecode()
    }
}

/// A container an opener keeps, and the storage it reads (not generic
/// over the key: see ``KeptKeyedContainer``).
struct KeptJSONKeyedContainer {
    var keeper: KeptKeyedContainer
    let storage: JSONKeyedContainerStorage
}

/// What a ``JSONKeyedContainer`` reads: the decode's state and the object's
/// members, which ``JSONKeyedContainerOpener`` changes when it reuses the
/// container for another object (only once no model holds it).
///
/// ```swift
/// let storage = JSONKeyedContainerStorage(state: state, members: members, names: nil)
/// ```
final class JSONKeyedContainerStorage {
    /// The state of the decode the container serves, read without counting
    /// a reference (``BorrowedReference``): ``stateOwner`` holds it.
    @exclusivity(unchecked) private var state: BorrowedReference<JSONDecodingState>
    /// What keeps ``state`` alive; `nil` between decodes
    /// (``KeyedContainerKeeper/endDecode()``), when no container reads it.
    @exclusivity(unchecked) private var stateOwner: JSONDecodingState?
    /// The members of the object the container reads now.
    @exclusivity(unchecked) fileprivate(set) var members: ObjectMembers
    /// The names of the container's key type, when it has a table (its
    /// opener's), read without counting a reference: ``namesOwner`` holds it.
    @exclusivity(unchecked) private var names: Unmanaged<KeyNameTable>?
    /// What keeps ``names`` alive as long as the storage.
    private let namesOwner: KeyNameTable?

    init(state: JSONDecodingState, members: ObjectMembers, names: KeyNameTable?) {
        self.state = BorrowedReference(state)
        stateOwner = state
        self.members = members
        self.names = names.map { Unmanaged.passUnretained($0) }
        namesOwner = names
    }

    /// Runs `body` with the decode's state, borrowed for the call.
    @inline(__always)
    func withState<Result>(_ body: (JSONDecodingState) throws -> Result) rethrows -> Result {
        try state.withObject(body)
    }

    /// The decode's state, for a debug build's lookups (``JSONKeyedContainer/withMember(for:_:)``)
    /// and the container's rarer reads.
    var currentState: JSONDecodingState { state.withObject { $0 } }

    /// Whether the container reads no decode's state (between decodes).
    var isDetached: Bool { stateOwner == nil }

    /// Points the container at the decode whose state is `state`.
    func attach(to state: JSONDecodingState) {
        stateOwner = state
        self.state = BorrowedReference(state)
    }

    /// Lets the decode's state go; nothing reads it until ``attach(to:)``
    /// (debug builds stop the program if anything does).
    func detach() { stateOwner = nil }

    /// Stops reading the names table: for a container a model keeps past
    /// its decode, while the table serves the next decodes on the thread
    /// (its lookups then ask keys their names).
    func stopReadingNames() { names = nil }

    /// The tape index of the value of the member named `key`, in a
    /// container keyed by `Key` (``ObjectMembers/valueIndex(of:names:in:)``),
    /// in the decode whose state is `state`.
    /// Its own function: a keyed container's lookup runs inside the frames
    /// of every nested decode, which stay small in debug builds.
    @inline(__always)
    func valueIndex<MemberKey: CodingKey, Key: CodingKey>(of key: MemberKey, keyedBy: Key.Type, in state: JSONDecodingState) -> Int? {
        // The table holds names of `Key`'s values only (`super` comes as another key type).
        members.valueIndex(of: key, names: MemberKey.self == Key.self ? names : nil, in: state)
    }
}

/// A keyed container type that can box itself as a
/// `KeyedDecodingContainer` (``JSONKeyedContainerOpener``).
protocol JSONKeyedOpening<Key>: KeyedDecodingContainerProtocol {
    init(storage: JSONKeyedContainerStorage)

    /// The container that reads `storage`, boxed.
    static func open(storage: JSONKeyedContainerStorage) -> KeyedDecodingContainer<Key>
}

extension JSONKeyedOpening {
    // Here, not in the container type: in a method of the generic type
    // itself Swift asks the runtime for `Self` again; here `Self` and its
    // conformance come with the call, from the opener.
    static func open(storage: JSONKeyedContainerStorage) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Self(storage: storage))
    }
}

/// The openers of the key types a decode has met, remembered per key
/// type (``TypeSlots``, so at most 32 of them). Inside
/// ``JSONDecodingState/reusingContainers(_:)`` they are the thread's
/// (``DecodingTypeCaches``), so the next decode on the thread finds its
/// openers made, their key names asked and containers to reuse.
///
/// The openers and their names follow from the model's key types alone;
/// the containers they keep read no decode's state between decodes
/// (``KeyedContainerKeeper/endDecode()``). So what one decode leaves, the
/// next one's results cannot see; a thread keeps at most 32 openers, each
/// with at most 8 containers and the names of one key type (at most 256;
/// a few KiB in all for a model's types, and nothing of the input).
///
/// ```swift
/// var openers = KeyedContainerOpeners()
/// let opener = openers.opener(for: CodingKeys.self)
/// openers.endDecode()
/// ```
struct KeyedContainerOpeners: ~Copyable {
    private var openers: TypeSlots<KeyedContainerKeeper>

    /// No openers yet, in `size` slots: 32 unless asked for fewer.
    init(size: Int = 32) { openers = TypeSlots(size: size) }

    /// The opener of containers keyed by `Key`.
    mutating func opener<Key: CodingKey>(for key: Key.Type) -> JSONKeyedContainerOpener<Key> {
        let opener = openers.value(for: key) { JSONKeyedContainerOpener<Key>() }
        // The value of `Key`'s slot is made for `Key` alone (above): its class
        // is `JSONKeyedContainerOpener<Key>`.
        return unsafeDowncast(opener, to: JSONKeyedContainerOpener<Key>.self)
    }

    /// Ends the decode that used these openers (``KeyedContainerKeeper/endDecode()``).
    func endDecode() {
        openers.forEachValue { $0.endDecode() }
    }
}
