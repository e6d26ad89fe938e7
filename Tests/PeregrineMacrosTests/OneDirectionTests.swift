import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// The one-direction options, as the peers document them: MetaCodable's
/// `@IgnoreEncoding` (decoded, never encoded), `@IgnoreDecoding` (encoded,
/// the initial value kept when decoding) and `@IgnoreEncoding(if:)` (left
/// out when the condition holds); CodableWrappers' `@EncodeNulls` (`nil`
/// written as `null`); ReerCodable's `@CodingContainer("data.info",
/// workForEncoding: true)` (the type read from, and written into, the
/// nested objects). Both paths, JSON and binary, give the same.
@Suite struct OneDirectionTests {
    static let value = OneWay(id: 1, password: "secret", version: 2, tags: [], likes: 0, nickname: nil, bio: nil, code: nil, note: nil)

    @Test func eachDirectionIsKept() throws {
        let text = #"{"id": 1, "password": "secret", "version": 9, "tags": [], "likes": 0, "nickname": null}"#
        let decoded = try JSON.Decoder().decode(OneWay.self, from: text)
        #expect(decoded == Self.value)  // version keeps its initial value
        expectSameDecoding(OneWay.self, text)
        // `version` is not read at all: a value of another type is no error.
        #expect(expectSameDecoding(OneWay.self, text.replacingOccurrences(of: #""version": 9"#, with: #""version": "x""#)) == nil)
        // `password` is read as any property is.
        #expect(expectSameDecoding(OneWay.self, #"{"id": 1, "tags": [], "likes": 0}"#)?.hasPrefix("keyNotFound(password)") == true)

        expectSameEncoding(Self.value)
        let written = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        #expect(written == #"{"id":1,"version":2,"nickname":null,"code":null,"meta":{"note":null}}"#)
        var full = Self.value
        (full.tags, full.likes, full.nickname, full.bio, full.code, full.note) = (["a"], 3, "n", "b", 7, "x")
        expectSameEncoding(full)
        #expect(String(decoding: try JSON.Encoder().encode(full) as [UInt8], as: UTF8.self)
            == #"{"id":1,"version":2,"tags":["a"],"likes":3,"nickname":"n","bio":"b","code":"7","meta":{"note":"x"}}"#)
        // Foundation's encoder runs the same `encode(to:)`.
        #expect(String(decoding: try JSONEncoder().encode(Self.value), as: UTF8.self).contains(#""nickname":null"#))
    }

    @Test func nilAsNullOnTheType() throws {
        let value = AllNulls(a: nil, b: nil, c: 1)
        expectSameEncoding(value)
        #expect(String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) == #"{"a":null,"b":null,"c":1}"#)
        #expect(try JSON.Decoder().decode(AllNulls.self, from: #"{"a":null,"b":null,"c":1}"#) == value)
        let bytes = try #require(expectSameBinaryEncoding(value))
        #expect(try Binary.Decoder().decode(AllNulls.self, from: bytes) == value)
    }

    @Test func binaryKeepsTheDirections() throws {
        var full = Self.value
        (full.tags, full.code) = (["a"], 7)
        let bytes = try #require(expectSameBinaryEncoding(full))
        // Not written, so not read back: a decoded password needs a member.
        #expect(expectSameBinaryDecoding(OneWay.self, bytes)?.hasPrefix("keyNotFound(password)") == true)
        let nulls = try #require(expectSameBinaryEncoding(AllNulls(a: nil, b: ["x"], c: 2)))
        #expect(expectSameBinaryDecoding(AllNulls.self, nulls) == nil)
    }

    /// `@JSONCodable(at:)`: the members two objects down, wherever the type is.
    @Test func aTypeRootedBelowTheObjectThatHoldsIt() throws {
        let text = #"{"data": {"info": {"id": 1, "name": "Ada"}}}"#
        #expect(try JSON.Decoder().decode(Rooted.self, from: text) == Rooted(id: 1, name: "Ada"))
        expectSameDecoding(Rooted.self, text)
        expectSameEncoding(Rooted(id: 1, name: "Ada"))
        #expect(String(decoding: try JSON.Encoder().encode(Rooted(id: 1, name: nil)) as [UInt8], as: UTF8.self) == #"{"data":{"info":{"id":1}}}"#)
        #expect(expectSameDecoding(Rooted.self, #"{"info": {"id": 1}}"#)?.hasPrefix("keyNotFound(data) [] $ (line 1, column 1, offset 0): no value for key \"data\"") == true)
        #expect(expectSameDecoding(Rooted.self, #"{"data": {"info": {"id": "1"}}}"#)?.hasPrefix("typeMismatch(Int) [data#-/info#-/id#-] $.data.info.id (line 1, column 26") == true)
        let page = RootedPage(nextCursor: "c", items: [Rooted(id: 2, name: nil)])
        let pageText = #"{"data":{"next_cursor":"c","items":[{"data":{"info":{"id":2}}}]}}"#
        #expect(try JSON.Decoder().decode(RootedPage.self, from: pageText) == page)
        expectSameDecoding(RootedPage.self, pageText)
        #expect(String(decoding: try JSON.Encoder().encode(page) as [UInt8], as: UTF8.self) == pageText)
        #expect(try JSONDecoder().decode(RootedPage.self, from: Data(pageText.utf8)) == page)
        let bytes = try #require(expectSameBinaryEncoding(page))
        #expect(expectSameBinaryDecoding(RootedPage.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(RootedPage.self, from: bytes) == page)
    }

