/// How a tape decoder reads a type it is asked for (``TapeTypeRoles``).
enum TapeTypeRole {
    /// A Foundation type whose JSON form the decoder's strategies choose.
    case strategy(StrategyType)
    /// An array of numbers, strings or Booleans, read in one loop.
    case fastArray(FastArray)
    /// Another array of `Decodable` elements, read off the tape (``DecodableArray``).
    case array(any DecodableArray.Type)
    /// Any other type: its own `init(from:)`.
    case other
}

/// What each type a decode has been asked for is to a tape decoder
/// (``TapeTypeRole``), remembered per type (``TypeSlots``).
///
/// Asked on every value a decoder decodes as a generic type: a hit costs a
/// comparison, where naming the types of ``StrategyType`` and
/// ``FastArray`` costs several, and the runtime's conformance check
/// (`type as? any DecodableArray.Type`) more than a short array it would
/// speed up.
///
/// ```swift
/// var roles = TapeTypeRoles()
/// if case .array(let array) = roles.role(of: [User].self) { … }
/// ```
struct TapeTypeRoles: ~Copyable {
    private var roles: TypeSlots<TapeTypeRole>

    /// No roles yet, in `size` slots: 64, a model's types, unless asked for fewer.
    init(size: Int = 64) { roles = TypeSlots(size: size) }

    /// What `type` is to a tape decoder.
    @inline(__always)
    mutating func role(of type: Any.Type) -> TapeTypeRole {
        roles.value(for: type) {
            if let strategy = StrategyType(type) { return .strategy(strategy) }
            if let kind = FastArray(type) { return .fastArray(kind) }
            if let array = type as? any DecodableArray.Type { return .array(array) }
            return .other
        }
    }
}
