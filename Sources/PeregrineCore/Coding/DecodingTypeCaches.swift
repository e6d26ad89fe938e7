/// What a `JSON.Decoder` decode learns about its model's types: which
/// types are arrays decoded off the tape (``TapeTypeRoles``) and the
/// keyed-container openers of each key type (``KeyedContainerOpeners``).
/// Each thread keeps them (``ThreadSlot``) for its next decode: a decode
/// inside ``JSONDecodingState/reusingContainers(_:)`` takes the thread's
/// and puts them back when it ends, where each decode made them again.
///
/// Both follow from the model's types alone, never from the input, and
/// the containers the openers keep read no decode's state between
/// decodes: no result depends on them. A thread keeps at most 64 roles
/// and 32 openers (a few KiB), freed when the thread ends or by
/// ``JSON/releaseThreadParseBuffers()``.
///
/// ```swift
/// let thread = DecodingTypeCaches.takeThreads(into: &caches)
/// defer { DecodingTypeCaches.putBackThreads(from: &caches, thread) }
/// ```
struct DecodingTypeCaches: ~Copyable {
    /// Which types are arrays decoded off the tape.
    var roles: TapeTypeRoles
    /// The keyed containers' openers, by key type.
    var openers: KeyedContainerOpeners

    /// Caches with room for a model's types: a thread's, or a decode's own
    /// when it decodes outside ``JSONDecodingState/reusingContainers(_:)``.
    init() {
        roles = TapeTypeRoles()
        openers = KeyedContainerOpeners()
    }

    /// Caches of two slots each, for a decode that takes its thread's
    /// (``takeThreads(into:)``) before it decodes anything: they stand in
    /// meanwhile. Still correct if used (a type that finds its slots taken
    /// makes its value again), and cheap to make and free: a small
    /// decode's set-up made and freed 96 slots it never used.
    static func standIns() -> DecodingTypeCaches {
        DecodingTypeCaches(roles: TapeTypeRoles(size: 2), openers: KeyedContainerOpeners(size: 2))
    }

    private init(roles: consuming TapeTypeRoles, openers: consuming KeyedContainerOpeners) {
        self.roles = roles
        self.openers = openers
    }

    /// The thread's caches, or new ones if it has none, in the place of
    /// `caches`, which are kept meanwhile.
    static func takeThreads(into caches: inout DecodingTypeCaches) -> ThreadTypeCaches {
        let thread = slot.take() ?? ThreadTypeCaches()
        swap(&caches, &thread.caches)
        return thread
    }

    /// Ends the decode that used `caches` (the thread's) and leaves them
    /// for the thread's next decode, putting back in their place those
    /// that ``takeThreads(into:)`` kept.
    static func putBackThreads(from caches: inout DecodingTypeCaches, _ thread: ThreadTypeCaches) {
        caches.openers.endDecode()
        swap(&caches, &thread.caches)
        slot.putBack(thread)
    }

    /// The thread's caches, left in their slot; `nil` if it has none.
    static var threads: ThreadTypeCaches? { slot.current }

    /// Frees the thread's caches.
    static func releaseThreads() { slot.empty() }

    /// The threads' caches.
    private static let slot = ThreadSlot<ThreadTypeCaches>()
}

/// A thread's ``DecodingTypeCaches``, an object so that its ``ThreadSlot``
/// can hold them.
final class ThreadTypeCaches {
    @exclusivity(unchecked) var caches = DecodingTypeCaches()
}
