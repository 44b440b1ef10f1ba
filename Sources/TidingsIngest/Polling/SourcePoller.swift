import FeedParsing
import Foundation
import Logging
import ServiceLifecycle
import TidingsModel
import TidingsSections
import TidingsStore

/// Fetches every configured source when it is due and stores its entries: a service in the
/// server's lifecycle. Sources are leased in the database before fetching, so several servers
/// sharing one PostgreSQL database fetch each source once, not once each.
public final class SourcePoller: Service, Sendable {
    /// The brands shown, whose sources are fetched: they change while the poller runs.
    let live: LiveSections
    /// What the brands shown last asked for, remade when their version changes.
    private let polled: Locked<PolledSources>
    /// What was registered in the store last; nil before the first registration.
    private let registered = Locked<PolledSources?>(nil)
    /// How sources are fetched, read and kept (the settings', which do not change live).
    let settings: SectionsConfiguration
    let store: any SectionStore & ArticleStore
    let fetcher: SourceFetcher
    let reader: SourceReader
    let schedule: PollSchedule
    let logger: Logger
    let clock: @Sendable () -> Date
    let onChange: @Sendable ([SectionKey]) -> Void
    let recorder: FetchRecorder
    /// Fetches by outcome, lag and duration; made with the poller, after the metrics bootstrap.
    let metrics = PollerMetrics()
    /// Who holds leases taken by this process: host, process id and a random suffix.
    public let owner: String
    /// Whether the loop runs, and when it last went round (`/health/ready`).
    public let heartbeat = PollerHeartbeat()

    /// A poller for `configuration`'s sources; `onChange` hears which sections got new or changed
    /// entries (the server drops its cached pages).
    public convenience init(
        configuration: SectionsConfiguration, store: any SectionStore & ArticleStore,
        logger: Logger = Logger(label: "tidings.poller"),
        clock: @escaping @Sendable () -> Date = Date.init,
        onChange: @escaping @Sendable ([SectionKey]) -> Void = { _ in }
    ) {
        self.init(live: LiveSections(configuration), store: store, logger: logger, clock: clock, onChange: onChange)
    }

    /// A poller for the sources of the brands `live` shows at each moment: a source added while it
    /// runs is registered and fetched, a source no section reads any more is no longer claimed.
    public init(
        live: LiveSections, store: any SectionStore & ArticleStore,
        logger: Logger = Logger(label: "tidings.poller"),
        clock: @escaping @Sendable () -> Date = Date.init,
        onChange: @escaping @Sendable ([SectionKey]) -> Void = { _ in }
    ) {
        let snapshot = live.snapshot
        let configuration = snapshot.configuration
        self.live = live
        self.polled = Locked(PolledSources(configuration, version: snapshot.version))
        self.settings = configuration
        // A document keeps no more entries than retention would: a huge or never-ending feed
        // costs memory in proportion to what is kept, not to its length.
        var options = configuration.parse.options
        options.keepNewest = configuration.retention.maxItems
        self.reader = SourceReader(parser: FeedParser(options: options))
        self.store = store
        let fetch = configuration.fetch
        self.fetcher = SourceFetcher(policy: FetchPolicy(fetch, maxBodyBytes: fetch.maxBytes))
        self.schedule = PollSchedule(fetch)
        self.logger = logger
        self.clock = clock
        self.onChange = onChange
        let host = ProcessInfo.processInfo.hostName
        self.owner =
            "\(host):\(ProcessInfo.processInfo.processIdentifier):\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        self.recorder = FetchRecorder(store: store, owner: owner, logger: logger)
    }

    /// What the brands shown now ask for.
    var current: PolledSources {
        let snapshot = live.snapshot
        return polled.withLock { polled in
            if polled.version != snapshot.version {
                polled = PolledSources(snapshot.configuration, version: snapshot.version)
            }
            return polled
        }
    }

    /// Each source fetched now, by id, with the sections its entries go to.
    var sources: [String: (source: FetchedSource, sections: [SectionKey])] { current.sources }
    /// Each source's `full_text` mode now (the strongest of its sections').
    var fullTextModes: [String: FullTextMode] { current.fullTextModes }

    /// How long a claimed source stays leased: the longest a fetch may take, and a margin for
    /// recording it (a database call gives up after 10 s). When a process dies holding a lease,
    /// the others fetch the source once the lease ends; a recording that outlives it costs one
    /// fetch more, never an entry (entries are upserted by key, and only the holder releases).
    public var lease: TimeInterval { settings.fetch.totalTimeout + 15 }

