import Benchmark
import BenchmarkCorpus
import Foundation
import Peregrine

/// The binary format's Codable coders against Peregrine's JSON coders and
/// Foundation's binary property lists, on models of corpus files (names
/// `operation/file/implementation`). The models are the tests' generated
/// ones (`Models` links to them). `size/file/…` records the sizes of each
/// encoding as custom metrics: bytes, and per mille of the minified JSON.
/// `value-decode/…` and `value-encode/…` compare the same files as dynamic
/// ``JSON`` values: `JSON(binary:)` against `JSON(parsing:)`, and
/// `binaryEncoded()` against `serialized()`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 5,
        maxDuration: .seconds(2),
        maxIterations: 2_000
    )
    register(TwitterModel.self, file: "twitter")
    register(CitmModel.self, file: "citm_catalog")
    register(CanadaModel.self, file: "canada")
    for file in ["twitter", "citm_catalog", "canada"] { registerValues(file: file) }
}

private func registerValues(file: String) {
    let json = [UInt8](Corpus.data("\(file).json"))
    guard let value = try? JSON(parsing: json), let packed = try? value.binaryEncoded() else {
        fatalError("\(file).json does not parse, or its value does not encode")
    }
    Benchmark("value-decode/\(file)/Peregrine.JSON(binary:)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON(binary: packed)) }
    }
    Benchmark("value-decode/\(file)/Peregrine.JSON(parsing:)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON(parsing: json)) }
    }
    Benchmark("value-encode/\(file)/Peregrine.binaryEncoded()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try value.binaryEncoded()) }
    }
    Benchmark("value-encode/\(file)/Peregrine.serialized()") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try value.serialized()) }
    }
}

private func register<Model: Codable & Sendable>(_ type: Model.Type, file: String) {
    let json = [UInt8](Corpus.data("\(file).json"))
    let plistEncoder = PropertyListEncoder()
    plistEncoder.outputFormat = .binary
    guard let model = try? JSON.Decoder().decode(type, from: json),
        let minified = try? JSON.Encoder().encode(model) as [UInt8],
        let packed = try? Binary.Encoder().encode(model) as [UInt8],
        let plist = try? plistEncoder.encode(model)
    else {
        fatalError("\(file).json does not decode into its model, or the model does not encode")
    }
    let bytes = BenchmarkMetric.custom("bytes", useScalingFactor: false)
    let perMille = BenchmarkMetric.custom("per mille of minified JSON", useScalingFactor: false)
    let sizes = Benchmark.Configuration(metrics: [bytes, perMille], warmupIterations: 0, maxIterations: 1)
    for (name, size) in [("Peregrine.Binary", packed.count), ("Foundation.PropertyList", plist.count), ("minified JSON", minified.count)] {
        Benchmark("size/\(file)/\(name)", configuration: sizes) { benchmark in
            benchmark.measurement(bytes, size)
            benchmark.measurement(perMille, size * 1000 / minified.count)
        }
    }

    Benchmark("decode/\(file)/Peregrine.Binary.Decoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Binary.Decoder().decode(type, from: packed)) }
    }
    Benchmark("decode/\(file)/Peregrine.JSON.Decoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Decoder().decode(type, from: minified)) }
    }
    Benchmark("decode/\(file)/Foundation.PropertyListDecoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PropertyListDecoder().decode(type, from: plist)) }
    }
    Benchmark("encode/\(file)/Peregrine.Binary.Encoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Binary.Encoder().encode(model) as [UInt8]) }
    }
    Benchmark("encode/\(file)/Peregrine.JSON.Encoder") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSON.Encoder().encode(model) as [UInt8]) }
    }
}
