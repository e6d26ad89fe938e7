import Foundation
@testable import PeregrineCore
import PeregrineMacros
import Testing

/// Untagged enums cost time linear in the input, not merely a bounded
/// number of attempts: each enum's outcome at each value is remembered
/// (`UntaggedMemo`), a failed case's report events are taken back, and a
/// remembered value brings its events with it. Work is counted with
/// ``WorkCounter``, and the decodes of array elements through ``Tick``.
@Suite struct UntaggedMemoTests {
    /// `depth` levels of `{"big": [0, 1, …], "next": …}` with `width`
    /// elements each, and `"x"` at the bottom, which no ``Layer`` matches.
    static func nesting(depth: Int, width: Int) -> String {
        let big = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        return String(repeating: "{\"big\":\(big),\"next\":", count: depth) + "\"x\"" + String(repeating: "}", count: depth)
    }

    /// What decoding through `decode` costs: the ``Tick`` values decoded,
    /// all the work ``WorkCounter`` counts (errors' positions and paths
    /// included), and the error thrown.
    static func work(_ decode: () throws -> Layer) -> (ticks: Int, units: Int, error: String) {
        let ticks = TickCount()
        let counter = WorkCounter()
        let error = TickCount.$current.withValue(ticks) {
            WorkCounter.$current.withValue(counter) { () -> String in
                do {
                    _ = try decode()
                    return "no error"
                } catch {
                    return summary(of: error)
                }
            }
        }
        return (ticks.decodes, counter.units, error)
    }

