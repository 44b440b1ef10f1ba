import ArgumentParser
import Foundation
import TextAnalysis
import TidingsCatalog
import TidingsIngest
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsStore

/// `tidings bench search`: search over many stored entries (issue 43). Stores `entries` made-up
/// teasers (words of a 30,000-word vocabulary in Zipf's proportions, as a language has them), the
/// first polls alternating search off and on to time what indexing costs a poll, then asks
/// 1-word, 3-word and phrase queries from `clients` concurrent clients and reports their p50 and
/// p99, with the index's size.
struct BenchSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Search many stored entries: p50/p99 of 1-word, 3-word and phrase queries under concurrent clients; the index's size and what indexing costs a poll."
    )

    @Option(help: "Entries stored (teasers of 8 + 25 words).") var entries = 1_000_000
    @Option(
        help:
            "Database: sqlite:PATH or postgres://… (an empty database; default: a new SQLite file in the temporary folder, removed after)."
    ) var database: String?
    @Option(help: "Concurrent clients asking queries.") var clients = 64
    @Option(help: "Seconds of queries of each kind.") var seconds = 10.0
    @Option(help: "Polls of 1,000 entries timed with search off and on, alternated (each kind).") var ingestRounds = 10
    @Option(
        help: "Milliseconds each client waits between its answer and its next query (0: as fast as answers come).")
    var think = 0
    @Flag(
        help:
            "Only ask queries, of the entries an earlier run stored in --database (that run's --entries, same vocabulary)."
    ) var queriesOnly = false

    func run() async throws {
        guard entries >= 2 * ingestRounds * 1_000, clients >= 1, seconds > 0 else {
            throw ValidationError("--entries must hold the timed polls (2 × --ingest-rounds × 1,000); --clients ≥ 1")
        }
        guard !queriesOnly || database != nil else {
            throw ValidationError(
                "--queries-only asks the entries of a database an earlier run filled: give --database")
        }
        var folder: URL?
        let url: DatabaseURL
        if let database {
            url = try DatabaseURL(database)
        } else {
            folder = try Bench.temporaryFolder()
            url = .sqlite(path: folder!.appendingPathComponent("search.sqlite").path)
        }
        defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
        let store = try await url.open(policy: NewsPolicy(), poolSize: max(10, clients))
        let corpus = SearchCorpus()
        say("search bench: \(entries) entries in \(SearchCorpus.sections) sections, \(url)")
        if !queriesOnly { try await fill(store, url: url, corpus: corpus) }
        // Queries.
        let sections = (0..<SearchCorpus.sections).map { SectionKey(brand: "bench", section: "s\($0)") }
        for kind in SearchCorpus.QueryKind.allCases {
            let result = try await Self.ask(
                kind, corpus: corpus, stored: entries, sections: sections, store: store, clients: clients,
                seconds: seconds, think: think)
            say(result)
        }
        try await store.close()
    }

    /// Stores the entries: the timed polls, search off and on alternated, then the rest.
    func fill(_ store: any TidingsStorage, url: DatabaseURL, corpus: SearchCorpus) async throws {

        // Ingest: polls of 1,000 entries, search off and on alternated, into sections of their own.
        var times: [Bool: [Double]] = [false: [], true: []]
        var stored = 0
        for round in 0..<(2 * ingestRounds) {
            let on = round % 2 == 1
            let seconds = try await corpus.store(
                from: stored, count: 1_000, indexed: on, section: on ? "timed-on" : "timed-off", into: store)
            times[on]!.append(seconds)
            stored += 1_000
        }
        let off = BenchStories.median(times[false]!)
        let on = BenchStories.median(times[true]!)
        say(
            String(
                format:
                    "a poll of 1,000 entries (making them and the write): search off %.1f ms, on %.1f ms (on/off %.2f; medians of %d)",
                off * 1000, on * 1000, on / off, ingestRounds))
        // The rest, indexed, with a progress line every 5 %.
        let clock = ContinuousClock()
        let started = clock.now
        var shown = 0
        while stored < entries {
            let count = min(1_000, entries - stored)
            _ = try await corpus.store(
                from: stored, count: count, indexed: true, section: SearchCorpus.section(of: stored / 1_000),
                into: store)
            stored += count
            let percent = stored * 100 / entries
            if percent >= shown + 5 {
                shown = percent
                let elapsed = secondsOf(clock.now - started)
                say(String(format: "  stored %d entries (%d %%), %.0f s", stored, percent, elapsed))
            }
        }
        say(try await Self.indexSize(url, store: store))
    }

    /// `clients` tasks asking `kind` queries for `seconds`; their latencies' p50 and p99.
    static func ask(
        _ kind: SearchCorpus.QueryKind, corpus: SearchCorpus, stored: Int, sections: [SectionKey],
        store: any TidingsStorage, clients: Int, seconds: Double, think: Int
    ) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1000))
        let now = SearchCorpus.start.addingTimeInterval(Double(stored) * 60)
        let (latencies, found) = try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for client in 0..<clients {
                group.addTask {
                    var random = SplitMix64(seed: UInt64(client) &* 0x9E37_79B9 &+ UInt64(kind.hashValue & 0xFFFF))
                    var latencies: [Double] = []
                    var found = 0
                    // Clients that pause start at times of their own, not all in the first instant.
                    if think > 0 { try await Task.sleep(for: .milliseconds(random.next(upTo: 2 * think + 1))) }
                    while clock.now < end {
                        let text = corpus.query(kind, among: stored, random: &random)
                        let query = try SearchQuery(text)
                        let started = clock.now
                        let results = try await store.search(
                            SearchRequest(query: query, sections: sections, now: now, limit: 20))
                        latencies.append(secondsOf(clock.now - started))
                        found += results.hits.count
                        if think > 0 { try await Task.sleep(for: .milliseconds(random.next(upTo: 2 * think + 1))) }
                    }
                    return (latencies, found)
                }
            }
            var all: [Double] = []
            var found = 0
            for try await (latencies, count) in group {
                all += latencies
                found += count
            }
            return (all.sorted(), found)
        }
        guard !latencies.isEmpty else { return "\(kind.rawValue): no query answered" }
        func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return String(
            format: "%@: %d queries, %.0f/s, p50 %.1f ms, p99 %.1f ms, %.1f results a query (%d clients)",
            kind.rawValue, latencies.count, Double(latencies.count) / seconds, percentile(0.5) * 1000,
            percentile(0.99) * 1000, Double(found) / Double(latencies.count), clients)
    }

    /// The index's size, and the database's, as the database reports them.
    static func indexSize(_ url: DatabaseURL, store: any TidingsStorage) async throws -> String {
        let index = Double(try await store.searchIndexBytes()) / 1_048_576
        switch url {
        case .sqlite(let path):
            let size = { (suffix: String) in
                ((try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int) ?? 0
            }
            return String(
                format: "search index %.0f MiB of a %.0f MiB database file", index,
                Double(size("") + size("-wal")) / 1_048_576)
        case .postgres:
            return String(format: "search index %.0f MiB (GIN index and tsvector column)", index)
        }
    }
}

