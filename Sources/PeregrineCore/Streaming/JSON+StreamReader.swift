import Foundation

extension JSON {
    /// Reads one huge top-level array (or object) from a file or stream and
    /// yields its elements (or members) one by one, holding only one element
    /// in memory at a time, so a file far larger than memory can be read.
    /// Each element is parsed strictly with `options`; the container around
    /// them is checked as it streams (commas, brackets, nothing after it).
    /// gzip input (`1f 8b`) is inflated chunk by chunk on the way.
    ///
    /// ```swift
    /// var reader = try JSON.StreamReader(contentsOf: url)
    /// while let element = try reader.next() {
    ///     print(element.key ?? "", element.value)   // key is set for an object's members
    /// }
    /// ```
    ///
    /// The whole stream gets the answer the same bytes get in memory: an
    /// element nests as deep as it would inside the top-level value, the
    /// text counts against `maxInputBytes`, and a top-level object's members
    /// against `maxObjectMembers` and its repeated keys against
    /// `duplicateKeys` (`.reject` fails at the second, `.firstWins` skips
    /// it). Under `.lastWins`, which the default is, a repeated key's value
    /// is known only at the end of the object, so ``next()`` fails at the
    /// repeat rather than return both (``validateRest(progress:)``, which
    /// returns no values, accepts it, as memory does).
    public struct StreamReader {
        /// One element of the top-level array, or member of the top-level object.
        public struct Element {
            /// The member's name, for an object; `nil` for an array's element.
            public let key: String?
            /// The value.
            public let value: JSON
            /// The byte offset of the element's first byte in the stream.
            public let offset: Int
        }

        /// One element (or member) as ``nextNode()`` reads it: a node of a
        /// document of its own, which keeps the element's text.
        public struct NodeElement {
            /// The member's name, for an object; `nil` for an array's element.
            public let key: String?
            /// The value, read from its text as a ``JSON/Document`` reads it.
            public let node: JSON.Document.Node
            /// The byte offset of the element's first byte in the stream.
            public let offset: Int
        }

        private let source: ChunkSource
        private var splitter: ElementSplitter
        private var parser: JSON.Parser
        private var ready: [ElementSplitter.Piece] = []
        private var ended = false
        /// The text read so far (inflated, for gzip input).
        private var textBytes = 0
        /// The top-level object's members so far, and its keys, each with
        /// the line it was first on.
        private var members = 0
        private var keys: [ScalarKey: Int] = [:]

        /// A reader of the file at `url`.
        ///
        /// - Throws: the file system's error when the file cannot be opened.
        public init(contentsOf url: URL, options: ParseOptions = .init(), maxElementBytes: Int = 64 << 20) throws {
            self.init(fileHandle: try FileHandle(forReadingFrom: url), options: options, maxElementBytes: maxElementBytes)
        }

        /// A reader of what remains in `fileHandle`.
        ///
        /// ```swift
        /// var reader = JSON.StreamReader(fileHandle: .standardInput)
        /// ```
        public init(fileHandle: FileHandle, options: ParseOptions = .init(), maxElementBytes: Int = 64 << 20) {
            source = ChunkSource(fileHandle)
            splitter = ElementSplitter(maxElementBytes: maxElementBytes, maxDepth: options.maxDepth)
            parser = JSON.Parser(options: options)
        }

        /// How many bytes of the input have been read so far (for progress reports).
        public var bytesRead: Int { source.bytesRead }

        /// Whether the top-level value is an object (known once the first byte is read).
        public var isObject: Bool { splitter.isObject }

        /// The next element; `nil` after the last one.
        ///
        /// - Throws: ``StreamError`` with the offset and line of the problem;
        ///   the reader is done after an error.
        public mutating func next() throws(StreamError) -> Element? {
            while let piece = try nextPiece() {
                if let element = try element(of: piece) { return element }
            }
            return nil
        }

