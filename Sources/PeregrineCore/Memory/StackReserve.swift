#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a decode from running its thread out of stack.
///
/// A model decodes its members by recursion (`init(from:)`, generated
/// decoders), one level of Swift frames per level of the input, so a
/// recursive model (a linked list, a tree of final classes) decoded with a
/// lifted `maxDepth` would otherwise die by a signal on deep input. Every
/// container a decode opens calls ``check()``: while the decode has used
/// less than a first allowance of stack it costs one comparison; past it,
/// the thread's stack bounds are read (once, then again only when the
/// decode nears them) and the decode throws while ``reserve`` bytes are
/// still free, enough for the deepest level's own work and for releasing
/// what was built (a release takes less stack per level than a decode).
struct StackReserve {
    /// The stack address when the decode began (the top of the thread's
    /// stack once a look at its bounds found that address off the stack).
    private var base: UInt
    /// How far below `base` the decode may go before the next look at the thread's bounds.
    private var allowed: UInt = 64 << 10
    /// The thread's stack, read the first time the decode goes past `allowed`.
    private var bounds: (low: UInt, high: UInt)?

    /// What is kept free below the deepest level a decode reaches.
    static let reserve: UInt = 128 << 10

    init() { base = Self.here() }

    /// Throws ``Exhausted`` when the stack has less than ``reserve`` bytes left.
    @inline(__always)
    mutating func check() throws(Exhausted) {
        let here = Self.here()
        // Stacks grow down on every platform Swift runs on; a check above
        // `base` (another thread's use of a copied state) costs nothing.
        guard here < base, base &- here > allowed else { return }
        try recheck(at: here)
    }

    @inline(never)  // the rare path: only deep decodes reach it
    private mutating func recheck(at here: UInt) throws(Exhausted) {
        // Where the platform does not tell, the smallest usual thread (512 KiB) below `base`.
        let (low, high) = bounds ?? Self.threadStack() ?? (base &- min(base, 512 << 10), base)
        bounds = (low, high)
        // AddressSanitizer may keep a frame on its heap ("fake stack"):
        // such an address measures nothing.
        guard low <= here, here < high else { return }
        guard here &- low > Self.reserve else { throw Exhausted(left: Int(truncatingIfNeeded: here &- low)) }
        if !(low <= base && base < high) { base = high }
        allowed = base &- low &- Self.reserve
    }

    /// The stack is nearly exhausted: `left` bytes remain.
    struct Exhausted: Error {
        let left: Int
    }

    /// An address in the caller's frame. The pointer is never read or
    /// written through, so it needs no stack canary, which
    /// `withUnsafeMutablePointer` would add to every function that checks.
    @inline(__always)
    private static func here() -> UInt {
        var marker: UInt8 = 0
        return _withUnprotectedUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The lowest and highest addresses of the current thread's stack, or
    /// `nil` where the platform does not tell.
    private static func threadStack() -> (low: UInt, high: UInt)? {
        #if canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        let low = UInt(bitPattern: address)
        return (low, low &+ UInt(size))
        #elseif canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? (top - size, top) : nil
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// `pthread_getattr_np`, a GNU extension the C library has but its Swift module does not declare.
    private static let threadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np").map {  // RTLD_DEFAULT
            unsafeBitCast($0, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
        }
    #endif
}
