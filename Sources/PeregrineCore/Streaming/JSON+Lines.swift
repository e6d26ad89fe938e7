extension JSON {
    /// One line of a JSON Lines (NDJSON) stream: its number and what it held.
    ///
    /// ```swift
    /// for line in try JSON.LineReader(contentsOf: url) {
    ///     switch line.result {
    ///     case .success(let value): handle(value)
    ///     case .failure(let error): print(error)   // line 12: 1:5: expected ',' or '}' …
    ///     }
    /// }
    /// ```
    public struct Line<Value>: CustomStringConvertible {
        /// The line's number in the stream, from 1 (blank lines count).
        public let number: Int
        /// The value, or why the line could not be read.
        public let result: Result<Value, LineError>

        /// The value, or the line's error: stop at the first bad line with `try line.get()`.
        ///
        /// ```swift
        /// for line in reader { process(try line.get()) }
        /// ```
        public func get() throws(LineError) -> Value { try result.get() }

        /// `line 3: …` and the value or the error.
        public var description: String {
            switch result {
            case .success(let value): return "line \(number): \(value)"
            case .failure(let error): return error.description
            }
        }
    }

    /// Why one line of a JSON Lines stream could not be read: its number
    /// and the underlying error (a ``JSON/ParseError`` with the column in that
    /// line, a `DecodingError`, or ``LineTooLong``).
    public struct LineError: Error, CustomStringConvertible {
        /// The line's number in the stream, from 1.
        public let line: Int
        /// What went wrong in it.
        public let error: any Error

        /// `line 12: 1:5: …`.
        public var description: String { "line \(line): \(error)" }
    }

    /// A line longer than the reader's `maxLineBytes`; its bytes were skipped.
    public struct LineTooLong: Error, CustomStringConvertible {
        /// The line's length in bytes.
        public let length: Int
        /// The reader's limit.
        public let limit: Int

        /// `the line has 70000000 bytes, more than maxLineBytes (67108864)`.
        public var description: String { "the line has \(length) bytes, more than maxLineBytes (\(limit))" }
    }
}

/// What each line becomes: a value (through one parser, reused so its
/// buffers and key cache are kept) or a model (through a decoder).
struct LineConverter<Value> {
    let maxLineBytes: Int
    let convert: ([UInt8]) throws -> Value

    /// The line a piece makes; `nil` for a blank line.
    func line(for piece: LineSplitter.Piece) -> JSON.Line<Value>? {
        switch piece {
        case .tooLong(let number, let length):
            let error = JSON.LineTooLong(length: length, limit: maxLineBytes)
            return JSON.Line(number: number, result: .failure(JSON.LineError(line: number, error: error)))
        case .line(let bytes, let number):
            guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) else { return nil }
            do {
                return JSON.Line(number: number, result: .success(try convert(bytes)))
            } catch {
                return JSON.Line(number: number, result: .failure(JSON.LineError(line: number, error: error)))
            }
        }
    }
}

extension LineConverter where Value == JSON {
    /// Lines parsed into values.
    static func values(options: JSON.ParseOptions, maxLineBytes: Int) -> Self {
        let parser = ReusedParser(options: options)
        return Self(maxLineBytes: maxLineBytes) { try parser.parse($0) }
    }
}

extension LineConverter where Value == JSON.Document {
    /// Lines parsed into documents.
    static func documents(options: JSON.ParseOptions, maxLineBytes: Int) -> Self {
        Self(maxLineBytes: maxLineBytes) { try JSON.Document(parsing: $0, options: options) }
    }
}

extension LineConverter where Value: Decodable {
    /// Lines decoded into models.
    static func models(_ type: Value.Type, decoder: JSON.Decoder, maxLineBytes: Int) -> Self {
        Self(maxLineBytes: maxLineBytes) { try decoder.decode(type, from: $0) }
    }
}

/// One parser for every line of a stream.
private final class ReusedParser {
    private var parser: JSON.Parser

    init(options: JSON.ParseOptions) { parser = JSON.Parser(options: options) }

    func parse(_ bytes: [UInt8]) throws(JSON.ParseError) -> JSON { try parser.parse(bytes) }
}
