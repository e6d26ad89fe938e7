import Foundation
import Peregrine
import PeregrineMacros
import Testing

/// The generated coders under hostile input: deep recursive models stop
/// before the thread's stack does, and an enum's error quotes at most an
/// excerpt of the tag or raw value, whatever the input holds.
@Suite struct HostileGeneratedTests {
    /// Runs `body` on a thread with a stack of `stackSize` bytes.
    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Bool) -> Bool {
        final class Result: @unchecked Sendable { var value = false }
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return result.value
    }

    static func chain(_ depth: Int) -> [UInt8] {
        Array(String(repeating: #"{"name":"","next":"#, count: depth).utf8) + Array("null".utf8) + Array(repeating: UInt8(ascii: "}"), count: depth)
    }

    /// SECURITY.md: "Whatever limits a caller sets, nothing dies by a
    /// signal": a chain of final classes far deeper than a 1 MiB stack holds
    /// stops with a `DecodingError` naming the stack, on the generated path.
    @Test func aDeepChainStopsBeforeTheStackEnds() {
        let stopped = Self.onThread(stackSize: 1 << 20) {
            let decoder = JSON.Decoder()
            decoder.parseOptions.maxDepth = 100_000_000
            do {
                _ = try decoder.decode(ChainNode.self, from: Self.chain(60_000))
                return false
            } catch DecodingError.dataCorrupted(let context) {
                return context.debugDescription.contains("deeper than this thread's stack") && context.codingPath.count > 50
            } catch {
                return false
            }
        }
        #expect(stopped)
    }

    /// SECURITY.md: errors cost O(depth + excerpt): a discriminator tag of
    /// one character with a million combining marks (as bytes and as
    /// escapes) is quoted by 40 scalars.
    @Test func anUnknownTagIsCutByScalars() throws {
        let marks = String(repeating: "\u{301}", count: 1_000_000)
        for tag in ["a" + marks, "a" + String(repeating: #"\u0301"#, count: 1_000_000)] {
            let json = #"{"type":"\#(tag)"}"#
            let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode(Figure.self, from: json) }
            guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); continue }
            #expect(context.debugDescription.utf8.count < 1_000)
            #expect(context.debugDescription.contains("unknown tag"))
        }
    }

    /// An unknown raw value of 4 MB is quoted by 40 scalars.
    @Test func anUnknownRawValueIsCut() throws {
        let raw = String(repeating: "x", count: 4 << 20)
        let error = try #require(throws: DecodingError.self) { try JSON.Decoder().decode([Color].self, from: #"[""# + raw + #""]"#) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.utf8.count < 1_000)
        #expect(context.debugDescription.hasSuffix("value " + String(repeating: "x", count: 40) + "…"))
    }
}
