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
    let sources: [String: (source: FetchedSource, sections: [SectionKey])]
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
    public init(
        configuration: SectionsConfiguration, store: any SectionStore & ArticleStore,
        logger: Logger = Logger(label: "tidings.poller"),
        clock: @escaping @Sendable () -> Date = Date.init,
        onChange: @escaping @Sendable ([SectionKey]) -> Void = { _ in }
    ) {
        var sources: [String: (FetchedSource, [SectionKey])] = [:]
        for (source, sections) in configuration.fetchedSources { sources[source.id] = (source, sections) }
        self.sources = sources
        self.configuredIDs = sources.keys.sorted()
        self.fullTextModes = Self.fullTextModes(configuration)
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

    /// The ids of the sources this process's configuration has, sorted; claims name them.
    let configuredIDs: [String]
    /// Each source's `full_text` mode (the strongest of its sections').
    let fullTextModes: [String: FullTextMode]

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
        let registered = Locked(false)
        try await LeasedWork<SourceState>(
            name: "poller", concurrency: settings.fetch.concurrency, idle: .seconds(1), logger: logger,
            prepare: {
                guard !registered.current else { return }
                try await self.register()
                registered.withLock { $0 = true }
            },
            claim: { try await self.claim(limit: $0) },
            perform: { _ = await self.pollOne($0) },
            round: { failures, error in self.heartbeat.round(at: Date(), failures: failures, error: error) }
        ).run()
        try await fetcher.shutdown()
    }

    /// Leases up to `limit` due sources of this configuration.
    func claim(limit: Int) async throws -> [SourceState] {
        try await store.claimDueSources(owner: owner, now: clock(), lease: lease, limit: limit, among: configuredIDs)
    }

    /// Adds this configuration's sources to the store, due at once when new.
    func register() async throws {
        try await store.registerSources(sources.values.map { ($0.source.id, $0.source.format) }, now: clock())
    }

    /// Fetches every source due now (up to `fetch.concurrency` at once) and returns what happened.
    @discardableResult
    public func pollDue() async throws -> [PollResult] {
        await poll(try await claim(limit: settings.fetch.concurrency))
    }

    /// Registers the sources and fetches all of them once, due or not (`tidings sources refresh`).
    public func pollAllNow() async throws -> [PollResult] {
        try await register()
        let states = try await store.sourceStates().filter { sources[$0.id] != nil }
        return await poll(states, concurrency: settings.fetch.concurrency)
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
