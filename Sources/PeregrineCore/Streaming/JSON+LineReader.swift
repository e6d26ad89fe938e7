import Foundation

extension JSON {
    /// Reads a JSON Lines (NDJSON) file or stream one line at a time, in
    /// bounded memory: one chunk and one line (up to `maxLineBytes`) at most.
    /// Each line comes with its number and either its value or its error,
    /// so the caller decides whether to skip a bad line or stop. gzip input
    /// (`1f 8b`) is inflated chunk by chunk on the way; broken gzip ends the
    /// lines with a ``ParseError/Kind/invalidCompressedData`` error.
    ///
    /// ```swift
    /// for line in try JSON.LineReader(contentsOf: url) {
    ///     guard case .success(let event) = line.result else { continue }   // skip bad lines
    ///     handle(event)
    /// }
    /// let users = try JSON.LineReader(contentsOf: url).decode(User.self).map { try $0.get() }   // stop at the first
    /// ```
    public struct LineReader: Sequence, IteratorProtocol {
        private var lines: ChunkedLines<JSON>
        private let source: ChunkSource
        private let options: ParseOptions

        /// A reader of the file at `url`.
        ///
        /// - Throws: the file system's error when the file cannot be opened.
        public init(contentsOf url: URL, options: ParseOptions = .init(), maxLineBytes: Int = 64 << 20) throws {
            try self.init(fileHandle: FileHandle(forReadingFrom: url), options: options, maxLineBytes: maxLineBytes)
        }

        /// A reader of what remains in `fileHandle` (a file, a pipe, standard input).
        ///
        /// ```swift
        /// let stdin = JSON.LineReader(fileHandle: .standardInput)
        /// ```
        public init(fileHandle: FileHandle, options: ParseOptions = .init(), maxLineBytes: Int = 64 << 20) {
            source = ChunkSource(fileHandle)
            lines = ChunkedLines(.values(options: options, maxLineBytes: maxLineBytes))
            self.options = options
        }

        /// How many bytes of the input have been read so far (for progress reports).
        public var bytesRead: Int { source.bytesRead }

        /// A reader of JSON Lines already in memory.
        ///
        /// ```swift
        /// let values = JSON.LineReader(bytes: Array("1\n2\n".utf8)).compactMap { try? $0.get() }
        /// ```
        public init(bytes: [UInt8], options: ParseOptions = .init(), maxLineBytes: Int = 64 << 20) {
            source = ChunkSource(bytes)
            lines = ChunkedLines(.values(options: options, maxLineBytes: maxLineBytes))
            self.options = options
        }

        /// The next line's value or error; `nil` at the end. Blank lines are skipped.
        public mutating func next() -> Line<JSON>? { lines.next(from: source) }

        /// The lines decoded into `type`, each straight from its bytes.
        ///
        /// ```swift
        /// for line in reader.decode(Event.self) { try save(line.get()) }
        /// ```
        public func decode<T: Decodable>(_ type: T.Type, using decoder: JSON.Decoder = JSON.Decoder()) -> DecodingLines<T> {
            DecodingLines(lines: ChunkedLines(.models(type, decoder: decoder, maxLineBytes: lines.maxLineBytes)), source: source)
        }

        /// The lines read as documents, which keep each line's text: a
        /// document writes each number as written
        /// (``JSON/SerializationOptions/numbersAsWritten``).
        ///
        /// ```swift
        /// for line in reader.documents() { print(try line.get().root["id"].int ?? 0) }
        /// ```
        public func documents() -> DocumentLines {
            DocumentLines(lines: ChunkedLines(.documents(options: options, maxLineBytes: lines.maxLineBytes)), source: source)
        }
    }

    /// The lines of a ``LineReader`` read as documents.
    public struct DocumentLines: Sequence, IteratorProtocol {
        fileprivate var lines: ChunkedLines<JSON.Document>
        fileprivate let source: ChunkSource

        /// How many bytes of the input have been read so far (for progress reports).
        public var bytesRead: Int { source.bytesRead }

        /// The next line's document or error; `nil` at the end. Blank lines are skipped.
        public mutating func next() -> Line<JSON.Document>? { lines.next(from: source) }
    }

    /// The lines of a ``LineReader`` decoded into models.
    public struct DecodingLines<Model: Decodable>: Sequence, IteratorProtocol {
        fileprivate var lines: ChunkedLines<Model>
        fileprivate let source: ChunkSource

        /// The next line's model or error; `nil` at the end.
        public mutating func next() -> Line<Model>? { lines.next(from: source) }
    }
}

/// Lines cut from chunks and converted, queued until asked for.
struct ChunkedLines<Value> {
    private var splitter: LineSplitter
    private let converter: LineConverter<Value>
    private var ready: [JSON.Line<Value>] = []
    private var nextReady = 0
    private var ended = false

    var maxLineBytes: Int { converter.maxLineBytes }

    init(_ converter: LineConverter<Value>) {
        self.converter = converter
        splitter = LineSplitter(maxLineBytes: converter.maxLineBytes)
    }

    /// The next line, reading chunks from `source` as needed.
    mutating func next(from source: ChunkSource) -> JSON.Line<Value>? {
        while nextReady == ready.count {
            guard !ended else { return nil }
            ready.removeAll(keepingCapacity: true)
            nextReady = 0
            do {
                let chunk = try source.read()
                if chunk.isEmpty {
                    ended = true
                    if let last = splitter.finish(), let line = converter.line(for: last) { ready.append(line) }
                } else {
                    for piece in chunk.withUnsafeBufferPointer({ splitter.split($0) }) {
                        if let line = converter.line(for: piece) { ready.append(line) }
                    }
                }
            } catch {
                ended = true
                ready.append(JSON.Line(number: splitter.lineNumber, result: .failure(JSON.LineError(line: splitter.lineNumber, error: error))))
            }
        }
        defer { nextReady += 1 }
        return ready[nextReady]  // nextReady < count: the loop above ended
    }

    /// Feeds one chunk (for sources that push rather than are pulled); the lines it completes.
    mutating func lines(in chunk: [UInt8]) -> [JSON.Line<Value>] {
        chunk.withUnsafeBufferPointer { splitter.split($0) }.compactMap { converter.line(for: $0) }
    }

    /// The last line, when the stream did not end with a newline.
    mutating func finish() -> JSON.Line<Value>? { splitter.finish().flatMap { converter.line(for: $0) } }
}
