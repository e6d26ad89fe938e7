import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// `JSON` inside models, through our coders, Foundation's and the binary ones.
@Suite struct JSONCodableTests {
    struct Event: Codable, Equatable {
        var eventId: Int
        var payload: JSON
    }

    static let text = #"{"event_id": 7, "payload": {"zeta_key": [1, -2.5, "x", null, true, {"b": 1, "a": 2}], "alpha": 18446744073709551615}}"#

    @Test func payloadsDecodeStraightFromTheTapeInOrder() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let event = try decoder.decode(Event.self, from: Self.text)
        #expect(event.eventId == 7)
        // Member order and names as written: the strategy renames the model's keys only.
        #expect(try event.payload.serializedString() == #"{"zeta_key":[1,-2.5,"x",null,true,{"b":1,"a":2}],"alpha":18446744073709551615}"#)
        #expect(try decoder.decode(JSON.self, from: Self.text) == JSON(parsing: Self.text))
    }

    @Test func payloadsRoundTripThroughFoundation() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let event = try decoder.decode(Event.self, from: Data(Self.text.utf8))
        let expected = try JSON.Decoder().decode([String: JSON].self, from: Self.text)["payload"]
        #expect(event.payload == expected)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let back = try decoder.decode(Event.self, from: try encoder.encode(event))
        #expect(back == event)
        #expect(back.payload["zeta_key"][5]["a"].int == 2)
    }

    @Test func payloadsRoundTripThroughTheBinaryCoders() throws {
        let event = try JSON.Decoder().decode(Event.self, from: #"{"eventId": 1, "payload": {"k": [1, 2.5, "s", null, {"x": false}]}}"#)
        let packed: [UInt8] = try Binary.Encoder().encode(event)
        #expect(try Binary.Decoder().decode(Event.self, from: packed) == event)
    }

    @Test func numberTextNoDecimalHoldsIsAnEncodingError() throws {
        let value = try JSON(parsing: "[1e400]", options: .init(numbers: .lossless))
        do {
            _ = try JSONEncoder().encode(value)
            Issue.record("encoded 1e400")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription == "the number 1e400 does not fit in Decimal")
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        }
    }
}
