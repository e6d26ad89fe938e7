import Foundation

/// Models for the binary coders' tests.
enum BinaryModels {
    /// Every primitive Codable has, at its extremes.
    struct Primitives: Codable, Equatable {
        var bool = true
        var string = "héllo \u{1F985}"
        var double = -0.1
        var float: Float = 3.5
        var int = Int.min
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.max
        var uint = UInt.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max
        var infinity = Double.infinity
        var negativeZero = -0.0
    }

    /// Optionals, present and absent, and containers in containers.
    struct Nested: Codable, Equatable {
        var present: Int? = 7
        var absent: String?
        var explicitNull: Double?
        var matrix: [[Int]] = [[1, 2], [], [3]]
        var groups: [String: [String]] = ["a": ["x", "y"], "b": []]
        var inner = Inner()
        var inners: [Inner] = [Inner(), Inner(label: "second", weights: [0.5])]
        var optionalInners: [Inner?] = [nil, Inner()]

        struct Inner: Codable, Equatable {
            var label = "first"
            var weights: [Double] = [1, 2.5]
        }

        enum CodingKeys: String, CodingKey {
            case present, absent, explicitNull, matrix, groups, inner, inners, optionalInners
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            present = try container.decodeIfPresent(Int.self, forKey: .present)
            absent = try container.decodeIfPresent(String.self, forKey: .absent)
            explicitNull = try container.decodeNil(forKey: .explicitNull) ? nil : try container.decode(Double.self, forKey: .explicitNull)
            matrix = try container.decode([[Int]].self, forKey: .matrix)
            groups = try container.decode([String: [String]].self, forKey: .groups)
            inner = try container.decode(Inner.self, forKey: .inner)
            inners = try container.decode([Inner].self, forKey: .inners)
            optionalInners = try container.decode([Inner?].self, forKey: .optionalInners)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encodeIfPresent(absent, forKey: .absent)
            try container.encode(explicitNull, forKey: .explicitNull)
            try container.encode(matrix, forKey: .matrix)
            try container.encode(groups, forKey: .groups)
            try container.encode(inner, forKey: .inner)
            try container.encode(inners, forKey: .inners)
            try container.encode(optionalInners, forKey: .optionalInners)
        }
    }

    /// An enum with associated values (synthesized Codable) and a raw-valued one.
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case polygon([Point])
        case empty
    }

    enum Color: String, Codable, Equatable {
        case red, green
    }

    struct Point: Codable, Equatable, Hashable {
        var x: Int
        var y: Int
    }

    /// The Foundation types the format has tags for, sets and dictionaries of every key kind.
    struct Rich: Codable, Equatable {
        var date = Date(timeIntervalSince1970: 1_700_000_000.25)
        var data = Data([0, 1, 2, 0xFF])
        var url = URL(string: "https://example.com/a?b=c")
        var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        var decimal = Decimal(string: "-12.345")
        var tags: Set<String> = ["a", "b", "c"]
        var byName: [String: Int] = ["one": 1, "two": 2]
        var byNumber: [Int: String] = [1: "one", 20: "twenty"]
        var byPoint: [Point: String] = [Point(x: 1, y: 2): "p"]
        var byUUID: [UUID: Bool] = [UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)): true]
        var shapes: [Shape] = [.circle(radius: 1), .rectangle(width: 2, height: 3), .polygon([Point(x: 0, y: 0)]), .empty]
        var color = Color.green
    }

    /// A reference type, to be shared.
    final class Node: Codable {
        var name: String
        var next: Node?

        init(_ name: String, next: Node? = nil) {
            self.name = name
            self.next = next
        }
    }

    /// Three references to one node.
    struct Graph: Codable {
        var first: Node
        var second: Node
        var all: [Node]
    }

    /// A class hierarchy that encodes its superclass through a super encoder.
    class Animal: Codable {
        var legs: Int

        init(legs: Int) { self.legs = legs }
    }

    final class Dog: Animal {
        var name: String

        init(name: String) {
            self.name = name
            super.init(legs: 4)
        }

        enum CodingKeys: String, CodingKey { case name }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try super.encode(to: container.superEncoder())
        }
    }

    /// A recursive value, for depth limits.
    indirect enum Chain: Codable, Equatable {
        case end
        case link(Chain)

        static func of(length: Int) -> Chain {
            (0..<length).reduce(Chain.end) { chain, _ in .link(chain) }
        }
    }

    /// A struct with no members.
    struct Empty: Codable, Equatable {}

    /// Uses a nested container after its parent has written a later member.
    struct OutOfOrder: Encodable {
        enum Keys: String, CodingKey { case a, b, c }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
            try container.encode(1, forKey: .b)
            try nested.encode(2, forKey: .c)
        }
    }

    /// Reads a value from the encoder's and decoder's `userInfo`.
    struct Tagged: Codable, Equatable {
        static let key = CodingUserInfoKey(rawValue: "tag")!
        var tag: String

        init(tag: String) { self.tag = tag }

        init(from decoder: any Decoder) throws {
            tag = decoder.userInfo[Self.key] as? String ?? "none"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
        }
    }
}