    /// `@JSONCodable(at:)` on a class that is not final: its required
    /// initializer and encoding methods, in its body, read and write the
    /// members below the root.
    @Test func aClassRootedBelowTheObjectThatHoldsIt() throws {
        let text = #"{"data":{"id":3,"owner":"Ada"}}"#
        let account = try JSON.Decoder().decode(RootedAccount.self, from: text)
        #expect(account.id == 3 && account.owner == "Ada")
        #expect(String(decoding: try JSON.Encoder().encode(account) as [UInt8], as: UTF8.self) == text)
        let bytes: [UInt8] = try Binary.Encoder().encode(account)
        let again = try Binary.Decoder().decode(RootedAccount.self, from: bytes)
        #expect(again.id == 3 && again.owner == "Ada")
    }
}

/// `@Flattened`, as MetaCodable documents `@CodedAt()` without a path and
/// ReerCodable `@FlatCoding`: the property's type is decoded from the
/// model's own object and encodes its members into it.
@Suite struct FlatteningTests {
    static let customer = Customer(name: "Ada", address: Address(city: "London", zip: "N1"), vip: true)

    @Test func membersSitInTheModelsObject() throws {
        let text = #"{"name": "Ada", "city": "London", "post_code": "N1", "vip": true}"#
        #expect(try JSON.Decoder().decode(Customer.self, from: text) == Self.customer)
        expectSameDecoding(Customer.self, text)
        expectSameEncoding(Self.customer)
        let written = String(decoding: try JSON.Encoder().encode(Self.customer) as [UInt8], as: UTF8.self)
        #expect(written == #"{"name":"Ada","vip":true,"city":"London","post_code":"N1"}"#)
        #expect(try JSONDecoder().decode(Customer.self, from: Data(written.utf8)) == Self.customer)
        // Sorted keys sort the flattened members with the others.
        let sorted = JSON.Encoder()
        sorted.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try sorted.encode(Self.customer) as [UInt8], as: UTF8.self) == #"{"city":"London","name":"Ada","post_code":"N1","vip":true}"#)
    }

    /// The flattened type's errors are at the model's object; the decoder's
    /// key strategy and duplicate-key policy apply to its members too.
    @Test func errorsStrategiesAndDuplicates() throws {
        #expect(expectSameDecoding(Customer.self, #"{"name": "Ada", "vip": true}"#)?.hasPrefix(#"keyNotFound(city) [] $ (line 1, column 1, offset 0): no value for key "city""#) == true)
        #expect(expectSameDecoding(Customer.self, #"{"name": "Ada", "city": 1, "vip": true}"#)?.hasPrefix("typeMismatch(String) [city#-] $.city (line 1, column 25, offset 24)") == true)
        let snake = JSON.Decoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        // "post_code" becomes "postCode" under the strategy, as for the model's own keys.
        #expect(try snake.decode(Customer.self, from: #"{"name": "Ada", "city": "L", "post_code": "N1", "vip": true}"#).address.zip == nil)
        expectSameDecoding(Customer.self, #"{"name": "Ada", "city": "L", "post_code": "N1", "vip": true}"#, decoder: snake)
        let duplicated = #"{"name": "Ada", "city": "A", "vip": true, "city": "B"}"#
        for (policy, city) in [(JSON.ParseOptions.DuplicateKeyPolicy.lastWins, "B"), (.firstWins, "A")] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            #expect(try decoder.decode(Customer.self, from: duplicated).address.city == city)
            expectSameDecoding(Customer.self, duplicated, decoder: decoder)
        }
        let strict = JSON.Decoder()
        strict.parseOptions.duplicateKeys = .reject
        #expect(throws: DecodingError.self) { try strict.decode(Customer.self, from: duplicated) }
    }

    @Test func severalFlattenedBesideKeyPaths() throws {
        let value = Shipment(id: 7, from: Address(city: "Paris", zip: nil), parcel: .init(weight: 1.5, fragile: true))
        let text = #"{"meta":{"id":7},"city":"Paris","weight":1.5,"box":{"fragile":true}}"#
        #expect(try JSON.Decoder().decode(Shipment.self, from: text) == value)
        expectSameDecoding(Shipment.self, text)
        expectSameEncoding(value)
        #expect(String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self) == text)
    }

    @Test func binaryRoundTrip() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.customer))
        #expect(expectSameBinaryDecoding(Customer.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Customer.self, from: bytes) == Self.customer)
        let json = try Binary.Decoder().decode(JSON.self, from: bytes)
        #expect(json == ["name": "Ada", "vip": true, "city": "London", "post_code": "N1"])
    }
}
