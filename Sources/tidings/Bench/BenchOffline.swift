import ArgumentParser
import Foundation
import TidingsKitStore

/// `tidings bench offline`: cold open of a cached section from the SDK's offline store.
struct BenchOffline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline",
        abstract:
            "Cold-open a cached section from TidingsKit's offline store: a new store on the file, every item decoded.")

    @Option(help: "Items in the cached section.") var items = 1_000
    @Option(help: "Cold opens to time.") var runs = 20

    func run() async throws {
        let times = try OfflineStoreBenchmark.coldOpen(items: items, runs: runs)
        let milliseconds = times.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }
            .sorted()
        let median = milliseconds[milliseconds.count / 2]
        say(
            String(
                format:
                    "cold open of a %d-item section: median %.1f ms, min %.1f ms, max %.1f ms over %d runs (target < 50 ms)",
                items, median, milliseconds.first ?? 0, milliseconds.last ?? 0, runs))
    }
}
