// swift-tools-version: 6.1
import PackageDescription

// Server integrations live in their own package so that users of Peregrine
// never resolve swift-nio, Hummingbird or Vapor. Test from the repository root:
//
//     swift test --package-path Integrations
//
// and compare Foundation's coders with Peregrine's under load (needs wrk):
//
//     Scripts/load-compare.sh

let package = Package(
    name: "PeregrineIntegrations",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PeregrineNIO", targets: ["PeregrineNIO"]),
        .library(name: "PeregrineHummingbird", targets: ["PeregrineHummingbird"]),
        .library(name: "PeregrineVapor", targets: ["PeregrineVapor"]),
    ],
    dependencies: [
        .package(name: "Peregrine", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "PeregrineNIO",
            dependencies: [
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "PeregrineHummingbird",
            dependencies: [
                "PeregrineNIO",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "PeregrineVapor",
            dependencies: [
                "PeregrineNIO",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "IntegrationsLoadServer",
            dependencies: [
                "PeregrineHummingbird",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "IntegrationsTestSupport",
            dependencies: [
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/IntegrationsTestSupport"
        ),
        .testTarget(
            name: "PeregrineNIOTests",
            dependencies: [
                "PeregrineNIO", "IntegrationsTestSupport",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "PeregrineHummingbirdTests",
            dependencies: [
                "PeregrineHummingbird", "PeregrineNIO", "IntegrationsTestSupport",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "PeregrineVaporTests",
            dependencies: [
                "PeregrineVapor", "PeregrineNIO", "IntegrationsTestSupport",
                .product(name: "Peregrine", package: "Peregrine"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
