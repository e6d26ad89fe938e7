import Testing

@testable import PeregrineCore
import TestSupport

/// The promises of the four layers that reuse keys — the key cache, the
/// shapes of the objects built, the key lists kept between documents and
/// a thread's spare parser — checked by their `checkInvariants()` after
/// seeded random documents of recurring and new shapes; the values are a
/// fresh parser's. In debug builds, a broken promise stops the process.
struct KeyReuseInvariantTests {
    /// The keys of a few models, which objects of a document repeat in
    /// order: short keys, keys longer than 16 bytes and an escaped one.
    static let models: [[String]] = [
        ["id", "name", "screen_name", "a key longer than sixteen bytes", "followers_count"],
        ["lat", "lon"],
        ["text", #"esc\u0061ped"#, "indices"],
        (0..<20).map { "member\($0)" },
    ]

    /// JSON text of a random value nested up to `depth`: objects of the
    /// models (some cut short or given an extra member), objects of random
    /// keys, arrays and scalars.
    static func document(_ random: inout SeededGenerator, depth: Int) -> String {
        switch random.next() % (depth > 0 ? 8 : 3) {
        case 0: return String(Int64(bitPattern: random.next()) >> Int(random.next() % 64))
        case 1: return "\"s\(random.next() % 50)\""
        case 2: return "null"
        case 3, 4, 5:
            var keys = models[Int(random.next() % UInt64(models.count))]
            if random.next() % 4 == 0 { keys = Array(keys.prefix(Int(random.next() % UInt64(keys.count)))) }
            if random.next() % 4 == 0 { keys.append("extra\(random.next() % 3)") }
            return "{" + keys.map { "\"\($0)\":" + document(&random, depth: depth - 1) }.joined(separator: ",") + "}"
        case 6:
            // Distinct random keys, some longer than the cache keeps.
            let keys = (0..<Int(random.next() % 6)).map { "k\($0)_" + String(repeating: "x", count: Int(random.next() % 140)) }
            return "{" + keys.map { "\"\($0)\":" + document(&random, depth: depth - 1) }.joined(separator: ",") + "}"
        default:
            let elements = (0..<Int(random.next() % 6)).map { _ in document(&random, depth: depth - 1) }
            return "[" + elements.joined(separator: ",") + "]"
        }
    }

    @Test func aParsersKeyReuseHoldsAcrossDocuments() throws {
        var random = SeededGenerator(seed: 481)
        var parser = JSON.Parser()
        for _ in 0..<150 {
            let text = Self.document(&random, depth: 4)
            let value = try parser.parse(text)
            parser.checkInvariants()
            var fresh = JSON.Parser()
            let again = try fresh.parse(text)
            #expect(value == again)
        }
        #expect(parser.shapes.kept.count > 0, "lists were kept")
    }

    @Test func theShapesOfADocumentNameItsObjects() throws {
        var random = SeededGenerator(seed: 482)
        var remembered = 0
        for _ in 0..<100 {
            let bytes = Array(Self.document(&random, depth: 4).utf8)
            try bytes.withUnsafeBufferPointer { input in
                let tape = try scanTape(input, options: JSON.ParseOptions()).tape
                var materializer = Materializer(input: input, tape: tape)
                _ = try materializer.value(at: 0)
                materializer.keys.checkInvariants()
                let shapes = materializer.takeShapes()
                shapes.checkInvariants(tape: tape)
                remembered += shapes.kept.count
            }
        }
        #expect(remembered > 0, "objects were remembered")
    }

    @Test func aThreadsSpareStaysWithinItsBounds() throws {
        var random = SeededGenerator(seed: 483)
        let large = "[" + (0..<(SpareParser.maxTapeEntries + 1)).map(String.init).joined(separator: ",") + "]"
        for round in 0..<60 {
            _ = try JSON(parsing: round % 20 == 19 ? large : Self.document(&random, depth: 4))
            SpareParser.checkInvariants()
            #expect((SpareParser.threadsSpare?.tape?.capacity ?? 0) <= SpareParser.maxTapeEntries)
        }
    }

    #if DEBUG
    @Test func aKeptListWithARepeatedKeyStopsTheCheck() async {
        await #expect(processExitsWith: .failure) {
            var list = JSON.Object.KeyList.make(capacity: 2)
            JSON.Object.KeyList.append(ScalarKey("a"), to: &list)
            JSON.Object.KeyList.append(ScalarKey("a"), to: &list)
            var kept = KeptKeyLists()
            kept.keep(list)
        }
    }
    #endif
}
