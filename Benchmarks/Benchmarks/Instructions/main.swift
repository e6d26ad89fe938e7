import BenchmarkCorpus
import Foundation
import Peregrine
import PeregrineMacros

// One operation repeated N times on one corpus file, for instruction counts:
// `Scripts/instructions.sh` runs this under callgrind at N = 1 and N = 11
// and reports (count at 11 − count at 1) / 10, so setup cancels out.
//
//     Instructions MODE FILE N
//
// MODE: document, value, reject-value (duplicate keys rejected), parser (`JSON.Parser.parse`, one parser kept
// across the N parses), floor (the least a `JSON` tree of the file costs
// to build and release in Swift's types: see FloorTree), serialize, pretty, sorted, document-serialize,
// document-pretty (a parsed document written straight from its tape),
// foundation-parse, foundation-write, binary-value and binary-write
// (`JSON(binary:)` of the file's binary form, and `binaryEncoded()` of its
// value), and for twitter, citm_catalog and canada (which have models):
// decode, secure-decode (under `.secure`: duplicate keys rejected), encode, foundation-decode,
// foundation-encode, and generated-decode, generated-encode (the same
// models as `@JSONCodable` types, in GeneratedModels); encode-sorted,
// encode-snake, generated-encode-sorted, generated-encode-snake (with
// `.sortedKeys`, with `.convertToSnakeCase`), generated-encode-unescaped-slashes
// (with `.withoutEscapingSlashes`: the text yyjson writes), generated-encode-data
// (`encode(_:) -> Data`, Foundation's return type); binary-decode,
// binary-encode, binary-generated-decode, binary-generated-encode (the
// same through Binary.Decoder and Binary.Encoder, decoding the model's
// binary file). options-decode, options-encode, options-codable-decode,
// options-codable-encode: twitter's statuses through a model that uses the
// property options (OptionModels), generated and through `Codable`;
// outside-decode and foundation-outside-decode (twitter only:
// OutsideTwitterModel, a model the project did not generate, read with
// `.convertFromSnakeCase` by JSON.Decoder and by Foundation's JSONDecoder,
// which must agree). untagged-decode (any file): the file as an
// `UntaggedValue` (UntaggedModels), every level an untagged enum.
// records-decode, records-generated-decode: a generated array of records
// (`Scripts/compare.sh` writes one as array.json) as `[ArrayRecord]` and
// `[GeneratedArrayRecord]` (RecordModels).
// encode-floor (citm_catalog only): the generated model written as the
// text `generated-encode-unescaped-slashes` writes, by code that knows the
// model and checks only room in its buffer (FloorWriter).

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: Instructions MODE FILE N\n".utf8))
    exit(2)
}
let (mode, file) = (arguments[1], arguments[2])
let data = Corpus.data("\(file).json")
let bytes = [UInt8](data)

/// Runs `body` `count` times, keeping its result alive past the loop.
@inline(never)
func repeated<Result>(_ body: () throws -> Result) rethrows {
    var last: Result?
    for _ in 0..<count { last = try body() }
    withExtendedLifetime(last) {}
}

/// `JSON.Encoder`s with sorted keys, and with the snake-case key strategy.
let sortedEncoder: JSON.Encoder = {
    let encoder = JSON.Encoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
}()
let secureDecoder: JSON.Decoder = {
    let decoder = JSON.Decoder()
    decoder.parseOptions = .secure
    return decoder
}()
let snakeEncoder: JSON.Encoder = {
    let encoder = JSON.Encoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return encoder
}()

func runModel<Model: Codable, Generated: Codable>(_ type: Model.Type, _ generated: Generated.Type) throws {
    let model = try JSONDecoder().decode(type, from: data)
    switch mode {
    case "generated-decode": try repeated { try JSON.Decoder().decode(generated, from: bytes) }
    case "generated-encode":
        let value = try JSON.Decoder().decode(generated, from: bytes)
        try repeated { try JSON.Encoder().encode(value) as [UInt8] }
    case "generated-encode-data":
        let value = try JSON.Decoder().decode(generated, from: bytes)
        try repeated { try JSON.Encoder().encode(value) as Data }
    case "generated-encode-unescaped-slashes":
        let value = try JSON.Decoder().decode(generated, from: bytes)
        let encoder = JSON.Encoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        try repeated { try encoder.encode(value) as [UInt8] }
    case "generated-encode-sorted", "generated-encode-snake":
        let value = try JSON.Decoder().decode(generated, from: bytes)
        let encoder = mode == "generated-encode-sorted" ? sortedEncoder : snakeEncoder
        try repeated { try encoder.encode(value) as [UInt8] }
    case "decode": try repeated { try JSON.Decoder().decode(type, from: bytes) }
    case "secure-decode": try repeated { try secureDecoder.decode(type, from: bytes) }
    case "encode": try repeated { try JSON.Encoder().encode(model) as [UInt8] }
    case "encode-sorted": try repeated { try sortedEncoder.encode(model) as [UInt8] }
    case "encode-snake": try repeated { try snakeEncoder.encode(model) as [UInt8] }
    case "foundation-decode": try repeated { try JSONDecoder().decode(type, from: data) }
    case "foundation-encode": try repeated { try JSONEncoder().encode(model) }
    case "foundation-encode-sorted":
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try repeated { try encoder.encode(model) }
    case "binary-decode", "binary-generated-decode":
        let packed: [UInt8] = try Binary.Encoder().encode(model)
        if mode == "binary-decode" {
            try repeated { try Binary.Decoder().decode(type, from: packed) }
        } else {
            try repeated { try Binary.Decoder().decode(generated, from: packed) }
        }
    case "binary-encode": try repeated { try Binary.Encoder().encode(model) as [UInt8] }
    case "binary-generated-encode":
        let value = try JSON.Decoder().decode(generated, from: bytes)
        try repeated { try Binary.Encoder().encode(value) as [UInt8] }
    default: fatalError("unknown mode \(mode)")
    }
}