        /// The next element as a node of a document of its own, with the
        /// checks ``next()`` makes: its strings and numbers stay text until
        /// read, and a document writes each number as written
        /// (``JSON/SerializationOptions/numbersAsWritten``); `nil` after the
        /// last one.
        ///
        /// ```swift
        /// while let element = try reader.nextNode() {
        ///     try element.node.serialize(options: [.numbersAsWritten]) { piece in try handle.write(contentsOf: piece) }
        /// }
        /// ```
        ///
        /// - Throws: ``StreamError`` as ``next()`` does.
        public mutating func nextNode() throws(StreamError) -> NodeElement? {
            while let piece = try nextPiece() {
                let document: Document
                do throws(ParseError) {
                    document = try Document(parsing: wrapped(piece), options: parser.options)
                } catch {
                    stop()
                    throw StreamError(error, in: piece, shifted: true)
                }
                guard isObject else { return NodeElement(key: nil, node: document.root[0], offset: piece.offset) }
                var members = document.root.children.makeIterator()
                guard document.root.count == 1, let (key, node) = members.next(), let key else {
                    stop()
                    throw StreamError(message: "expected one \"key\": value member", offset: piece.offset, line: piece.line)
                }
                if try admit(key, of: piece, returningValues: true) { return NodeElement(key: key, node: node, offset: piece.offset) }
            }
            return nil
        }

        /// The text of the next element; `nil` after the last one.
        private mutating func nextPiece() throws(StreamError) -> ElementSplitter.Piece? {
            while ready.isEmpty {
                guard !ended else { return nil }
                try fill()
            }
            return ready.popLast()
        }

        /// Reads one chunk and queues the elements it completes.
        private mutating func fill() throws(StreamError) {
            let limit = parser.options.maxInputBytes
            do {
                let chunk = try source.read()
                textBytes += chunk.count
                if textBytes > limit {
                    stop()  // thrown below, outside the catch-all
                } else if chunk.isEmpty {
                    ended = true
                    try splitter.finish()
                } else {
                    ready = try chunk.withUnsafeBufferPointer { (buffer) throws(ElementSplitter.Failure) in try splitter.split(buffer) }.reversed()
                }
            } catch let failure as ElementSplitter.Failure {
                stop()
                throw StreamError(message: failure.message, offset: failure.offset, line: failure.line)
            } catch let compressed as ParseError {
                // Broken gzip input: the offset is in the compressed bytes, where lines mean nothing.
                stop()
                throw StreamError(message: compressed.message, offset: compressed.offset, line: 0, parseError: compressed)
            } catch {
                stop()
                throw StreamError(message: "cannot read: \(error)", offset: 0, line: 0)
            }
            if textBytes > limit {
                throw StreamError(message: "the input is longer than \(limit) bytes", offset: limit, line: 0)
            }
        }

        /// Ends the reading: nothing more is returned after an error.
        private mutating func stop() {
            ended = true
            ready.removeAll()
        }

        /// Checks the rest of the input without building values: each element
        /// is only scanned, which is several times faster than ``next()``.
        ///
        /// ```swift
        /// var reader = try JSON.StreamReader(contentsOf: hugeFile)
        /// try reader.validateRest()
        /// ```
        ///
        /// - Throws: ``StreamError`` at the first problem.
        public mutating func validateRest(progress: (Int) -> Void = { _ in }) throws(StreamError) {
            var tape: Tape?
            while true {
                while ready.isEmpty {
                    guard !ended else { return }
                    try fill()
                    progress(bytesRead)
                }
                guard let piece = ready.popLast() else { return }
                let text = wrapped(piece)
                var key: String?
                var first: TapeEntry?
                do throws(ParseError) {
                    key = try text.withUnsafeBufferPointer { (buffer) throws(ParseError) in
                        let scanned = try scanTape(buffer, options: parser.options, reusing: tape).tape
                        tape = scanned
                        first = scanned.first
                        return isObject && scanned.count > 1 ? scanned[1].decodeString(in: buffer) : nil
                    }
                } catch {
                    stop()
                    throw StreamError(error, in: piece, shifted: true)
                }
                if isObject {
                    guard first?.count == 1, let key else {
                        stop()
                        throw StreamError(message: "expected one \"key\": value member", offset: piece.offset, line: piece.line)
                    }
                    _ = try admit(key, of: piece, returningValues: false)
                }
            }
        }

