// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Peregrine",
    // Linux (tested in CI) and these Apple platforms (Swift 6.1 or later).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // `import Peregrine`: the core and the query languages together.
        .library(name: "Peregrine", targets: ["Peregrine"]),
        // `@JSONCodable`: generated coders. Its own product, so that users of
        // `Peregrine` alone never build swift-syntax.
        .library(name: "PeregrineMacros", targets: ["PeregrineMacros"]),
        .executable(name: "peregrine", targets: ["peregrine-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation`: a plugin, never linked into the library.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The `@JSONCodable` macro's compiler plugin only.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // The hot path in one module, so that whole-module optimisation
        // specialises across it: layers in the order data flows (docs/Architecture.md).
        .target(name: "PeregrineCore", dependencies: ["CZlib"]),
        // JSON Pointer, JSONPath, the slash language, JSON Patch, Merge Patch, diff.
        .target(name: "PeregrineQuery", dependencies: ["PeregrineCore"]),
        // The umbrella: re-exports both, and holds the documentation catalog.
        .target(name: "Peregrine", dependencies: ["PeregrineCore", "PeregrineQuery"]),
        .macro(
            name: "PeregrineMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "PeregrineMacros", dependencies: ["Peregrine", "PeregrineMacrosPlugin"]),
        .executableTarget(
            name: "peregrine-cli",
            dependencies: [
                "Peregrine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers the test targets share: test data, seeded random input,
        // temporary files, parse-error checks.
        .target(name: "TestSupport", dependencies: ["Peregrine"], path: "Tests/TestSupport"),
        // Models of the corpus files, as `Codable` types and as `@JSONCodable`
        // ones (Scripts/generate-corpus-models.py); the benchmarks link the
        // same folders (Benchmarks/ is a package of its own).
        .target(name: "CorpusModels", dependencies: ["Peregrine", "PeregrineMacros"], path: "Tests/CorpusModels"),
        .testTarget(
            name: "PeregrineTests",
            dependencies: [
                "Peregrine", "PeregrineCore", "PeregrineQuery", "peregrine-cli", "TestSupport", "CorpusModels",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Binary/Golden", "Coding/FoundationSuiteData"]
        ),
        .testTarget(
            name: "PeregrineMacrosTests",
            // Its expansion snapshots (Expansions/) run the macro's compiler
            // plugin as the compiler does, over its message protocol: a test
            // target that imported the macro's implementation would make
            // SwiftPM build swift-syntax a second time, for the target.
            // Its models use every option and shape of `@JSONCodable`: .ci/run
            // fails when their build (any build of the tests) prints a warning.
            dependencies: ["Peregrine", "PeregrineMacros", "TestSupport", "CorpusModels"]
        ),
    ]
)
