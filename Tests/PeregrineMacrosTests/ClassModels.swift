import Foundation
import Peregrine
import PeregrineMacros

/// A class that is not final: its generated coders are required
/// initializers and methods of its body, which ``Car`` overrides.
@JSONCodable
class Vehicle: Equatable {
    var wheels: Int
    @Key("max_speed") var maxSpeed: Double?

    init(wheels: Int, maxSpeed: Double?) {
        self.wheels = wheels
        self.maxSpeed = maxSpeed
    }

    static func == (a: Vehicle, b: Vehicle) -> Bool {
        type(of: a) == type(of: b) && a.wheels == b.wheels && a.maxSpeed == b.maxSpeed && a.sameAsSubclass(b)
    }

    /// What a subclass compares beyond the superclass's properties.
    func sameAsSubclass(_ other: Vehicle) -> Bool { true }
}

/// A subclass written over ``Vehicle``'s generated coders, its members in
/// the superclass's object: it reads its own member, then calls
/// `super.init(generatedFrom:at:)` on the same object, and writes its
/// member before the superclass's (`MergingSink`), as its `Codable`
/// methods do through `super`.
final class Car: Vehicle {
    var seats: Int

    enum CodingKeys: String, CodingKey {
        case seats
    }

    private static let keys = MemberKeys.permanent(["seats"])

    init(wheels: Int, maxSpeed: Double?, seats: Int) {
        self.seats = seats
        super.init(wheels: wheels, maxSpeed: maxSpeed)
    }

    required init<Source: DirectDecodingSource>(generatedFrom source: Source, at index: Int) throws {
        var member = -1
        let object = try withUnsafeMutableBytes(of: &member) { try source.members(of: index, keys: Self.keys, into: $0) }
        seats = try source.decode(Int.self, member: member, key: CodingKeys.seats, in: object)
        try super.init(generatedFrom: source, at: index)
    }

    required init(from decoder: any Decoder) throws {
        seats = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .seats)
        try super.init(from: decoder)
    }

    override func encode<Sink: DirectEncodingSink>(generatedTo sink: Sink) throws {
        let object = sink.beginObject(keys: Self.keys)
        try sink.encode(seats, member: 0, key: CodingKeys.seats, in: object)
        try super.encode(generatedTo: MergingSink(sink, into: object))
        sink.end(object)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seats, forKey: .seats)
        try super.encode(to: encoder)
    }

    override func sameAsSubclass(_ other: Vehicle) -> Bool { seats == (other as? Car)?.seats }
}

/// A non-final class held by a model: decoded as its own type.
@JSONCodable
struct Garage: Equatable {
    var vehicle: Vehicle
    var car: Car
}

/// A generic class that is not final: its encoding methods, in its body,
/// carry the conformance's `where` clause.
@JSONCodable
class Crate<Item> {
    var items: [Item]

    init(items: [Item]) { self.items = items }
}

/// A subclass whose coders the macro writes (`@Inherits`): its members and
/// ``Vehicle``'s in one object, as ``Car`` writes them by hand.
@JSONCodable
@Inherits
final class Truck: Vehicle {
    @Key("max_load") var load: Double
    var trailer: Bool?

    init(wheels: Int, maxSpeed: Double?, load: Double, trailer: Bool?) {
        self.load = load
        self.trailer = trailer
        super.init(wheels: wheels, maxSpeed: maxSpeed)
    }

    override func sameAsSubclass(_ other: Vehicle) -> Bool {
        guard let other = other as? Truck else { return false }
        return load == other.load && trailer == other.trailer
    }
}

/// A model holding the macro's subclass.
@JSONCodable
struct Fleet: Equatable {
    var trucks: [Truck]
    var any: Vehicle
}

/// A subclass whose superclass's object is a member of its own
/// (`@Inherits(key: "super")`), as `superEncoder(forKey:)` writes it.
@JSONCodable
@Inherits(key: "super")
final class Van: Vehicle {
    var seats: Int

    init(wheels: Int, maxSpeed: Double?, seats: Int) {
        self.seats = seats
        super.init(wheels: wheels, maxSpeed: maxSpeed)
    }

    override func sameAsSubclass(_ other: Vehicle) -> Bool { seats == (other as? Van)?.seats }
}
