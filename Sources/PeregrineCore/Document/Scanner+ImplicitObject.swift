extension Scanner {
    /// Opens the top-level object of ``JSON/ParseOptions/assumesTopLevelObject``,
    /// whose braces the text may leave out (Foundation's
    /// `assumesTopLevelDictionary`): members start here and run to the end of
    /// the input. An empty input is an empty object. The first member's key is
    /// scanned by the caller, `scanValues(startingWithMember: true)`.
    mutating func openImplicitObject() throws(JSON.ParseError) {
        let tapeIndex = tape.count
        tape.append(TapeEntry(.object, offset: index))
        guard index < input.count else {
            tape[tapeIndex].payload = UInt64(tape.count)
            return
        }
        guard options.maxDepth > 0 else {
            throw error(.tooDeep, at: index, "arrays and objects are nested deeper than \(options.maxDepth) levels")
        }
        Self.openFrame(Frame(tapeIndex: tapeIndex, count: 1, closer: UInt8(ascii: "}"), isImplicit: true), top: &top, depth: &depth, parents: parents)
    }
}
