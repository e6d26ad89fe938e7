import Foundation
import Peregrine
import Testing

/// A hand-written generated encoder that keeps a ``SinkContainer`` past its
/// `end` and begins a member or element in it: `JSON.Encoder` throws an
/// `EncodingError.invalidValue` at the path of what was being written (it
/// trapped on a bounds check before). Only the keyed (a model's object, a
/// dictionary) and unkeyed writes take a container: a single value has
/// none to keep, and a kept `Codable` single-value container is the
/// "already encoded" error (`EncoderContainerTests`).
@Suite struct ClosedSinkContainerTests {
    /// How the kept container is written into after its `end`.
    enum Late: Sendable {
        case member, namedMember, element

        static let keys = MemberKeys(["late"])
        enum CodingKeys: String, CodingKey { case late }

        /// Opens a container of this kind: a model's object, a dictionary or an array.
        func open<Sink: DirectEncodingSink>(in sink: Sink) -> SinkContainer {
            switch self {
            case .member: sink.beginObject(keys: Self.keys)
            case .namedMember: sink.beginDictionary()
            case .element: sink.beginArray()
            }
        }

        /// Begins a member or element of this kind in `container` and, if it begins, writes `1`.
        func writeLate<Sink: DirectEncodingSink>(into container: SinkContainer, in sink: Sink) {
            switch self {
            case .member: if sink.beginMember(0, key: CodingKeys.late, in: container, tracksPath: false) { sink.encode(Int64(1)) }
            case .namedMember: if sink.beginMember(named: "late", in: container, tracksPath: false) { sink.encode(Int64(1)) }
            case .element: if sink.beginElement(in: container) { sink.encode(Int64(1)) }
            }
        }
    }

    /// Opens a container of the kind `late` asks for, ends it, then begins
    /// a member or element in it and writes `1`.
    struct KeptContainer: DirectEncodable {
        let late: Late

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }

        func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
            let container = late.open(in: sink)
            sink.end(container)
            late.writeLate(into: container, in: sink)
        }
    }

    /// Inside an array, opens a container of the kind `late` asks for and
    /// ends it, opens a sibling of the same kind, which takes its position
    /// in the stack, then begins a member or element in the first one and
    /// writes `1`: it went into the sibling, `[{},{"late":1}]` or `[[],[1]]`,
    /// with no error, before the check compared the frames' starts too.
    struct ReusedPosition: DirectEncodable {
        let late: Late

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }

        func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
            let outer = sink.beginArray()
            _ = sink.beginElement(in: outer)
            let first = late.open(in: sink)
            sink.end(first)
            _ = sink.beginElement(in: outer)
            let second = late.open(in: sink)
            late.writeLate(into: first, in: sink)
            sink.end(second)
            sink.end(outer)
        }
    }

    /// A model holding the kept container in member `inner`, whose key is
    /// a `CodingKeys` enum (kept as a ``PlainCodingKey`` for the path).
    struct Outer: DirectEncodable {
        static let keys = MemberKeys(["inner"])
        enum CodingKeys: String, CodingKey { case inner }
        let inner: KeptContainer

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(inner, forKey: .inner)
        }

        func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
            let object = sink.beginObject(keys: Self.keys)
            try sink.encode(inner, member: 0, key: CodingKeys.inner, in: object)
            sink.end(object)
        }
    }

    /// The error `value` throws under `formatting` (and the key strategy,
    /// when `snakeCase`): the kind, the coding path and the description.
    private func failure(
        _ value: some Encodable, _ formatting: JSON.Encoder.OutputFormatting, snakeCase: Bool
    ) throws -> (path: [String], description: String) {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        let error = try #require(throws: EncodingError.self) { try encoder.encode(value) as [UInt8] }
        guard case .invalidValue(let invalid, let context) = error else {
            Issue.record("not invalidValue: \(error)")
            return ([], "")
        }
        #expect(invalid is Void, "\(invalid)")
        return (context.codingPath.map(\.stringValue), context.debugDescription)
    }

    @Test(arguments: [Late.member, .namedMember, .element])
    func aContainerWrittenAfterItClosedIsAnEncodingError(_ late: Late) throws {
        // Compact (a model's plain names), pretty, sorted, and under a key strategy: each begins members its own way.
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys] {
            for snakeCase in [false, true] {
                let options = "\(late), \(formatting), snake case \(snakeCase)"
                let top = try failure(KeptContainer(late: late), formatting, snakeCase: snakeCase)
                #expect(top.path == [], "\(options)")
                #expect(top.description == "a container was written after it was closed", "\(options)")
                #expect(try failure([KeptContainer(late: late)], formatting, snakeCase: snakeCase).path == ["Index 0"], "\(options)")
                #expect(try failure(["k": KeptContainer(late: late)], formatting, snakeCase: snakeCase).path == ["k"], "\(options)")
                #expect(try failure(Outer(inner: KeptContainer(late: late)), formatting, snakeCase: snakeCase).path == ["inner"], "\(options)")
            }
        }
    }

    @Test(arguments: [Late.member, .namedMember, .element])
    func aContainerWrittenAfterASiblingTookItsPositionIsAnEncodingError(_ late: Late) throws {
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys] {
            for snakeCase in [false, true] {
                let options = "\(late), \(formatting), snake case \(snakeCase)"
                let top = try failure(ReusedPosition(late: late), formatting, snakeCase: snakeCase)
                // The path where the write landed: the sibling, element 1 of the outer array.
                #expect(top.path == ["Index 1", "Index 0"], "\(options)")
                #expect(top.description == "a container was written after it was closed", "\(options)")
                #expect(try failure(["k": ReusedPosition(late: late)], formatting, snakeCase: snakeCase).path == ["k", "Index 1", "Index 0"], "\(options)")
            }
        }
    }
}
