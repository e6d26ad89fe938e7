import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// A model flattening `@Inherits` subclasses beside a collector: ``Truck``
/// (its members and ``Vehicle``'s in one object) and ``Van`` (``Vehicle``'s
/// under `super`).
@JSONCodable
struct Depot: Equatable {
    var name: String
    @Flattened var truck: Truck
    @UnknownMembers var extra: JSON.Object
}

/// A model flattening ``Van``, whose superclass's object is under `super`.
@JSONCodable
struct Yard: Equatable {
    @Flattened var van: Van
    @UnknownMembers var extra: JSON.Object
}

/// An `@Inherits` subclass that collects what neither it nor ``Vehicle``
/// names.
@JSONCodable
@Inherits
final class Tanker: Vehicle {
    var litres: Int
    @UnknownMembers var extra: JSON.Object

    init(wheels: Int, maxSpeed: Double?, litres: Int, extra: JSON.Object) {
        self.litres = litres
        self.extra = extra
        super.init(wheels: wheels, maxSpeed: maxSpeed)
    }

    override func sameAsSubclass(_ other: Vehicle) -> Bool {
        guard let other = other as? Tanker else { return false }
        return litres == other.litres && extra == other.extra
    }
}

/// A class that is not final with a collector of its own, which
/// ``Memo`` inherits: the collector leaves out what the instance's class
/// claims, not only what ``Paper`` names.
@JSONCodable
class Paper: Equatable {
    var title: String
    @UnknownMembers var extra: JSON.Object

    init(title: String, extra: JSON.Object) {
        self.title = title
        self.extra = extra
    }

    static func == (a: Paper, b: Paper) -> Bool {
        type(of: a) == type(of: b) && a.title == b.title && a.extra == b.extra && a.sameAsSubclass(b)
    }

    /// What a subclass compares beyond the superclass's properties.
    func sameAsSubclass(_ other: Paper) -> Bool { true }
}

/// An `@Inherits` subclass of a class whose collector is its superclass's.
@JSONCodable
@Inherits
final class Memo: Paper {
    var to: String

    init(title: String, to: String, extra: JSON.Object) {
        self.to = to
        super.init(title: title, extra: extra)
    }

    override func sameAsSubclass(_ other: Paper) -> Bool { to == (other as? Memo)?.to }
}

/// An `@Inherits(key:)` subclass of a class whose collector is its
/// superclass's: that collector reads the object under the key.
@JSONCodable
@Inherits(key: "super")
class Note: Paper {
    var to: String

    init(title: String, to: String, extra: JSON.Object) {
        self.to = to
        super.init(title: title, extra: extra)
    }

    override func sameAsSubclass(_ other: Paper) -> Bool { to == (other as? Note)?.to }
}

/// An `@Inherits` subclass of ``Note``, in its object.
@JSONCodable
@Inherits
final class SignedNote: Note {
    var by: String

    init(title: String, to: String, by: String, extra: JSON.Object) {
        self.by = by
        super.init(title: title, to: to, extra: extra)
    }

    override func sameAsSubclass(_ other: Paper) -> Bool { by == (other as? SignedNote)?.by && super.sameAsSubclass(other) }
}

