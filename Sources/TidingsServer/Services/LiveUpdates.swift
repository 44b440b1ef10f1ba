import Foundation
import Metrics
import NIOCore
import ServiceLifecycle
import TidingsModel
import TidingsStore

/// A feed live readers follow: the catalog news, or a section read from sources.
enum LiveFeed: Hashable, Sendable {
    /// The catalog news as catalog sections show it: aggregates in place of their members.
    case catalog
    /// Every catalog news item on its own (`/api/v1/news_items`).
    case newsItems
    case section(SectionKey)

    /// What a write of this feed drops from the caches.
    var scope: CacheScope {
        switch self {
        case .catalog, .newsItems: .catalog
        case .section(let key): .section(key)
        }
    }

    /// The feeds a dropped scope holds.
    static func feeds(_ scope: CacheScope) -> [LiveFeed] {
        switch scope {
        case .catalog: [.catalog, .newsItems]
        case .section(let key): [.section(key)]
        case .sources, .articles: []
        }
    }

    /// Reads a position this feed's stream sent (an event id); nil when it is not one.
    func position(_ text: String) -> LivePosition? {
        switch self {
        case .catalog, .newsItems: NewsPosition(text).map(LivePosition.news)
        case .section: StreamPosition(text).map(LivePosition.stream)
        }
    }
}

/// Where a live reader stands in its feed: the event id it was last sent.
enum LivePosition: Hashable, Sendable, CustomStringConvertible {
    case news(NewsPosition)
    case stream(StreamPosition)

    var description: String {
        switch self {
        case .news(let position): position.description
        case .stream(let position): position.description
        }
    }

    var news: NewsPosition? { if case .news(let position) = self { position } else { nil } }
    var stream: StreamPosition? { if case .stream(let position) = self { position } else { nil } }
}

typealias LiveChanges = FeedChanges<LivePosition>

/// What a reader is sent at a signal: `bytes` to write (nil: nothing), after which it stands at
/// `position` (nil: where it stood).
struct LiveFrame: Sendable {
    var position: LivePosition?
    var bytes: ByteBuffer?
}

/// What a live reader is woken for.
enum LiveSignal: Sendable {
    /// Its feed may have changed: ask what changed since its position.
    case changed
    /// Time for a keep-alive (one timer for every reader, not one each).
    case heartbeat
}

/// What live readers of a feed are told, and when (issue 19; the SSE endpoints build on it).
///
/// A reader subscribes to a feed and gets a signal whenever its content may have changed — this
/// process wrote it (an event, the poller), or another process's announcement was heard: both
/// reach ``CacheInvalidation``, which drops cached pages first and then signals here. Signals
/// coalesce (a reader busy writing gets one, not a queue). The reader then asks
/// ``frame(of:since:)`` what to send for the position it last sent; readers at the same position
/// share one database query and one encoded frame until the feed changes again, so ten thousand
/// idle readers cost one query and one encoding per change, not ten thousand.
final class LiveUpdates: Sendable {
    private struct State {
        var next = 0
        var readers: [LiveFeed: [Int: AsyncStream<LiveSignal>.Continuation]] = [:]
        var closed = false
        var beating: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let store: any TidingsStorage
    /// The oldest news the catalog feed shows at a time.
    private let newsWindow: @Sendable (Date) -> Date
    let clock: @Sendable () -> Date
    /// How often readers are woken for a keep-alive.
    let heartbeat: Duration
    /// Answers by (feed, position), dropped when the feed changes.
    private let answers: PageCache<ChangesKey, LiveChanges>
    /// What readers at a position are sent, as bytes, dropped when the feed changes: ten thousand
    /// readers woken by one write share one encoding (docs/benchmarks.md, live updates).
    private let frames: PageCache<ChangesKey, LiveFrame>
    /// `tidings_live_streams`: readers subscribed now. Made with the hub: bootstrap metrics first.
    private let open = Meter(label: MetricCatalog.liveStreams.name)

    struct ChangesKey: PageCacheKey {
        var feed: LiveFeed
        var since: LivePosition?
        var scopes: [CacheScope] { [feed.scope] }
    }

    init(
        store: any TidingsStorage, invalidation: CacheInvalidation, newsWindow: @escaping @Sendable (Date) -> Date,
        clock: @escaping @Sendable () -> Date, heartbeat: Duration = LiveStream.heartbeat
    ) {
        self.store = store
        self.heartbeat = heartbeat
        self.newsWindow = newsWindow
        self.clock = clock
        answers = PageCache("live_changes", invalidation: invalidation)
        frames = PageCache("live_frames", capacity: 10_000, invalidation: invalidation)
        // Told after every cache dropped, so a reader signalled here finds them all dropped.
        invalidation.listen { [weak self] scopes in self?.changed(scopes) }
    }

