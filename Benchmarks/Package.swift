// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that users of Peregrine never
// resolve ordo-one/benchmark. Run from this folder:
//
//     swift package --disable-sandbox benchmark
let package = Package(
    name: "PeregrineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Peregrine", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkCorpus", path: "Benchmarks/Corpus"),
        .executableTarget(
            name: "ParseAndWrite",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParseAndWrite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Codable",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Codable",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Binary",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Binary",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Hostile",
            dependencies: [
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Hostile",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Streaming",
            dependencies: [
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Streaming",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
