import Foundation
import PeregrineMacros

/// MetaCodable's `@UnTagged` example (`CodableValue`), with `null`: each case tried in order.
@JSONCodable
@Untagged
indirect enum AnyValue: Equatable {
    case bool(Bool)
    case uint(UInt)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AnyValue])
    case dictionary([String: AnyValue])
    case null
}

/// Untagged cases with labeled values, several unlabeled values and a model.
@JSONCodable
@Untagged
enum Contact: Equatable {
    case phone(number: String, ext: Int?)
    case email(address: String)
    case rect(Rect)
    case point(Int, Int)
    case handle(String)
}

/// Two cases of the same shape: a value that fails deep down would be
/// tried again at every level, but each level's outcome is remembered.
@JSONCodable
@Untagged
indirect enum Twin: Equatable {
    case left([Twin])
    case right([Twin])
}

/// MetaCodable's `@CodedAs<Int>` example: integer tags, several for one case.
@JSONCodable
@Discriminator("type")
enum Command: Equatable {
    @Key(1) case load(key: String)
    @Key(2, 3) case store(key: String, value: Int)
    @Key(-1) case halt
}

/// Integer tags with a default case, in the adjacent shape.
@JSONCodable
@Discriminator("op", content: "args")
enum Operation: Equatable {
    @Key(10) case add(Int)
    @Key(20) case negate
    @Key(0) @Defaulted case unsupported
}

/// Boolean tags.
@JSONCodable
@Discriminator("ok")
enum Reply: Equatable {
    @Key(true) case success(value: Int)
    @Key(false) case failure(message: String)
}

/// Several string tags for one case (MetaCodable `@CodedAs("a", "b")`), internal shape.
@JSONCodable
@Discriminator("type")
enum Media: Equatable {
    @Key("video", "movie", "clip") case video(url: String)
    @Key("image", "photo") case image(url: String, width: Int?)
    case text(body: String)
}

/// The external shape with the single values unwrapped and several tags for one case.
@JSONCodable
@UnwrapSingleValues
enum WrappedPayload: Equatable {
    case string(String)
    @Key("number", "int") case number(Int)
    case rect(Rect)
    case pair(Int, Int)
    case labeled(name: String)
    case dated(Date)
    case none
}

/// Models holding the new shapes, for the mutation and binary tests.
@JSONCodable
struct ShapeHolder: Equatable {
    var values: [AnyValue]
    var contacts: [Contact]
    var commands: [Command]
    var operations: [Operation]
    var replies: [Reply]
    var media: [Media]
    var payloads: [WrappedPayload]
}

/// The `GeneratedCoders` article's example, as it shows it.
@JSONCodable
@Untagged
indirect enum ArticleValue: Equatable {
    case bool(Bool), int(Int), double(Double), string(String)
    case array([ArticleValue]), object([String: ArticleValue])
    case null
}
