import Foundation
import PeregrineMacros

/// Enums with raw values: coded as the raw value.
@JSONCodable
enum Color: String, Equatable {
    case red, green
    case blue = "BLUE"
}

@JSONCodable
enum Level: Int8, Equatable {
    case low = -1, mid = 0, high = 100
}

@JSONCodable
enum Flags: UInt64, Equatable {
    case none = 0, all = 18446744073709551615
}

/// An enum without raw values or values: `{"north":{}}`.
@JSONCodable
enum Direction: Equatable {
    case north, south
    @Key("east_side") case east
}

/// The external shape, as synthesis codes it.
@JSONCodable
indirect enum Shape: Equatable {
    case circle(radius: Double)
    @Key("rect") case rectangle(width: Double, height: Double?)
    case point(Int, Int)
    case labeled(String, name: String)
    case none
    case group([Shape])
    case dated(Date)
    case nested(Shape)
}

@JSONCodable
struct Rect: Equatable {
    var width: Double
    var height: Double
    var label: String?
}

/// The internal shape: `{"type":"circle","radius":1}`.
@JSONCodable
@Discriminator("type")
enum Figure: Equatable {
    case circle(radius: Double)
    @Key("rect") case rectangle(Rect)
    case polygon(sides: Int, name: String?, at: [Double])
    case empty
}

/// The adjacent shape: `{"kind":"circle","value":{"radius":1}}`.
@JSONCodable
@Discriminator("kind", content: "value")
enum Event: Equatable {
    case circle(radius: Double)
    case label(String)
    @Key("two_values") case pair(Int, Int?)
    case rect(Rect)
    case empty
}

/// Models holding enums: in members, arrays and optionals.
@JSONCodable
struct Drawing: Equatable {
    var color: Color
    var level: Level?
    var shapes: [Shape]
    var figures: [Figure]
    var events: [String: Event]
    var heading: Direction
}

/// Enums holding a `Codable` value that turns the encoder's output into a tree.
@JSONCodable
@Discriminator("type")
enum BesideTwice: Equatable {
    case holds(HoldsTwice)
    case plain(first: Twice, second: [Int])
}

@JSONCodable
@Discriminator("type", content: "content")
enum AroundTwice: Equatable {
    case holds(HoldsTwice)
    case plain(first: Twice, second: [Int])
}

@JSONCodable
enum OutsideTwice: Equatable {
    case holds(HoldsTwice)
    case plain(first: Twice, second: [Int])
}

/// Enums that declare `Codable` themselves: the macro adds the generated coders only.
@JSONCodable
@Discriminator("type")
public enum DeclaredCodable: Codable, Equatable {
    case a(x: Int)
    case `default`(`for`: String?)
}

@JSONCodable
enum DeclaredExternal: Codable, Equatable {
    case a(x: Int)
    case `default`(`for`: String?)
}
