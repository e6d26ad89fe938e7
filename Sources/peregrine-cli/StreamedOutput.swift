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
                try write(document, base, from: ValueOrigin(name: "\(input.name):\(line.number)"), to: sink)
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

    /// Writes the top-level array or object element by element, laid out
    /// as the whole value's text is (each element one level in when
    /// pretty); returns whether the input was valid.
    func writeStream(of input: Input, parsing: JSON.ParseOptions, maxElementBytes: Int, base: JSON.SerializationOptions) throws -> Bool {
        let sink = try sink()
        var reader = JSON.StreamReader(fileHandle: try input.handle(), options: parsing, maxElementBytes: maxElementBytes)
        var progress = ProgressBar(for: input)
        defer { progress.finish() }
        let container = StreamedContainerLayout(options: options(base))
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
            try sink.write(container.beforeElement(count, object: reader.isObject, key: element.key))
            let step: JSON.PathComponent = element.key.map { .key($0) } ?? .index(count)
            let origin = ValueOrigin(name: input.name) { [step] + $0 }
            try write(element.node, container.elementOptions, from: origin, to: sink)
            count += 1
        }
        try sink.write(container.end(object: reader.isObject, count: count) + [UInt8(ascii: "\n")])
        try sink.finish()
        return true
    }
}
