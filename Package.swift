// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0 (LICENSE; NOTICE names what Tidings derives from)
import PackageDescription

// The server, its CLI and their tests run on Linux. On a Mac they use APIs newer than the SDK's
// floor (Hummingbird 2 needs macOS 14), which one package-wide floor cannot express per target:
// they are built with availability checking off there, and `tidings serve` on a Mac needs
// macOS 14 or later. Never given to a target TidingsKit imports: SwiftPM refuses unsafe flags in
// a product an app depends on (scripts/check-sdk-floor.py checks that too). Nothing on Linux.
let serverOnApple: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-availability-checking"],
        .when(platforms: [.macOS, .iOS, .macCatalyst, .tvOS, .watchOS, .visionOS])
    )
]

extension Target.Dependency {
    /// A product only the Server trait brings in (the server, the CLI and what they use): an app
    /// that depends on TidingsKit with `traits: []` resolves none of these packages.
    static func server(_ name: String, _ package: String) -> Target.Dependency {
        .product(name: name, package: package, condition: .when(traits: ["Server"]))
    }
}

let package = Package(
    name: "Tidings",
    // The SDK's floor (TidingsKit and everything it imports; scripts/check-sdk-floor.py keeps newer
    // APIs out of them). The server targets build on Apple platforms with `serverOnApple` below.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "tidings", targets: ["tidings"]),
        .library(name: "TidingsModel", targets: ["TidingsModel"]),
        .library(name: "TidingsKit", targets: ["TidingsKit"]),
        // For the fuzz targets in Fuzz/, a package of its own that depends on this one.
        .library(name: "FeedParsing", targets: ["FeedParsing"]),
        .library(name: "ArticleExtraction", targets: ["ArticleExtraction"]),
        .library(name: "FeedWriting", targets: ["FeedWriting"]),
        .library(name: "TidingsSections", targets: ["TidingsSections"]),
        .library(name: "TidingsCatalog", targets: ["TidingsCatalog"]),
    ],
    // The Server trait (on by default) brings in the server, the CLI and their packages: every
    // package other than GRDB is used only under it. An app that uses only TidingsKit depends with
    // `traits: []` and resolves GRDB alone (scripts/check-sdk-dependencies.sh checks it in CI;
    // docs/architecture.md says why a trait rather than a second package).
    traits: [
        .trait(name: "Server", description: "The server, CLI and their dependencies"),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
        // `swift package generate-documentation --target TidingsKit` (CI builds it without warnings).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Wire model shared by server and SDK: Foundation only.
        // Its words live in String Catalog files (Translations/, copied as they are: SwiftPM on Linux
        // does not compile .xcstrings); plural rules come from the ICU inside Foundation on Linux.
        .target(
            name: "TidingsModel",
            resources: [.copy("Translations")],
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        // Calendar dates as days from 1970 and back (Howard Hinnant's rules), for every target that
        // reads or writes dates without Foundation's Calendar. Pure arithmetic.
        .target(name: "CivilTime"),
        // Text analysis for search: Snowball stemmers for English, Russian, Norwegian, Swedish, German. Pure.
        .target(name: "TextAnalysis"),
        // Feed parsing (RSS, Atom, JSON Feed): the bottom of the cake, depends on nothing of ours
        // but the date arithmetic.
        .target(name: "FeedParsing", dependencies: ["CivilTime"]),
        // Article extraction from web pages (Readability's rules on a tree of our own), made safe by
        // FeedParsing's sanitizer. Apart from FeedParsing so that apps do not carry it.
        .target(name: "ArticleExtraction", dependencies: ["FeedParsing"]),
        // Writing feeds: RSS 2.0, Atom 1.0, JSON Feed 1.1 and OPML 2.0. Foundation only.
        .target(name: "FeedWriting", dependencies: ["CivilTime"]),
        // Composed sections: slot providers and the composer placing them. Pure, no I/O.
        .target(name: "FeedComposition", dependencies: ["TidingsModel"]),
        // Brands, sections and their sources as configured: the YAML file, source documents
        // (feeds, unified and legacy partner JSON) turned into feed items, placement rules. No I/O
        // beyond reading files.
        .target(
            name: "TidingsSections",
            dependencies: [
                "TidingsModel", "FeedComposition", "FeedParsing", "FeedTeasers",
                .server("Yams", "Yams"),
            ]
        ),
        // A parsed feed made teasers: one rule for the server's poller and the SDK's feed loader.
        .target(name: "FeedTeasers", dependencies: ["FeedParsing", "TidingsModel"]),
        // The client SDK's offline store (GRDB, the iOS community's SQLite library). No server code.
        .target(
            name: "TidingsKitStore",
            dependencies: ["TidingsModel", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The client SDK for feed screens: client, HTTP cache, pager, screen states, loaders. It
        // depends on no server, storage or UI code and builds for iOS, macOS and Linux.
        // PrivacyInfo.xcprivacy: no tracking, no data collected, no "required reason" API
        // (docs/architecture.md; scripts/check-sdk-floor.py keeps those APIs out).
        .target(
            name: "TidingsKit",
            dependencies: ["TidingsModel", "FeedParsing", "FeedTeasers", "FeedComposition", "TidingsKitStore"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Catalog domain: events, validation, news derivation. Pure, no I/O.
        .target(name: "TidingsCatalog", dependencies: ["TidingsModel"]),
        // Store protocol, migrations and the SQL implementation shared by both backends.
        .target(
            name: "TidingsStore",
            dependencies: [
                "TidingsCatalog", "TidingsModel", "TextAnalysis",
                .server("SQLKit", "sql-kit"),
                .server("Logging", "swift-log"),
                .server("Metrics", "swift-metrics"),
                .server("Tracing", "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "TidingsStoreSQLite",
            dependencies: [
                "TidingsStore", "TidingsModel",
                .server("SQLiteKit", "sqlite-kit"),
                .server("NIOCore", "swift-nio"),
                .server("NIOPosix", "swift-nio"),
            ]
        ),
        .target(
            name: "TidingsStorePostgres",
            dependencies: [
                "TidingsStore", "TidingsModel",
                .server("PostgresKit", "postgres-kit"),
                .server("PostgresNIO", "postgres-nio"),
                .server("SQLKit", "sql-kit"),
                .server("NIOCore", "swift-nio"),
                .server("NIOSSL", "swift-nio-ssl"),
                .server("Logging", "swift-log"),
            ]
        ),
        // Fetching sources over HTTP (conditional GET, caps, SSRF guard) and polling them; article pages
        // fetched politely and extracted.
        .target(
            name: "TidingsIngest",
            dependencies: [
                "TidingsSections", "TidingsStore", "FeedParsing", "TidingsModel", "ArticleExtraction", "CivilTime",
                .server("AsyncHTTPClient", "async-http-client"),
                .server("Metrics", "swift-metrics"),
                .server("Tracing", "swift-distributed-tracing"),
                .server("NIOCore", "swift-nio"),
                .server("NIOPosix", "swift-nio"),
                .server("NIOHTTP1", "swift-nio"),
                .server("NIOHTTPCompression", "swift-nio-extras"),
                .server("NIOSSL", "swift-nio-ssl"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
                .server("Logging", "swift-log"),
            ]
        ),
        // The web reader's pages: view models, Mustache templates, stylesheet and script. No HTTP.
        .target(
            name: "TidingsWeb",
            dependencies: [
                "TidingsModel", "TidingsSections", "TidingsCatalog", "FeedParsing",
                .server("Mustache", "swift-mustache"), .server("Crypto", "swift-crypto"),
            ],
            resources: [.copy("Resources/templates"), .copy("Resources/assets")]
        ),
        .target(
            name: "TidingsServer",
            dependencies: [
                "TidingsStore", "TidingsSections", "TidingsIngest", "FeedWriting", "TidingsWeb", "FeedParsing",
                "FeedComposition", "TextAnalysis",
                "TidingsCatalog", "TidingsModel",
                .server("Hummingbird", "hummingbird"),
                .server("HTTPTypes", "swift-http-types"),
                .server("NIOCore", "swift-nio"),
                .server("NIOPosix", "swift-nio"),
                .server("NIOHTTPTypes", "swift-nio-extras"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
                .server("Crypto", "swift-crypto"),
                .server("Tracing", "swift-distributed-tracing"),
                .server("Metrics", "swift-metrics"),
                .server("Prometheus", "swift-prometheus"),
                .server("CompressNIO", "compress-nio"),
                .server("Logging", "swift-log"),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            plugins: [.plugin(name: "BuildInfo")]
        ),
        // The commit a server build is made from (`BuildCommit.current` in TidingsServer), read from
        // `.git` by a build tool plugin and written by its small tool.
        .plugin(name: "BuildInfo", capability: .buildTool(), dependencies: ["BuildInfoWriter"]),
        .executableTarget(name: "BuildInfoWriter", path: "Plugins/BuildInfoWriter"),
        // Spans sent to an OpenTelemetry collector (OTLP/HTTP, JSON) when `tracing.otlp_endpoint` is
        // set: a tracer continuing W3C `traceparent`, and a batching exporter run as a service.
        .target(
            name: "TidingsTracing",
            dependencies: [
                "TidingsModel", "TidingsStore",
                .server("Tracing", "swift-distributed-tracing"),
                .server("Metrics", "swift-metrics"),
                .server("Logging", "swift-log"),
                .server("AsyncHTTPClient", "async-http-client"),
                .server("NIOCore", "swift-nio"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
            ]
        ),
        // The composition root: settings from every layer, storage-backend selection, the wiring of
        // store, services, poller and application; demo data and the CSV backfill. The CLI, the
        // benchmarks and the test helpers build their process through it.
        .target(
            name: "TidingsRuntime",
            dependencies: [
                "TidingsServer", "TidingsIngest", "TidingsSections", "TidingsStore", "TidingsStoreSQLite",
                "TidingsStorePostgres", "TidingsCatalog", "TidingsModel", "TidingsTracing",
                .server("CSV", "CSV.swift"),
                .server("Tracing", "swift-distributed-tracing"),
                .server("Logging", "swift-log"),
                .server("Hummingbird", "hummingbird"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
            ],
            resources: [.copy("Demo")]
        ),
        .target(
            name: "TidingsTesting",
            dependencies: [
                "TidingsRuntime", "TidingsSections", "TidingsIngest", "TidingsServer", "TidingsStore",
                "TidingsStoreSQLite", "TidingsStorePostgres", "TidingsCatalog", "TidingsModel",
                .server("Hummingbird", "hummingbird"),
                .server("HummingbirdTesting", "hummingbird"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
                .server("PostgresNIO", "postgres-nio"),
                .server("SQLiteKit", "sqlite-kit"),
                .server("Logging", "swift-log"),
                .server("NIOCore", "swift-nio"),
                .server("NIOPosix", "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "tidings",
            dependencies: [
                "TidingsRuntime", "TidingsIngest", "TidingsSections", "TidingsServer", "TidingsStore",
                "TidingsCatalog", "TidingsModel", "FeedParsing", "FeedWriting", "TidingsKit", "TidingsKitStore",
                "ArticleExtraction", "TextAnalysis",
                .server("ArgumentParser", "swift-argument-parser"),
                .server("AsyncHTTPClient", "async-http-client"),
                .server("ServiceLifecycle", "swift-service-lifecycle"),
                .server("Hummingbird", "hummingbird"),
                .server("NIOCore", "swift-nio"),
                .server("Logging", "swift-log"),
            ]
        ),
        // The parser's tests reach TidingsModel beside it (Foundation only) for SplitMix64, and the
        // date arithmetic it uses.
        .testTarget(
            name: "FeedParsingTests", dependencies: ["FeedParsing", "CivilTime", "TidingsModel", "TidingsTesting"],
            resources: [.copy("Resources")]),
        .testTarget(name: "TidingsModelTests", dependencies: ["TidingsModel"]),
        // Fixtures/: words and the stems Snowball's own stemmers give them (scripts/gen-stemmer-fixtures.py).
        .testTarget(name: "TextAnalysisTests", dependencies: ["TextAnalysis"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ArticleExtractionTests", dependencies: ["ArticleExtraction", "FeedParsing", "TidingsTesting"]),
        .testTarget(name: "TidingsCatalogTests", dependencies: ["TidingsCatalog"]),
        .testTarget(
            name: "FeedCompositionTests",
            dependencies: ["FeedComposition", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "FeedWritingTests", dependencies: ["FeedWriting", "FeedParsing"]),
        .testTarget(name: "TidingsSectionsTests", dependencies: ["TidingsSections", "FeedParsing"]),
        .testTarget(name: "TidingsKitStoreTests", dependencies: ["TidingsKitStore"]),
        .testTarget(
            name: "TidingsKitTests",
            dependencies: [
                "TidingsKit", "FeedComposition", "TidingsTesting", "TidingsSections",
                .product(name: "Yams", package: "Yams"), .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "TidingsIngestTests",
            dependencies: [
                "TidingsIngest", "TidingsTesting", "FeedParsing", .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "TidingsStoreTests", dependencies: ["TidingsTesting"]),
        .testTarget(
            name: "TidingsServerTests",
            dependencies: [
                "TidingsTesting", .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .testTarget(
            name: "TidingsWebTests",
            dependencies: [
                "TidingsWeb", "TidingsSections",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "TidingsRuntimeTests",
            dependencies: [
                "TidingsTesting", "TidingsTracing",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // RecordedDemoTests reads and writes its recording by path, not as a bundled resource.
            exclude: ["Recorded"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TidingsTesting", "tidings", .product(name: "Hummingbird", package: "hummingbird")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Targets only the server, the CLI and the tests build: `serverOnApple` applies to them.
let serverOnly: Set<String> = [
    "TidingsStore", "TidingsStoreSQLite", "TidingsStorePostgres", "TidingsIngest", "TidingsWeb", "TidingsServer",
    "TidingsTracing", "TidingsRuntime", "TidingsTesting", "tidings", "TidingsKitTests", "TidingsIngestTests",
    "TidingsStoreTests",
    "TidingsServerTests", "TidingsWebTests", "TidingsRuntimeTests", "EndToEndTests",
]
for target in package.targets where serverOnly.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + serverOnApple
}
