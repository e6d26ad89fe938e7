import Foundation
import Peregrine
import PropertyBased

/// Generators of random JSON values and models for the property tests.
///
/// Values are built to stress the writer and the parsers: strings mix quotes,
/// backslashes, control characters, `/`, non-ASCII and astral scalars;
/// numbers cover the Int64 and UInt64 ends, negative zero, subnormal and
/// extreme doubles, and exact decimal text; objects keep their keys unique
/// (the duplicate-key policy has its own tests) and in generated order.
enum Samples {
    /// Random values up to four levels deep; a failing value shrinks to its
    /// children and to copies with one element or member removed.
    static let json = Generator<JSON, [JSON]>(
        run: { rng in value(depth: 4, using: &rng) },
        shrink: smaller)

    /// Random text that is often almost JSON: a generated value written out,
    /// then cut, or with a byte changed, inserted or removed.
    static let nearlyJSON = Generator<[UInt8], Shrink.None<[UInt8]>>(run: { rng in
        var bytes = (try? value(depth: 3, using: &rng).serialized()) ?? []
        let position = Int.random(in: 0...bytes.count, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: bytes.removeSubrange(position...)
        case 1 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &rng)
        case 2: bytes.insert(interestingBytes.randomElement(using: &rng) ?? 0, at: position)
        default: if position < bytes.count { bytes.remove(at: position) }
        }
        return bytes
    })

    /// Random Codable models.
    static let model = Generator<SampleModel, Shrink.None<SampleModel>>(run: { rng in SampleModel.random(using: &rng) })

    /// Every combination of the writer's options that changes its output.
    static let outputOptions: [JSON.SerializationOptions] = [
        [], [.prettyPrinted], [.indent(0)], [.indent(8)], [.sortedKeys], [.escapeUnicode], [.escapeSlashes],
        [.prettyPrinted, .sortedKeys, .escapeUnicode, .escapeSlashes], [.gzip], [.prettyPrinted, .gzip],
    ]

    /// Bytes that change how JSON reads: structure, quotes, escapes, and
    /// the starts of multi-byte and ill-formed UTF-8.
    static let interestingBytes: [UInt8] = Array(#"{}[]:,"\ /-+.eE0u"#.utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xC0, 0xE2, 0xED, 0xF0, 0xF4, 0xFF]

    static func value<R: RandomNumberGenerator>(depth: Int, using rng: inout R) -> JSON {
        let kind = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &rng)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2, 3: return .number(number(using: &rng))
        case 4, 5: return .string(string(using: &rng))
        case 6:
            return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in value(depth: depth - 1, using: &rng) })
        default:
            var object = JSON.Object()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[string(using: &rng)] = value(depth: depth - 1, using: &rng)
            }
            return .object(object)
        }
    }

    static func number<R: RandomNumberGenerator>(using rng: inout R) -> JSON.Number {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return JSON.Number(Int64.random(in: -1_000...1_000, using: &rng))
        case 1: return JSON.Number([Int64.min, Int64.max, 0, -1].randomElement(using: &rng) ?? 0)
        case 2: return JSON.Number(Int64.random(in: .min ... .max, using: &rng))
        case 3: return JSON.Number(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &rng))
        case 4: return JSON.Number([-0.0, 0.1, Double(bitPattern: 0x7E8) /* 1e-320, subnormal */, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -1e300, 1.0, 2.5e-8].randomElement(using: &rng) ?? 0)
        case 5:
            let double = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
            return JSON.Number(double.isFinite ? double : 1.5)
        case 6: return JSON.Number(Double.random(in: -1e6...1e6, using: &rng))
        default:
            // Exact decimal text: more digits than a Double keeps.
            let digits = (0..<Int.random(in: 20...40, using: &rng)).map { _ in String(Int.random(in: 1...9, using: &rng)) }.joined()
            let text = "\(Bool.random(using: &rng) ? "-" : "")\(digits).\(digits)e\(Int.random(in: -400...400, using: &rng))"
            guard case .number(let number)? = try? JSON(parsing: text, options: .init(numbers: .lossless)) else { return 0 }
            return number
        }
    }

    static func string<R: RandomNumberGenerator>(using rng: inout R) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let value: UInt32
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: value = UInt32.random(in: 0x20...0x7E, using: &rng)
            case 1: value = [0x22, 0x5C, 0x2F, 0x00, 0x0A, 0x09, 0x1F, 0x7F].randomElement(using: &rng) ?? 0x22
            case 2: value = UInt32.random(in: 0x80...0x7FF, using: &rng)
            case 3: value = [0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFF, 0xD7FF, 0xE000].randomElement(using: &rng) ?? 0x2028
            case 4: value = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &rng)
            default: value = UInt32.random(in: 0...0x10_FFFF, using: &rng)
            }
            scalars.append(Unicode.Scalar(value) ?? "?")
        }
        return String(scalars)
    }

    /// Values strictly smaller than `value`: its children, then copies
    /// without one element or member; scalars shrink to their simplest form.
    static func smaller(_ value: JSON) -> sending [JSON] {
        switch value {
        case .array(let elements):
            return elements + elements.indices.map { index in
                var fewer = elements
                fewer.remove(at: index)
                return .array(fewer)
            }
        case .object(let object):
            return object.values + object.keys.map { key in
                var fewer = object
                fewer[key] = nil
                return .object(fewer)
            }
        case .string(let text): return text.isEmpty ? [] : [.string("")]
        case .number(let number): return number == 0 ? [] : [0]
        case .bool(true): return [.bool(false)]
        case .bool(false), .null: return []
        }
    }
}

/// A model with the kinds Foundation and Peregrine both code: integers of
/// several widths, floating point, optionals, nested arrays and objects,
/// and string-keyed dictionaries.
struct SampleModel: Codable, Equatable {
    struct Child: Codable, Equatable {
        var label: String
        var value: UInt32
        var weights: [Double]
    }

    var id: Int64
    var name: String
    var score: Double
    var ratio: Float?
    var small: Int8
    var flags: [Bool]
    var tags: [String: Int]
    var children: [Child]
    var nickname: String?
    var matrix: [[Int]]

    static func random<R: RandomNumberGenerator>(using rng: inout R) -> SampleModel {
        func double() -> Double {
            let double = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
            return double.isFinite ? double : 0.25
        }
        func count() -> Int { Int.random(in: 0...4, using: &rng) }
        return SampleModel(
            id: Int64.random(in: .min ... .max, using: &rng),
            name: Samples.string(using: &rng),
            score: double(),
            ratio: Bool.random(using: &rng) ? Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &rng)) : nil,
            small: Int8.random(in: .min ... .max, using: &rng),
            flags: (0..<count()).map { _ in Bool.random(using: &rng) },
            tags: Dictionary((0..<count()).map { _ in (Samples.string(using: &rng), Int.random(in: .min ... .max, using: &rng)) }) { first, _ in first },
            children: (0..<count()).map { _ in
                Child(label: Samples.string(using: &rng), value: UInt32.random(in: .min ... .max, using: &rng), weights: (0..<count()).map { _ in double() })
            },
            nickname: Bool.random(using: &rng) ? Samples.string(using: &rng) : nil,
            matrix: (0..<count()).map { _ in (0..<count()).map { _ in Int.random(in: -99...99, using: &rng) } })
    }
}
