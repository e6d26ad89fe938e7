import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// Custom coders, one-direction options and flattening on a final class.
@JSONCodable
final class Ticket: Equatable {
    @CodedBy(LosslessStringCoder<Int>.self) var id: Int = 0
    @NilAsNull var note: String?
    @DecodedOnly var token: String = ""
    @Flattened var address: Address = Address(city: "", zip: nil)
    @EncodedUnless(\[Int].isEmpty) var seats: [Int] = []

    static func == (a: Ticket, b: Ticket) -> Bool {
        (a.id, a.note, a.token, a.address, a.seats) == (b.id, b.note, b.token, b.address, b.seats)
    }
}

/// The same options on a generic struct, one of them on a member of the parameter's type.
@JSONCodable
struct Letter<Payload>: Equatable where Payload: Equatable {
    var payload: Payload
    @CodedBy(DateCoders.SecondsSince1970.self) var sent: Date
    @NilAsNull var next: Payload?
    @Defaulted([String]()) @EncodedUnless({ (tags: [String]) in tags.isEmpty }) var tags: [String]
}

@Suite struct OptionsOnClassesAndGenericsTests {
    @Test func aFinalClass() throws {
        let text = #"{"id": "7", "token": "t", "city": "Oslo", "seats": []}"#
        let ticket = try JSON.Decoder().decode(Ticket.self, from: text)
        #expect(ticket.id == 7 && ticket.token == "t" && ticket.address.city == "Oslo" && ticket.note == nil)
        expectSameDecoding(Ticket.self, text)
        expectSameEncoding(ticket)
        #expect(String(decoding: try JSON.Encoder().encode(ticket) as [UInt8], as: UTF8.self) == #"{"id":"7","note":null,"city":"Oslo"}"#)
        let bytes = try #require(expectSameBinaryEncoding(ticket))
        // The token is never written, so the file has none to read back.
        #expect(expectSameBinaryDecoding(Ticket.self, bytes)?.hasPrefix("keyNotFound(token)") == true)
    }

    @Test func aGenericStruct() throws {
        let value = Letter(payload: Customer(name: "A", address: Address(city: "B", zip: nil), vip: false), sent: Date(timeIntervalSince1970: 5), next: nil, tags: [])
        let text = #"{"payload":{"name":"A","vip":false,"city":"B"},"sent":5,"next":null}"#
        #expect(String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) == text)
        #expect(try JSON.Decoder().decode(Letter<Customer>.self, from: text) == value)
        expectSameDecoding(Letter<Customer>.self, text)
        expectSameEncoding(value)
        let dates = Letter(payload: 1, sent: Date(timeIntervalSince1970: 0), next: 2, tags: ["x"])
        #expect(String(decoding: try JSON.Encoder().encode(dates) as [UInt8], as: UTF8.self) == #"{"payload":1,"sent":0,"next":2,"tags":["x"]}"#)
        let bytes = try #require(expectSameBinaryEncoding(dates))
        #expect(expectSameBinaryDecoding(Letter<Int>.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Letter<Int>.self, from: bytes) == dates)
    }
}