/// A duration in seconds.
private func secondsOf(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The bench's made-up teasers: each entry's words drawn from a fixed vocabulary in Zipf's
/// proportions, from a seed of its own, so any entry can be made again to ask for its words.
struct SearchCorpus: Sendable {
    static let sections = 10
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    let vocabulary: [String]
    /// Cumulative Zipf weights (s = 1) of the vocabulary's ranks.
    let cumulative: [Double]

    init(words: Int = 30_000) {
        var random = SplitMix64(seed: 43)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var seen = Set<String>()
        var vocabulary: [String] = []
        while vocabulary.count < words {
            let word = String((0..<(3 + random.next(upTo: 8))).map { _ in letters[random.next(upTo: 26)] })
            if seen.insert(word).inserted { vocabulary.append(word) }
        }
        self.vocabulary = vocabulary
        var total = 0.0
        cumulative = (1...words).map { rank in
            total += 1 / Double(rank)
            return total
        }
    }

    static func section(of index: Int) -> String { "s\(index % sections)" }

    /// A word by Zipf's law, from rank `from` on.
    func word(_ random: inout SplitMix64, from: Int = 0) -> String {
        let low = from == 0 ? 0 : cumulative[from - 1]
        let target = low + Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last! - low)
        var lower = from
        var upper = cumulative.count - 1
        while lower < upper {
            let middle = (lower + upper) / 2
            if cumulative[middle] < target { lower = middle + 1 } else { upper = middle }
        }
        return vocabulary[lower]
    }

    /// Entry `index`'s title (8 words) and summary (25 words).
    func text(_ index: Int) -> (title: [String], summary: [String]) {
        var random = SplitMix64(seed: UInt64(index) &+ 0x5EA2_C400)
        return ((0..<8).map { _ in word(&random) }, (0..<25).map { _ in word(&random) })
    }

    /// Stores entries `from..<from + count` into `section` as one source's poll; returns the
    /// seconds from making the entries (their search documents too, when `indexed`) to the
    /// write's end.
    func store(from: Int, count: Int, indexed: Bool, section: String, into store: any TidingsStorage) async throws
        -> Double
    {
        let clock = ContinuousClock()
        let started = clock.now
        let at = Self.start.addingTimeInterval(Double(from + count) * 60)
        let inputs = try (from..<(from + count)).reversed().map { index in
            let (title, summary) = text(index)
            let teaser = Teaser(
                id: "e\(index)", title: title.joined(separator: " ").capitalized,
                summary: summary.joined(separator: " "), url: URL(string: "https://bench.example/\(index)"),
                publishedAt: Self.start.addingTimeInterval(Double(index) * 60), source: "Bench")
            // As the poller makes them: the search document analyzed here, outside the write.
            return try SourcePoller.input(
                SourceEntry(key: "\(index)", item: .teaser(teaser), publishedAt: teaser.publishedAt),
                sourceID: "bench-\(section)", searchLanguage: indexed ? .some("en") : nil)
        }
        let record = FetchRecord(
            sourceID: "bench-\(section)", sections: [SectionKey(brand: "bench", section: section)], attemptedAt: at,
            outcome: .fetched(entries: inputs, etag: nil, lastModified: nil, title: nil, webURL: nil),
            status: .http(200), nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: 10_000_000,
            keepSince: .distantPast, grouping: nil)
        _ = try await store.recordFetches([record], owner: "bench")
        return secondsOf(clock.now - started)
    }

    /// What a query of each kind asks.
    enum QueryKind: String, CaseIterable, Sendable {
        case oneWord = "1 word"
        case threeWords = "3 words"
        case phrase = "phrase"
    }

    /// A query of `kind`: one word as a language's words come (the 20 commonest, words such as
    /// "the", left out), three words of one stored entry, or two neighbouring words of one in
    /// quotes.
    func query(_ kind: QueryKind, among stored: Int, random: inout SplitMix64) -> String {
        switch kind {
        case .oneWord:
            return word(&random, from: 20)
        case .threeWords:
            let (title, summary) = text(random.next(upTo: stored))
            let words = title + summary
            return (0..<3).map { _ in words[random.next(upTo: words.count)] }.joined(separator: " ")
        case .phrase:
            let summary = text(random.next(upTo: stored)).summary
            let start = random.next(upTo: summary.count - 1)
            return "\"\(summary[start]) \(summary[start + 1])\""
        }
    }
}
