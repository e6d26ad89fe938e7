// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that users of Peregrine never
// resolve ordo-one/benchmark. Run from this folder:
//
//     swift package --disable-sandbox benchmark

/// The benchmark executable in `Benchmarks/<name>`, reading the shared
/// corpus when `corpus` is set, and with `@JSONCodable` when `macros` is.
func benchmark(_ name: String, corpus: Bool = true, macros: Bool = false) -> Target {
    .executableTarget(
        name: name,
        dependencies: (corpus ? ["BenchmarkCorpus"] : []) + [
            .product(name: "Peregrine", package: "Peregrine"),
            .product(name: "Benchmark", package: "benchmark"),
        ] + (macros ? [.product(name: "PeregrineMacros", package: "Peregrine")] : []),
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "PeregrineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Peregrine", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkCorpus", path: "Benchmarks/Corpus"),
        benchmark("ParseAndWrite"),
        benchmark("Codable", macros: true),
        benchmark("Binary"),
        benchmark("Hostile", corpus: false),
        benchmark("Streaming", corpus: false),
        benchmark("Scaling", corpus: false),
        // Not a benchmark: one operation N times, for Scripts/instructions.sh.
        .executableTarget(
            name: "Instructions",
            dependencies: [
                "BenchmarkCorpus", .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "PeregrineMacros", package: "Peregrine"),
            ],
            path: "Benchmarks/Instructions"
        ),
    ]
)
