import Benchmark
import BenchmarkCorpus
import Foundation
import Peregrine

/// Decoding and encoding models of corpus files with Peregrine and with
/// Foundation, side by side in one run (names `operation/file/implementation`).
/// The models are the tests' generated ones (`Models` links to them).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(2),
        maxIterations: 2_000
    )
    register(TwitterModel.self, file: "twitter")
    register(CitmModel.self, file: "citm_catalog")
    register(CanadaModel.self, file: "canada")
}

private func register<Model: Codable & Sendable>(_ type: Model.Type, file: String) {
    let data = Corpus.data("\(file).json")
    let bytes = [UInt8](data)
    guard let model = try? JSONDecoder().decode(type, from: data) else {
        fatalError("\(file).json does not decode into its model")
    }
    Benchmark("decode/\(file)/Foundation.JSONDecoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONDecoder().decode(type, from: data)) }
    }
    Benchmark("decode/\(file)/Peregrine.JSON.Decoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Decoder().decode(type, from: bytes)) }
    }
    Benchmark("encode/\(file)/Foundation.JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONEncoder().encode(model)) }
    }
    Benchmark("encode/\(file)/Peregrine.JSON.Encoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Encoder().encode(model) as [UInt8]) }
    }
}