        /// An element's text inside the brackets of the top-level value, so
        /// that it nests as deep as it does there (a member's inside braces).
        private func wrapped(_ piece: ElementSplitter.Piece) -> [UInt8] {
            isObject
                ? [UInt8(ascii: "{")] + piece.bytes + [UInt8(ascii: "}")]
                : [UInt8(ascii: "[")] + piece.bytes + [UInt8(ascii: "]")]
        }

        /// Parses one element's text; `nil` for a member to skip (a repeated
        /// key under `.firstWins`).
        private mutating func element(of piece: ElementSplitter.Piece) throws(StreamError) -> Element? {
            let value: JSON
            do throws(ParseError) {
                value = try parser.parse(wrapped(piece))
            } catch {
                stop()
                throw StreamError(error, in: piece, shifted: true)
            }
            guard isObject else { return value.array?.first.map { Element(key: nil, value: $0, offset: piece.offset) } }
            guard let object = value.object, object.count == 1, let member = object.first(where: { _ in true }) else {
                stop()
                throw StreamError(message: "expected one \"key\": value member", offset: piece.offset, line: piece.line)
            }
            guard try admit(member.key, of: piece, returningValues: true) else { return nil }
            return Element(key: member.key, value: member.value, offset: piece.offset)
        }

        /// Applies to a member of the top-level object the limits the
        /// object has in memory; `false` for a member to skip. The keys
        /// kept are bounded by the input read.
        private mutating func admit(_ key: String, of piece: ElementSplitter.Piece, returningValues: Bool) throws(StreamError) -> Bool {
            let options = parser.options
            members += 1
            guard members <= options.maxObjectMembers else {
                stop()
                throw StreamError(message: "the object has more than \(options.maxObjectMembers) members", offset: piece.offset, line: piece.line)
            }
            let scalarKey = ScalarKey(key)
            guard let first = keys[scalarKey] else {
                keys[scalarKey] = piece.line
                return true
            }
            switch options.duplicateKeys {
            case .firstWins:
                return false
            case .lastWins where !returningValues:
                return true
            case .reject, .lastWins:
                stop()
                let reason = options.duplicateKeys == .reject
                    ? "duplicate key \(JSON.serializedString(escaping: key)), first on line \(first)"
                    : "the key \(JSON.serializedString(escaping: key)) repeats (first on line \(first)); the last value wins only once the whole object is read, so it cannot be streamed"
                throw StreamError(message: reason, offset: piece.offset, line: piece.line)
            }
        }
    }

    /// Why a streamed array or object could not be read, and where in the stream.
    public struct StreamError: Error, CustomStringConvertible {
        /// What went wrong.
        public let message: String
        /// The byte offset in the stream.
        public let offset: Int
        /// The line (from 1) in the stream; 0 when the stream's compressed
        /// bytes are broken (``offset`` is then in those bytes).
        public let line: Int
        /// The parse error of the element, when an element was malformed.
        public var parseError: ParseError?

        /// `line 12 (offset 3456): …`.
        public var description: String { "line \(line) (offset \(offset)): \(message)" }

        init(message: String, offset: Int, line: Int, parseError: ParseError? = nil) {
            self.message = message
            self.offset = offset
            self.line = line
            self.parseError = parseError
        }

        /// The error of an element's text, placed in the stream (`shifted`:
        /// the text was a member put inside one added brace).
        init(_ error: ParseError, in piece: ElementSplitter.Piece, shifted: Bool) {
            self.init(
                message: error.message, offset: piece.offset + error.offset - (shifted ? 1 : 0), line: piece.line + error.line - 1,
                parseError: error)
        }
    }
}
