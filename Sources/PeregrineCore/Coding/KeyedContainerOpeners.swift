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
final class JSONKeyedContainerOpener<Key: CodingKey> {
    /// `JSONKeyedContainer<Key>` and its conformances, held by value.
    private let container: any JSONKeyedOpening<Key>.Type = JSONKeyedContainer<Key>.self

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
