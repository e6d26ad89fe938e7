import Foundation
import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// No JSON Patch operation nests the value deeper than `JSON.maxValueDepth`
/// (Swift releases nested values recursively: deeper ones crashed the
/// thread that let them go), and finding a value's depth costs at most the
/// copy limit over a whole patch.
@Suite struct JSONPatchDepthTests {
    /// `levels` arrays nested in each other, the innermost empty.
    private func nested(_ levels: Int) -> JSON {
        var value = JSON.array([])
        for _ in 1..<levels { value = .array([value]) }
        return value
    }

    /// The pointer to the innermost of `levels` nested arrays, and past its end.
    private func innermost(_ levels: Int) -> (array: JSON.Pointer, end: JSON.Pointer) {
        let zeros = Array(repeating: "0", count: levels - 1)
        return (JSON.Pointer(tokens: zeros), JSON.Pointer(tokens: zeros + ["-"]))
    }

    private func depth(_ value: JSON) -> Int? { value.compactSizeAndDepth(atMost: .max)?.depth }

    /// Copying the whole value into its innermost array doubles its depth:
    /// from 500 levels, the first copy (1,000) is made, the second (2,000)
    /// throws `tooDeep` naming the operation, and the value is left as it was.
    @Test func copiesIntoTheirOwnChildStopAtTheLimit() throws {
        let original = nested(500)
        var value = original
        let doubling = JSON.Patch(
            [.copy(from: JSON.Pointer(tokens: []), path: innermost(500).end), .copy(from: JSON.Pointer(tokens: []), path: innermost(1_000).end)])
        let error = try #require(throws: JSON.Patch.Error.self) { try value.apply(doubling) }
        #expect(error.kind == .tooDeep && error.index == 1 && error.pointer == innermost(1_000).end.description)
        #expect(error.description.hasPrefix(#"operation 1: copy at "/0/0/0/"#))
        #expect(error.description.hasSuffix("…: the value would nest 2000 levels deep, more than JSON.maxValueDepth (1024) allows"))
        #expect(value == original && depth(value) == 500)
        // 512 levels copied into their innermost array make exactly 1,024.
        let fits = try nested(512).applying(JSON.Patch([.copy(from: JSON.Pointer(tokens: []), path: innermost(512).end)]))
        #expect(depth(fits) == JSON.maxValueDepth)
        #expect(throws: JSON.Patch.Error.self) { try nested(513).applying(JSON.Patch([.copy(from: JSON.Pointer(tokens: []), path: innermost(513).end)])) }
    }

    /// `add` and `replace` check the value they put, `move` the value it
    /// takes deeper; the operations before a failing one are undone.
    @Test func addReplaceAndMoveAreChecked() throws {
        let original: JSON = ["deep": nested(500), "other": nested(600), "flat": 1]
        let inner = ["deep"] + Array(repeating: "0", count: 499)
        func failure(_ operation: JSON.Patch.Operation) throws -> JSON.Patch.Error {
            var value = original
            let error = try #require(throws: JSON.Patch.Error.self) {
                try value.apply(JSON.Patch([.add(path: JSON.Pointer(tokens: ["new"]), value: 1), operation]))
            }
            #expect(value == original)
            return error
        }
        // 501 tokens and 524 levels make 1,025.
        let add = try failure(.add(path: JSON.Pointer(tokens: inner + ["-"]), value: nested(524)))
        #expect(add.kind == .tooDeep && add.index == 1 && add.message.hasSuffix("nest 1025 levels deep, more than JSON.maxValueDepth (1024) allows"))
        let replace = try failure(.replace(path: JSON.Pointer(tokens: Array(inner.dropLast())), value: [nested(525)]))
        #expect(replace.kind == .tooDeep && replace.message.contains("nest 1025 levels"))
        let move = try failure(.move(from: JSON.Pointer(tokens: ["other"]), path: JSON.Pointer(tokens: inner + ["-"])))
        #expect(move.kind == .tooDeep && move.pointer == JSON.Pointer(tokens: inner + ["-"]).description && move.message.contains("nest 1101 levels"))
        // Within the limit each is made.
        var value = original
        try value.apply(
            JSON.Patch([
                .add(path: JSON.Pointer(tokens: inner + ["-"]), value: nested(523)),
                .move(from: JSON.Pointer(tokens: ["other"]), path: JSON.Pointer(tokens: ["flat"])),
                .replace(path: JSON.Pointer(tokens: ["flat"]), value: nested(1_023)),
                .move(from: JSON.Pointer(tokens: inner + ["0"]), path: JSON.Pointer(tokens: ["moved"])),
            ]))
        let moved = try #require(value["moved"].value)
        #expect(depth(value) == JSON.maxValueDepth && depth(moved) == 523)
    }

    /// A value moved no deeper than it was is not measured; one moved deeper
    /// is, against the copy limit: moving a large value deeper and back
    /// again and again stops at the limit, having measured about the limit.
    @Test func valuesMovedDeeperAreMeasuredWithinTheLimit() throws {
        let big = JSON.array((0..<1_000).map { JSON.number(JSON.Number($0)) })
        let size = try #require(big.compactSize(atMost: .max))
        let original: JSON = ["big": big, "box": [:]]
        let there = JSON.Pointer(tokens: ["box", "big"])
        let back = JSON.Pointer(tokens: ["big"])
        let shuffle = JSON.Patch(Array(repeating: [.move(from: back, path: there), .move(from: there, path: back)], count: 1_000).flatMap { $0 })
        func attack(limit: Int) throws -> (error: JSON.Patch.Error, work: Int) {
            var value = original
            let counter = WorkCounter()
            let error = try #require(throws: JSON.Patch.Error.self) {
                try WorkCounter.$current.withValue(counter) { try value.apply(shuffle, limits: .init(maxCopiedBytes: limit)) }
            }
            #expect(value == original)
            return (error, counter.units)
        }
        let small = try attack(limit: 16 * size)
        #expect(small.error.kind == .tooLarge && small.error.index == 32 && small.error.pointer == "/big")
        #expect(small.error.message.hasSuffix("the copies and the values moved deeper would measure more than \(16 * size) bytes (Limits.maxCopiedBytes)"))
        let large = try attack(limit: 128 * size)
        #expect(large.error.index == 256)
        #expect(small.work <= 18 * size && large.work <= 10 * small.work, "\(small.work) \(large.work)")
        // Moving shallower, or as deep, measures nothing.
        var value: JSON = ["box": ["big": big], "other": [:]]
        try value.apply(
            JSON.Patch([.move(from: there, path: back), .move(from: back, path: JSON.Pointer(tokens: ["b"]))]), limits: .init(maxCopiedBytes: 0))
        #expect(value == ["box": [:], "other": [:], "b": big])
    }
}
