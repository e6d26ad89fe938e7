// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Peregrine",
    products: [
        .library(name: "Peregrine", targets: ["Peregrine"]),
        .executable(name: "peregrine", targets: ["peregrine-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "Peregrine",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .executableTarget(
            name: "peregrine-cli",
            dependencies: [
                "Peregrine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PeregrineTests",
            dependencies: ["Peregrine", "peregrine-cli"]
        ),
    ]
)
