import ArgumentParser
import Peregrine

/// `format` and `minify` for inputs too large for memory: JSON Lines one
/// line at a time, and one huge array or object one element at a time.
extension OutputOptions {
    /// Writes each line's value on a line of its own (pretty when `base`
    /// says so); reports bad lines and returns whether every line was valid.
    func writeLines(of input: Input, parsing: JSON.ParseOptions, base: JSON.SerializationOptions) throws -> Bool {
        let sink = try sink()
        var valid = true
        var progress = ProgressBar(for: input)
        defer { progress.finish() }
        var reader = JSON.LineReader(fileHandle: try input.handle(), options: parsing).documents()
        while let line = reader.next() {
            progress.update(reader.bytesRead)
            switch line.result {
            case .success(let document):
                try write(document, base, to: sink)
                try sink.write([UInt8(ascii: "\n")])
            case .failure(let error):
                input.report(error)
                valid = false
            }
        }
        try sink.finish()
        input.summarizeLineErrors()
        return valid
    }

    /// Writes the top-level array or object element by element, each
    /// indented one level when pretty; returns whether the input was valid.
    func writeStream(of input: Input, parsing: JSON.ParseOptions, maxElementBytes: Int, base: JSON.SerializationOptions) throws -> Bool {
        let sink = try sink()
        var reader = JSON.StreamReader(fileHandle: try input.handle(), options: parsing, maxElementBytes: maxElementBytes)
        var progress = ProgressBar(for: input)
        defer { progress.finish() }
        let pretty = base.prettyPrinted
        let level = base.indentUnit
        let padding = [UInt8](repeating: level.byte, count: pretty ? level.count : 0)
        var count = 0
        while true {
            let next: JSON.StreamReader.NodeElement?
            do throws(JSON.StreamError) {
                next = try reader.nextNode()
            } catch {
                input.report(error)
                return false
            }
            guard let element = next else { break }
            progress.update(reader.bytesRead)
            var text = count == 0 ? [reader.isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")] : [UInt8(ascii: ",")]
            if pretty { text += [UInt8(ascii: "\n")] + padding }
            if let key = element.key {
                text += Array(JSON.serializedString(escaping: key).utf8) + Array((pretty ? ": " : ":").utf8)
            }
            try sink.write(text)
            // Strings hold no raw newlines, so every newline of the element starts a line to indent.
            try write(element.node, base, to: sink) { piece in Self.indented(piece, by: padding) }
            count += 1
        }
        let open: [UInt8] = count == 0 ? [reader.isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")] : []
        let close = reader.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        try sink.write(open + (pretty && count > 0 ? [UInt8(ascii: "\n")] : []) + [close, UInt8(ascii: "\n")])
        try sink.finish()
        return true
    }

    /// `text` with `padding` after each newline.
    private static func indented(_ text: [UInt8], by padding: [UInt8]) -> [UInt8] {
        guard !padding.isEmpty else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 8)
        for byte in text {
            output.append(byte)
            if byte == UInt8(ascii: "\n") { output += padding }
        }
        return output
    }
}