    /// Twenty levels failing at the bottom, at two widths eight times apart:
    /// every element is decoded at most once per case of its level's enum
    /// (2 × the elements; once when its level's ``Floor`` is large enough
    /// for its failure to be kept, ``UntaggedMemo/smallestKeptValue``) on
    /// the generated and `Codable` paths, JSON and binary, and all the work
    /// grows with the input, where trying every case again decoded the
    /// bottom 2²⁰ times, cut short only by the bound on attempts.
    @Test func adversarialNestingIsLinear() throws {
        let depth = 20
        for (name, decode) in [
            ("generated", { (text: String) in try JSON.Decoder().decode(Layer.self, from: text) }),
            ("Codable", { (text: String) in try JSON.Decoder().decode(CodablePath<Layer>.self, from: text).value }),
            ("binary", { (text: String) in try Binary.Decoder().decode(Layer.self, from: Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]) }),
        ] as [(String, (String) throws -> Layer)] {
            var units: [Int] = []
            for width in [10, 80] {
                let text = Self.nesting(depth: depth, width: width)
                let (ticks, work, error) = Self.work { try decode(text) }
                #expect(ticks >= depth * width && ticks <= 2 * depth * width, "\(name): \(ticks) decodes of \(depth * width) elements")
                #expect(error.hasPrefix("dataCorrupted [] "), "\(name): \(error)")
                #expect(error.contains("the value matches no case of Layer"), "\(name): \(error)")
                units.append(work)
            }
            #expect(units[0] > 0 && units[1] <= 9 * units[0], "\(name): work \(units[0]) at n, \(units[1]) at 8n")
        }
        // The error is the root's, with its position.
        let error = Self.work { try JSON.Decoder().decode(Layer.self, from: Self.nesting(depth: 2, width: 1)) }.error
        #expect(error == "dataCorrupted [] $ (line 1, column 1, offset 0): the value matches no case of Layer underlying: none")
    }

    /// A value that decodes is decoded once, however many cases around it ask.
    @Test func valuesThatMatchAreDecodedOnce() throws {
        // Strict decodes `layer` (three elements), then fails on `required`: Loose reuses `layer`.
        let text = #"{"r": {"c": 1}, "layer": {"big": [1, 2, 3], "next": {"big": [], "next": null}}}"#
        let layer = Layer.a(Floor(big: [Tick(1), Tick(2), Tick(3)], next: .a(Floor(big: [], next: nil))))
        for decode in [
            { try JSON.Decoder().decode(Around.self, from: text) },
            { try JSON.Decoder().decode(CodablePath<Around>.self, from: text).value },
        ] as [() throws -> Around] {
            let ticks = TickCount()
            let value = try TickCount.$current.withValue(ticks) { try decode() }
            #expect(value == .loose(Loose(r: .second(Second(c: 1, d: 0)), layer: layer)) && ticks.decodes == 3)
        }
    }

    /// Report events recorded in a case that then fails are taken back; a
    /// value decoded before and reused brings its events again.
    @Test func failedCasesLeaveNoReportEvents() throws {
        // First's `a` takes its default, then `b` is missing: Second matches, whose `d` takes its default.
        let (value, report) = try expectSameReport(Reported.self, #"{"c": 1}"#)
        #expect(value == .second(Second(c: 1, d: 0)))
        #expect(report == ["$.d is missing: took the default"])
        // Strict decodes `r` (one event), then fails on `required`; Loose reuses `r` and its event.
        let (around, events) = try expectSameReport(Around.self, #"{"r": {"c": 1}}"#)
        #expect(around == .loose(Loose(r: .second(Second(c: 1, d: 0)), layer: nil)))
        #expect(events == ["$.r.d is missing: took the default"])
        // Binary (which has no decodeWithReport: the collector it would install): the same events.
        let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: #"{"r": {"c": 1}}"#))
        let collector = ReportCollector()
        let binary = try ReportCollector.$current.withValue(collector) { try Binary.Decoder().decode(Around.self, from: bytes) }
        #expect(binary == around && collector.report.events.map(\.description) == events)
    }

    /// A case holding the enum itself at the same value fails at once,
    /// instead of recursing until the stack runs out.
    @Test func aCaseHoldingItsOwnEnumFails() throws {
        #expect(expectSameDecoding(SelfHeld.self, "5") == nil)
        #expect(try JSON.Decoder().decode(SelfHeld.self, from: "5") == .int(5))
        let error = try #require(expectSameDecoding(SelfHeld.self, "\"x\""))
        #expect(error == "dataCorrupted [] $ (line 1, column 1, offset 0): the value matches no case of SelfHeld underlying: none")
    }

    /// An enum of seventy cases decodes a value matching its last case,
    /// alone and as each of many elements, on every path: the cases are
    /// bounded by the enum, once per value, not by a budget that an enum of
    /// many cases exhausts (64 tries for a small input, 16 per value, refused both).
    @Test func aValueMatchingTheLastOfSeventyCasesDecodes() throws {
        #expect(expectSameDecoding(Wide.self, #"{"c69": 5}"#) == nil)
        #expect(try JSON.Decoder().decode(Wide.self, from: #"{"c69": 5}"#) == .c69(c69: 5))
        let many = "[" + Array(repeating: #"{"c69": 5}"#, count: 100).joined(separator: ",") + "]"
        #expect(expectSameDecoding([Wide].self, many) == nil)
        #expect(try JSON.Decoder().decode([Wide].self, from: many) == Array(repeating: .c69(c69: 5), count: 100))
        let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: many))
        #expect(expectSameBinaryDecoding([Wide].self, bytes) == nil)
        #expect(try Binary.Decoder().decode([Wide].self, from: bytes).last == .c69(c69: 5))
        // A value none matches is the enum's own error, at the value.
        let error = try #require(expectSameDecoding(Wide.self, "null"))
        #expect(error == "dataCorrupted [] $ (line 1, column 1, offset 0): the value matches no case of Wide underlying: none")
    }

    /// `count` stairs of `depth` levels of `{"big": [0, 1, …], "next": …}`
    /// with `width` elements each, the last level's `next` `null`.
    static func stairs(count: Int, depth: Int, width: Int) -> String {
        let big = "[" + (0..<width).map(String.init).joined(separator: ",") + "]"
        let stair = String(repeating: "{\"big\":\(big),\"next\":", count: depth) + "null" + String(repeating: "}", count: depth)
        return "[" + Array(repeating: stair, count: count).joined(separator: ",") + "]"
    }

    /// Every way the input can grow, each eight times over (the nesting,
    /// the width of each level, the number of values), with a case that
    /// fails at every level after its inner levels are known: every array
    /// element is decoded twice (once per case of its level's enum; the
    /// last level's, when too small for its outcome to be kept, twice
    /// more), and all the
    /// work ``WorkCounter`` counts grows at most eightfold, on the
    /// generated and `Codable` paths, JSON and binary (each failed case's
    /// error had a coding path, O(depth) each).
    @Test func workStaysLinearHoweverTheInputIsShaped() throws {
        for (name, decode) in [
            ("generated", { (text: String) in _ = try JSON.Decoder().decode([Stair].self, from: text) }),
            ("Codable", { (text: String) in _ = try JSON.Decoder().decode(CodablePath<[Stair]>.self, from: text) }),
            ("binary", { (text: String) in _ = try Binary.Decoder().decode([Stair].self, from: Binary.Encoder().encode(JSON(parsing: text)) as [UInt8]) }),
        ] as [(String, (String) throws -> Void)] {
            for (axis, shapes) in [
                ("depth", [(count: 2, depth: 10, width: 4), (count: 2, depth: 80, width: 4)]),
                ("width", [(count: 2, depth: 10, width: 4), (count: 2, depth: 10, width: 32)]),
                ("count", [(count: 2, depth: 10, width: 4), (count: 16, depth: 10, width: 4)]),
            ] {
                var units: [Int] = []
                for shape in shapes {
                    let text = Self.stairs(count: shape.count, depth: shape.depth, width: shape.width)
                    let ticks = TickCount()
                    let counter = WorkCounter()
                    try TickCount.$current.withValue(ticks) { try WorkCounter.$current.withValue(counter) { try decode(text) } }
                    // The last level holds no untagged value: unless it is large, no outcome is kept for it, and the level above asks twice.
                    let levels = shape.count * shape.depth * shape.width
                    #expect(ticks.decodes >= 2 * levels && ticks.decodes <= 2 * (levels + shape.count * shape.width), "\(name), \(axis): \(ticks.decodes) decodes")
                    units.append(counter.units)
                }
                // The failed cases' errors carry no path (O(depth) each, quadratic in the nesting): none is built at all.
                #expect(units[1] <= 9 * max(units[0], 1), "\(name), \(axis): work \(units[0]) at n, \(units[1]) at 8n")
            }
        }
    }

    /// Outcomes are kept only while a case is tried: an array of untagged
    /// values, each holding another, keeps those of one element at a time.
    @Test func outcomesAreDroppedWhenTheOutermostEnumIsDone() throws {
        let text = "[" + Array(repeating: "1", count: 100).joined(separator: ",") + "]"
        for decode in [
            { _ = try JSON.Decoder().decode([Wrapper].self, from: text) },
            { _ = try JSON.Decoder().decode(CodablePath<[Wrapper]>.self, from: text) },
        ] as [() throws -> Void] {
            let largest = MemoProbe.Largest()
            try MemoProbe.$largest.withValue(largest) { try decode() }
            // The element's Wrapper and Inner, both being decoded.
            #expect(largest.entries == 2)
        }
    }

    /// An untagged value around a long array of untagged values that hold
    /// no other keeps no outcome for them (one entry each, kept until the
    /// root was done): asked again, a leaf tries its cases again, which
    /// costs what its first decode did. The table holds the root and the
    /// element being decoded, on every path.
    @Test func leavesKeepNoOutcome() throws {
        let text = "[" + Array(repeating: "1", count: 100).joined(separator: ",") + "]"
        let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: text))
        for decode in [
            { _ = try JSON.Decoder().decode(ProbeList.self, from: text) },
            { _ = try JSON.Decoder().decode(CodablePath<ProbeList>.self, from: text) },
            { _ = try Binary.Decoder().decode(ProbeList.self, from: bytes) },
        ] as [() throws -> Void] {
            let largest = MemoProbe.Largest()
            try MemoProbe.$largest.withValue(largest) { try decode() }
            #expect(largest.entries == 2)
        }
    }

    /// Inside a case, a model's outcome is kept only when its value spans
    /// ``UntaggedMemo/smallestKeptValue`` tape entries or more: a hundred
    /// small ``Slot``s keep none (the only entry is the root's, being
    /// decoded), a hundred large ones one each and at most one more for
    /// the array inside, on the generated and `Codable` paths, JSON and binary.
    @Test func onlyLargeValuesInsideCasesAreKept() throws {
        for (width, kept) in [(2, 1...1), (70, 100...200)] {
            let slot = #"{"big": ["# + (0..<width).map(String.init).joined(separator: ",") + #"], "probe": 1}"#
            let text = "[" + Array(repeating: slot, count: 100).joined(separator: ",") + "]"
            let bytes: [UInt8] = try Binary.Encoder().encode(JSON(parsing: text))
            for (name, decode) in [
                ("generated", { _ = try JSON.Decoder().decode(SlotList.self, from: text) }),
                ("Codable", { _ = try JSON.Decoder().decode(CodablePath<SlotList>.self, from: text) }),
                ("binary", { _ = try Binary.Decoder().decode(SlotList.self, from: bytes) }),
            ] as [(String, () throws -> Void)] {
                let largest = MemoProbe.Largest()
                try MemoProbe.$largest.withValue(largest) { try decode() }
                #expect(kept.contains(largest.entries), "\(name), width \(width): \(largest.entries) outcomes kept")
            }
        }
    }
}
