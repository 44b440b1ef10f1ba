// swift-tools-version:6.0
// The ceiling of issue 41's serving benchmark: a bare Hummingbird 2 app (the version Tidings
// resolves) that answers fixed bytes, no middleware. scripts/bench-ceiling.sh builds it outside the
// repository and gives it the bytes and headers Tidings answered, page by page, so each Tidings
// route is measured as a share of the same bytes served by nothing but the framework.
import PackageDescription

let package = Package(
    name: "Ceiling",
    platforms: [.macOS(.v14)],
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1")],
    targets: [
        .executableTarget(name: "Ceiling", dependencies: [.product(name: "Hummingbird", package: "hummingbird")])
    ]
)
