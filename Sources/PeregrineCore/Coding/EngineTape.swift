/// What ``JSON/DecodingTape`` and ``Binary/DecodingTape`` share: the
/// errors a generated decoder asks for, which the decoding engine makes the
/// same way for both formats (`DecodingSource+Errors.swift`). Each tape
/// gives its decode's state.
///
/// The reads stay with each tape, even those that only forward to the
/// engine (the scalars): a generated decoder, compiled in the user's
/// module, calls a tape's own method directly, where a protocol
/// extension's method is reached through its unspecialized generic entry
/// point, which costs every scalar read (see the commit that added this).
///
/// ```swift
/// throw tape.keyNotFound(CodingKeys.id, in: object)   // the engine's error, with its path
/// ```
protocol EngineTape: DirectDecodingSource {
    associatedtype Engine: DecodingSource
    /// The decode's state, which makes the errors.
    var state: Engine { get }
}

extension EngineTape {
    public func keyNotFound<Key: CodingKey>(_ key: Key, in object: Int) -> DecodingError { state.keyNotFound(key, in: object) }

    public func codingPath(at index: Int) -> [any CodingKey] { state.codingPath(to: index) }

    public func dataCorrupted(at index: Int, _ message: String) -> DecodingError { state.invalidValue(at: index, message) }

    public func coercing<T>(_ leniency: JSON.Decoder.Leniency, _ body: () throws -> T) rethrows -> T { try state.coercing(leniency, body) }

    public func decodeUntagged<Enum>(_ type: Enum.Type, at index: Int, _ cases: () throws -> Enum?) throws -> Enum {
        try state.decodeUntagged(type, at: index, cases)
    }

    public func attemptCase<T>(at index: Int, _ body: () throws -> T) throws -> T? { state.attemptCase(at: index, body) }
}
