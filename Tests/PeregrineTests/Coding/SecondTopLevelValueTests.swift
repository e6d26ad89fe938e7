import Foundation
import Peregrine
import Testing

/// A hand-written generated encoder that writes a second value at the top
/// level, after its first one ended: `JSON.Encoder` returned the text of
/// both, `[]1`, which is not JSON. It now throws an
/// `EncodingError.invalidValue` at the empty path; the binary encoder, whose
/// file holds one value too, throws its own error.
@Suite struct SecondTopLevelValueTests {
    /// The two values written one after the other.
    enum Pair: Sendable, CaseIterable {
        case arrayThenNumber, objectThenString, arrayThenArray, numberThenObject, dictionaryThenNull, emptyArrayThenEmptyArray
    }

    struct TwoValues: DirectEncodable {
        static let keys = MemberKeys(["a"])
        let pair: Pair

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }

        func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
            switch pair {
            case .arrayThenNumber:
                let array = sink.beginArray()
                if sink.beginElement(in: array) { sink.encode(Int64(2)) }
                sink.end(array)
                sink.encode(Int64(1))
            case .objectThenString:
                let object = sink.beginObject(keys: Self.keys)
                sink.end(object)
                sink.encode("b")
            case .arrayThenArray:
                sink.end(sink.beginArray())
                sink.end(sink.beginArray())
            case .numberThenObject:
                sink.encode(Int64(1))
                sink.end(sink.beginObject(keys: Self.keys))
            case .dictionaryThenNull:
                let object = sink.beginDictionary()
                if sink.beginMember(named: "a", in: object, tracksPath: false) { sink.encode(true) }
                sink.end(object)
                sink.encodeNil()
            case .emptyArrayThenEmptyArray:
                // Written in one step by the JSON output (no frame below the top level).
                try [Int]().encode(generatedTo: sink)
                try [SecondTopLevelValueTests.TwoValues]().encode(generatedTo: sink)
            }
        }
    }

    @Test(arguments: Pair.allCases)
    func aSecondTopLevelValueIsAnEncodingError(_ pair: Pair) throws {
        for formatting: JSON.Encoder.OutputFormatting in [[], .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]] {
            let encoder = JSON.Encoder()
            encoder.outputFormatting = formatting
            let error = try #require(throws: EncodingError.self, "\(pair), \(formatting)") { try encoder.encode(TwoValues(pair: pair)) as [UInt8] }
            guard case .invalidValue(let value, let context) = error else {
                Issue.record("not invalidValue: \(error)")
                continue
            }
            #expect(value is Void)
            #expect(context.codingPath.isEmpty, "\(pair), \(formatting)")
            #expect(
                context.debugDescription == "a second value was written at the top level, after the first had ended: JSON text holds one value",
                "\(pair), \(formatting)")
        }
    }

    @Test(arguments: Pair.allCases)
    func aSecondTopLevelValueIsABinaryEncodingError(_ pair: Pair) throws {
        let error = try #require(throws: Binary.EncodingError.self, "\(pair)") { try Binary.Encoder().encode(TwoValues(pair: pair)) }
        #expect(error.kind == .containerOrder)
        #expect(error.message == "$: a second value was written at the top level, after the first had ended: a file holds one value", "\(pair)")
    }

    @Test(arguments: [ClosedSinkContainerTests.Late.member, .namedMember, .element])
    func aContainerWrittenAfterASiblingTookItsPositionIsABinaryEncodingError(_ late: ClosedSinkContainerTests.Late) throws {
        let error = try #require(throws: Binary.EncodingError.self, "\(late)") {
            try Binary.Encoder().encode(ClosedSinkContainerTests.ReusedPosition(late: late))
        }
        #expect(error.kind == .containerOrder, "\(late)")
        #expect(error.message.hasPrefix("$[1]"), "\(error.message)")
    }
}
