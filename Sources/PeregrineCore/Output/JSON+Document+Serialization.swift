extension JSON.Document {
    /// Writes the document as UTF-8 JSON bytes straight from its tape,
    /// without building a ``JSON`` value: the same text as
    /// `doc.root.value?.serialized(options:)`, several times faster.
    ///
    /// Strings without escapes are copied from the input as they stand;
    /// numbers are written as a value writes them (integers in decimal,
    /// doubles in their shortest form, lossless numbers as read), so `1.50`
    /// comes out as `1.5`, or with
    /// ``JSON/SerializationOptions/numbersAsWritten`` as their text in the
    /// input where that is JSON; a repeated key is written once, where it first
    /// appears, with the value the document's duplicate-key policy keeps.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: bytes)
    /// let minified = try doc.serialized()
    /// let pretty = try doc.serialized(options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Throws: ``JSON/SerializationError`` when the document holds a
    ///   non-finite number (from JSON5 input) and the options do not say how
    ///   to write it, or nests deeper than `options.maxDepth`.
    public func serialized(options: JSON.SerializationOptions = []) throws(JSON.SerializationError) -> [UInt8] {
        try serialized(from: 0, options: options)
    }

    /// Writes the document in pieces, handing each to `write` as soon as it
    /// passes 64 KiB, as ``JSON/serialize(options:to:)`` does.
    ///
    /// ```swift
    /// try doc.serialize(options: [.prettyPrinted]) { piece in try handle.write(contentsOf: piece) }
    /// ```
    ///
    /// - Throws: ``JSON/SerializationError`` as ``serialized(options:)``
    ///   does, or the first error `write` throws (nothing more is written after it).
    public func serialize(options: JSON.SerializationOptions = [], to write: ([UInt8]) throws -> Void) throws {
        try serialize(from: 0, options: options, to: write)
    }

    /// Writes the value at tape index `index` in pieces, as ``serialize(options:to:)`` does.
    func serialize(from index: Int, options: JSON.SerializationOptions, to write: ([UInt8]) throws -> Void) throws {
        guard !options.gzip else { return try write(serialized(from: index, options: options)) }
        try serializeInPieces(to: write) { flush in
            try text(from: index, options: options, capacity: 1 << 16 + 1_024, flush: flush)
        }
    }

    /// The text of the value at tape index `index`.
    func serialized(from index: Int, options: JSON.SerializationOptions) throws(JSON.SerializationError) -> [UInt8] {
        let output = try text(from: index, options: options, capacity: inputLength(of: index) + 64)
        return options.gzip ? Gzip.deflate(output) : output
    }

    /// The text of the value at tape index `index`, laid out as `options`
    /// say (compact or pretty, chosen here once, so that the walk is
    /// specialized for the layout); given a `flush`, pretty output is
    /// handed over in pieces and what is left returned.
    private func text(
        from index: Int, options: JSON.SerializationOptions, capacity: Int, flush: (([UInt8]) -> Bool)? = nil
    ) throws(JSON.SerializationError) -> [UInt8] {
        guard options.prettyPrinted else { return try text(from: index, options, CompactLayout(), capacity, flush) }
        return try text(from: index, options, PrettyLayout(options), capacity, flush)
    }

    private func text<Layout: JSONLayout>(
        from index: Int, _ options: JSON.SerializationOptions, _ layout: Layout, _ capacity: Int, _ flush: (([UInt8]) -> Bool)?
    ) throws(JSON.SerializationError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { input throws(JSON.SerializationError) in
            try tape.withUnsafeBufferPointer { tape throws(JSON.SerializationError) in
                var serializer = DocumentSerializer(
                    options: options, layout: layout, parsedWith: self.options, capacity: capacity, flush: flush)
                do throws(WriteFailure) {
                    try serializer.write(tape, in: input, from: index)
                } catch {
                    throw located(error, at: serializer.failedIndex, below: index)
                }
                return serializer.writer.takeOutput()
            }
        }
    }

    /// `error` about the value at tape index `failed`, with its path from
    /// the value at `root` that was written.
    ///
    /// - Complexity: O(depth), once the parent index is built.
    @inline(never)  // the error path
    private func located(_ error: WriteFailure, at failed: Int?, below root: Int) -> JSON.SerializationError {
        guard let failed else { return error.at([]) }
        return error.at(Array(path(to: failed).dropFirst(path(to: root).count)))
    }

    /// About how many input bytes the value at `index` spans: room for its
    /// compact text, which is rarely longer.
    private func inputLength(of index: Int) -> Int {
        let next = tape[index].nextSibling(after: index)
        let end = next < tape.count ? tape[next].offset : endOffset
        return max(end - tape[index].offset, 0)
    }
}

extension JSON.Document.Node {
    /// Writes this value as UTF-8 JSON bytes straight from the document's
    /// tape, as ``JSON/Document/serialized(options:)`` writes a document;
    /// `nil` for a missing node.
    ///
    /// ```swift
    /// let user = try doc.root["statuses"][0]["user"].serialized()
    /// ```
    ///
    /// - Throws: ``JSON/SerializationError`` as ``JSON/Document/serialized(options:)`` does.
    public func serialized(options: JSON.SerializationOptions = []) throws(JSON.SerializationError) -> [UInt8]? {
        guard let index else { return nil }
        return try document.serialized(from: index, options: options)
    }

    /// Writes this value in pieces, as ``JSON/Document/serialize(options:to:)``
    /// writes a document; a missing node writes nothing (``serialized(options:)``
    /// is `nil` for it).
    ///
    /// ```swift
    /// try doc.root["items"].serialize(options: [.prettyPrinted]) { piece in try handle.write(contentsOf: piece) }
    /// ```
    ///
    /// - Throws: ``JSON/SerializationError`` as ``serialized(options:)`` does,
    ///   or the first error `write` throws (nothing more is written after it).
    public func serialize(options: JSON.SerializationOptions = [], to write: ([UInt8]) throws -> Void) throws {
        guard let index else { return }
        try document.serialize(from: index, options: options, to: write)
    }
}