switch mode {
case "document": try repeated { try JSON.Document(parsing: bytes) }
case "value": try repeated { try JSON(parsing: bytes) }
case "reject-value": try repeated { try JSON(parsing: bytes, options: .init(duplicateKeys: .reject)) }
case "parser":
    var parser = JSON.Parser()
    try repeated { try parser.parse(bytes) }
case "floor":
    let tree = FloorTree(try JSON(parsing: bytes))
    repeated { tree.build() }
case "foundation-parse": try repeated { try JSONSerialization.jsonObject(with: data) }
case "binary-value":
    let packed = try JSON(parsing: bytes).binaryEncoded()
    try repeated { try JSON(binary: packed) }
case "binary-write":
    let value = try JSON(parsing: bytes)
    try repeated { try value.binaryEncoded() }
case "outside-decode", "foundation-outside-decode":
    let decoder = JSON.Decoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    guard try decoder.decode(OutsideSearchResponse.self, from: bytes) == foundation.decode(OutsideSearchResponse.self, from: data) else {
        fatalError("JSON.Decoder and JSONDecoder read \(file) differently")
    }
    if mode == "outside-decode" {
        try repeated { try decoder.decode(OutsideSearchResponse.self, from: bytes) }
    } else {
        try repeated { try foundation.decode(OutsideSearchResponse.self, from: data) }
    }
case "document-serialize", "document-pretty", "document-sorted":
    let document = try JSON.Document(parsing: bytes)
    let options: JSON.SerializationOptions = mode == "document-pretty" ? [.prettyPrinted] : mode == "document-sorted" ? [.sortedKeys] : []
    try repeated { try document.serialized(options: options) }
case "serialize", "pretty", "sorted", "foundation-write":
    let value = try JSON(parsing: bytes)
    let object = try JSONSerialization.jsonObject(with: data)
    switch mode {
    case "serialize": try repeated { try value.serialized() }
    case "pretty": try repeated { try value.serialized(options: [.prettyPrinted]) }
    case "sorted": try repeated { try value.serialized(options: [.sortedKeys]) }
    default: try repeated { try JSONSerialization.data(withJSONObject: object) }
    }
case "encode-floor":
    guard file == "citm_catalog" else { fatalError("encode-floor writes citm_catalog's model only") }
    let value = try JSON.Decoder().decode(GeneratedCitmRoot.self, from: bytes)
    let encoder = JSON.Encoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    let expected = try encoder.encode(value) as [UInt8]
    var check = FloorWriter()
    check.write(value)
    guard check.finish() == expected else { fatalError("floor writes other text") }
    repeated { () -> [UInt8] in
        var writer = FloorWriter()
        writer.write(value)
        return writer.finish()
    }
case "records-decode": try repeated { try JSON.Decoder().decode([ArrayRecord].self, from: bytes) }
case "records-generated-decode": try repeated { try JSON.Decoder().decode([GeneratedArrayRecord].self, from: bytes) }
case "untagged-decode": try repeated { try JSON.Decoder().decode(UntaggedValue.self, from: bytes) }
case "options-decode": try repeated { try JSON.Decoder().decode(OptionTimeline.self, from: bytes) }
case "options-codable-decode": try repeated { try JSON.Decoder().decode(ThroughCodable<OptionTimeline>.self, from: bytes) }
case "options-encode", "options-codable-encode":
    let value = try JSON.Decoder().decode(OptionTimeline.self, from: bytes)
    if mode == "options-encode" {
        try repeated { try JSON.Encoder().encode(value) as [UInt8] }
    } else {
        try repeated { try JSON.Encoder().encode(ThroughCodable(value)) as [UInt8] }
    }
default:
    switch file {
    case "twitter": try runModel(TwitterModel.self, GeneratedTwitterModel.self)
    case "citm_catalog": try runModel(CitmModel.self, GeneratedCitmModel.self)
    case "canada": try runModel(CanadaModel.self, GeneratedCanadaModel.self)
    default: fatalError("\(file) has no model")
    }
}
