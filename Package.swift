// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "explorer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "explorer", targets: ["explorer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditline",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "LineEditor", dependencies: ["CEditline"]),
        .target(name: "Reactive"),
        .target(
            name: "ExplorerCore",
            dependencies: ["Reactive", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "Starships",
            dependencies: ["Reactive", "ExplorerCore"],
            path: "Sources/Features/Starships"
        ),
        .target(
            name: "Characters",
            dependencies: ["Reactive", "ExplorerCore"],
            path: "Sources/Features/Characters"
        ),
        .target(
            name: "ITunes",
            dependencies: ["Reactive", "ExplorerCore"],
            path: "Sources/Features/ITunes"
        ),
        .executableTarget(
            name: "explorer",
            dependencies: [
                "ExplorerCore", "LineEditor", "Starships", "Characters", "ITunes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
        .testTarget(name: "ExplorerCoreTests", dependencies: ["ExplorerCore", "Reactive"]),
        .testTarget(name: "StarshipsTests", dependencies: ["Starships", "ExplorerCore", "Reactive"]),
        .testTarget(name: "CharactersTests", dependencies: ["Characters", "ExplorerCore", "Reactive"]),
        .testTarget(name: "ITunesTests", dependencies: ["ITunes", "ExplorerCore", "Reactive"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ExplorerTests",
            dependencies: ["explorer"],
            exclude: ["Transcripts", "Support", "Fixtures"]
        ),
    ]
)
