// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets over what Tidings reads from outside, one executable each. A package of its
// own, so the main build never sees `--sanitize=fuzzer`: `scripts/fuzz.sh` builds and runs them
// (docs/testing.md, "Fuzzing"). Its seed corpus is `Corpus/<target>/`, reproducers `Crashes/<target>/`.
let package = Package(
    name: "TidingsFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the products below resolve whatever the checkout's folder is called.
        .package(name: "Tidings", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FeedParserFuzzer",
            dependencies: [.product(name: "FeedParsing", package: "Tidings")]
        ),
        .executableTarget(
            name: "HTMLSanitizerFuzzer",
            dependencies: [.product(name: "FeedParsing", package: "Tidings")]
        ),
        .executableTarget(
            name: "ArticleExtractionFuzzer",
            dependencies: [
                .product(name: "ArticleExtraction", package: "Tidings"),
                .product(name: "FeedParsing", package: "Tidings"),
            ]
        ),
        .executableTarget(
            name: "FeedDateFuzzer",
            dependencies: [
                .product(name: "FeedParsing", package: "Tidings"),
                .product(name: "TidingsModel", package: "Tidings"),
            ]
        ),
        .executableTarget(
            name: "OPMLFuzzer",
            dependencies: [
                .product(name: "FeedParsing", package: "Tidings"), .product(name: "FeedWriting", package: "Tidings"),
            ]
        ),
        .executableTarget(
            name: "PartnerJSONFuzzer",
            dependencies: [.product(name: "TidingsSections", package: "Tidings")]
        ),
        .executableTarget(
            name: "EventsFuzzer",
            dependencies: [
                .product(name: "TidingsModel", package: "Tidings"),
                .product(name: "TidingsCatalog", package: "Tidings"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
