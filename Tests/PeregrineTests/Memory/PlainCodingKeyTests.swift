import Peregrine
import Testing

@testable import PeregrineCore

/// `PlainCodingKey` keeps a key bitwise only when its type is a plain value
/// of at most 16 bytes, and gives it back as it was; every other key (one
/// holding a reference, a class, a larger one) is refused and kept boxed.
/// The coding paths of encoding errors hold every key as it was given.
struct PlainCodingKeyTests {
    enum Named: String, CodingKey { case first, second }
    enum Numbered: Int, CodingKey { case one = 1, two = 2 }
    enum Lone: CodingKey { case only }
    /// Plain associated values, 9 and 16 bytes: kept.
    enum Indexed: CodingKey {
        case index(Int)
        case name(UInt8)
        var stringValue: String {
            switch self {
            case .index(let index): "i\(index)"
            case .name(let name): "n\(name)"
            }
        }
        var intValue: Int? {
            if case .index(let index) = self { return index }
            return nil
        }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self = .index(intValue) }
    }
    struct Pair: CodingKey {
        let low: Int
        let high: Int
        var stringValue: String { "\(low)-\(high)" }
        var intValue: Int? { low }
        init(low: Int, high: Int) { (self.low, self.high) = (low, high) }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { (low, high) = (intValue, -intValue) }
    }
    /// 24 bytes of plain values: too large, boxed.
    struct Triple: CodingKey {
        let a: Int, b: Int, c: Int
        var stringValue: String { "\(a).\(b).\(c)" }
        var intValue: Int? { nil }
        init(_ a: Int) { (self.a, self.b, self.c) = (a, a + 1, a + 2) }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.init(intValue) }
    }
    /// An associated `String` (a reference): boxed.
    enum Texted: CodingKey {
        case text(String)
        var stringValue: String { if case .text(let text) = self { return text }; return "" }
        var intValue: Int? { nil }
        init?(stringValue: String) { self = .text(stringValue) }
        init?(intValue: Int) { nil }
    }
    /// A struct holding a class reference: boxed.
    struct Referencing: CodingKey {
        final class Name: Sendable { let text: String; init(_ text: String) { self.text = text } }
        let name: Name
        var stringValue: String { name.text }
        var intValue: Int? { nil }
        init?(stringValue: String) { name = Name(stringValue) }
        init?(intValue: Int) { nil }
    }
    final class ClassKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    /// Plain or not by its parameter, known only at run time in an unspecialised call.
    struct Wrapped<Payload: Sendable>: CodingKey {
        let payload: Payload
        var stringValue: String { "\(payload)" }
        var intValue: Int? { nil }
        init(_ payload: Payload) { self.payload = payload }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    /// The key as `PlainCodingKey` gives it back, `nil` when refused.
    @inline(never)
    private func roundTrip<Key: CodingKey>(_ key: Key) -> (any CodingKey)? {
        PlainCodingKey(key)?.key
    }

    private func expectKept<Key: CodingKey>(_ key: Key) {
        let back = roundTrip(key)
        #expect(back is Key, "\(Key.self)")
        #expect(back?.stringValue == key.stringValue && back?.intValue == key.intValue, "\(Key.self)")
    }

    @Test func plainKeysComeBackAsTheyWere() {
        expectKept(Named.second)
        expectKept(Numbered.two)
        expectKept(Lone.only)
        expectKept(Indexed.index(-7))
        expectKept(Indexed.name(200))
        expectKept(Pair(low: .min, high: .max))
        expectKept(Wrapped(Int32(5)))
        expectKept(Wrapped(Pair(low: 1, high: 2)))
    }

    @Test func keysHoldingReferencesOrLargerAreRefused() throws {
        #expect(roundTrip(Triple(1)) == nil)
        #expect(roundTrip(Texted.text("a")) == nil)
        #expect(roundTrip(try #require(Referencing(stringValue: "a"))) == nil)
        #expect(roundTrip(try #require(ClassKey(stringValue: "a"))) == nil)
        #expect(roundTrip(Wrapped("a")) == nil)
        #expect(roundTrip(Wrapped(Referencing.Name("a"))) == nil)
        #expect(roundTrip(Wrapped((1, 2, 3))) == nil)
    }

    /// A `NaN` three objects deep, each keyed by `Key`.
    struct Nested<Key: CodingKey>: Encodable {
        let keys: [Key]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for key in keys.dropLast() { container = container.nestedContainer(keyedBy: Key.self, forKey: key) }
            try container.encode(Double.nan, forKey: keys[keys.count - 1])
        }
    }

    private func path(_ value: some Encodable, _ formatting: JSON.Encoder.OutputFormatting) -> [String] {
        let encoder = JSON.Encoder()
        encoder.outputFormatting = formatting
        do {
            _ = try encoder.encode(value) as [UInt8]
        } catch EncodingError.invalidValue(_, let context) {
            return context.codingPath.map(Self.text)
        } catch {}
        return ["no error"]
    }

    private static func text(_ key: any CodingKey) -> String { "\(key.stringValue)/\(key.intValue.map(String.init) ?? "-")" }

    /// Each key in the path, read back as it was given (Foundation's
    /// `JSONEncoder` on Linux names only the innermost key here).
    private func expectPath<Key: CodingKey>(_ keys: [Key]) {
        for formatting: JSON.Encoder.OutputFormatting in [[], .sortedKeys, .prettyPrinted] {
            #expect(path(Nested(keys: keys), formatting) == keys.map(Self.text), "\(Key.self), \(formatting)")
        }
    }

    @Test func codingPathsKeepEveryKindOfKey() throws {
        expectPath([Named.first, .second, .first])
        expectPath([Numbered.two, .one, .two])
        expectPath([Lone.only, .only, .only])
        expectPath([Indexed.index(3), .name(4), .index(5)])
        expectPath([Pair(low: 1, high: 2), Pair(low: 3, high: 4), Pair(low: 5, high: 6)])
        expectPath([Triple(1), Triple(4), Triple(7)])
        expectPath([Texted.text("a"), .text("b"), .text("c")])
        expectPath(try ["a", "b", "c"].map { try #require(Referencing(stringValue: $0)) })
        expectPath(try ["a", "b", "c"].map { try #require(ClassKey(stringValue: $0)) })
        expectPath([Wrapped("a"), Wrapped("b"), Wrapped("c")])
        // Plain and boxed keys at alternate depths.
        let mixed = ["x": [Nested(keys: [Named.first, .second])]]
        #expect(path(mixed, []) == ["x/-", "Index 0/0", "first/-", "second/-"])
    }
}
