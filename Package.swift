// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Peregrine",
    // Linux (tested in CI) and these Apple platforms (Swift 6.1 or later).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Peregrine", targets: ["Peregrine"]),
        .executable(name: "peregrine", targets: ["peregrine-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation`: a plugin, never linked into the library.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "Peregrine", dependencies: ["CZlib"]),
        .executableTarget(
            name: "peregrine-cli",
            dependencies: [
                "Peregrine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PeregrineTests",
            dependencies: [
                "Peregrine", "peregrine-cli",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Golden"]
        ),
    ]
)
