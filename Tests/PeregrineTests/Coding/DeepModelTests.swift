import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// SECURITY.md: "Whatever limits a caller sets, nothing dies by a signal."
/// Recursive models decoded with a lifted `maxDepth` stop with an error
/// while the thread still has stack, and what was decoded is released.
@Suite struct DeepModelTests {
    final class Link: Decodable {
        let next: Link?
    }

    struct Tree: Decodable {
        let children: [Tree]
    }

    static func chain(_ depth: Int) -> [UInt8] {
        Array(String(repeating: #"{"next":"#, count: depth).utf8) + Array("null".utf8) + Array(repeating: UInt8(ascii: "}"), count: depth)
    }

    static func tree(_ depth: Int) -> [UInt8] {
        Array(String(repeating: #"{"children":["#, count: depth).utf8) + Array(#"{"children":[]}"#.utf8)
            + Array(String(repeating: "]}", count: depth).utf8)
    }

    static var liftedDecoder: JSON.Decoder {
        let decoder = JSON.Decoder()
        decoder.parseOptions.maxDepth = 100_000_000
        return decoder
    }

    /// How deep the decode of `input` went when it stopped for the stack:
    /// the length of its error's coding path, or `nil` when it did not
    /// stop that way.
    static func stoppedDepth<T: Decodable>(_ type: T.Type, _ input: [UInt8]) -> Int? {
        do {
            _ = try liftedDecoder.decode(T.self, from: input)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            guard context.debugDescription.contains("deeper than this thread's stack") else { return nil }
            return context.codingPath.count
        } catch {
            return nil
        }
    }

    /// A chain far deeper than any thread's stack holds stops with the
    /// stack error, and the deepest chain that then decodes is decoded and
    /// released on the same thread.
    static func exerciseChain() -> Bool {
        guard let stopped = stoppedDepth(Link.self, chain(60_000)), stopped > 100 else { return false }
        // The chain that stopped had `stopped` levels above the failing
        // object; one of that many levels (minus a margin) decodes whole.
        let fits = stopped - 10
        guard let decoded = try? liftedDecoder.decode(Link.self, from: chain(fits)) else { return false }
        var levels = 0
        var link: Link? = decoded
        while let current = link {
            levels += 1
            link = current.next
        }
        return levels == fits
    }

    @Test func aClassChainStopsBeforeTheStackEndsOnA1MiBThread() {
        #expect(runOnThread(stackSize: 1 << 20) { Self.exerciseChain() })
    }

    @Test func aClassChainStopsBeforeTheStackEndsOnAn8MiBThread() {
        #expect(runOnThread(stackSize: 8 << 20) { Self.exerciseChain() })
    }

    @Test func aTreeOfArraysStopsBeforeTheStackEnds() {
        let stopped = runOnThread(stackSize: 1 << 20) {
            guard let depth = Self.stoppedDepth(Tree.self, Self.tree(60_000)) else { return false }
            return depth > 100
        }
        #expect(stopped)
    }

    /// Where the stack is ample, deep input decodes as before: the check
    /// only stops a decode that would run out.
    @Test func aDeepChainWithinTheStackDecodes() throws {
        let ok = runOnThread(stackSize: 8 << 20) {
            (try? Self.liftedDecoder.decode(Link.self, from: Self.chain(2_000))) != nil
        }
        #expect(ok)
    }

    /// The error names the failing container's position: its coding path
    /// is the chain of `next` keys down to it.
    @Test func theErrorCarriesThePathToTheContainer() throws {
        let path = runOnThread(stackSize: 1 << 20) {
            do {
                _ = try Self.liftedDecoder.decode(Link.self, from: Self.chain(60_000))
                return false
            } catch DecodingError.dataCorrupted(let context) {
                return !context.codingPath.isEmpty && context.codingPath.allSatisfy { $0.stringValue == "next" }
                    && context.debugDescription.contains("line 1, column ")
            } catch {
                return false
            }
        }
        #expect(path)
    }
}
