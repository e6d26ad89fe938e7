#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
    /// A parser to keep and reuse for many similar documents, such as the
    /// responses of one API or the lines of a log.
    ///
    /// Between documents a parser keeps its tape buffer, up to 4 MiB (so a
    /// steady stream of documents stops allocating one), up to 512 of the
    /// object keys of at most 128 bytes it has seen (so a key repeated
    /// across documents is decoded and hashed once), and the key lists of
    /// up to 8 objects of new shapes, of at most 64 such keys (so the
    /// objects of the next document's shapes share them, member index and
    /// all). What it holds between documents is so bounded in bytes,
    /// whatever it has read. Its results
    /// are the same as ``JSON/init(parsing:options:)-([UInt8],_)``'s.
    ///
    /// ```swift
    /// var parser = JSON.Parser()
    /// for line in lines {
    ///     let event = try parser.parse(line)
    ///     handle(event)
    /// }
    /// ```
    ///
    /// A parser is a value: each copy has its own buffers. Use one per thread
    /// or task.
    public struct Parser: Sendable {
        /// What the parser accepts.
        public var options: ParseOptions
        /// The last document's tape, reused while no copy of the parser
        /// shares it and kept only up to ``maxKeptTapeEntries``.
        var tape: Tape?
        /// The most entries (16 bytes each: 4 MiB) of a tape the parser keeps
        /// for the next document. A larger one, grown by one large document,
        /// is let go, so that what a parser holds between documents stays
        /// bounded whatever it has read.
        static let maxKeptTapeEntries = 1 << 18
        /// The most entries of a tape this parser keeps: at most
        /// ``maxKeptTapeEntries``, and fewer for a thread's spare parser
        /// (see `SpareParser`).
        var keptTapeEntries = Self.maxKeptTapeEntries
        /// Inputs of this many bytes or more that hold an array or object
        /// are parsed one value at a time (``parseElementwise(_:options:)``).
        var elementwiseMinimumBytes = Scanner<StrictGrammar>.oneValueAtATimeMinimumBytes
        /// The entries the elementwise build's tape holds before it is
        /// emptied for the next value: 1 MiB, as a batch of a decode's
        /// (``ArrayBatches/batchEntries``). Tests set fewer, to empty it
        /// often in small inputs.
        var elementwiseTapeEntries = ArrayBatches.batchEntries
        var keys = KeyCache()
        /// The shapes of the objects built, with the key lists kept for the next document.
        var shapes = ObjectShapes()

        /// Creates a parser.
        ///
        /// ```swift
        /// var parser = JSON.Parser(options: .init(maxDepth: 64))
        /// ```
        public init(options: ParseOptions = .init()) {
            self.options = options
        }

        /// Parses UTF-8 JSON bytes into a value.
        ///
        /// ```swift
        /// let value = try parser.parse(Array(#"{"id": 1}"#.utf8))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public mutating func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
            try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in try parse(buffer) }
        }

        /// Parses JSON text into a value.
        ///
        /// ```swift
        /// let value = try parser.parse(#"[1, 2]"#)
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public mutating func parse(_ text: String) throws(ParseError) -> JSON {
            var text = text
            return try text.withUTF8 { buffer in
                Result { () throws(ParseError) in try parse(buffer) }
            }.get()
        }

        /// Parses JSON text from a substring.
        ///
        /// ```swift
        /// let value = try parser.parse(line.dropFirst(6))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public mutating func parse(_ text: Substring) throws(ParseError) -> JSON {
            var text = text
            return try text.withUTF8 { buffer in
                Result { () throws(ParseError) in try parse(buffer) }
            }.get()
        }

        /// Parses UTF-8 JSON bytes in memory you own, without copying them.
        ///
        /// ```swift
        /// let value = try bytes.withUnsafeBytes { try parser.parse($0) }
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(ParseError) -> JSON {
            try parse(bytes.assumingMemoryBound(to: UInt8.self))  // bounds proven: no indexing; the same bytes and count, viewed as UInt8
        }

        /// Parses UTF-8 JSON bytes from `Data` or any other contiguous storage.
        ///
        /// ```swift
        /// let value = try parser.parse(data)
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public mutating func parse(_ bytes: some ContiguousBytes) throws(ParseError) -> JSON {
            try bytes.withUnsafeBytes { buffer in
                // bounds proven: no indexing; the same bytes and count, viewed as UInt8
                Result { () throws(ParseError) in try parse(buffer.assumingMemoryBound(to: UInt8.self)) }
            }.get()
        }

        /// Parses `input`, inflating it first when it is gzip.
        mutating func parse(_ input: UnsafeBufferPointer<UInt8>) throws(ParseError) -> JSON {
            guard let inflated = try options.inflated(input) else { return try parse(input, from: 0, options: options).value }
            return try inflated.withUnsafeBufferPointer { buffer throws(ParseError) in try parse(buffer, from: 0, options: options).value }
        }

        /// Parses the value that starts at `offset` (after whitespace) and
        /// returns it with the offset just past it, whatever follows; this is
        /// how concatenated JSON is read value after value.
        ///
        /// ```swift
        /// let stream = Array(#"{"a":1} {"a":2}"#.utf8)
        /// var parser = JSON.Parser()
        /// var offset = 0
        /// while offset < stream.count {
        ///     let (value, end) = try parser.parsePrefix(of: stream, from: offset)
        ///     print(value)
        ///     offset = end
        ///     while offset < stream.count, stream[offset] == UInt8(ascii: " ") { offset += 1 }
        /// }
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position (in all of `bytes`) of the first problem.
        public mutating func parsePrefix(of bytes: [UInt8], from offset: Int = 0) throws(ParseError) -> (value: JSON, endOffset: Int) {
            var prefixOptions = options
            prefixOptions.allowTrailingContent = true
            return try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in
                try parse(buffer, from: min(max(offset, 0), buffer.count), options: prefixOptions)
            }
        }

        private mutating func parse(
            _ input: UnsafeBufferPointer<UInt8>, from offset: Int, options: ParseOptions
        ) throws(ParseError) -> (value: JSON, endOffset: Int) {
            // Also when the scan throws: the reused tape may have grown first.
            defer { if let kept = tape, kept.capacity > keptTapeEntries { tape = nil } }
            if offset == 0, input.count >= elementwiseMinimumBytes, let parsed = parseElementwise(input, options: options) { return parsed }
            let reused = isKnownUniquelyReferenced(&tape) ? tape : nil
            let result = try scanTape(input, options: options, from: offset, reusing: reused)
            tape = result.tape
            let tape = result.tape
            var materializer = Materializer(input: input, tape: tape, keys: keys, shapes: shapes, duplicateKeys: options.duplicateKeys)
            // Leave the materializer the only owner: no copy on write.
            keys = KeyCache()
            shapes = ObjectShapes()
            defer {
                keys = materializer.keys
                shapes = materializer.takeShapes()
                shapes.forgetDocument()
            }
            do throws(Materializer.TooDeep) {
                return (try materializer.value(at: 0), result.endOffset)
            } catch {
                throw ParseError(
                    .tooDeep, at: tape[error.entry].offset, in: input,
                    "arrays and objects are nested deeper than \(JSON.maxValueDepth) levels, the most an owned value holds (JSON.Document holds any depth)")
            }
        }

        /// Stops the program when what the parser keeps for the next
        /// document is out of its bounds or inconsistent: debug builds only
        /// (release builds compile nothing). The tape kept is at most
        /// ``keptTapeEntries``; the key cache (``KeyCache/checkInvariants()``)
        /// and the shapes, forgotten but for their kept lists
        /// (``ObjectShapes/checkInvariants(tape:)``), hold. O(what it keeps).
        ///
        /// ```swift
        /// try parser.parse(line)
        /// parser.checkInvariants()
        /// ```
        func checkInvariants() {
            #if DEBUG
            precondition(keptTapeEntries <= Self.maxKeptTapeEntries, "a parser keeps at most \(Self.maxKeptTapeEntries) tape entries")
            precondition((tape?.capacity ?? 0) <= keptTapeEntries, "the tape kept is within the parser's bound")
            keys.checkInvariants()
            shapes.checkInvariants()
            #endif
        }
    }
}
