import Foundation
import PeregrineMacros

/// A generic model: its members of the parameter's type go through the
/// parameter's generated coders when it has them, else through `Codable`.
@JSONCodable
struct Page<Item> {
    var items: [Item]
    var next: String?
    var first: Item?
    var byName: [String: Item]?
}

extension Page: Equatable where Item: Equatable {}

/// A generic model with a phantom parameter (never coded, so never
/// required to be `Codable`), a key path to a value of the other one, and a default.
@JSONCodable
struct Tagged<Tag, Value> {
    @Key("data.value") var value: Value
    @Defaulted(1) var version: Int
    @UnknownMembers var extra: JSON.Object
}

extension Tagged: Equatable where Value: Equatable {}

/// A tag type that is not `Codable`.
enum Meters {}

/// A generic final class holding values of its parameter, and instances of itself.
@JSONCodable
final class Tree<Value> {
    var value: Value
    var children: [Tree<Value>] = []

    init(_ value: Value, children: [Tree<Value>] = []) {
        self.value = value
        self.children = children
    }
}

extension Tree: Equatable where Value: Equatable {
    static func == (left: Tree, right: Tree) -> Bool { left.value == right.value && left.children == right.children }
}

/// A `Codable` type with no generated coders, for the parameter.
struct PlainPoint: Codable, Equatable {
    var x: Int
    var y: Double?
}

/// A generic enum in synthesis's shape: values of the parameter's type,
/// alone, labeled and in collections.
@JSONCodable
enum Outcome<Value> {
    case ok(Value)
    case failed(reason: String)
    case pair(Value, [Value]?)
}

extension Outcome: Equatable where Value: Equatable {}

/// A generic enum beside a tag: labeled values of the parameter's type, and
/// a generic model whose members sit beside the tag.
@JSONCodable
@Discriminator("type")
enum Message<Body> {
    case text(body: Body, note: String?)
    case page(Page<Body>)
    case empty
}

extension Message: Equatable where Body: Equatable {}

/// A generic enum under a content key: the parameter's value as the content.
@JSONCodable
@Discriminator("kind", content: "value")
enum Envelope<Payload> {
    case data(Payload)
    case pair(first: Payload, second: Int)
    case none
}

extension Envelope: Equatable where Payload: Equatable {}