/// An `@Inherits` subclass's `claimedMemberKeys` are its own table and its
/// superclass's (with `@Inherits(key:)`, the key's), not only the
/// superclass's it would inherit: a collector beside it, or in it, takes
/// exactly the members no class reads, on every path, and encoding writes
/// each member once.
@Suite struct InheritedClaimedMembersTests {
    @Test func aFlattenedSubclassClaimsItsOwnMembersAndItsSuperclasses() throws {
        let text = #"{"name":"D","max_load":2.5,"trailer":true,"wheels":6,"max_speed":90,"vip":true}"#
        let depot = Depot(name: "D", truck: Truck(wheels: 6, maxSpeed: 90, load: 2.5, trailer: true), extra: ["vip": true])
        try expectEveryPath(Depot.self, text, depot, written: #"{"name":"D","max_load":2.5,"trailer":true,"wheels":6,"max_speed":90,"vip":true}"#)
        // Collected members that a class names (set by hand) are left out: the class's value is written, once.
        let clashing = Depot(name: "D", truck: depot.truck, extra: ["max_load": 9, "wheels": 1, "vip": true])
        #expect(try JSON.Encoder().encode(clashing) as [UInt8] == Array(#"{"name":"D","max_load":2.5,"trailer":true,"wheels":6,"max_speed":90,"vip":true}"#.utf8))
        expectSameEncoding(clashing)
    }

    @Test func aFlattenedSubclassWithASuperKeyClaimsTheKey() throws {
        let text = #"{"seats":8,"super":{"wheels":4,"max_speed":120},"wheels":3,"vip":1}"#
        // `wheels` beside `super` is no member of any class's object: collected.
        let yard = Yard(van: Van(wheels: 4, maxSpeed: 120, seats: 8), extra: ["wheels": 3, "vip": 1])
        try expectEveryPath(Yard.self, text, yard, written: #"{"seats":8,"super":{"wheels":4,"max_speed":120},"wheels":3,"vip":1}"#)
    }

    @Test func aSubclassCollectorLeavesOutItsSuperclassesMembers() throws {
        let text = #"{"litres":900,"wheels":6,"max_speed":80,"hazmat":true}"#
        let tanker = Tanker(wheels: 6, maxSpeed: 80, litres: 900, extra: ["hazmat": true])
        // The subclass's members, its collected ones, then the superclass's.
        try expectEveryPath(Tanker.self, text, tanker, written: #"{"litres":900,"hazmat":true,"wheels":6,"max_speed":80}"#)
    }

    /// A superclass's collector, read and written for a subclass, leaves
    /// out the subclass's members: it collected them too, and every
    /// encoder wrote them twice (`{"to":"b","title":"a","to":"b",…}`).
    @Test func aSuperclassCollectorLeavesOutItsSubclassesMembers() throws {
        let text = #"{"to":"Bo","title":"Minutes","draft":true}"#
        let memo = Memo(title: "Minutes", to: "Bo", extra: ["draft": true])
        try expectEveryPath(Memo.self, text, memo, written: #"{"to":"Bo","title":"Minutes","draft":true}"#)
        // Under a key, the superclass's collector reads its own object, where the subclass's names are unknown.
        let keyed = #"{"to":"Bo","super":{"title":"Minutes","to":"Al","draft":true}}"#
        let note = Note(title: "Minutes", to: "Bo", extra: ["to": "Al", "draft": true])
        try expectEveryPath(Note.self, keyed, note, written: keyed)
        // A subclass in the keyed subclass's object: the inner object is still the superclass's alone.
        let signed = #"{"by":"Cy","to":"Bo","super":{"title":"Minutes","by":"Di"}}"#
        try expectEveryPath(
            SignedNote.self, signed, SignedNote(title: "Minutes", to: "Bo", by: "Cy", extra: ["by": "Di"]), written: signed)
        // The superclass alone collects what it does not name.
        let paper = Paper(title: "Minutes", extra: ["to": "Bo", "draft": true])
        try expectEveryPath(Paper.self, text, paper, written: #"{"title":"Minutes","to":"Bo","draft":true}"#)
    }

    /// `text` decodes to `value` through the generated and `Codable` paths,
    /// JSON and binary, and Foundation's decoder; `value` encodes as
    /// `written` (each member once) on every path, and decodes back.
    private func expectEveryPath<T: Codable & Equatable>(
        _ type: T.Type, _ text: String, _ value: T, written: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try JSON.Decoder().decode(T.self, from: text) == value, sourceLocation: sourceLocation)
        #expect(expectSameDecoding(T.self, text, sourceLocation: sourceLocation) == nil, sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(T.self, from: Data(text.utf8)) == value, sourceLocation: sourceLocation)
        let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: text))
        #expect(try Binary.Decoder().decode(T.self, from: bytes) == value, sourceLocation: sourceLocation)
        #expect(expectSameBinaryDecoding(T.self, bytes, sourceLocation: sourceLocation) == nil, sourceLocation: sourceLocation)

        let encoded = String(decoding: try JSON.Encoder().encode(value) as [UInt8], as: UTF8.self)
        #expect(encoded == written, sourceLocation: sourceLocation)
        expectSameEncoding(value, sourceLocation: sourceLocation)
        #expect(try JSON.Decoder().decode(T.self, from: encoded) == value, sourceLocation: sourceLocation)
        // Foundation's order is its own: each member once (a repeated one is refused) and the same members.
        var once = JSON.ParseOptions()
        once.duplicateKeys = .reject
        #expect(try JSON(parsing: JSONEncoder().encode(value), options: once) == JSON(parsing: written), sourceLocation: sourceLocation)
        let binary = try #require(expectSameBinaryEncoding(value, sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        #expect(try Binary.Decoder().decode(T.self, from: binary) == value, sourceLocation: sourceLocation)
        #expect(try Binary.Decoder().decode(JSON.self, from: binary) == JSON(parsing: written), sourceLocation: sourceLocation)
    }
}
