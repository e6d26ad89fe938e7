import Benchmark
import BenchmarkCorpus
import Foundation
import Peregrine
import PeregrineMacros

/// Decoding and encoding models of corpus files with Peregrine and with
/// Foundation, side by side in one run (names `operation/file/implementation`):
/// Foundation, Peregrine's `Codable` path, and the same models as
/// `@JSONCodable` types (Peregrine's generated coders). The models are the
/// tests' generated ones (`Models` and `GeneratedModels` link to them).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(2),
        maxIterations: 2_000
    )
    register(TwitterModel.self, GeneratedTwitterModel.self, file: "twitter")
    register(CitmModel.self, GeneratedCitmModel.self, file: "citm_catalog")
    register(CanadaModel.self, GeneratedCanadaModel.self, file: "canada")
}

private func register<Model: Codable & Sendable, Generated: Codable & Sendable>(
    _ type: Model.Type, _ generatedType: Generated.Type, file: String
) {
    let data = Corpus.data("\(file).json")
    let bytes = [UInt8](data)
    guard let model = try? JSONDecoder().decode(type, from: data), let generated = try? JSON.Decoder().decode(generatedType, from: bytes) else {
        fatalError("\(file).json does not decode into its models")
    }
    Benchmark("decode/\(file)/Foundation.JSONDecoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONDecoder().decode(type, from: data)) }
    }
    Benchmark("decode/\(file)/Peregrine.JSON.Decoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Decoder().decode(type, from: bytes)) }
    }
    Benchmark("decode/\(file)/Peregrine.JSON.Decoder+JSONCodable") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Decoder().decode(generatedType, from: bytes)) }
    }
    Benchmark("encode/\(file)/Foundation.JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONEncoder().encode(model)) }
    }
    Benchmark("encode/\(file)/Peregrine.JSON.Encoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Encoder().encode(model) as [UInt8]) }
    }
    Benchmark("encode/\(file)/Peregrine.JSON.Encoder+JSONCodable") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Encoder().encode(generated) as [UInt8]) }
    }
    // `.sortedKeys`, the option most users of deterministic output set.
    let foundationSorted = JSONEncoder()
    foundationSorted.outputFormatting = .sortedKeys
    let sorted = JSON.Encoder()
    sorted.outputFormatting = .sortedKeys
    Benchmark("encode-sorted/\(file)/Foundation.JSONEncoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try foundationSorted.encode(model)) }
    }
    Benchmark("encode-sorted/\(file)/Peregrine.JSON.Encoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sorted.encode(model) as [UInt8]) }
    }
    Benchmark("encode-sorted/\(file)/Peregrine.JSON.Encoder+JSONCodable") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sorted.encode(generated) as [UInt8]) }
    }
}