    /// Signals for `feed`: `changed` at once (so a reader resuming from an old position is
    /// answered without waiting for a change), then at each change, and a `heartbeat` every
    /// `heartbeat`; it ends when ``close()`` is called, or `end` for this reader alone. Signals
    /// coalesce: at most two wait.
    func subscribe(_ feed: LiveFeed) -> (signals: AsyncStream<LiveSignal>, end: @Sendable () -> Void) {
        let (signals, continuation) = AsyncStream.makeStream(of: LiveSignal.self, bufferingPolicy: .bufferingNewest(2))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            state.next += 1
            state.readers[feed, default: [:]][state.next] = continuation
            if state.beating == nil { state.beating = beat() }
            return state.next
        }
        let end: @Sendable () -> Void = { continuation.finish() }
        open.increment()
        guard let id else {
            continuation.finish()
            return (signals, end)
        }
        continuation.onTermination = { [weak self] _ in
            self?.open.decrement()
            self?.state.withLock { state in
                state.readers[feed]?[id] = nil
                if state.readers[feed]?.isEmpty == true { state.readers[feed] = nil }
            }
        }
        continuation.yield(.changed)
        return (signals, end)
    }

    /// The one timer behind every reader's keep-alive, running until ``close()``.
    private func beat() -> Task<Void, Never> {
        Task { [weak self, heartbeat] in
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                guard let self else { return }
                let all = self.state.withLock { $0.readers.values.flatMap(\.values) }
                for continuation in all { continuation.yield(.heartbeat) }
            }
        }
    }

    /// What `feed` added and changed since `position` (nothing, when nil: only where it stands).
    func changes(of feed: LiveFeed, since position: LivePosition?) async throws -> LiveChanges {
        let now = clock()
        return try await answers.value(for: ChangesKey(feed: feed, since: position), now: now) {
            [store, newsWindow] in
            switch feed {
            case .catalog, .newsItems:
                let changes = try await store.newsChanges(
                    since: position?.news, window: newsWindow(now), folded: feed == .catalog)
                return LiveChanges(position: .news(changes.position), added: changes.added, changed: changes.changed)
            case .section(let key):
                let changes = try await store.streamChanges(section: key, since: position?.stream)
                return LiveChanges(position: .stream(changes.position), added: changes.added, changed: changes.changed)
            }
        }
    }

    /// What a reader at `position` (none yet: nil) is sent now: an `update` event when the feed
    /// added or changed items since, a `position` event when the reader has none, else nothing.
    func frame(of feed: LiveFeed, since position: LivePosition?) async throws -> LiveFrame {
        try await frames.value(for: ChangesKey(feed: feed, since: position), now: clock()) { [self] in
            let changes = try await self.changes(of: feed, since: position)
            guard let known = position else {
                return LiveFrame(
                    position: changes.position,
                    bytes: LiveStream.frame(
                        event: "position", id: changes.position, data: #"{"position":"\#(changes.position)"}"#))
            }
            guard changes.position != known, changes.added + changes.changed > 0 else {
                return LiveFrame(position: nil, bytes: nil)
            }
            let update = LiveUpdate(
                added: changes.added, changed: changes.changed, position: changes.position.description)
            return LiveFrame(
                position: changes.position,
                bytes: LiveStream.frame(
                    event: "update", id: changes.position,
                    data: String(decoding: try TidingsJSON.encoder().encode(update), as: UTF8.self)))
        }
    }

    /// Readers subscribed now (for tests and metrics).
    var readerCount: Int { state.withLock { $0.readers.values.reduce(0) { $0 + $1.count } } }

    /// Ends every reader's signals, and refuses new ones: the server is stopping.
    func close() {
        let all = state.withLock { state in
            state.closed = true
            state.beating?.cancel()
            defer { state.readers = [:] }
            return state.readers.values.flatMap(\.values)
        }
        for continuation in all { continuation.finish() }
    }

    private func changed(_ scopes: Set<CacheScope>?) {
        let signalled = state.withLock { state -> [AsyncStream<LiveSignal>.Continuation] in
            guard let scopes else { return state.readers.values.flatMap(\.values) }
            return scopes.flatMap(LiveFeed.feeds).flatMap { state.readers[$0].map { Array($0.values) } ?? [] }
        }
        for continuation in signalled { continuation.yield(.changed) }
    }
}

/// Closes the live readers when the server begins to stop, so their responses end and the
/// graceful shutdown does not wait for them.
public struct LiveUpdatesService: Service {
    let live: LiveUpdates

    /// Closes `environment`'s live readers at shutdown.
    public init(environment: ServerEnvironment) { live = environment.live }

    public func run() async throws {
        try? await gracefulShutdown()
        live.close()
    }
}
