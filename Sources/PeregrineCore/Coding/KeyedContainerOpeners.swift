/// Opens the keyed containers of one key type (``JSONKeyedContainer``)
/// without asking the runtime for that container type each time.
///
/// Making a `KeyedDecodingContainer<Key>` in code generic over `Key` (as
/// `container(keyedBy:)` is, reached through `any Decoder`) asks the
/// runtime for three generic types: the container type for `Key`, its
/// conformance, and the standard library's box around it. An opener holds
/// the container type and its conformance, looked up once when it is
/// made, so each container opened through it asks only for the box.
///
/// ```swift
/// let opener = JSONKeyedContainerOpener<Key>()
/// let container = opener.open(state: state, members: members)
/// ```
class KeyedContainerOpener {
    /// The key type this opener's containers are keyed by.
    let keyType: ObjectIdentifier

    init(keyType: ObjectIdentifier) { self.keyType = keyType }
}

/// The opener of JSON objects' containers keyed by `Key`.
final class JSONKeyedContainerOpener<Key: CodingKey>: KeyedContainerOpener {
    /// `JSONKeyedContainer<Key>` and its conformances, held by value.
    private let container: any JSONKeyedOpening<Key>.Type = JSONKeyedContainer<Key>.self

    init() { super.init(keyType: ObjectIdentifier(Key.self)) }

    /// The container of the object whose members are `members`.
    func open(state: JSONDecodingState, members: ObjectMembers) -> KeyedDecodingContainer<Key> {
        container.open(state: state, members: members)
    }
}

/// A keyed container type that can box itself as a
/// `KeyedDecodingContainer` (``JSONKeyedContainerOpener``).
protocol JSONKeyedOpening<Key>: KeyedDecodingContainerProtocol {
    init(state: JSONDecodingState, members: ObjectMembers)

    /// The container of the object whose members are `members`, boxed.
    static func open(state: JSONDecodingState, members: ObjectMembers) -> KeyedDecodingContainer<Key>
}

extension JSONKeyedOpening {
    // Here, not in the container type: in a method of the generic type
    // itself Swift asks the runtime for `Self` again; here `Self` and its
    // conformance come with the call, from the opener.
    static func open(state: JSONDecodingState, members: ObjectMembers) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Self(state: state, members: members))
    }
}

/// The openers of the key types a decode has met, in a 32-slot
/// ``SlotTable`` keyed by the key type (as ``DecodableArrayTypes``). Keyed
/// by type, not by input: a decode meets only its model's key types, and
/// two that share a slot only make openers again.
struct KeyedContainerOpeners: ~Copyable {
    struct Entry: TableSlot {
        var opener: KeyedContainerOpener?

        static var empty: Entry { Entry(opener: nil) }
        var isEmpty: Bool { opener == nil }
    }

    private var slots = SlotTable<Entry>(size: 32)

    /// The opener of containers keyed by `Key`.
    mutating func opener<Key: CodingKey>(for key: Key.Type) -> JSONKeyedContainerOpener<Key> {
        let identity = ObjectIdentifier(key)
        let slot = DecodableArrayTypes.hash(identity)
        if let cached = slots[slot].opener, cached.keyType == identity {
            // The opener of a slot is made for the key type it names (below):
            // its class is `JSONKeyedContainerOpener<Key>` for this `Key`.
            return unsafeDowncast(cached, to: JSONKeyedContainerOpener<Key>.self)
        }
        let opener = JSONKeyedContainerOpener<Key>()
        slots[slot] = Entry(opener: opener)
        return opener
    }
}
