#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSON {
    /// A parsed JSON text kept flat: the input bytes plus a tape of 16-byte
    /// entries, one per value, with no object allocated per value.
    ///
    /// A document is the fastest way to read parts of a payload: strings stay
    /// in the input until asked for, and skipping an array or object is one
    /// jump. Read it through ``root``, or turn it into an owned ``JSON`` value.
    ///
    /// ```swift
    /// let doc = try JSON.Document(parsing: bytes)
    /// let count = doc.root["statuses"].count
    /// let name = doc.root["statuses"][0]["user"]["name"].string
    /// let owned: JSON? = doc.root.value
    /// ```
    ///
    /// Parsing validates the whole input with the same strictness as
    /// ``JSON/init(parsing:options:)-([UInt8],_)``.
    public struct Document: Sendable {
        let bytes: [UInt8]
        let tape: Tape
        /// The options the document was parsed with.
        public let options: ParseOptions
        /// The byte offset just past the top-level value (and its JSONP
        /// wrapper, if any). With ``JSON/ParseOptions/allowTrailingContent``
        /// the next value of concatenated JSON starts here.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: "1 2", options: .init(allowTrailingContent: true))
        /// doc.endOffset   // 1
        /// ```
        public let endOffset: Int
        /// Parent and line indexes, built when errors or paths first need them.
        let indexes = DocumentIndexes()

        /// Parses UTF-8 JSON bytes; the document keeps the array (no copy).
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: Array(#"{"a": 1}"#.utf8))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing bytes: [UInt8], options: ParseOptions = .init()) throws(ParseError) {
            let bytes = try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in try options.inflated(buffer) } ?? bytes
            self.bytes = bytes
            self.options = options
            let scanned = try bytes.withUnsafeBufferPointer { buffer throws(ParseError) in try scanTape(buffer, options: options) }
            endOffset = scanned.endOffset
            tape = scanned.tape
        }

        /// Parses JSON text.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: #"[1, 2, 3]"#)
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing text: some StringProtocol, options: ParseOptions = .init()) throws(ParseError) {
            try self.init(parsing: Array(text.utf8), options: options)
        }

        /// Parses UTF-8 JSON bytes from `Data`, a raw buffer or any other
        /// contiguous storage; the document keeps its own copy, made once the
        /// bytes have been checked where they are, so a memory-mapped file is
        /// read only as far as its first error.
        ///
        /// ```swift
        /// let doc = try JSON.Document(parsing: try Data(contentsOf: url, options: .alwaysMapped))
        /// ```
        ///
        /// - Throws: ``ParseError`` with the kind and position of the first problem.
        public init(parsing bytes: some ContiguousBytes, options: ParseOptions = .init()) throws(ParseError) {
            let scanned = bytes.withUnsafeBytes { raw -> Result<(bytes: [UInt8], tape: Tape, end: Int), ParseError> in
                let buffer = raw.bindMemory(to: UInt8.self)
                do throws(ParseError) {
                    if let inflated = try options.inflated(buffer) {
                        let document = try Document(parsing: inflated, options: options)
                        return .success((document.bytes, document.tape, document.endOffset))
                    }
                    let scanned = try scanTape(buffer, options: options)
                    return .success((Array(buffer), scanned.tape, scanned.endOffset))
                } catch {
                    return .failure(error)
                }
            }
            let (bytes, tape, end) = try scanned.get()
            self.bytes = bytes
            self.options = options
            self.tape = tape
            endOffset = end
        }

        /// The top-level value.
        ///
        /// ```swift
        /// let id = doc.root["id"].int
        /// ```
        public var root: Node { Node(document: self, index: 0) }

        /// The decoded string of the entry at `index`.
        @inline(__always)
        func string(at index: Int) -> String {
            bytes.withUnsafeBufferPointer { tape[index].decodeString(in: $0) }
        }

        /// Whether the string entry at `index` is exactly `key`, compared
        /// on the input bytes when the string needs no decoding.
        func stringEquals(at index: Int, _ key: String) -> Bool {
            var key = key
            return key.withUTF8 { expected in
                bytes.withUnsafeBufferPointer { stringEquals(tape[index], at: index, expected, in: $0) }
            }
        }

        /// Whether the string `entry` (at tape index `index`) is the text whose
        /// UTF-8 is `expected`, for loops that hold the input open already.
        func stringEquals(
            _ entry: TapeEntry, at index: Int, _ expected: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            if entry.flags & TapeEntry.needsDecoding != 0 {
                return string(at: index).utf8.elementsEqual(expected)
            }
            guard entry.length == expected.count, entry.offset + entry.length <= input.count else { return false }
            // bounds proven: offset + length <= input.count (guard above)
            return bytesEqual(UnsafeBufferPointer(rebasing: input[entry.offset..<entry.offset + entry.length]), expected)
        }
    }
}
