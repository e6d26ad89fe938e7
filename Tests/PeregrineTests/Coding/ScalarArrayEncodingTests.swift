import Foundation
import Peregrine
import Testing

/// Arrays of numbers a generated encoder writes in one loop (`[Double]`,
/// `[Float]`, `[Int]`, `[[Double]]`): the text Foundation's `JSONEncoder` writes, in
/// every layout, and its errors and strategies for non-finite numbers.
struct ScalarArrayEncodingTests {
    static let doubles: [Double] = [0, -0.0, 1.5, 1000, 1e300, Double.leastNonzeroMagnitude, 0.1, -123456.789, 1e16, 123456789012345680]
    static let ints: [Int] = [0, -1, 42, .max, .min]
    static let floats: [Float] = [0, 1.5, 3.4e38, Float.leastNonzeroMagnitude, 0.1, -7]

    /// The elements of an array through `Encodable`'s unkeyed container, one by one.
    struct OneByOne<Element: Encodable>: Encodable {
        var elements: [Element]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        }
    }

    static func text(_ value: some Encodable, _ formatting: JSON.Encoder.OutputFormatting = []) throws -> String {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        return String(decoding: try encoder.encode(value) as [UInt8], as: UTF8.self)
    }

    @Test(arguments: [JSON.Encoder.OutputFormatting(), .prettyPrinted, .sortedKeys, [.prettyPrinted, .sortedKeys]])
    func numberArraysAreWrittenAsTheirElementsAre(_ formatting: JSON.Encoder.OutputFormatting) throws {
        let rows = [Self.doubles, [], [2.5], Self.doubles.reversed()]
        let oneByOne = rows.map { OneByOne(elements: $0) }
        #expect(try Self.text(Self.doubles, formatting) == Self.text(OneByOne(elements: Self.doubles), formatting))
        #expect(try Self.text(Self.floats, formatting) == Self.text(OneByOne(elements: Self.floats), formatting))
        #expect(try Self.text([Self.ints, []], formatting) == Self.text([OneByOne(elements: Self.ints), OneByOne(elements: [])], formatting))
        #expect(try Self.text(rows, formatting) == Self.text(OneByOne(elements: oneByOne), formatting))
        #expect(try Self.text([rows, [], rows], formatting) == Self.text([oneByOne, [], oneByOne], formatting))
        #expect(try Self.text(["a": rows], formatting) == Self.text(["a": OneByOne(elements: oneByOne)], formatting))
        #expect(try Self.text([[Double]()], formatting) == Self.text([OneByOne<Double>(elements: [])], formatting))
    }

    /// The numbers' text is Foundation's.
    @Test func numberArraysAreWrittenAsFoundationWritesThem() throws {
        let rows = [Self.doubles, [], [2.5]]
        #expect(try Self.text(rows) == String(decoding: try JSONEncoder().encode(rows), as: UTF8.self))
        #expect(try Self.text(Self.floats) == String(decoding: try JSONEncoder().encode(Self.floats), as: UTF8.self))
        #expect(try Self.text(Self.ints) == String(decoding: try JSONEncoder().encode(Self.ints), as: UTF8.self))
    }

    @Test func nonFiniteNumbersFollowTheStrategy() throws {
        let rows: [[Double]] = [[1], [2, .infinity]]
        let error = try #require(throws: EncodingError.self) { try JSON.Encoder().encode(["a": rows]) as [UInt8] }
        guard case .invalidValue(let value, let context) = error else {
            Issue.record("not invalidValue: \(error)")
            return
        }
        #expect((value as? Double) == .infinity)
        #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1", "Index 1"])
        let floatError = try #require(throws: EncodingError.self) { try JSON.Encoder().encode([Float(1), .nan]) as [UInt8] }
        guard case .invalidValue(_, let floatContext) = floatError else {
            Issue.record("not invalidValue: \(floatError)")
            return
        }
        #expect(floatContext.codingPath.map(\.stringValue) == ["Index 1"])

        let encoder = JSON.Encoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(String(decoding: try encoder.encode(rows + [[-.infinity, .nan]]) as [UInt8], as: UTF8.self) == #"[[1],[2,"+inf"],["-inf","nan"]]"#)
        #expect(String(decoding: try encoder.encode([Float.nan, 0.5]) as [UInt8], as: UTF8.self) == #"["nan",0.5]"#)
    }
}
