import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import Peregrine

/// The one-shot `JSON(parsing:)` parses with its thread's spare parser:
/// the same tape from one document to the next, nothing of a call's
/// options carried to the next, and at most a 64 KiB tape kept.
struct SpareParserTests {
    /// A number array of `count` elements: one tape entry each.
    func numbers(_ count: Int) -> String {
        "[" + Array(repeating: "1", count: count).joined(separator: ",") + "]"
    }

    @Test func oneShotParsesOnAThreadShareOneTape() throws {
        _ = try JSON(parsing: numbers(100))
        // Weak: a strong reference here would keep the parser from reusing the tape.
        weak let tape = SpareParser.threadsSpare?.tape
        #expect(tape != nil, "the thread keeps a spare with its tape")
        #expect(try JSON(parsing: #"{"a":[true,null]}"#) == ["a": [true, nil]])
        #expect(tape != nil && SpareParser.threadsSpare?.tape === tape, "and the next parse reuses it")
    }

    @Test func aLargeDocumentsTapeIsNotKept() throws {
        let value = try JSON(parsing: numbers(SpareParser.maxTapeEntries * 2))
        #expect(value[SpareParser.maxTapeEntries * 2 - 1].int == 1)
        let spare = try #require(SpareParser.threadsSpare)
        #expect(spare.tape == nil, "a tape of 8,193 entries is let go")
        #expect(try JSON(parsing: numbers(3)) == [1, 1, 1])
        #expect((SpareParser.threadsSpare?.tape?.capacity ?? .max) <= SpareParser.maxTapeEntries)
    }

    @Test func eachCallsOptionsAreItsOwn() throws {
        let json5 = "{a: 1, // note\n}"
        #expect(try JSON(parsing: json5, options: .json5) == ["a": 1])
        let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: json5) }
        #expect(error.kind == .unexpectedCharacter && error.offset == 1, "strict again: \(error)")

        let repeated = #"{"a":1,"a":2}"#
        #expect(try JSON(parsing: repeated, options: .init(duplicateKeys: .firstWins)) == ["a": 1])
        #expect(try JSON(parsing: repeated) == ["a": 2])
        let duplicate = try #require(throws: JSON.ParseError.self) { try JSON(parsing: repeated, options: .init(duplicateKeys: .reject)) }
        #expect(duplicate.kind == .duplicateKey && duplicate.offset == 7)
        #expect(try JSON(parsing: repeated) == ["a": 2])
    }

    @Test func aFailedParseLeavesTheSpareReady() throws {
        _ = try JSON(parsing: numbers(10))
        weak let tape = SpareParser.threadsSpare?.tape
        let error = try #require(throws: JSON.ParseError.self) { try JSON(parsing: numbers(20) + "x") }
        #expect(error.kind == .trailingContent && error.offset == 41)
        #expect(tape != nil && SpareParser.threadsSpare?.tape === tape)
        #expect(try JSON(parsing: #"["b"]"#) == ["b"])
    }

    @Test func threadsParseWithTheirOwnSpares() {
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let text = #"{"thread":\#(thread),"round":\#(round),"keys":["k\#(round % 7)","shared"]}"#
                let expected: JSON = ["thread": .number(JSON.Number(thread)), "round": .number(JSON.Number(round)), "keys": [.string("k\(round % 7)"), "shared"]]
                if (try? JSON(parsing: text)) != expected { failures.add() }
            }
        }
        #expect(failures.count == 0)
    }

    #if canImport(Glibc)
    @Test func aThreadsSpareIsReleasedWhenTheThreadEnds() throws {
        let probe = Probe()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let probe = Unmanaged<Probe>.fromOpaque(raw).takeRetainedValue()
            probe.parsed = (try? JSON(parsing: "[1,2,3]")) == [1, 2, 3]
            probe.tape = SpareParser.threadsSpare?.tape
            return nil
        }, Unmanaged.passRetained(probe).toOpaque())
        try #require(started == 0)
        pthread_join(thread, nil)
        #expect(probe.parsed)
        #expect(probe.tape == nil, "the thread's tape was freed with its spare")
    }

    /// What the thread of `aThreadsSpareIsReleasedWhenTheThreadEnds` saw.
    final class Probe: @unchecked Sendable {
        var parsed = false
        weak var tape: Tape?
    }
    #endif

    /// A count of failures that threads add to.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func add() { lock.withLock { value += 1 } }
    }
}
