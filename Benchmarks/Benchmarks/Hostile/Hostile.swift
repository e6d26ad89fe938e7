import Benchmark
import Foundation
import Peregrine

/// The hostile inputs `SECURITY.md` states bounds for: time, bytes
/// allocated and resident memory for each, from the input in memory to a
/// value or an error. Each input is built in its benchmark's setup, outside
/// the measurement. Names are `input/what is done with it`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocBytesCount, .peakMemoryResidentDelta],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 10
    )
    let million = 1_000_000
    let nested = bytes(repeating: "[", million) + bytes(repeating: "]", million)
    hostile("1M nested arrays/value (tooDeep at 512)", nested) { _ = try? JSON(parsing: $0) }
    hostile("1M nested arrays/document without a depth limit", nested) {
        _ = try? JSON.Document(parsing: $0, options: .init(maxDepth: .max))
    }
    hostile("1M unclosed objects/value", bytes(repeating: "{", million)) { _ = try? JSON(parsing: $0) }

    let digits = String(repeating: "7", count: million)
    for (name, text) in [("integer", digits), ("fraction", "0." + digits), ("exponent", "1e" + digits)] {
        hostile("1M-digit \(name)/value", Array(text.utf8)) { _ = try? JSON(parsing: $0) }
        hostile("1M-digit \(name)/value, lossless", Array(text.utf8)) {
            _ = try? JSON(parsing: $0, options: .init(numbers: .lossless))
        }
    }

    hostile("50 MB string/value", Array(("\"" + String(repeating: "peregrine ", count: 5_000_000) + "\"").utf8)) {
        _ = try? JSON(parsing: $0)
    }

    var keys = "{"
    for index in 0..<million { keys += (index == 0 ? "" : ",") + "\"k\(index)\":\(index)" }
    keys += "}"
    hostile("1M distinct keys/value", Array(keys.utf8)) { _ = try? JSON(parsing: $0) }
    hostile("1M distinct keys/document", Array(keys.utf8)) { _ = try? JSON.Document(parsing: $0) }

    let duplicates = Array(("{" + Array(repeating: "\"a\":1", count: million).joined(separator: ",") + "}").utf8)
    hostile("1M duplicates of one key/value, last wins", duplicates) { _ = try? JSON(parsing: $0) }
    hostile("1M duplicates of one key/document, last wins", duplicates) { _ = try? JSON.Document(parsing: $0) }
    hostile("1M duplicates of one key/decode", duplicates) {
        _ = try? JSON.Decoder().decode([String: Int].self, from: $0)
    }

    hostile("100 MB of whitespace/value", bytes(repeating: " ", 100 << 20) + [UInt8(ascii: "1")]) {
        _ = try? JSON(parsing: $0)
    }
    hostile("10 MB string, ill-formed UTF-8 at its end/value", [0x22] + bytes(repeating: "a", 10 << 20) + [0xC0, 0x80, 0x22]) {
        _ = try? JSON(parsing: $0)
    }

    // A string of 300 MiB of spaces, gzipped to about 300 KB: past the 256 MiB default limit.
    hostile("gzip bomb, 300 MiB inflated/value", (try? JSON.string(String(repeating: " ", count: 300 << 20)).serialized(options: [.gzip])) ?? []) {
        _ = try? JSON(parsing: $0)
    }

    hostile("gzip of 20 MiB/value under .secure (inflating stops at 16 MiB)", (try? JSON.string(String(repeating: " ", count: 20 << 20)).serialized(options: [.gzip])) ?? []) {
        _ = try? JSON(parsing: $0, options: .secure)
    }

    let deep = bytes(repeating: "[", 60_000) + bytes(repeating: "]", 60_000)
    hostile("60,000 nested arrays/value, maxDepth 1M (tooDeep at JSON.maxValueDepth)", deep) {
        _ = try? JSON(parsing: $0, options: .init(maxDepth: million))
    }

    let sets = Array(("[" + Array(repeating: "<1,2,1>", count: 40_000).joined(separator: ",") + "]").utf8)
    hostile("40,000 sets/value", sets) { _ = try? JSON(parsing: $0, options: .init(allowSets: true)) }
    let nestedSets = Array((String(repeating: "<0,0,[1,1],[1,1],", count: 4_000) + "2" + String(repeating: ">", count: 4_000)).utf8)
    hostile("4,000 nested sets with repeats/document", nestedSets) {
        _ = try? JSON.Document(parsing: $0, options: .init(maxDepth: million, allowSets: true))
    }

    // JSONPath: @-free filter parts, nodelists doubled by duplicates, classes and patterns.
    let objects = Array(("[" + (0..<50_000).map { "{\"a\":\($0),\"b\":\"xxxxxxxxxx\"}" }.joined(separator: ",") + "]").utf8)
    for query in ["$[?@ == $[0]]", "$[?$[-1] == 0]", "$[?count($[*]) == 0]"] {
        hostile("50,000 objects/JSONPath \(query) on a document", objects) { bytes in
            _ = try? JSON.Document(parsing: bytes).root.jsonPath(query)
        }
    }
    let doubling = "$" + String(repeating: "[0,0]", count: 24)
    hostile("24 nested arrays/JSONPath \(doubling.prefix(16))… (tooManyNodes)", bytes(repeating: "[", 24) + [0x31] + bytes(repeating: "]", 24)) {
        _ = try? JSON(parsing: $0).jsonPath(doubling)
    }
    let patterns = Array(("[" + (0..<20_000).map { "{\"s\":\"a\($0)\",\"p\":\"a{0,5}\($0)\"}" }.joined(separator: ",") + "]").utf8)
    hostile("20,000 distinct patterns/JSONPath match(@.s, @.p)", patterns) {
        _ = try? JSON(parsing: $0).jsonPath("$[?match(@.s, @.p)]")
    }

    // Binary files: a header, an empty string table, then the body.
    let header: [UInt8] = [0x89, 0x50, 0x47, 0x42, 1, 0, 0, 0, 0]
    hostile("binary, array declaring 2^62 elements/value", header + [0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x3F]) {
        _ = try? Binary.Value(decoding: $0)
    }
    hostile("binary, 100,000 nested arrays/value", header + [0x08] + Array(repeatElement([UInt8]([0x01, 0x08]), count: 100_000).joined()) + [0x00]) {
        _ = try? Binary.Value(decoding: $0)
    }
    // shared 0 = [null, null]; shared k = [ref k-1, ref k-1]: 2^40 values once expanded.
    var bomb = header + [0x08, 41, 0x12, 0x08, 0x02, 0x00, 0x00]
    for level in 1...40 { bomb += [0x12, 0x08, 0x02, 0x13, UInt8(level - 1), 0x13, UInt8(level - 1)] }
    hostile("binary, reference bomb of 2^40 values/JSON", bomb) { _ = try? JSON(binary: $0) }
    hostile("binary, reference bomb of 2^40 values/decode", bomb) { _ = try? Binary.Decoder().decode([[[Int?]]].self, from: $0) }

    // One 1 MiB string referenced 2,000 times: 2 GB once expanded, past the 256 MiB byte budget.
    let repeatedString = (try? Binary.Value.array(Array(repeating: .string(String(repeating: "x", count: 1 << 20)), count: 2_000)).encoded()) ?? []
    hostile("binary, 1 MiB string referenced 2,000 times/JSON (outputTooLarge)", repeatedString) { _ = try? JSON(binary: $0) }
    hostile("binary, 1 MiB string referenced 2,000 times/decode (outputTooLarge)", repeatedString) {
        _ = try? Binary.Decoder().decode([String].self, from: $0)
    }

    // --bootstrap on deep and wide JSON: memory in depth and output, not a path per value.
    var wide = ""
    for _ in 0..<400 { wide += "[" + Array(repeating: #"{"a":1,"b":"xy"}"#, count: 100).joined(separator: ",") + "," }
    wide += "0" + String(repeating: "]", count: 400)
    let deepAndWide = (try? JSON(parsing: wide, options: .init(maxDepth: 1_000))) ?? .null
    Benchmark("deep and wide JSON, 400 x 100/binary with bootstrap") { benchmark in
        for _ in benchmark.scaledIterations { _ = try? deepAndWide.binaryEncoded(maxDepth: 1_000, bootstrapping: true) }
    }
}

/// Registers one input; `body` turns it into a value or an error.
private func hostile(_ name: String, _ input: [UInt8], _ body: @escaping ([UInt8]) -> Void) {
    Benchmark(name) { benchmark in
        for _ in benchmark.scaledIterations { body(input) }
    }
}

private func bytes(repeating character: Unicode.Scalar, _ count: Int) -> [UInt8] {
    [UInt8](repeating: UInt8(ascii: character), count: count)
}
