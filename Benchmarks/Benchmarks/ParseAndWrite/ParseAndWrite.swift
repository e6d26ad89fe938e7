import Benchmark
import BenchmarkCorpus
import Foundation
import Peregrine

/// Parsing and writing each corpus file with Peregrine and with Foundation,
/// side by side in one run. Names are `operation/file/implementation`;
/// `Scripts/benchmark-report.py` turns the results into the README's table
/// and chart (throughput in MB/s = file size × operations per second).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )

    let files = ["twitter.json", "citm_catalog.json", "canada.json", "twitter_public_timeline.json", "mesh.json"]
    for file in files {
        let data = Corpus.data(file)
        let bytes = [UInt8](data)
        let name = file.replacingOccurrences(of: ".json", with: "")

        // Parsing
        Benchmark("parse/\(name)/Foundation.JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONSerialization.jsonObject(with: data)) }
        }
        Benchmark("parse/\(name)/Peregrine.Document") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSON.Document(parsing: bytes)) }
        }
        Benchmark("parse/\(name)/Peregrine.JSON") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSON(parsing: bytes)) }
        }
        // One parser for every iteration: it keeps its tape and its keys.
        let reused = ReusedParser()
        Benchmark("parse/\(name)/Peregrine.Parser") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try reused.parser.parse(bytes)) }
        }

        // Writing
        let object = try? JSONSerialization.jsonObject(with: data)
        let value = try? JSON(parsing: bytes)
        let writes: [(String, JSONSerialization.WritingOptions, JSON.SerializationOptions)] = [
            ("write", [], []),
            ("write-pretty", [.prettyPrinted], [.prettyPrinted]),
            ("write-sorted", [.sortedKeys], [.sortedKeys]),
        ]
        for (operation, foundationOptions, options) in writes {
            Benchmark("\(operation)/\(name)/Foundation.JSONSerialization") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try JSONSerialization.data(withJSONObject: object ?? [:], options: foundationOptions))
                }
            }
            Benchmark("\(operation)/\(name)/Peregrine.JSON") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try value?.serialized(options: options)) }
            }
        }
    }
}

/// A parser kept across benchmark iterations (they run one at a time).
final class ReusedParser: @unchecked Sendable {
    var parser = JSON.Parser()
}
