extension JSON {
    /// Writes the value as UTF-8 JSON bytes.
    ///
    /// ```swift
    /// let value: JSON = ["a": [1, 2.5, "x"]]
    /// let bytes = try value.serialized()                          // {"a":[1,2.5,"x"]}
    /// let pretty = try value.serialized(options: [.prettyPrinted])
    /// ```
    ///
    /// - Throws: ``SerializationError`` when the value holds a non-finite
    ///   double or is nested deeper than `options.maxDepth`.
    public func serialized(options: SerializationOptions = []) throws(SerializationError) -> [UInt8] {
        let output = try text(options: options)
        return options.gzip ? Gzip.deflate(output) : output
    }

    /// Writes the value in pieces, handing each to `write` as soon as it
    /// passes 64 KiB, so that pretty-printed output of any size — a deep
    /// value with a wide indent can print a thousand times its own size —
    /// needs one piece of memory. Compact output, about the size of the
    /// value, and gzip output come as one piece.
    ///
    /// ```swift
    /// try value.serialize(options: [.prettyPrinted]) { piece in try handle.write(contentsOf: piece) }
    /// ```
    ///
    /// - Throws: ``SerializationError`` as ``serialized(options:)`` does, or
    ///   the first error `write` throws (nothing more is written after it).
    public func serialize(options: SerializationOptions = [], to write: ([UInt8]) throws -> Void) throws {
        guard !options.gzip else { return try write(serialized(options: options)) }
        try serializeInPieces(to: write) { flush in
            try text(options: options, flush: flush)
        }
    }

    /// The value's text, laid out as `options` say (compact or pretty,
    /// chosen here once, so that the walk is specialized for the layout);
    /// given a `flush`, pretty output is handed over in pieces and what
    /// is left returned.
    func text(options: SerializationOptions, flush: (([UInt8]) -> Bool)? = nil) throws(SerializationError) -> [UInt8] {
        guard options.prettyPrinted else { return try text(options, CompactLayout(), flush) }
        return try text(options, PrettyLayout(options), flush)
    }

    private func text<Layout: JSONLayout>(
        _ options: SerializationOptions, _ layout: Layout, _ flush: (([UInt8]) -> Bool)?
    ) throws(SerializationError) -> [UInt8] {
        var serializer = Serializer(options: options, layout: layout, flush: flush)
        try serializer.write(self)
        return serializer.takeOutput()
    }

    /// Writes the value and calls `body` with its UTF-8 JSON in the
    /// writer's own memory, where it was written: no array is made for it,
    /// so that the bytes can go straight to where they are sent (a server's
    /// response buffer, a file). The pointer is valid only while `body`
    /// runs. With `.gzip` the compressed bytes are handed over.
    ///
    /// ```swift
    /// try value.withSerializedBytes(options: [.sortedKeys]) { bytes in
    ///     response.writeBytes(bytes)
    /// }
    /// ```
    ///
    /// - Throws: ``SerializationError`` as ``serialized(options:)`` does;
    ///   `body` is not called then.
    public func withSerializedBytes<Result>(
        options: SerializationOptions = [], _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(SerializationError) -> Result {
        if options.gzip { return try serialized(options: options).withUnsafeBytes(body) }
        guard options.prettyPrinted else { return try withText(options, CompactLayout(), body) }
        return try withText(options, PrettyLayout(options), body)
    }

    private func withText<Layout: JSONLayout, Result>(
        _ options: SerializationOptions, _ layout: Layout, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(SerializationError) -> Result {
        var serializer = Serializer(options: options, layout: layout)
        try serializer.write(self)
        return serializer.writer.output.withElements { body(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the value as a JSON `String`.
    ///
    /// ```swift
    /// let text = try value.serializedString(options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Throws: ``SerializationError`` as ``serialized(options:)`` does.
    public func serializedString(options: SerializationOptions = []) throws(SerializationError) -> String {
        var options = options
        options.gzip = false
        return String(decoding: try serialized(options: options), as: UTF8.self)
    }

    /// Writes one string as JSON string text, with or without the surrounding
    /// quotes (for splicing into a template or another string).
    ///
    /// ```swift
    /// JSON.serializedString(escaping: "say \"hi\"")                       // "\"say \\\"hi\\\"\""
    /// JSON.serializedString(escaping: "a/b", includeQuotes: false,
    ///                       options: [.escapeSlashes])                      // a\/b
    /// ```
    public static func serializedString(
        escaping string: String,
        includeQuotes: Bool = true,
        options: SerializationOptions = []
    ) -> String {
        String(jsonEscaping: string, quoted: includeQuotes, rules: EscapeRules(options))
    }
}

/// The piecewise `serialize(options:to:)` of values and documents: runs
/// `body` with a flush that hands each piece to `write` (and, once `write`
/// throws, refuses the rest); `body` returns the bytes left at its end,
/// which go to `write` last. The first error `write` threw is rethrown.
func serializeInPieces(to write: ([UInt8]) throws -> Void, _ body: (@escaping ([UInt8]) -> Bool) throws -> [UInt8]) throws {
    var failure: (any Error)?
    try withoutActuallyEscaping(write) { write in
        let rest = try body { piece in
            do {
                try write(piece)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if !rest.isEmpty { try write(rest) }
    }
}
