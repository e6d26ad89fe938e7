import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// `@JSONCodable` on a class that is not final: required initializers and
/// overridable encoding methods, so a subclass (``Car``) codes its members
/// with its superclass's, through `super`, on the generated and `Codable`
/// paths, JSON and binary, and Foundation's coders alike.
@Suite struct ClassTests {
    static let text = #"{"vehicle": {"wheels": 2}, "car": {"seats": 5, "wheels": 4, "max_speed": 180.5}}"#
    static var value: Garage { Garage(vehicle: Vehicle(wheels: 2, maxSpeed: nil), car: Car(wheels: 4, maxSpeed: 180.5, seats: 5)) }

    @Test func decodesOnEveryPath() throws {
        #expect(expectSameDecoding(Garage.self, Self.text) == nil)
        #expect(try JSON.Decoder().decode(Garage.self, from: Self.text) == Self.value)
        #expect(try JSONDecoder().decode(Garage.self, from: Data(Self.text.utf8)) == Self.value)
        // The dynamic type: Car's own initializer, through the superclass's static entry point.
        let car: Vehicle = try JSON.Decoder().decode(Car.self, from: #"{"seats": 2, "wheels": 3}"#)
        #expect(car == Car(wheels: 3, maxSpeed: nil, seats: 2))
    }

    @Test func encodesTheSubclassMembersWithTheSuperclass() throws {
        expectSameEncoding(Self.value)
        let text = String(decoding: try JSON.Encoder().encode(Self.value) as [UInt8], as: UTF8.self)
        #expect(text == #"{"vehicle":{"wheels":2},"car":{"seats":5,"wheels":4,"max_speed":180.5}}"#)
        #expect(try JSON.Decoder().decode(Garage.self, from: text) == Self.value)
        #expect(try JSONDecoder().decode(Garage.self, from: JSONEncoder().encode(Self.value)) == Self.value)
    }

    @Test func binaryCodesAlike() throws {
        let bytes = try #require(expectSameBinaryEncoding(Self.value))
        #expect(expectSameBinaryDecoding(Garage.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Garage.self, from: bytes) == Self.value)
    }

    /// A member the superclass needs is missing: its error, at its path, on both paths.
    @Test func errorsAreTheCodablePaths() throws {
        let missing = try #require(expectSameDecoding(Garage.self, #"{"vehicle": {"wheels": 2}, "car": {"seats": 5}}"#))
        #expect(missing.hasPrefix("keyNotFound(wheels) [car#-]"), "\(missing)")
        let wrong = try #require(expectSameDecoding(Garage.self, #"{"vehicle": {"wheels": 2}, "car": {"seats": "5", "wheels": 1}}"#))
        #expect(wrong.hasPrefix("typeMismatch(Int) [car#-/seats#-] $.car.seats (line 1, column "), "\(wrong)")
    }

    /// A generic class that is not final codes where its parameter does.
    @Test func genericClassCodes() throws {
        let crate = try JSON.Decoder().decode(Crate<Int>.self, from: #"{"items": [1, 2]}"#)
        #expect(crate.items == [1, 2])
        #expect(String(decoding: try JSON.Encoder().encode(crate) as [UInt8], as: UTF8.self) == #"{"items":[1,2]}"#)
        let codable = try JSON.Decoder().decode(CodablePath<Crate<Int>>.self, from: #"{"items": [3]}"#).value
        #expect(codable.items == [3])
    }

    static let fleetText = #"{"trucks": [{"max_load": 2.5, "trailer": true, "wheels": 6}, {"wheels": 4, "max_load": 1, "max_speed": 90}], "any": {"wheels": 1}}"#
    static var fleet: Fleet {
        Fleet(
            trucks: [Truck(wheels: 6, maxSpeed: nil, load: 2.5, trailer: true), Truck(wheels: 4, maxSpeed: 90, load: 1, trailer: nil)],
            any: Vehicle(wheels: 1, maxSpeed: nil))
    }

    /// `@Inherits`: the macro writes what ``Car`` writes by hand, on every path.
    @Test func inheritsCodesTheSubclassWithItsSuperclass() throws {
        #expect(expectSameDecoding(Fleet.self, Self.fleetText) == nil)
        #expect(try JSON.Decoder().decode(Fleet.self, from: Self.fleetText) == Self.fleet)
        #expect(try JSONDecoder().decode(Fleet.self, from: Data(Self.fleetText.utf8)) == Self.fleet)
        expectSameEncoding(Self.fleet)
        let text = String(decoding: try JSON.Encoder().encode(Self.fleet) as [UInt8], as: UTF8.self)
        // The subclass's members, then the superclass's, in one object.
        #expect(text == #"{"trucks":[{"max_load":2.5,"trailer":true,"wheels":6},{"max_load":1,"wheels":4,"max_speed":90}],"any":{"wheels":1}}"#)
        #expect(try JSONDecoder().decode(Fleet.self, from: JSONEncoder().encode(Self.fleet)) == Self.fleet)
        let bytes = try #require(expectSameBinaryEncoding(Self.fleet))
        #expect(expectSameBinaryDecoding(Fleet.self, bytes) == nil)
        #expect(try Binary.Decoder().decode(Fleet.self, from: bytes) == Self.fleet)
    }

    /// The subclass's errors first (its members are read first), then the superclass's, at their paths.
    @Test func inheritsErrorsAreTheCodablePaths() throws {
        let own = try #require(expectSameDecoding(Truck.self, #"{"wheels": 6}"#))
        #expect(own.hasPrefix("keyNotFound(max_load) []"), "\(own)")
        let superclass = try #require(expectSameDecoding(Truck.self, #"{"max_load": 1}"#))
        #expect(superclass.hasPrefix("keyNotFound(wheels) []"), "\(superclass)")
        let wrong = try #require(expectSameDecoding(Fleet.self, #"{"trucks": [{"max_load": 1, "wheels": "6"}], "any": {"wheels": 1}}"#))
        #expect(wrong.hasPrefix("typeMismatch(Int) [trucks#-/Index 0#0/wheels#-] $.trucks[0].wheels (line 1, column "), "\(wrong)")
    }

    /// `@Inherits(key: "super")`: the superclass's object under the key, on every path.
    @Test func inheritsUnderAKey() throws {
        let text = #"[{"seats": 8, "super": {"wheels": 4, "max_speed": 120}}, {"super": {"wheels": 3}, "seats": 2}]"#
        let vans = [Van(wheels: 4, maxSpeed: 120, seats: 8), Van(wheels: 3, maxSpeed: nil, seats: 2)]
        #expect(expectSameDecoding([Van].self, text) == nil)
        #expect(try JSON.Decoder().decode([Van].self, from: text) == vans)
        #expect(try JSONDecoder().decode([Van].self, from: Data(text.utf8)) == vans)
        expectSameEncoding(vans)
        let written = String(decoding: try JSON.Encoder().encode(vans) as [UInt8], as: UTF8.self)
        #expect(written == #"[{"seats":8,"super":{"wheels":4,"max_speed":120}},{"seats":2,"super":{"wheels":3}}]"#)
        #expect(try JSONDecoder().decode([Van].self, from: JSONEncoder().encode(vans)) == vans)
        let bytes = try #require(expectSameBinaryEncoding(vans))
        #expect(expectSameBinaryDecoding([Van].self, bytes) == nil)
        #expect(try Binary.Decoder().decode([Van].self, from: bytes) == vans)
        // Missing, null, or not an object: the errors of opening it, at its path.
        let missing = try #require(expectSameDecoding(Van.self, #"{"seats": 1}"#))
        #expect(missing.hasPrefix("keyNotFound(super) []"), "\(missing)")
        let null = try #require(expectSameDecoding(Van.self, #"{"seats": 1, "super": null}"#))
        #expect(null.hasPrefix("valueNotFound"), "\(null)")
        let inside = try #require(expectSameDecoding(Van.self, #"{"seats": 1, "super": {"wheels": "4"}}"#))
        #expect(inside.hasPrefix("typeMismatch(Int) [super#-/wheels#-] $.super.wheels (line 1, column "), "\(inside)")
    }
}
