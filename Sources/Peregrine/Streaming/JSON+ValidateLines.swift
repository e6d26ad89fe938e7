import Foundation

extension JSON {
    /// Validates a block of JSON Lines without building any value, on
    /// several cores: the lines are cut into one contiguous group per core,
    /// each group is scanned on its own thread, and the errors come back in
    /// line order. Blank lines are allowed; a last line without a newline counts.
    ///
    /// ```swift
    /// let errors = JSON.validateLines(bytes)
    /// for error in errors { print(error) }   // line 12: 1:5: …
    /// ```
    ///
    /// - Parameters:
    ///   - firstLine: the number of the block's first line, for blocks cut from a longer stream.
    ///   - concurrency: how many threads to use (the active processors by default).
    /// - Returns: one error per invalid line, in order.
    public static func validateLines(
        _ bytes: [UInt8], options: ParseOptions = .init(), firstLine: Int = 1,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [LineError] {
        bytes.withUnsafeBufferPointer { input in
            let groups = lineGroups(of: input, count: max(1, concurrency))
            var results = [[LineError]](repeating: [], count: groups.count)
            results.withUnsafeMutableBufferPointer { slots in
                let shared = WorkerBuffers(input: input, slots: slots)
                DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                    let (range, firstLineOfGroup) = groups[group]
                    let errors = validate(UnsafeBufferPointer(rebasing: shared.input[range]), options: options, firstLine: firstLine + firstLineOfGroup)
                    shared.slots[group] = errors  // each iteration writes only its own slot
                }
            }
            return results.flatMap { $0 }
        }
    }

    /// What the threads of one validation share: the input they only read,
    /// and one result slot per thread that only that thread writes.
    private struct WorkerBuffers: @unchecked Sendable {
        let input: UnsafeBufferPointer<UInt8>
        let slots: UnsafeMutableBufferPointer<[LineError]>
    }

    /// `input` cut at newlines into at most `count` ranges of about equal
    /// size, each with the index (from 0) of its first line.
    private static func lineGroups(of input: UnsafeBufferPointer<UInt8>, count: Int) -> [(Range<Int>, Int)] {
        var groups: [(Range<Int>, Int)] = []
        var start = 0
        var line = 0
        let target = max(1, input.count / count)
        while start < input.count {
            var end = min(input.count, start + target)
            if groups.count == count - 1 { end = input.count }
            while end < input.count, input[end - 1] != UInt8(ascii: "\n") { end += 1 }  // bounds proven: start < end <= count
            groups.append((start..<end, line))
            line += input[start..<end].count { $0 == UInt8(ascii: "\n") }
            start = end
        }
        return groups
    }

    /// Scans each line of `input` into a reused tape.
    private static func validate(_ input: UnsafeBufferPointer<UInt8>, options: ParseOptions, firstLine: Int) -> [LineError] {
        var errors: [LineError] = []
        var tape: [TapeEntry] = []
        var start = 0
        var line = firstLine
        while start < input.count {
            let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            var text = UnsafeBufferPointer(rebasing: input[start..<end])
            if text.last == UInt8(ascii: "\r") { text = UnsafeBufferPointer(rebasing: text.dropLast()) }
            if text.contains(where: { !($0 == 0x20 || $0 == 0x09) }) {
                do throws(ParseError) {
                    _ = try scanTape(text, options: options, into: &tape)
                } catch {
                    errors.append(LineError(line: line, error: error))
                }
            }
            start = end + 1
            line += 1
        }
        return errors
    }
}
