// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ListAdapter",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "ListAdapter", targets: ["ListAdapter"]),
        .library(name: "ListAdapterTesting", targets: ["ListAdapterTesting"]),
        .library(name: "ListAdapterSQLite", targets: ["ListAdapterSQLite"]),
        .library(name: "ListAdapterSwiftUI", targets: ["ListAdapterSwiftUI"]),
        // The list protocol and the source of an app that watches a list a server serves.
        .library(name: "ListAdapterRemote", targets: ["ListAdapterRemote"]),
        // A server's side: one feed per list, any number of watchers (framework-independent).
        .library(name: "ListAdapterServer", targets: ["ListAdapterServer"]),
        // Empty unless the package trait WebSocket is enabled (it brings Hummingbird and SwiftNIO).
        .library(name: "ListAdapterHummingbird", targets: ["ListAdapterHummingbird"]),
        // Empty unless the package trait PostgreSQL is enabled (it brings postgres-nio and SwiftNIO).
        .library(name: "ListAdapterPostgres", targets: ["ListAdapterPostgres"]),
        .executable(name: "sample", targets: ["Sample"]),
        .executable(name: "bench", targets: ["Benchmarks"]),
        .executable(name: "soak", targets: ["SoakTests"]),
    ],
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "ListAdapterPostgres: lists that live in a PostgreSQL server, on postgres-nio (brings SwiftNIO). Off by default: an app that uses only SQLite builds none of it."
        ),
        .trait(
            name: "WebSocket",
            description: "ListAdapterHummingbird: a server's WebSocket and HTTP routes on Hummingbird 2, and on Linux the WebSocket client ListAdapterRemote uses (hummingbird-websocket). Off by default."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` (CONTRIBUTING.md). A command plugin: an app
        // that depends on ListAdapter never builds it or its dependencies.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // WSCore (hummingbird-websocket's own dependency): the Linux watch's WebSocket frames,
        // behind our own connection channel (ListWebSocketChannel).
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // Linux apps' payload and edit requests over HTTPS with the TLS settings the app gives
        // (trait WebSocket; Apple platforms use URLSession).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Tests only (TestSupport): a certificate authority made at run time for the TLS tests.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3" ..< "5.0.0"),
    ],
    targets: [
        .target(
            name: "ListAdapter",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ListAdapterTesting",
            dependencies: ["ListAdapter", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ListAdapterSQLite",
            dependencies: [
                "ListAdapter",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ListAdapterPostgres",
            dependencies: [
                "ListAdapter",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The system's zlib (Debian: zlib1g-dev; Apple platforms: their SDKs), for the list
        // protocol's compressed messages.
        .systemLibrary(name: "CListAdapterZlib", path: "Sources/CListAdapterZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "ListAdapterRemote",
            dependencies: [
                "ListAdapter", "CListAdapterZlib",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: .when(platforms: [.linux], traits: ["WebSocket"])),
                .product(name: "WSCore", package: "swift-websocket", condition: .when(platforms: [.linux], traits: ["WebSocket"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux], traits: ["WebSocket"])),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "ListAdapterServer", dependencies: ["ListAdapter", "ListAdapterRemote"], swiftSettings: strictSettings),
        .target(
            name: "ListAdapterHummingbird",
            dependencies: [
                "ListAdapterServer", "ListAdapterRemote",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["WebSocket"])),
            ],
            swiftSettings: strictSettings
        ),
        // SwiftUI's entry point: a list view over UIKit (AppKit) driven by the connector.
        .target(name: "ListAdapterSwiftUI", dependencies: ["ListAdapter"], path: "Sources/ListAdapterSwiftUI", swiftSettings: strictSettings),
        .executableTarget(
            name: "Sample",
            dependencies: [
                "ListAdapter", "ListAdapterSQLite", "ListAdapterTesting", "ListAdapterPostgres",
                "ListAdapterRemote", "ListAdapterServer", "ListAdapterHummingbird",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["WebSocket"])),
            ],
            path: "Sample",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ListAdapterTests", dependencies: ["ListAdapter", "ListAdapterTesting"], swiftSettings: strictSettings),
        // Long seeded runs: `swift run -c release soak`. Not part of `swift test`.
        .executableTarget(
            name: "SoakTests",
            dependencies: [
                "ListAdapter", "ListAdapterSQLite", "ListAdapterTesting", "ListAdapterPostgres",
                "ListAdapterRemote", "ListAdapterServer", "ListAdapterHummingbird",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["WebSocket"])),
            ],
            path: "SoakTests",
            swiftSettings: strictSettings
        ),
        // The measured claims: `swift run -c release bench`. Never part of `swift test`.
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "ListAdapter", "ListAdapterSQLite", "ListAdapterTesting", "ListAdapterPostgres",
                "ListAdapterRemote", "ListAdapterServer", "ListAdapterHummingbird",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: .when(platforms: [.linux], traits: ["WebSocket"])),
            ],
            path: "Benchmarks/Sources/bench",
            swiftSettings: strictSettings
        ),
        // The examples of README.md and the DocC articles, each complete as a newcomer pastes
        // it (default settings, no stand-ins): `swift run QuickStart`, `swift run SQLiteInbox`,
        // `swift run --traits PostgreSQL PostgresTickets`; the UIKit and SwiftUI ones are empty
        // on Linux and type-checked against Apple's SDKs. ExamplesTests runs them (the
        // PostgreSQL source's tests the last) and checks that the documents show each file as it is.
        .executableTarget(name: "QuickStart", dependencies: ["ListAdapter"], path: "Examples/QuickStart"),
        .executableTarget(
            name: "SQLiteInbox",
            dependencies: ["ListAdapter", "ListAdapterSQLite", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Examples/SQLiteInbox"
        ),
        .executableTarget(
            name: "PostgresTickets",
            dependencies: [
                "ListAdapter", "ListAdapterPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Examples/PostgresTickets"
        ),
        .target(name: "UIKitInbox", dependencies: ["ListAdapter"], path: "Examples/UIKitInbox"),
        .target(name: "SwiftUIInbox", dependencies: ["ListAdapter", "ListAdapterSwiftUI"], path: "Examples/SwiftUIInbox"),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["QuickStart", "SQLiteInbox", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // Helpers the test targets share (other processes a test talks to). Not a product.
        .target(
            name: "TestSupport",
            dependencies: [
                "ListAdapter", "ListAdapterTesting",
                // TestCertificates (trait WebSocket): a certificate authority made at run time.
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "X509", package: "swift-certificates", condition: .when(traits: ["WebSocket"])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["WebSocket"])),
            ],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ListAdapterSQLiteTests",
            dependencies: [
                "ListAdapterSQLite", "ListAdapter", "ListAdapterTesting", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        // Against a real server: LISTADAPTER_POSTGRES_URL (.ci/postgres.sh starts one); built
        // with the trait: `swift test --traits PostgreSQL`.
        .testTarget(
            name: "ListAdapterPostgresTests",
            dependencies: [
                "ListAdapterPostgres", "ListAdapter", "ListAdapterTesting", "TestSupport", "PostgresTickets",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ListAdapterSwiftUITests",
            dependencies: ["ListAdapterSwiftUI", "ListAdapter", "ListAdapterTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ListAdapterRemoteTests", dependencies: ["ListAdapterRemote", "ListAdapter", "ListAdapterTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "ListAdapterServerTests",
            dependencies: ["ListAdapterServer", "ListAdapterRemote", "ListAdapter", "ListAdapterTesting"],
            swiftSettings: strictSettings
        ),
        // Against a real server on loopback; built with the trait: `swift test --traits WebSocket`.
        .testTarget(
            name: "ListAdapterHummingbirdTests",
            dependencies: [
                "ListAdapterHummingbird", "ListAdapterServer", "ListAdapterRemote", "ListAdapter", "ListAdapterTesting",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["WebSocket"])),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket", condition: .when(traits: ["WebSocket"])),
                "TestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ListAdapterTestingTests", dependencies: ["ListAdapter", "ListAdapterTesting"], swiftSettings: strictSettings),
        .testTarget(
            name: "SampleTests",
            dependencies: ["Sample", "ListAdapter", "ListAdapterTesting", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The server's fuzz target (Fuzz/README.md, `Fuzz/build.sh`): only when
// LISTADAPTER_FUZZ_SERVER=1, so that no other build sees it. An executable with libFuzzer's
// `main`, over a real Hummingbird server in the same process; the package's server modules
// are instrumented for coverage and AddressSanitizer, SwiftNIO and Hummingbird are not.
if Context.environment["LISTADAPTER_FUZZ_SERVER"] == "1" {
    let fuzzed = ["ListAdapterRemote", "ListAdapterServer", "ListAdapterHummingbird"]
    for target in package.targets where fuzzed.contains(target.name) || target.name == "ListAdapter" {
        let sanitizers = target.name == "ListAdapter" ? "address" : "fuzzer,address"
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizers)"])]
    }
    package.targets.append(.executableTarget(
        name: "ServerFuzz",
        dependencies: [
            "ListAdapter", "ListAdapterServer", "ListAdapterHummingbird",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        ],
        path: "Fuzz/Server",
        swiftSettings: strictSettings + [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
        // libFuzzer's driver, which the entry point calls by name (Fuzz/Server/Target.swift).
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-Xlinker", "--undefined=LLVMFuzzerRunDriver", "-Xlinker", "--export-dynamic-symbol=LLVMFuzzerRunDriver"])]
    ))
    package.products.append(.executable(name: "server-fuzz", targets: ["ServerFuzz"]))
}
