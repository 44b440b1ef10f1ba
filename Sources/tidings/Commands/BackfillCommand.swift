import ArgumentParser
import Foundation
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsServer
import TidingsStore

struct BackfillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backfill",
        abstract: "Import products and price history from CSV; safe to run again.",
        discussion: """
            products.csv: id,name,unit,unit_size,container,image_url,created_at (optional: currency, name_en, …)
            prices.csv:   product_id,store_price,recorded_at
            Times are ISO 8601. Bad rows are reported with their line numbers; the rest is imported.
            """)

    @OptionGroup var database: DatabaseOption
    @Option(help: "The products CSV file.") var products: String
    @Option(help: "The prices CSV file.") var prices: String
    @Option(help: "Only history newer than this (30d, 12h) or after this ISO 8601 time.") var since: String?
    @OptionGroup var config: ConfigOption

    func run() async throws {
        let settings = try resolveSettings(config: config, database: database)
        let sinceDate = try since.map(Self.parseSince)
        let started = Date()
        var backfill = try Backfill(productsPath: products, pricesPath: prices, since: sinceDate)
        let runtime = try await Runtime.open(settings, logger: quietLogger(.warning))
        let (store, catalog) = (runtime.store, runtime.catalog)
        let bar = ProgressBar("Importing")
        let summary: Backfill.Summary
        do {
            summary = try await backfill.run(into: catalog) { bar.update($0, $1) }
        } catch {
            try? await store.close()
            throw error
        }
        let counts = try await store.counts()
        try await store.close()
        let seconds = Date().timeIntervalSince(started)
        // The skipped rows are said first, so "imported" never reads as the whole file.
        let skipped = summary.errors.isEmpty ? "." : "; \(summary.errors.count) bad row(s) skipped, listed below."
        print(
            """
            Read \(summary.products) products and \(summary.priceRows) price rows in \(String(format: "%.1f", seconds)) s\(skipped)
            Events from the good rows: \(summary.accepted) imported, \(summary.duplicates) already present, \(summary.rejected) refused.
            The store now holds \(counts.products) products and \(counts.newsItems) news items.
            """)
        if !summary.errors.isEmpty {
            printError("\(summary.errors.count) row(s) skipped:")
            for error in summary.errors.prefix(50) { printError("  \(error)") }
            if summary.errors.count > 50 { printError("  … and \(summary.errors.count - 50) more") }
            throw ExitCode(1)
        }
    }

    static func parseSince(_ text: String) throws -> Date {
        if let seconds = DurationText.seconds(text) { return Date().addingTimeInterval(-seconds) }
        if let date = TidingsJSON.parseDate(text) { return date }
        throw ValidationError("--since must be a duration such as 30d or an ISO 8601 time, not \(text)")
    }
}

struct News: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with derived news items.", subcommands: [Rebuild.self])

    struct Rebuild: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recompute every product and news item from the event log.")
        @OptionGroup var database: DatabaseOption
        @OptionGroup var config: ConfigOption

        func run() async throws {
            let runtime = try await Runtime.open(
                resolveSettings(config: config, database: database), logger: quietLogger(.warning))
            let bar = ProgressBar("Replaying")
            let summary: RebuildSummary
            do {
                summary = try await runtime.catalog.rebuild { bar.update($0, $1) }
            } catch {
                try? await runtime.close()
                throw error
            }
            try await runtime.close()
            print("Replayed \(summary.events) events: \(summary.products) products, \(summary.newsItems) news items.")
            if summary.skipped > 0 {
                printError(
                    "\(summary.skipped) logged event(s) changed nothing: refused by the current rules, or no longer applying at their time (a change after a deletion that arrived late)."
                )
            }
        }
    }
}
