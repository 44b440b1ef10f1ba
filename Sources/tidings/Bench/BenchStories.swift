import ArgumentParser
import Foundation
import TidingsCatalog
import TidingsIngest
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsStore

/// `tidings bench stories`: what grouping stories costs a poll (issue 42). A section of `sources`
/// feeds already holding `entries` entries takes a poll bringing `entries` new ones, a fifth of
/// them other sources' tellings of stories already told (reworded, or under the same link);
/// the poll is timed from the fetched entries to the stored ones (keys made, the write with its
/// grouping and retention), with grouping off and on, alternated, each on a new SQLite file.
struct BenchStories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract:
            "Time storing a 1,000-entry poll with story grouping off and on (alternated; medians and their ratio).")

    @Option(help: "Entries in the timed poll (and already stored before it).") var entries = 1_000
    @Option(help: "Sources feeding the section.") var sources = 10
    @Option(help: "Timed polls of each kind, alternated off, on, off, on …") var rounds = 7

    func run() async throws {
        guard entries >= sources, sources >= 2 else {
            throw ValidationError("--entries must be at least --sources, and --sources at least 2")
        }
        let polls = StoryPolls(entries: entries, sources: sources)
        say(
            "poll: \(entries) entries from \(sources) sources over \(entries) stored; \(polls.retold) retell stored stories"
        )
        let keys = try polls.timeKeys()
        say(
            String(
                format:
                    "making the poll's entries: %.1f ms without keys, %.1f ms with (median of 5); the keys alone %.1f ms (links %.1f ms)",
                keys.off * 1000, keys.on * 1000, keys.alone * 1000, keys.links * 1000))
        var times: [Bool: [Double]] = [false: [], true: []]
        var grouped = 0
        for round in 0..<(2 * rounds) {
            let on = round % 2 == 1
            let (seconds, folded) = try await polls.time(grouping: on)
            times[on]!.append(seconds)
            if on { grouped = folded }
            say(String(format: "  round %2d, grouping %@: %.1f ms", round + 1, on ? "on " : "off", seconds * 1000))
        }
        let off = Self.median(times[false]!)
        let on = Self.median(times[true]!)
        say(
            String(
                format: "median: off %.1f ms, on %.1f ms: on/off %.3f (target ≤ 1.20); %d entries grouped",
                off * 1000, on * 1000, on / off, grouped))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// The benchmark's section: made-up stories (words of made-up letters, so no two stories share
/// more than chance), told by several sources.
struct StoryPolls {
    let entries: Int
    let sources: Int
    /// Fetched documents, per source: those stored before the timed poll, and the timed poll's.
    private var before: [String: [SourceEntry]] = [:]
    private var poll: [String: [SourceEntry]] = [:]
    private(set) var retold = 0
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    init(entries: Int, sources: Int) {
        self.entries = entries
        self.sources = sources
        var random = SplitMix64(seed: 42)
        let vocabulary = (0..<4_000).map { _ in
            String(
                (0..<(3 + random.next(upTo: 7))).map { _ in Character(Unicode.Scalar(97 + UInt8(random.next(upTo: 26))))
                })
        }
        func words(_ count: Int) -> [String] {
            (0..<count).map { _ in vocabulary[random.next(upTo: vocabulary.count)] }
        }
        var stories: [(title: [String], summary: [String], link: String)] = []
        // 2 × entries tellings, a minute apart: the first half stored, the second the timed poll.
        for index in 0..<(2 * entries) {
            let source = "source-\(index % sources)"
            let retell = index >= entries && random.next(upTo: 5) == 0
            var title: [String]
            var summary: [String]
            var link: String
            if retell, let told = stories.suffix(entries / 2).randomElement(using: &random) {
                // Another source's telling: a few words of the title changed, the summary reworded
                // a little; a quarter of them link the same page (with tracking parameters).
                title = told.title
                for _ in 0..<2 {
                    title[random.next(upTo: title.count)] = vocabulary[random.next(upTo: vocabulary.count)]
                }
                summary = told.summary
                for _ in 0..<3 {
                    summary[random.next(upTo: summary.count)] = vocabulary[random.next(upTo: vocabulary.count)]
                }
                link =
                    random.next(upTo: 4) == 0
                    ? told.link + "?utm_source=\(source)" : "https://\(source).example/\(index)"
                retold += 1
            } else {
                title = words(6 + random.next(upTo: 7))
                summary = words(20 + random.next(upTo: 21))
                link = "https://\(source).example/\(index)"
                stories.append((title, summary, link))
            }
            let published = Self.start.addingTimeInterval(Double(index) * 60)
            let teaser = Teaser(
                id: "\(source)-\(index)", title: title.joined(separator: " "),
                summary: summary.joined(separator: " "), url: URL(string: link), publishedAt: published, source: source)
            let entry = SourceEntry(key: "\(index)", item: .teaser(teaser), publishedAt: published)
            if index < entries {
                before[source, default: []].insert(entry, at: 0)
            } else {
                poll[source, default: []].insert(entry, at: 0)
            }
        }
    }

    /// Stores the earlier entries (not timed), then times the poll; returns the seconds and how
    /// many of its entries were grouped.
    func time(grouping: Bool) async throws -> (seconds: Double, grouped: Int) {
        let folder = try Bench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await DatabaseURL("sqlite:" + folder.appendingPathComponent("bench.sqlite").path).open(
            policy: NewsPolicy())
        let rule = grouping ? StoryGrouping().rule : nil
        try await store.alignStories(rule, at: Self.start)
        let stored = try records(
            before, keyed: grouping, rule: rule, at: Self.start.addingTimeInterval(Double(entries) * 60))
        for record in stored { _ = try await store.recordFetches([record], owner: "bench") }
        let clock = ContinuousClock()
        var grouped = 0
        let elapsed = try await clock.measure {
            let at = Self.start.addingTimeInterval(Double(2 * entries) * 60)
            for record in try records(poll, keyed: grouping, rule: rule, at: at) {
                grouped += try await store.recordFetches([record], owner: "bench").reduce(0) { $0 + $1.grouped }
            }
        }
        try await store.close()
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, grouped)
    }

    /// How long making the timed poll's entries takes without story keys and with them (the
    /// poller's share of grouping, outside the store's write): medians of 5.
    func timeKeys() throws -> (off: Double, on: Double, alone: Double, links: Double) {
        let clock = ContinuousClock()
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let elapsed = try clock.measure(body)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let items = poll.values.joined().map(\.item)
        let links = items.compactMap { item -> String? in
            if case .teaser(let teaser) = item { teaser.url?.absoluteString } else { nil }
        }
        var times: [[Double]] = [[], [], [], []]
        for _ in 0..<5 {
            times[0].append(try seconds { _ = try records(poll, keyed: false, rule: nil, at: Self.start) })
            times[1].append(try seconds { _ = try records(poll, keyed: true, rule: nil, at: Self.start) })
            times[2].append(seconds { for item in items { _ = StoryKeys(item: item) } })
            times[3].append(seconds { for link in links { _ = StoryURL.key(link) } })
        }
        let medians = times.map(BenchStories.median)
        return (medians[0], medians[1], medians[2], medians[3])
    }

    /// Each source's document as the poller records it: its entries made inputs (keys made when
    /// grouping), into one section, kept to `entries`.
    private func records(_ documents: [String: [SourceEntry]], keyed: Bool, rule: StoryRule?, at: Date) throws
        -> [FetchRecord]
    {
        try documents.keys.sorted().map { source in
            FetchRecord(
                sourceID: source, sections: [SectionKey(brand: "bench", section: "front")], attemptedAt: at,
                outcome: .fetched(
                    entries: try SourcePoller.inputs(documents[source]!, sourceID: source, keyed: keyed),
                    etag: nil, lastModified: nil, title: source, webURL: nil),
                status: .http(200), nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: entries,
                keepSince: .distantPast, grouping: rule)
        }
    }
}