    /// Registers the sources, then polls until the service is asked to stop: up to
    /// `fetch.concurrency` fetches run at once, each recorded as it ends, and a slot that frees is
    /// filled at once, so a slow source holds one slot and delays nobody. A database error never
    /// ends the service: it is logged once and the poller backs off and tries again.
    public func run() async throws {
        heartbeat.started(at: Date())
        defer { heartbeat.stopped() }
        try await LeasedWork<SourceState>(
            name: "poller", concurrency: settings.fetch.concurrency, idle: .seconds(1), logger: logger,
            prepare: { try await self.registerChanges() },
            claim: { try await self.claim(limit: $0) },
            perform: { _ = await self.pollOne($0) },
            round: { failures, error in self.heartbeat.round(at: Date(), failures: failures, error: error) }
        ).run()
        try await fetcher.shutdown()
    }

    /// Leases up to `limit` due sources of the brands shown.
    func claim(limit: Int) async throws -> [SourceState] {
        try await store.claimDueSources(owner: owner, now: clock(), lease: lease, limit: limit, among: current.ids)
    }

    /// Adds the sources of the brands shown (or of `polled`) to the store, due at once when new.
    func register(_ polled: PolledSources? = nil) async throws {
        let polled = polled ?? current
        try await store.registerSources(polled.sources.values.map { ($0.source.id, $0.source.format) }, now: clock())
        registered.withLock { $0 = polled }
    }

    /// Registers the sources of the brands shown when they changed since the last registration
    /// (or none was made): an editor's new source is fetched within the poller's next round.
    func registerChanges() async throws {
        let now = current
        let before = registered.current
        guard before?.version != now.version else { return }
        try await register(now)
        if let before { logChange(from: before, to: now) }
    }

    /// Says which sources the brands' change added and removed.
    private func logChange(from before: PolledSources, to now: PolledSources) {
        let added = now.ids.filter { before.sources[$0] == nil }
        let removed = before.ids.filter { now.sources[$0] == nil }
        guard !added.isEmpty || !removed.isEmpty else { return }
        logger.notice(
            "poller: brands version \(now.version): \(now.ids.count) sources; added \(added.isEmpty ? "none" : added.joined(separator: ", ")), no longer fetched \(removed.isEmpty ? "none" : removed.joined(separator: ", "))"
        )
    }

    /// Registers the sources of the brands shown if they changed, then fetches every source due
    /// now (up to `fetch.concurrency` at once) and returns what happened.
    @discardableResult
    public func pollDue() async throws -> [PollResult] {
        try await registerChanges()
        return await poll(try await claim(limit: settings.fetch.concurrency))
    }

    /// Registers the sources and fetches all of them once, due or not (`tidings sources refresh`);
    /// `inFull`, each without its validators: a source whose settings changed (`full_text` turned
    /// on) would answer `304` and leave the entries it lists as they were read before.
    public func pollAllNow(inFull: Bool = false) async throws -> [PollResult] {
        try await register()
        let states = try await store.sourceStates().filter { sources[$0.id] != nil }
        return await poll(inFull ? states.map(\.withoutValidators) : states, concurrency: settings.fetch.concurrency)
    }
}

/// What the poller fetches for one version of the brands.
struct PolledSources: Sendable {
    /// The version of the brands it was made from.
    var version: Int64
    /// Each source that needs fetching, by id, with the sections its entries go to.
    var sources: [String: (source: FetchedSource, sections: [SectionKey])]
    /// The sources' ids, sorted; claims name them.
    var ids: [String]
    /// Each source's `full_text` mode (the strongest of its sections').
    var fullTextModes: [String: FullTextMode]
    /// The language of each source's first section's brand: what search stems its entries in
    /// when its documents do not say.
    var languages: [String: String]

    init(_ configuration: SectionsConfiguration, version: Int64) {
        self.version = version
        var sources: [String: (FetchedSource, [SectionKey])] = [:]
        var languages: [String: String] = [:]
        let locales = Dictionary(
            configuration.brands.map { ($0.id, $0.locale) }, uniquingKeysWith: { first, _ in first })
        for (source, sections) in configuration.fetchedSources {
            sources[source.id] = (source, sections)
            if let brand = sections.first?.brand, let locale = locales[brand] {
                languages[source.id] = locale.identifier
            }
        }
        self.sources = sources
        self.languages = languages
        ids = sources.keys.sorted()
        fullTextModes = SourcePoller.fullTextModes(configuration)
    }
}

/// What one poll of one source did.
public struct PollResult: Sendable, Hashable {
    public var sourceID: String
    /// How the fetch ended ("200", "304", "unchanged", "timeout", "blocked", "invalid" … as text).
    public var status: PollStatus
    public var error: String?
    public var changes: UpsertSummary
    public var nextFetchAt: Date
}

extension SourcePoller {
    /// Closes the HTTP client; for pollers not run as a service (`run()` does it itself).
    public func shutdown() async throws {
        try await fetcher.shutdown()
    }
}

/// How many fetches the poller's loop has running, shared with the fetches themselves.
final class RunningFetches: Sendable {
    private let value = Locked(0)

    var count: Int { value.current }

    func add(_ delta: Int) { value.withLock { $0 += delta } }
}
