extension JSON {
    /// JSON Lines (NDJSON) from an `AsyncSequence` of byte chunks (a
    /// network body, a pipe), one line at a time in bounded memory, with the
    /// same line numbers and errors as ``LineReader``.
    ///
    /// ```swift
    /// for try await line in JSON.AsyncLines(chunks) {
    ///     if case .success(let event) = line.result { await handle(event) }
    /// }
    /// for try await line in JSON.AsyncLines(chunks, decoding: Event.self) { try store(line.get()) }
    /// ```
    ///
    /// The sequence throws only what `chunks` throws; a bad line is a line
    /// whose result is a failure.
    public struct AsyncLines<Chunks: AsyncSequence, Value>: AsyncSequence where Chunks.Element == [UInt8] {
        public typealias Element = Line<Value>

        private let chunks: Chunks
        private let converter: LineConverter<Value>

        /// Lines of `chunks` parsed into values.
        public init(_ chunks: Chunks, options: ParseOptions = .init(), maxLineBytes: Int = 64 << 20) where Value == JSON {
            self.chunks = chunks
            converter = .values(options: options, maxLineBytes: maxLineBytes)
        }

        /// Lines of `chunks` decoded into `type`.
        public init(_ chunks: Chunks, decoding type: Value.Type, using decoder: JSON.Decoder = JSON.Decoder(), maxLineBytes: Int = 64 << 20)
        where Value: Decodable {
            self.chunks = chunks
            converter = .models(type, decoder: decoder, maxLineBytes: maxLineBytes)
        }

        /// An iterator over the lines.
        public func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks.makeAsyncIterator(), lines: ChunkedLines(converter)) }

        /// The lines of an ``AsyncLines``, read as chunks arrive.
        public struct Iterator: AsyncIteratorProtocol {
            var chunks: Chunks.AsyncIterator
            var lines: ChunkedLines<Value>
            var ready: [Line<Value>] = []
            var ended = false

            /// The next line; `nil` at the end.
            public mutating func next() async throws -> Line<Value>? {
                while ready.isEmpty {
                    guard !ended else { return nil }
                    if let chunk = try await chunks.next() {
                        ready = lines.lines(in: chunk).reversed()
                    } else {
                        ended = true
                        ready = lines.finish().map { [$0] } ?? []
                    }
                }
                return ready.popLast()
            }
        }
    }
}
