import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import PeregrineCore
@testable import PeregrineQuery

// Where threads have no slots (no pthreads), no spare is kept: nothing to test.
#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
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

    /// An array of 4 MiB, built element by element on a tape of up to
    /// 65,536 entries: that tape is not kept either.
    @Test func anElementwiseParsesTapeIsNotKept() throws {
        let count = (4 << 20) / 2 + 1
        let value = try JSON(parsing: numbers(count))
        #expect(value[count - 1].int == 1)
        #expect(try #require(SpareParser.threadsSpare).tape == nil, "a tape of 65,536 entries or more is let go")
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

    /// Four threads parse at once, each checking its results, and each
    /// ends with a spare of its own (their tapes are held here, so no
    /// address is reused).
    @Test func threadsParseWithTheirOwnSpares() {
        let record = Record()
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                for round in 0..<200 {
                    let text = #"{"thread":\#(thread),"round":\#(round),"keys":["k\#(round % 7)","shared"]}"#
                    let expected: JSON = [
                        "thread": .number(JSON.Number(thread)), "round": .number(JSON.Number(round)),
                        "keys": [.string("k\(round % 7)"), "shared"],
                    ]
                    if (try? JSON(parsing: text)) != expected { record.fail() }
                }
                record.add(SpareParser.threadsSpare?.tape)
                group.leave()
            }.start()
        }
        group.wait()
        #expect(record.failures == 0)
        #expect(record.distinctTapes == 4)
    }

    /// A parse that begins inside another on the same thread (from the
    /// `withUnsafeBytes` of its argument) gets a new parser; the spare put
    /// back last is kept and the other freed.
    @Test func aParseInsideAParseGetsANewParser() throws {
        _ = try JSON(parsing: "[1]")
        weak let outerTape = SpareParser.threadsSpare?.tape
        #expect(outerTape != nil)
        let bytes = ParsingBytes(bytes: Array(#"{"outer":[1,2]}"#.utf8), inner: #"{"inner":true}"#)
        #expect(try JSON(parsing: bytes) == ["outer": [1, 2]])
        #expect(bytes.innerValue.value == ["inner": true])
        #expect(outerTape == nil, "the outer spare was freed: the inner one was put back first")
        #expect(SpareParser.threadsSpare?.tape != nil)
    }

    @Test func releasingTheThreadsBuffersFreesTheSpare() throws {
        _ = try JSON(parsing: #"{"a secret key":1}"#)
        weak let tape = SpareParser.threadsSpare?.tape
        #expect(tape != nil)
        JSON.releaseThreadParseBuffers()
        #expect(SpareParser.threadsSpare == nil && tape == nil)
        #expect(try JSON(parsing: #"{"a secret key":2}"#) == ["a secret key": 2])
        #expect(SpareParser.threadsSpare != nil, "the next parse makes a new one")
        JSON.releaseThreadParseBuffers()
        JSON.releaseThreadParseBuffers()  // with none, nothing to do
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
            probe.hadTape = probe.tape != nil
            return nil
        }, Unmanaged.passRetained(probe).toOpaque())
        try #require(started == 0)
        pthread_join(thread, nil)
        #expect(probe.parsed && probe.hadTape, "the thread kept a spare")
        #expect(probe.tape == nil, "the thread's tape was freed with its spare")
    }

    /// What the thread of `aThreadsSpareIsReleasedWhenTheThreadEnds` saw.
    final class Probe: @unchecked Sendable {
        var parsed = false
        var hadTape = false
        weak var tape: Tape?
    }
    #endif

    /// What the threads of `threadsParseWithTheirOwnSpares` saw.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var failed = 0
        private var tapes: [Tape] = []
        var failures: Int { lock.withLock { failed } }
        var distinctTapes: Int { lock.withLock { Set(tapes.map(ObjectIdentifier.init)).count } }
        func fail() { lock.withLock { failed += 1 } }
        func add(_ tape: Tape?) { lock.withLock { if let tape { tapes.append(tape) } } }
    }

    /// Bytes whose `withUnsafeBytes` parses `inner` first, on the same
    /// thread, while the parse it was called from holds the spare.
    struct ParsingBytes: ContiguousBytes {
        let bytes: [UInt8]
        let inner: String
        let innerValue = Box()

        final class Box: @unchecked Sendable {
            var value: JSON?
        }

        func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            innerValue.value = try? JSON(parsing: inner)
            return try bytes.withUnsafeBytes(body)
        }
    }
}
#endif
