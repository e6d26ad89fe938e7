import Testing

@testable import PeregrineCore
@testable import PeregrineQuery

/// A tape entry gives back what it was made with.
struct TapeEntryTests {
    /// `kind` reads the stored byte as the case itself, which holds only
    /// while the cases' raw values are 0, 1, 2… in declaration order.
    @Test(arguments: [
        TapeEntry.Kind.null, .true, .false, .int64, .uint64, .double, .string, .array, .object, .decimal,
    ])
    func everyKindReadsBack(_ kind: TapeEntry.Kind) {
        let entry = TapeEntry(kind, offset: 12_345, flags: TapeEntry.needsDecoding, payload: .max)
        #expect(entry.kind == kind)
        #expect(entry.offset == 12_345)
        #expect(entry.flags == TapeEntry.needsDecoding)
    }

    /// A byte past the last kind reads as `null`, not as a stray case.
    @Test func anUnknownKindByteReadsAsNull() {
        var entry = TapeEntry(.decimal, offset: 0)
        entry.header = 0xFF << 56
        #expect(entry.kind == .null)
        entry.header = UInt64(TapeEntry.Kind.decimal.rawValue + 1) << 56
        #expect(entry.kind == .null)
    }
}
