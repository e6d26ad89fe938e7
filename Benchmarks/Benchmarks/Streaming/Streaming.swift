import Benchmark
import Foundation
import Peregrine

/// Streaming validation against parsing the same data in memory: a
/// generated array of objects and the same objects as JSON Lines, written to
/// temporary files of `PEREGRINE_STREAM_MB` megabytes (256 by default; the
/// README's figures use 1024); divide the size by the time for throughput.
/// `peakMemoryResident` shows the streaming readers' memory staying flat
/// while the in-memory parse holds the whole file and its tape.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(20),
        maxIterations: 3
    )
    let megabytes = Int(ProcessInfo.processInfo.environment["PEREGRINE_STREAM_MB"] ?? "") ?? 256
    let files = GeneratedFiles(megabytes: megabytes)

    Benchmark("validate/array \(megabytes) MB/Peregrine.StreamReader.validateRest") { _ in
        guard let handle = FileHandle(forReadingAtPath: files.array.path) else { return }
        var reader = JSON.StreamReader(fileHandle: handle)
        blackHole(try reader.validateRest())
    }
    Benchmark("validate/array \(megabytes) MB/Peregrine.JSON.Document in memory") { benchmark in
        let bytes = [UInt8](try Data(contentsOf: files.array))
        blackHole(try JSON.Document(parsing: bytes))
    }
    for threads in [1, 2] {
        Benchmark("validate/lines \(megabytes) MB/Peregrine.validateLines(fileHandle:) \(threads) thread(s)") { _ in
            guard let handle = FileHandle(forReadingAtPath: files.lines.path) else { return }
            blackHole(try JSON.validateLines(fileHandle: handle, concurrency: threads) { _ in })
        }
        Benchmark("validate/lines \(megabytes) MB/Peregrine.validateLines in memory \(threads) thread(s)") { _ in
            let bytes = [UInt8](try Data(contentsOf: files.lines))
            blackHole(JSON.validateLines(bytes, concurrency: threads))
        }
    }
}

/// The generated files, written into the temporary directory once per run.
struct GeneratedFiles: Sendable {
    let array: URL
    let lines: URL

    init(megabytes: Int) {
        let directory = FileManager.default.temporaryDirectory
        array = directory.appendingPathComponent("peregrine-stream-\(megabytes).json")
        lines = directory.appendingPathComponent("peregrine-stream-\(megabytes).ndjson")
        let record = #"{"id":%d,"name":"user %d","tags":["a","b","c"],"score":%d.5,"active":true,"nested":{"x":1,"y":[1,2,3]}}"#
        var arrayText = [UInt8]("[".utf8)
        var lineText: [UInt8] = []
        var index = 0
        while lineText.count < megabytes << 20 {
            let object = Array(String(format: record, index, index, index).utf8)
            if index > 0 { arrayText.append(UInt8(ascii: ",")) }
            arrayText += object
            lineText += object + [UInt8(ascii: "\n")]
            index += 1
        }
        arrayText.append(UInt8(ascii: "]"))
        for (url, text) in [(array, arrayText), (lines, lineText)] {
            guard FileManager.default.createFile(atPath: url.path, contents: Data(text)) else {
                fatalError("cannot write the benchmark file \(url.path)")
            }
        }
    }
}
