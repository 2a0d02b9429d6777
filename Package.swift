// swift-tools-version: 6.2
import PackageDescription

/// swift-custom-dump's library: `trace state`'s diffs, and tests that compare whole values.
let customDump = Target.Dependency.product(name: "CustomDump", package: "swift-custom-dump")
/// What makes a custom-dump expectation that fails fail the Swift Testing test it is in.
let issueReportingTestSupport = Target.Dependency.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")

/// Nonisolated async functions and closures run where their caller runs (SE-0461): a command on
/// the main actor reaches its feature's service and the client stack without hopping to the
/// concurrency pool and back.
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

/// A feature module, `Sources/Features/<name>/`, using the layers listed, and its tests,
/// `Tests/<name>Tests/`, which may use those and what every test target shares.
func feature(_ name: String, uses: [Target.Dependency], testsAlsoUse: [Target.Dependency] = []) -> [Target] {
    [
        .target(name: name, dependencies: uses, path: "Sources/Features/\(name)", swiftSettings: callerIsolation),
        .testTarget(name: "\(name)Tests", dependencies: [.target(name: name)] + uses + ["TestSupport", customDump] + testsAlsoUse,
                    swiftSettings: callerIsolation),
    ]
}

/// What a list feature over SWAPI uses: the kit and the API's shared vocabulary and data.
let swapiList: [Target.Dependency] = ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "SWAPI"]

/// Every feature built in: adding one is a line here (and one in Plugins.json and in
/// Sources/explorer/BuiltinFeatures.swift).
let features: [[Target]] = [
    feature("Starships", uses: swapiList),
    feature("Characters", uses: swapiList),
    feature("Planets", uses: swapiList),
    feature("ITunes", uses: ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP"]),
    // Its offline index is SQLite's full-text search (the store's); posters are images.
    feature("MovieDB", uses: ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "ExplorerImages"]),
    feature("Facts", uses: ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "ExplorerImages"]),
    feature("Races", uses: ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP"]),
]

