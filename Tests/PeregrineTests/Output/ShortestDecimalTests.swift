import Foundation
import Peregrine
import Testing
import TestSupport

/// Doubles are written by our own shortest round-trip formatter (Schubfach);
/// its text must be exactly the standard library's `description`, which
/// the writer used before, for every double.
@Suite struct ShortestDecimalTests {
    /// The doubles whose text differs from `description` (the first few).
    static func mismatches(_ values: some Sequence<Double>) -> [String] {
        var found: [String] = []
        for value in values {
            let ours = JSON.Number(value).description
            if ours != value.description {
                found.append("\(value.bitPattern): \(ours) != \(value.description)")
                if found.count >= 10 { break }
            }
        }
        return found
    }

    static func withNegatives(_ values: [Double]) -> [Double] { values + values.map { -$0 } }

    @Test func randomBitPatterns() {
        var generator = SeededGenerator(seed: 2024)
        let values = (0..<3_000_000).lazy.map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        #expect(Self.mismatches(values) == [])
    }

    /// Doubles spread evenly in magnitude rather than in bits: random
    /// significands at every binary exponent.
    @Test func everyBinaryExponent() {
        var generator = SeededGenerator(seed: 77)
        var values: [Double] = []
        for exponent in -1074...1023 {
            for _ in 0..<200 {
                let significand = Double(UInt64.random(in: 1 << 52..<1 << 53, using: &generator))
                values.append(Double(sign: .plus, exponent: exponent - 52, significand: significand))
            }
        }
        #expect(Self.mismatches(Self.withNegatives(values.filter(\.isFinite))) == [])
    }

    @Test func subnormalsAndTheSmallest() {
        var values = (1...100_000).map { Double(bitPattern: UInt64($0)) }
        values += (0..<100_000).map { Double(bitPattern: (1 << 52) - 1 - UInt64($0)) }  // the largest subnormals
        values += [.leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, Double.leastNormalMagnitude.nextUp]
        #expect(Self.mismatches(Self.withNegatives(values)) == [])
    }

    @Test func powersOfTenAndTwoAndTheirNeighbours() {
        var values: [Double] = []
        for exponent in -330...310 {
            guard let power = Double("1e\(exponent)"), power.isFinite, power > 0 else { continue }
            values += [power, power.nextUp, power.nextDown, power * 2, power * 5, power * 1.5]
        }
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        values += [.greatestFiniteMagnitude, Double.greatestFiniteMagnitude.nextDown, 0x1p53, 0x1p54, 1e-4, 1e-5, 9.9999e-5, 0.00010000000000000002]
        #expect(Self.mismatches(Self.withNegatives(values.filter(\.isFinite))) == [])
    }

    @Test func integers() {
        var generator = SeededGenerator(seed: 5)
        var values = (0...200_000).map(Double.init)
        values += (0..<200_000).map { _ in Double(UInt64.random(in: 0...(1 << 53), using: &generator)) }
        values += (0..<200_000).map { _ in Double(UInt64.random(in: (1 << 53)...UInt64.max, using: &generator)) }
        values += (-1_000...1_000).map { Double((1 << 53) + $0) }
        values += (1...22).map { pow(10, Double($0)) }
        #expect(Self.mismatches(Self.withNegatives(values)) == [])
    }

    /// Short decimals, as JSON usually holds them: one to seventeen digits
    /// at every decimal exponent.
    @Test func shortDecimals() {
        var generator = SeededGenerator(seed: 11)
        var values: [Double] = []
        for exponent in -325...310 {
            for digits in 1...17 {
                let significand = UInt64.random(in: 1...(UInt64(pow(10, Double(digits))) - 1), using: &generator)
                if let value = Double("\(significand)e\(exponent)"), value.isFinite { values.append(value) }
            }
        }
        #expect(Self.mismatches(Self.withNegatives(values)) == [])
    }

    /// Coordinates and measurements, as GeoJSON and meshes hold them: 12
    /// to 17 significant digits, and doubles drawn uniformly, near zero.
    @Test func coordinates() {
        var generator = SeededGenerator(seed: 53)
        var values: [Double] = []
        for _ in 0..<300_000 {
            let digits = Int.random(in: 12...17, using: &generator)
            let significand = UInt64.random(in: 1...(UInt64(pow(10, Double(digits))) - 1), using: &generator)
            if let value = Double("\(significand)e\(-Int.random(in: digits - 3...digits + 1, using: &generator))") { values.append(value) }
            values.append(Double.random(in: -200...200, using: &generator))
            values.append(Double.random(in: -1...1, using: &generator))
        }
        #expect(Self.mismatches(Self.withNegatives(values)) == [])
    }

    /// Every text reads back as the same double, random bits or not.
    @Test func roundTrips() {
        var generator = SeededGenerator(seed: 99)
        var values = (0..<200_000).map { _ in Double(bitPattern: generator.next()) }.filter(\.isFinite)
        values += (0..<200_000).map { _ in Double.random(in: -1e6...1e6, using: &generator) }
        let failures = values.filter { Double(JSON.Number($0).description)?.bitPattern != $0.bitPattern }
        #expect(failures.prefix(10).map(\.bitPattern) == [])
    }

    /// The edges of each way a double is found: integers up to 2^53 and
    /// just past, 16 and 17 digits, the extremes, zeros and subnormals.
    @Test func edges() {
        // Subnormals by their bits: their decimal literals warn that they lose precision.
        var values: [Double] = [0, -0.0, 0x1p53 - 1, 0x1p53, 0x1p53 + 2, 0x1p52 + 0.5, 0x1p52 - 0.5, 1e15, 1e16, 1e17, 0x1p53.nextUp,
            1e16 + 2, 9_999_999_999_999_998, 12_345_678_901_234_568, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.1 + 0.2,
            1.7976931348623157e308, 2.2250738585072014e-308, Double.leastNormalMagnitude.nextDown, Double.leastNonzeroMagnitude,
            1.2345678901234567, 9.8765432109876543e-200, Double(bitPattern: 2), Double(bitPattern: 3), 1e23, 8.41e21,
            Double(sign: .plus, exponent: -1030, significand: 1.5), 123_456_789.123_456_78]
        for exponent in -20...20 {
            let power = pow(10, Double(exponent))
            values += [power, power.nextUp, power.nextDown, power * 7.5]
        }
        #expect(Self.mismatches(Self.withNegatives(values)) == [])
    }

    @Test func zerosAndTheWriterForms() throws {
        #expect(JSON.Number(0.0).description == "0.0")
        #expect(JSON.Number(-0.0).description == "-0.0")
        #expect(try JSON.array([1.0, 100.0, 1e100, .number(JSON.Number(Double.leastNonzeroMagnitude)), 1.2345e-7, 0.001, 1e16, 123456.75, -2.5]).serializedString()
            == "[1.0,100.0,1e+100,5e-324,1.2345e-07,0.001,1e+16,123456.75,-2.5]")
    }
}
