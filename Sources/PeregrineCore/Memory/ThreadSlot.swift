#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread, kept from one call to the next on that thread:
/// what a one-shot parse or decode would otherwise allocate and free each
/// time (``SpareParser``'s parser, ``DecodingTypeCaches``).
///
/// A call takes the object out of the slot and puts it back after, so a
/// call that begins while another is under way on the same thread (from
/// inside a model's `init(from:)`, say) finds the slot empty, makes its
/// own, and never shares one; the one put back last is the one kept. The
/// slot holds one retained reference, released when the thread ends or by
/// ``empty()``. Where threads have no slots (no pthreads), ``take()`` finds
/// nothing and ``putBack(_:)`` keeps nothing.
///
/// ```swift
/// static let spares = ThreadSlot<Spare>()
/// let spare = spares.take() ?? Spare()
/// defer { spares.putBack(spare) }
/// ```
struct ThreadSlot<Kept: AnyObject>: Sendable {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The key of the threads' slots; `nil` if the system had none left.
    private let key: pthread_key_t?

    init() {
        var key = pthread_key_t()
        self.key = pthread_key_create(&key, releaseAtThreadExit) == 0 ? key : nil
    }

    /// The thread's object, its slot left empty; `nil` if it has none.
    func take() -> Kept? {
        guard let key, let raw = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return Unmanaged<Kept>.fromOpaque(raw).takeRetainedValue()  // only `putBack` fills the slot, with a retained object
    }

    /// Leaves `object` in the thread's slot, unless another call filled it
    /// meanwhile (then `object` goes with its last reference).
    func putBack(_ object: Kept) {
        guard let key, pthread_getspecific(key) == nil else { return }
        let raw = Unmanaged.passRetained(object).toOpaque()
        if pthread_setspecific(key, raw) != 0 { Unmanaged<Kept>.fromOpaque(raw).release() }
    }

    /// The thread's object, left in its slot; `nil` if it has none.
    var current: Kept? {
        guard let key, let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Kept>.fromOpaque(raw).takeUnretainedValue()  // only `putBack` fills the slot, with a retained object
    }

    /// Releases the thread's object, if it has one.
    func empty() {
        _ = take()
    }
    #else
    init() {}
    func take() -> Kept? { nil }
    func putBack(_ object: Kept) {}
    var current: Kept? { nil }
    func empty() {}
    #endif
}

#if canImport(Darwin)
/// Called by the system with a thread's object when the thread ends: the
/// reference ``ThreadSlot/putBack(_:)`` retained, whatever its class.
private func releaseAtThreadExit(_ raw: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(raw).release()
}
#elseif canImport(Glibc) || canImport(Musl)
/// Called by the system with a thread's object when the thread ends: the
/// reference ``ThreadSlot/putBack(_:)`` retained, whatever its class.
private func releaseAtThreadExit(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<AnyObject>.fromOpaque(raw).release()
}
#endif