let package = Package(
    name: "explorer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "explorer", targets: ["explorer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // The diff `trace state` prints, and the tests' diff of two whole states when a view
        // model's test fails. Without its default trait, which imports FoundationNetworking (and
        // so links libcurl and ~30 libraries explorer does without: it loads libcurl itself).
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
        // …whose failures reach Swift Testing through IssueReportingTestSupport (without it an
        // expectation that fails prints a warning and the test passes).
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: [
        // No pkg-config: its `-L/usr/lib/<arch>` would come first on the link line and make the
        // release link take libedit.so over the archive scripts/build-release links in. The header
        // is in the default include path (<editline/readline.h>).
        .systemLibrary(
            name: "CEditline",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "LineEditor", dependencies: ["CEditline"], swiftSettings: callerIsolation),
        // libcurl through dlopen: loaded on the first live request, never linked.
        .target(name: "CCurl"),
        .target(name: "Reactive", swiftSettings: callerIsolation),
        // Screens as values and their three renderers (text, JSON, CSV), tables, widths, sanitizing:
        // what every layer above shows things with. Depends on nothing of ours.
        // The scan of a JSON string's plain bytes, sixteen at a time (docs/performance.md).
        .target(name: "CPlainText"),
        .target(name: "ExplorerText", dependencies: ["CPlainText"], swiftSettings: callerIsolation),
        // Time as explorer reads it: the live clock, the virtual one scripts and tests move, timers.
        .target(name: "ExplorerClock", swiftSettings: callerIsolation),
        // Favourites, the response cache, the offline index and the file's integrity: the only
        // importer of GRDB, which it exports no type of.
        .target(
            name: "ExplorerStore",
            dependencies: [
                "ExplorerText", "ExplorerClock",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own API, for the integrity check's read-only `file:…?immutable=1` open.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: callerIsolation
        ),
        // What `trace` and `arch` record: the tracer the client stack, the kit and the features report to.
        // swift-custom-dump: the diff `trace state` prints of each state change.
        .target(name: "ExplorerTrace", dependencies: ["Reactive", "ExplorerText", "ExplorerClock", customDump], swiftSettings: callerIsolation),
        // Requests, the client stack (embedded, cache, faults, signing, tracing, live) and the
        // libcurl transport: the only importer of CCurl. It keeps answers through a protocol of
        // its own (ResponseKeeper), which the store's cache answers in ExplorerCore: it imports
        // nothing of the store.
        .target(
            name: "ExplorerHTTP",
            dependencies: ["ExplorerText", "ExplorerClock", "ExplorerTrace", "CCurl"],
            swiftSettings: callerIsolation
        ),
        // Images fetched once and kept on disk (checked, revalidated, stood in for offline): what
        // a feature that shows pictures adds.
        .target(name: "ExplorerImages", dependencies: ["ExplorerText", "ExplorerClock", "ExplorerHTTP"], swiftSettings: callerIsolation),
        .target(
            name: "ExplorerCore",
            dependencies: [
                "Reactive", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "ExplorerImages",
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: callerIsolation
        ),
        // The REPL: reads a line, dispatches it to a global command or the feature in use, prints
        // the screen. Only the executable imports it; no feature can.
        .target(
            name: "ExplorerShell",
            dependencies: ["Reactive", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP",
                           "ExplorerImages", "ExplorerCore"],
            swiftSettings: callerIsolation
        ),
        .target(name: "SWAPI", dependencies: ["Reactive", "ExplorerCore", "ExplorerText", "ExplorerStore", "ExplorerHTTP"], swiftSettings: callerIsolation),
        .executableTarget(
            name: "explorer",
            dependencies: [
                "ExplorerCore", "ExplorerShell", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "LineEditor",
                // The data sets a described feature may answer from offline (`"offline": {"embedded": "swapi"}`).
                "SWAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + features.map { .target(name: $0[0].name) },
            swiftSettings: callerIsolation
        ),
        // What the tests share: recorders, whole-state expectations, services that answer only
        // the calls a test expects (SWAPI's from its embedded data), temporary stores, and the
        // loopback server (fake_swapi.py) with the child-process and sandbox helpers that run it.
        .target(
            name: "TestSupport",
            dependencies: ["ExplorerCore", "ExplorerText", "ExplorerClock", "ExplorerStore", "ExplorerHTTP", "Reactive", "SWAPI", customDump,
                           issueReportingTestSupport,
                           .product(name: "Subprocess", package: "swift-subprocess")],
            path: "Tests/TestSupport",
            exclude: ["fake_swapi.py", "fake_shapes.py", "described"],
            swiftSettings: callerIsolation
        ),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"], swiftSettings: callerIsolation),
        // A test target per module, depending on what that module's tests use.
        .testTarget(name: "ExplorerTextTests", dependencies: ["ExplorerText", "TestSupport"], swiftSettings: callerIsolation),
        .testTarget(name: "ExplorerClockTests", dependencies: ["ExplorerClock", "TestSupport"], swiftSettings: callerIsolation),
        .testTarget(
            name: "ExplorerStoreTests",
            dependencies: ["ExplorerStore", "ExplorerText", "ExplorerClock", "ExplorerTrace", "ExplorerHTTP", "ExplorerCore", "TestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: callerIsolation
        ),
        .testTarget(
            name: "ExplorerHTTPTests",
            dependencies: ["ExplorerHTTP", "ExplorerStore", "ExplorerText", "ExplorerClock", "ExplorerTrace", "ExplorerCore", "TestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: callerIsolation
        ),
        .testTarget(name: "ExplorerImagesTests", dependencies: ["ExplorerImages", "ExplorerHTTP", "ExplorerText", "ExplorerCore", "TestSupport"], swiftSettings: callerIsolation),
        .testTarget(name: "ExplorerCoreTests", dependencies: ["ExplorerCore", "ExplorerText", "ExplorerHTTP", "Reactive", "TestSupport"], swiftSettings: callerIsolation),
        // The shell's tests, and a feature from outside the core (Planets/) driven through it.
        .testTarget(
            name: "ExplorerShellTests",
            dependencies: ["ExplorerShell", "ExplorerCore", "ExplorerHTTP", "ExplorerStore", "ExplorerText", "ExplorerClock", "ExplorerTrace", "Reactive", "TestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: callerIsolation
        ),
        .testTarget(name: "SWAPITests", dependencies: ["SWAPI", "ExplorerCore", "ExplorerText", "ExplorerHTTP", "TestSupport"], swiftSettings: callerIsolation),
        .testTarget(
            name: "ExplorerTests",
            dependencies: ["explorer", "ExplorerCore", "ExplorerShell", "ExplorerText", "ExplorerStore", "ExplorerTrace", "ExplorerHTTP", "MovieDB", "TestSupport",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            exclude: ["Transcripts", "Fixtures", "Scripts"],
            swiftSettings: callerIsolation
        ),
    ] + features.flatMap { $0 }
)
