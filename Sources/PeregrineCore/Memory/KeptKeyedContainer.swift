/// A `KeyedDecodingContainer` kept to be handed out again, and whether
/// anyone but its keeper still holds it (``JSONKeyedContainerOpener``).
///
/// Making a `KeyedDecodingContainer` allocates the standard library's box
/// around the concrete container and asks the runtime for the box's
/// generic type: about 700 instructions with its release, more than
/// decoding a small object's members. A container is a single reference
/// to that box, so a kept one whose box nobody else references can be
/// handed out again, its concrete container pointing at another object.
///
/// That a container is one reference is the standard library's layout,
/// not its API: ``init(_:)`` checks it (one word, not trivially copied)
/// and keeps nothing when it does not hold.
///
/// Not generic over the key: in the unspecialised code that opens
/// containers, a type generic over the key is looked up at run time
/// wherever it is used (about 400 instructions each time). The container
/// comes out through ``KeyedContainerReopening``, whose caller holds the
/// container type, looked up once.
///
/// ```swift
/// let reopening: any KeyedContainerReopening<KeyedDecodingContainer<Key>>.Type = KeyedDecodingContainer<Key>.self
/// var kept = KeptKeyedContainer(container)    // nil if not one reference
/// if kept?.isHeldElsewhere() == false { reuse(reopening.reopen(kept!)) }
/// ```
struct KeptKeyedContainer {
    /// The container's box: the container's only stored property. Never
    /// `nil`; optional so that `isKnownUniquelyReferenced` takes it as it
    /// is (Swift would open a plain `AnyObject` into a copy, counted as a
    /// second reference).
    private var box: AnyObject?

    /// Keeps `container`, or `nil` when a container is not one reference.
    init?<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>) {
        guard MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size,
            MemoryLayout<KeyedDecodingContainer<Key>>.alignment == MemoryLayout<AnyObject>.alignment,
            !_isPOD(KeyedDecodingContainer<Key>.self)
        else { return nil }
        // One word that is not trivially copied: the reference to its box (checked above).
        box = unsafeBitCast(container, to: AnyObject.self)
    }

    /// The container kept (another reference to the same box), whose type
    /// is `type` (the caller's, which made it).
    fileprivate func container<Container>(as type: Container.Type) -> Container {
        unsafeBitCast(box, to: type)  // the box reference taken from a container in `init` (non-nil)
    }

    /// Whether a reference to the container's box is held outside this
    /// keeper (by a model still decoding, or one that stored it).
    mutating func isHeldElsewhere() -> Bool { !isKnownUniquelyReferenced(&box) }
}

/// A container type that comes out of a ``KeptKeyedContainer``:
/// `KeyedDecodingContainer`. Called through an `any
/// KeyedContainerReopening<KeyedDecodingContainer<Key>>.Type` made once,
/// the container's type metadata comes with the call instead of being
/// looked up on each: the method is the protocol extension's, where `Self`
/// is the caller's (a method of `KeyedDecodingContainer` would look up
/// `KeyedDecodingContainer<Key>` from `Key` again).
///
/// ```swift
/// let reopening: any KeyedContainerReopening<KeyedDecodingContainer<Key>>.Type = KeyedDecodingContainer<Key>.self
/// let container = reopening.reopen(kept)
/// ```
protocol KeyedContainerReopening<Container> {
    /// The type itself.
    associatedtype Container
    /// The container `kept` holds, which is of this type.
    static func reopen(_ kept: KeptKeyedContainer) -> Container
}

extension KeyedContainerReopening where Container == Self {
    static func reopen(_ kept: KeptKeyedContainer) -> Container { kept.container(as: Self.self) }
}

extension KeyedDecodingContainer: KeyedContainerReopening {
    typealias Container = Self
}
