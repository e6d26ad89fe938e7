import Foundation

extension JSON {
    /// What ``validateLines(_:options:firstLine:concurrency:)`` found.
    public struct LinesValidation {
        /// One error per invalid line, in order.
        public let errors: [LineError]
        /// How many lines the block held (a last line without a newline counts).
        public let lineCount: Int
    }

    /// Validates a block of JSON Lines without building any value, on
    /// several cores: the block is cut at newlines into one contiguous group
    /// per core, each group is scanned on its own thread, and the errors come
    /// back in line order. Blank lines are allowed.
    ///
    /// ```swift
    /// let result = JSON.validateLines(bytes)
    /// for error in result.errors { print(error) }   // line 12: 1:5: …
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the block: lines separated by `\n` (or `\r\n`).
    ///   - options: how each line is parsed.
    ///   - firstLine: the number of the block's first line, for blocks cut from a longer stream.
    ///   - concurrency: how many threads to use (the active processors by default).
    public static func validateLines(
        _ bytes: some ContiguousBytes, options: ParseOptions = .init(), firstLine: Int = 1,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> LinesValidation {
        bytes.withUnsafeBytes { raw in
            // bounds proven: no indexing; the same bytes and count, viewed as UInt8
            validateLines(in: raw.assumingMemoryBound(to: UInt8.self), options: options, firstLine: firstLine, concurrency: concurrency)
        }
    }

    /// ``validateLines(_:options:firstLine:concurrency:)`` on bytes in
    /// memory, reporting lines longer than `maxLineBytes` as ``LineTooLong``.
    static func validateLines(
        in input: UnsafeBufferPointer<UInt8>, options: ParseOptions, firstLine: Int, concurrency: Int, maxLineBytes: Int = .max
    ) -> LinesValidation {
        let groups = lineGroups(of: input, count: max(1, concurrency))
        var results = [(errors: [LineError], lines: Int)](repeating: ([], 0), count: groups.count)
        results.withUnsafeMutableBufferPointer { slots in
            let shared = WorkerBuffers(input: input, slots: slots)
            DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                // bounds proven: group < groups.count, and lineGroups only makes ranges inside 0...input.count
                let lines = UnsafeBufferPointer(rebasing: shared.input[groups[group]])
                // bounds proven: group < groups.count == slots.count; each iteration writes only its own slot
                shared.slots[group] = validateEachLine(of: lines, options: options, maxLineBytes: maxLineBytes)
            }
        }
        // Each group numbered its lines from 0; place them after the groups before.
        var errors: [LineError] = []
        var line = firstLine
        for result in results {
            errors += result.errors.map { LineError(line: line + $0.line, error: $0.error) }
            line += result.lines
        }
        return LinesValidation(errors: errors, lineCount: line - firstLine)
    }

    /// What the threads of one validation share: the input they only read,
    /// and one result slot per thread that only that thread writes.
    private struct WorkerBuffers: @unchecked Sendable {
        let input: UnsafeBufferPointer<UInt8>
        let slots: UnsafeMutableBufferPointer<(errors: [LineError], lines: Int)>
    }

    /// `input` cut just after newlines into at most `count` ranges of about equal size.
    private static func lineGroups(of input: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        let target = max(1, input.count / count)
        while start < input.count {
            var end = groups.count == count - 1 ? input.count : min(input.count, start + target)
            end = input.firstNewline(from: end).map { $0 + 1 } ?? input.count
            if end <= start { end = input.count }
            groups.append(start..<end)
            start = end
        }
        return groups
    }

    /// Scans each line of `input` into a reused tape; errors (a line longer
    /// than `maxLineBytes` is ``LineTooLong``) numbered from 0 within
    /// `input`, and the number of lines.
    static func validateEachLine(
        of input: UnsafeBufferPointer<UInt8>, options: ParseOptions, maxLineBytes: Int
    ) -> (errors: [LineError], lines: Int) {
        var errors: [LineError] = []
        var start = 0
        var line = 0
        var tape: Tape?
        while start < input.count {
            let end = input.firstNewline(from: start) ?? input.count
            defer { (start, line) = (end + 1, line + 1) }
            guard end - start <= maxLineBytes else {
                errors.append(LineError(line: line, error: LineTooLong(length: end - start, limit: maxLineBytes)))
                continue
            }
            var text = UnsafeBufferPointer(rebasing: input[start..<end])  // bounds proven: start <= end <= count
            if text.last == UInt8(ascii: "\r") { text = UnsafeBufferPointer(rebasing: text.dropLast()) }  // bounds proven: a slice of text itself
            if text.contains(where: { !($0 == 0x20 || $0 == 0x09) }) {
                do throws(ParseError) {
                    tape = try scanTape(text, options: options, reusing: tape).tape
                } catch {
                    errors.append(LineError(line: line, error: error))
                }
            }
        }
        return (errors, line)
    }
}
