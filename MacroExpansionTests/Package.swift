// swift-tools-version: 6.1
import PackageDescription

// The expansion snapshots of `@JSONCodable` and its options: what the macro
// writes and the diagnostics it reports, checked on the macro's source
// (Sources/PeregrineMacrosPlugin, linked here) built as a library.
//
// A package of their own because a test target that imports the macro's
// implementation makes SwiftPM build swift-syntax and the library twice
// (once for the compiler plugin, once for the tests); kept apart, the
// README's `swift test` builds swift-syntax once. `.ci/run` runs these:
//
//     swift test --package-path MacroExpansionTests
let package = Package(
    name: "MacroExpansionTests",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    ],
    targets: [
        // The macro's source as a library (its `@main` entry left out), so
        // that the tests build swift-syntax once, for themselves.
        .target(
            name: "PeregrineMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            exclude: ["Plugin.swift"]
        ),
        .testTarget(
            name: "ExpansionTests",
            dependencies: [
                "PeregrineMacrosPlugin",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
    ]
)
