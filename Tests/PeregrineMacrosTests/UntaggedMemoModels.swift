import Foundation
@testable import PeregrineCore
import PeregrineMacros

/// The decodes of ``Tick`` values on the running task, when a test counts them.
final class TickCount: @unchecked Sendable {
    /// The decodes so far (only the task that installed the count adds to it).
    var decodes = 0
    /// The count of the running task, if a test installed one.
    @TaskLocal static var current: TickCount?
}

/// An integer whose every decode is counted (``TickCount``): what
/// ``UntaggedMemoTests`` counts to see how often a value is decoded again.
struct Tick: Codable, Equatable {
    var value: Int

    init(_ value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        TickCount.current?.decodes += 1
        value = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Two cases of one shape around a model holding a big array: nested n
/// deep over a value that fails at the bottom, each level's second case
/// would decode again all the first decoded, 2ⁿ times the bottom.
@JSONCodable
@Untagged
indirect enum Layer: Equatable {
    case a(Floor)
    case b(Floor)
}

/// One level of ``Layer``: the big array, then the next level.
@JSONCodable
struct Floor: Equatable {
    var big: [Tick]
    var next: Layer?
}

/// An untagged enum whose first case records a default, then fails.
@JSONCodable
@Untagged
enum Reported: Equatable {
    case first(First)
    case second(Second)
}

/// ``Reported``'s first case: `a` takes its default, `b` must be there.
@JSONCodable
struct First: Equatable {
    @Defaulted(0) var a: Int
    var b: Int
}

/// ``Reported``'s second case, with a default of its own.
@JSONCodable
struct Second: Equatable {
    var c: Int
    @Defaulted(0) var d: Int
}

/// Two cases holding the same ``Reported`` value: the first fails after
/// decoding it, the second reuses it, with its report events.
@JSONCodable
@Untagged
enum Around: Equatable {
    case strict(Strict)
    case loose(Loose)
}

/// ``Around``'s first case: `r` and `layer`, then a member that is missing.
@JSONCodable
struct Strict: Equatable {
    var r: Reported
    var layer: Layer?
    var required: Int
}

/// ``Around``'s second case: `r` and `layer` alone.
@JSONCodable
struct Loose: Equatable {
    var r: Reported
    var layer: Layer?
}

/// A case that holds the enum itself at the same value: it can only fail.
@JSONCodable
@Untagged
indirect enum SelfHeld: Equatable {
    case again(SelfHeld)
    case int(Int)
}

/// Seventy cases, more than the 64 tries the bound on attempts allowed a
/// small input: a value matching the last case is tried against them all.
@JSONCodable
@Untagged
enum Wide: Equatable {
    case c0(c0: Int), c1(c1: Int), c2(c2: Int), c3(c3: Int), c4(c4: Int), c5(c5: Int), c6(c6: Int), c7(c7: Int), c8(c8: Int), c9(c9: Int)
    case c10(c10: Int), c11(c11: Int), c12(c12: Int), c13(c13: Int), c14(c14: Int), c15(c15: Int), c16(c16: Int), c17(c17: Int), c18(c18: Int), c19(c19: Int)
    case c20(c20: Int), c21(c21: Int), c22(c22: Int), c23(c23: Int), c24(c24: Int), c25(c25: Int), c26(c26: Int), c27(c27: Int), c28(c28: Int), c29(c29: Int)
    case c30(c30: Int), c31(c31: Int), c32(c32: Int), c33(c33: Int), c34(c34: Int), c35(c35: Int), c36(c36: Int), c37(c37: Int), c38(c38: Int), c39(c39: Int)
    case c40(c40: Int), c41(c41: Int), c42(c42: Int), c43(c43: Int), c44(c44: Int), c45(c45: Int), c46(c46: Int), c47(c47: Int), c48(c48: Int), c49(c49: Int)
    case c50(c50: Int), c51(c51: Int), c52(c52: Int), c53(c53: Int), c54(c54: Int), c55(c55: Int), c56(c56: Int), c57(c57: Int), c58(c58: Int), c59(c59: Int)
    case c60(c60: Int), c61(c61: Int), c62(c62: Int), c63(c63: Int), c64(c64: Int), c65(c65: Int), c66(c66: Int), c67(c67: Int), c68(c68: Int), c69(c69: Int)
}

/// A step of a stair: a strict case that decodes the step's array and the
/// rest of the stair before it fails (no `must`), then a loose case that
/// takes the same members. Each level's strict case fails after its
/// next level is known, so trying every case again would decode the
/// bottom 2ⁿ times; remembered, each array is decoded twice.
@JSONCodable
@Untagged
indirect enum Stair: Equatable {
    case strict(StrictStep)
    case loose(LooseStep)
}

/// ``Stair``'s first case: the array, the next level, and a member no input has.
@JSONCodable
struct StrictStep: Equatable {
    var big: [Tick]
    var next: Stair?
    var must: Int
}

/// ``Stair``'s second case: the array and the next level.
@JSONCodable
struct LooseStep: Equatable {
    var big: [Tick]
    var next: Stair?
}

/// A value that notes, when decoded, how many outcomes the decode keeps
/// (``MemoProbe/largest``, the most seen on the running task).
struct MemoProbe: Codable, Equatable {
    /// The most outcomes seen kept, when a test installs a count.
    final class Largest: @unchecked Sendable {
        var entries = 0
    }

    @TaskLocal static var largest: Largest?

    init() {}

    init(from decoder: any Decoder) throws {
        if let tape = decoder as? any TapeDecoding, let largest = Self.largest {
            largest.entries = max(largest.entries, tape.state.untagged.count)
        }
        _ = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(0)
    }
}

/// An untagged enum holding another at the same value, which holds a ``MemoProbe``.
@JSONCodable
@Untagged
enum Wrapper: Equatable {
    case one(Inner)
}

/// An untagged enum around an array of untagged values that hold no
/// other (``Inner``): the outcomes a decode keeps for a long array of leaves.
@JSONCodable
@Untagged
enum ProbeList: Equatable {
    case items([Inner])
}

/// ``Wrapper``'s value.
@JSONCodable
@Untagged
enum Inner: Equatable {
    case probe(MemoProbe)
}

/// An untagged enum around an array of models that are not untagged
/// (``Slot``): the outcomes a decode keeps for the elements of a case.
@JSONCodable
@Untagged
enum SlotList: Equatable {
    case slots([Slot])
}

/// ``SlotList``'s element: an array as long as the test makes it, and a
/// ``MemoProbe`` that notes the outcomes kept so far.
@JSONCodable
struct Slot: Equatable {
    var big: [Int]
    var probe: MemoProbe
}
