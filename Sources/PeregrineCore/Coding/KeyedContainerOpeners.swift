/// Opens the keyed containers of one key type (``JSONKeyedContainer``)
/// without asking the runtime for that container type each time, and,
/// inside ``JSONDecodingState/reusingContainers(_:)``, hands out again the
/// containers that models have let go.
///
/// Making a `KeyedDecodingContainer<Key>` in code generic over `Key` (as
/// `container(keyedBy:)` is, reached through `any Decoder`) asks the
/// runtime for three generic types: the container type for `Key`, its
/// conformance, and the standard library's box around it. An opener holds
/// the container type and its conformance, looked up once when it is
/// made. The box it cannot make without the lookup (and an allocation):
/// so it keeps the containers it made (``KeptKeyedContainer``), and opens
/// an object in one that no model holds any more, pointing its
/// ``JSONKeyedContainerStorage`` at the new object. A model that keeps a
/// container, or decodes a nested value of its own type, holds its box:
/// that one is not reused.
///
/// A container borrows its storage (``BorrowedReference``), so the opener
/// keeps every storage alive for as long as its container's box lives.
/// The containers it makes inside ``JSONDecodingState/reusingContainers(_:)``
/// it holds with their storage while it lives: the ones kept for reuse,
/// and those made while all of those were held (a model nested in itself
/// more than 8 deep), until their models let them go. When it goes, at
/// the end of that scope, it hands the ones a model still holds to
/// ``OutlivingContainers``, and the rest go with it. A container opened
/// outside the scope goes to ``OutlivingContainers`` at once.
///
/// ```swift
/// let opener = JSONKeyedContainerOpener<Key>()
/// let container = opener.open(state: state, members: members)
/// ```
final class JSONKeyedContainerOpener<Key: CodingKey> {
    /// `JSONKeyedContainer<Key>` and its conformances, held by value.
    private let container: any JSONKeyedOpening<Key>.Type = JSONKeyedContainer<Key>.self
    /// `KeyedDecodingContainer<Key>`, held by value, to hand kept containers out.
    private let reopening: any KeyedContainerReopening<KeyedDecodingContainer<Key>>.Type = KeyedDecodingContainer<Key>.self
    /// The names of `Key`'s values, when they are one byte (``KeyNameTable``).
    private let names = KeyNameTable(for: Key.self)
    /// The containers made by this opener for reuse, with their storage.
    @exclusivity(unchecked) private var kept: [KeptJSONKeyedContainer] = []
    /// The containers made while every kept one was held, with their
    /// storage: not reused, only kept alive while a model holds them.
    @exclusivity(unchecked) private var others = HeldContainers()

    /// The most containers kept for reuse: one per level of a model nested in itself.
    private static var keptLimit: Int { 8 }

    /// The container of the object whose members are `members`.
    func open(state: JSONDecodingState, members: ObjectMembers) -> KeyedDecodingContainer<Key> {
        let reuses = state.reusesContainers
        if reuses {
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

    /// A new container of the object whose members are `members`: inside
    /// the scope, kept for reuse while fewer than ``keptLimit`` are, else
    /// held with the others; outside it, handed to ``OutlivingContainers``
    /// (rare, so a lock per container is little beside its box).
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
        if !inScope {
            OutlivingContainers.keep(keeper, reading: storage)
        } else if kept.count < Self.keptLimit {
            kept.append(KeptJSONKeyedContainer(keeper: keeper, storage: storage))
        } else {
            // Dropped here, in this scope: what a container read cannot end the decode.
            _ = others.add(keeper, reading: storage)
        }
        return opened
    }

    deinit {
        // Taken out of the list, not copied: a copy would be a second reference to the box.
        while var entry = kept.popLast() {
            if entry.keeper.isHeldElsewhere() { OutlivingContainers.keep(entry.keeper, reading: entry.storage) }
        }
        for entry in others.takeHeld() { OutlivingContainers.keep(entry.container, reading: entry.reads) }
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
    let state: JSONDecodingState
    /// The members of the object the container reads now.
    @exclusivity(unchecked) var members: ObjectMembers
    /// The names of the container's key type, when it has a table (its
    /// opener's), read without counting a reference: ``namesOwner`` holds it.
    let names: Unmanaged<KeyNameTable>?
    /// What keeps ``names`` alive as long as the storage.
    private let namesOwner: KeyNameTable?

    init(state: JSONDecodingState, members: ObjectMembers, names: KeyNameTable?) {
        self.state = state
        self.members = members
        self.names = names.map { Unmanaged.passUnretained($0) }
        namesOwner = names
    }

    /// The tape index of the value of the member named `key`, in a
    /// container keyed by `Key` (``ObjectMembers/valueIndex(of:names:in:)``).
    /// Its own function: a keyed container's lookup runs inside the frames
    /// of every nested decode, which stay small in debug builds.
    @inline(__always)
    func valueIndex<MemberKey: CodingKey, Key: CodingKey>(of key: MemberKey, keyedBy: Key.Type) -> Int? {
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
/// type (``TypeSlots``).
struct KeyedContainerOpeners: ~Copyable {
    private var openers = TypeSlots<AnyObject>()

    /// The opener of containers keyed by `Key`.
    mutating func opener<Key: CodingKey>(for key: Key.Type) -> JSONKeyedContainerOpener<Key> {
        let opener = openers.value(for: key) { JSONKeyedContainerOpener<Key>() }
        // The value of `Key`'s slot is made for `Key` alone (above): its class
        // is `JSONKeyedContainerOpener<Key>`.
        return unsafeDowncast(opener, to: JSONKeyedContainerOpener<Key>.self)
    }
}
