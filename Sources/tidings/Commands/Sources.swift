import ArgumentParser
import Foundation
import Logging
import TidingsIngest
import TidingsRuntime
import TidingsSections
import TidingsStore

/// `tidings sources …`: what the poller fetches, and how it went.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List, refresh, import and export the sources sections are fetched from.",
        subcommands: [List.self, Refresh.self, Import.self, Export.self])

    /// `--config` (without brands in the file, the demo brands) and `--database`, shared by the
    /// subcommands. Once the database keeps brands, its brands are the ones listed and fetched, as
    /// by the servers on it.
    struct Setup: ParsableArguments {
        @OptionGroup var config: ConfigOption
        @OptionGroup var database: DatabaseOption

        func open(logLevel: Logger.Level = .warning) async throws -> Runtime {
            let runtime = try await Runtime.open(
                resolveSettings(config: config, database: database), logger: quietLogger(logLevel))
            return try await runtime.showingKeptBrands()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every configured source: its sections, last fetch, next fetch, failures and last error.")
        @OptionGroup var setup: Setup

        func run() async throws {
            let runtime = try await setup.open()
            let (sections, store) = (runtime.settings.sections, runtime.store)
            let states = Dictionary(try await store.sourceStates().map { ($0.id, $0) }) { first, _ in first }
            let kept = try await store.keptEntryCounts()
            let articles = try await store.articleSummaries()
            try await store.close()
            let fullText = SourcePoller.fullTextModes(sections)
            let now = Date()
            for (source, fed) in sections.fetchedSources {
                let state = states[source.id]
                say("\(source.id)")
                say("  format \(source.format.rawValue) · sections \(fed.map(\.stream).joined(separator: ", "))")
                guard let state else {
                    say("  never fetched (starts when `tidings serve` runs)")
                    continue
                }
                let last =
                    state.lastAttemptAt.map { "\(state.lastStatus?.description ?? "?") \(Self.ago($0, now)) ago" }
                    ?? "never"
                let next = state.nextFetchAt > now ? "in \(Self.ago(now, state.nextFetchAt))" : "due"
                // The document's count and what the sections keep differ when retention caps them.
                let entries = "\(state.entryCount) in the document, \(kept[source.id] ?? 0) kept"
                let failures = "\(state.failures) failure\(state.failures == 1 ? "" : "s") in a row"
                say("  last \(last) · next \(next) · \(entries) · \(failures)")
                if let error = state.lastError { say("  error: \(error)") }
                if let mode = fullText[source.id], mode != .never {
                    for line in Self.fullTextLines(mode: mode, articles[source.id], now: now) { say("  " + line) }
                }
                if let owner = state.leaseOwner, let until = state.leaseUntil, until > now {
                    say("  being fetched by \(owner)")
                }
            }
        }

        /// The article pages of a `full_text` source: how many stand where, and the latest problem.
        static func fullTextLines(mode: FullTextMode, _ summary: ArticleSummary?, now: Date) -> [String] {
            let counts = summary?.counts ?? [:]
            guard !counts.isEmpty else { return ["full text (\(mode.rawValue)): no article pages asked for yet"] }
            let order: [(ArticlePageStatus, String)] = [
                (.extracted, "extracted"), (.pending, "pending"), (.failed, "failed"),
                (.notArticle, "not an article"), (.disallowed, "disallowed by robots.txt"),
            ]
            let parts = order.compactMap { status, words in counts[status].map { "\($0) \(words)" } }
            var lines = ["full text (\(mode.rawValue)): " + parts.joined(separator: " · ")]
            if let problem = summary?.lastProblem {
                let when = problem.at.map { " \(ago($0, now)) ago" } ?? ""
                let status = order.first { $0.0 == problem.status }?.1 ?? problem.status.rawValue
                lines.append("last problem\(when): \(problem.url): \(problem.error ?? status)")
            }
            return lines
        }

        /// "42s", "5m", "3h", "2d".
        static func ago(_ from: Date, _ to: Date) -> String {
            let seconds = max(0, Int(to.timeIntervalSince(from)))
            switch seconds {
            case ..<60: return "\(seconds)s"
            case ..<3600: return "\(seconds / 60)m"
            case ..<86_400: return "\(seconds / 3600)h"
            default: return "\(seconds / 86_400)d"
            }
        }
    }

    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch every source now, whether due or not, and say what changed.")
        @OptionGroup var setup: Setup
        @Flag(
            help:
                "Ask for every document in full (no If-None-Match/If-Modified-Since): after turning full_text on, the entries feeds list now are read with it."
        ) var full = false

        func run() async throws {
            let runtime = try await setup.open(logLevel: .error)
            let store = runtime.store
            let poller = runtime.poller()
            let results: [PollResult]
            do {
                results = try await poller.pollAllNow(inFull: full)
                try await poller.shutdown()
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
            for result in results {
                let changes = result.changes
                let what = result.error ?? changes.description
                say(
                    "\(result.status.description.padding(toLength: 9, withPad: " ", startingAt: 0)) \(result.sourceID): \(what)"
                )
            }
            if results.contains(where: { $0.error != nil }) { throw ExitCode(1) }
        }
    }
}
