/// A small deterministic generator (SplitMix64), so that failures repeat:
/// every test that draws random input seeds one.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// The bytes JSON text is most often broken with: its punctuation,
    /// digits and literal letters, NUL and DEL, and bytes that start or
    /// break UTF-8.
    public static let breakingBytes = Array("{}[],:\"\\ 0123456789-+.eEtfnul\u{00}\u{7F}".utf8) + [0xC3, 0xFF, 0xED, 0xEF, 0xBB]

    /// `bytes` with 1 to 3 bytes changed, added or removed at random
    /// places, each one of ``breakingBytes``: most break the text
    /// somewhere, in every kind of place.
    ///
    /// ```swift
    /// var random = SeededGenerator(seed: 7)
    /// let broken = random.broken(Array("[1, 2]".utf8))
    /// ```
    public mutating func broken(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &self) {
            let at = Int.random(in: 0..<bytes.count, using: &self)
            let byte = Self.breakingBytes.randomElement(using: &self) ?? 0
            switch Int.random(in: 0..<3, using: &self) {
            case 0: bytes[at] = byte
            case 1: bytes.insert(byte, at: at)
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }
}
