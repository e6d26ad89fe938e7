import Foundation
import Peregrine
import PeregrineMacros

/// A tag at a nested path (`TagPathTests`): MetaCodable's `@CodedAt("meta", "type")`
/// on a `@TaggedEnum`, spelled `@Discriminator("meta.type")`.
@JSONCodable
@Discriminator("meta.type")
enum MetaShape: Equatable {
    case circle(radius: Double)
    @Key("rect", "rectangle") case rectangle(width: Double, height: Double?)
    case point(TagPoint)
    case empty
}

/// A case's one model value, whose members sit beside the tag's path.
@JSONCodable
struct TagPoint: Equatable {
    var x: Int
    var y: Int
}

/// Integer tags two objects down, with a default case.
@JSONCodable
@Discriminator("envelope.meta.kind")
enum DeepCommand: Equatable {
    @Key(1) case load(key: String)
    @Key(2, 3) case store(key: String, value: Int)
    @Key(0) @Defaulted case unknown
}

/// A generic enum with its tag at a path (its key tables live beside it).
@JSONCodable
@Discriminator("meta.type")
enum TaggedBox<Item>: Equatable where Item: Equatable {
    case full(item: Item)
    case empty
}

/// The enums above as members of a model.
@JSONCodable
struct TagDrawing: Equatable {
    var shapes: [MetaShape]
    var commands: [DeepCommand]
    var box: TaggedBox<Int>?
}

/// A tag's key with dots taken as it is (`@Discriminator(exactly:)`), beside
/// the values and with a content key.
@JSONCodable
@Discriminator(exactly: "event.type")
enum DottedTag: Equatable {
    case click(x: Int)
}

@JSONCodable
@Discriminator(exactly: "event.type", content: "event.value")
enum DottedContent: Equatable {
    case click(x: Int)
}
