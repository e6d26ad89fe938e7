import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// A model that collects the members neither it nor its flattened
/// properties (nested ones too) name.
@JSONCodable
struct Listing: Equatable {
    var name: String
    @Flattened var place: Venue
    @UnknownMembers var extra: JSON.Object
}

/// A flattened type that flattens another (``Address``: `city`, `post_code`).
@JSONCodable
struct Venue: Equatable {
    var countryCode: String
    @Flattened var address: Address
}

/// `@UnknownMembers` beside `@Flattened`: the collector sees exactly the
/// members that no table claims (the model's own and each flattened
/// type's `claimedMemberKeys`), on the generated and `Codable` paths, JSON
/// and binary, and Foundation's coders; encoding writes them back once.
@Suite struct FlattenedUnknownMembersTests {
    static let text = #"{"name":"Ada","countryCode":"UK","city":"London","post_code":"N1","vip":true,"note":{"a":[1]}}"#
    static let value = Listing(
        name: "Ada", place: Venue(countryCode: "UK", address: Address(city: "London", zip: "N1")), extra: ["vip": true, "note": ["a": [1]]])

    @Test func theCollectorTakesExactlyTheUnclaimedMembers() throws {
        #expect(try JSON.Decoder().decode(Listing.self, from: Self.text) == Self.value)
        #expect(expectSameDecoding(Listing.self, Self.text) == nil)
        #expect(try JSONDecoder().decode(Listing.self, from: Data(Self.text.utf8)) == Self.value)
        let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: Self.text))
        #expect(expectSameBinaryDecoding(Listing.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Listing.self, from: bytes) == Self.value)
        // Nothing unknown: an empty collection; a flattened member missing: the flattened type's error.
        let known = #"{"name":"Ada","countryCode":"UK","city":"London"}"#
        #expect(try JSON.Decoder().decode(Listing.self, from: known).extra == [:])
        let error = try #require(expectSameDecoding(Listing.self, #"{"name":"Ada","city":"London","vip":true}"#))
        #expect(error.hasPrefix(#"keyNotFound(countryCode) [] $ (line 1, column 1, offset 0): no value for key "countryCode""#), "\(error)")
    }

    @Test func encodingWritesEachMemberOnce() throws {
        let written = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        #expect(try JSON(parsing: written) == JSON(parsing: Self.text))
        #expect(written.hasPrefix(#"{"name":"Ada","countryCode":"UK","city":"London","post_code":"N1","#), "\(written)")
        expectSameEncoding(Self.value)
        #expect(try JSON.Decoder().decode(Listing.self, from: written) == Self.value)
        #expect(try JSONDecoder().decode(Listing.self, from: JSONEncoder().encode(Self.value)) == Self.value)
        let bytes = try #require(expectSameBinaryEncoding(Self.value))
        #expect(try Binary.Decoder().decode(Listing.self, from: bytes) == Self.value)
        // Collected members that a flattened type names (set by hand) are left out: its value is written, once.
        var clashing = Self.value
        clashing.extra = ["city": "Paris", "post_code": "X", "countryCode": "FR", "vip": true]
        let once = String(decoding: try JSON.Encoder().encode(clashing) as [UInt8], as: UTF8.self)
        #expect(once == #"{"name":"Ada","countryCode":"UK","city":"London","post_code":"N1","vip":true}"#)
        expectSameEncoding(clashing)
    }

    /// The decoder's key strategy applies to every table: `country_code`
    /// is `countryCode`, claimed by the flattened `Venue`; `post_code`
    /// becomes `postCode`, which no table names, so it is collected under
    /// its name as written (and `Address` has no `zip`).
    @Test func keyStrategiesApplyToTheFlattenedTables() throws {
        let decoder = JSON.Decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let text = #"{"name":"Ada","country_code":"UK","city":"London","post_code":"N1","vip_level":2}"#
        let value = try decoder.decode(Listing.self, from: text)
        #expect(value == Listing(name: "Ada", place: Venue(countryCode: "UK", address: Address(city: "London", zip: nil)), extra: ["post_code": "N1", "vip_level": 2]))
        #expect(expectSameDecoding(Listing.self, text, decoder: decoder) == nil)
        // Foundation's decoder gives its keyed container's names, after its strategy.
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(Listing.self, from: Data(text.utf8)).extra == ["postCode": "N1", "vipLevel": 2])
        // Written back with the strategy: the model's names converted, the collected ones as they
        // are, except `post_code`, a name Address's table holds, which only Address writes.
        let encoder = JSON.Encoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let written = String(decoding: try encoder.encode(value) as [UInt8], as: UTF8.self)
        #expect(written == #"{"name":"Ada","country_code":"UK","city":"London","vip_level":2}"#)
        expectSameEncoding(value, encoder: encoder)
    }

    /// A repeated member follows the duplicate-key policy whoever claims
    /// it: the flattened type's value and the collected one alike.
    @Test func duplicateKeysFollowThePolicy() throws {
        let text = #"{"name":"Ada","x":1,"countryCode":"UK","city":"A","x":2,"city":"B"}"#
        for (policy, city, extra) in [(JSON.ParseOptions.DuplicateKeyPolicy.lastWins, "B", ["x": 2] as JSON.Object), (.firstWins, "A", ["x": 1])] {
            let decoder = JSON.Decoder()
            decoder.parseOptions.duplicateKeys = policy
            let value = try decoder.decode(Listing.self, from: text)
            #expect(value.place.address.city == city && value.extra == extra, "\(policy)")
            #expect(expectSameDecoding(Listing.self, text, decoder: decoder) == nil)
        }
        let strict = JSON.Decoder()
        strict.parseOptions.duplicateKeys = .reject
        let error = try #require(expectSameDecoding(Listing.self, text, decoder: strict))
        // Refused when parsed, at the second "x", before any member is claimed or collected.
        #expect(error.hasPrefix(#"dataCorrupted [] The given data was not valid JSON: 1:51: duplicate key "x", first at 1:15"#), "\(error)")
    }
}
