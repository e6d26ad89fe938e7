/// An array that is never changed, with the address of its first element,
/// for the lookup tables a hot loop reads. A global array read in such a
/// loop may cost a runtime call per read (the lazy set-up of its object),
/// depending on how the loop compiled; a loop that keeps ``base`` in a local
/// or a stored property of its own pays one load. The table holds the
/// array, so its elements stay where they are while the table lives.
///
/// ```swift
/// let powers = FixedTable([1, 10, 100] as [UInt64])
/// powers.base[2]   // 100
/// ```
struct FixedTable<Element: BitwiseCopyable>: @unchecked Sendable {
    // Immutable: the array is never written, so its storage never moves.
    private let elements: [Element]

    /// The first element; valid while the table (or a copy of it) lives: for
    /// a global table, the program's life.
    let base: UnsafePointer<Element>

    /// A table of `elements`, which must not be empty.
    init(_ elements: [Element]) {
        guard let base = elements.withUnsafeBufferPointer({ $0.baseAddress }) else {
            preconditionFailure("a fixed table needs elements")  // the tables are constants of the program, never empty
        }
        self.elements = elements
        self.base = base
    }
}
