import Foundation
import HTTPTypes
import Logging
import Metrics
import NIOCore
import NIOHTTPTypes
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

/// What a reader is sent at a change: `bytes` to write (nil: nothing), after which it stands at
/// `position` (nil: where it stood).
struct LiveFrame: Sendable {
    var position: LivePosition?
    var bytes: ByteBuffer?
}

/// A reader ``LiveUpdates/register(_:since:on:arrangement:)`` took: ends with ``LiveUpdates/end(_:)``.
struct LiveReaderID: Hashable, Sendable {
    let feed: LiveFeed
    let number: Int
}

/// What live readers of a feed are told, and when (issue 19; the SSE endpoints build on it).
///
/// A reader is a stream's connection and where it stands in its feed. Whenever the feed may have
/// changed — this process wrote it (an event, the poller), or another process's announcement was
/// heard: both reach ``CacheInvalidation``, which drops cached pages first and then tells the hub —
/// the hub works out what each reader is sent and writes it to the reader's connection itself,
/// a batch per event loop: readers at the same position share one database query and one encoded
/// frame, and no reader's task is woken. Ten thousand readers of one write cost one query, one
/// encoding and ten thousand socket writes on the event loops (docs/benchmarks.md, live updates):
/// waking each reader's task to write its own frame cost a third more CPU, and an idle reader's
/// task kept twice the memory. Changes coalesce: while the hub writes one, the next waits, and is
/// then worked out from where each reader stands.
///
/// A stream's response writes its head and `retry:` through Hummingbird, registers, and waits
/// (``wait(_:)``) until its reader ends — its connection closed or refused a write, the server
/// is stopping — and then ends the response. The hub's writes follow the head on the connection:
/// an event loop runs what it is given in order, and a reader is written to only while it is
/// registered, which it leaves before its response's end is queued.
final class LiveUpdates: Sendable {
    /// A reader: a stream's connection and where it stands. Its mutable fields are read and
    /// written only under the hub's lock (`state`), which is why it may be shared.
    private final class Reader: @unchecked Sendable {
        let id: LiveReaderID
        let channel: any Channel
        /// The section's pins and hides as shown now, when the reader follows a section.
        let arrangement: (@Sendable () -> LiveArrangement)?
        /// The last position it was sent; nil before its first frame when it gave none.
        var position: LivePosition?
        /// What it was last told of the arrangement: a reader connecting after a hide still hears
        /// it, though the page it read (before the hide) showed the story.
        var arranged = LiveArrangement(pinned: [], hidden: [])
        /// Its response, waiting for the reader to end.
        var waiting: CheckedContinuation<Void, Never>?
        /// Ended: written to no more.
        var ended = false

        init(
            id: LiveReaderID, channel: any Channel, position: LivePosition?,
            arrangement: (@Sendable () -> LiveArrangement)?
        ) {
            self.id = id
            self.channel = channel
            self.position = position
            self.arrangement = arrangement
        }
    }

    /// The readers of one feed, and whether the hub is writing to them.
    private struct Readers {
        var readers: [Int: Reader] = [:]
        /// A change came that the hub has not worked out yet.
        var changed = false
        /// The hub is writing this feed's changes (one at a time, in order).
        var writing = false
    }

    private struct State {
        var next = 0
        var feeds: [LiveFeed: Readers] = [:]
        var closed = false
        var beating: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let store: any TidingsStorage
    /// The oldest news the catalog feed shows at a time.
    private let newsWindow: @Sendable (Date) -> Date
    let clock: @Sendable () -> Date
    /// How often readers are sent a keep-alive.
    let heartbeat: Duration
    /// Answers by (feed, position), dropped when the feed changes.
    private let answers: PageCache<ChangesKey, LiveChanges>
    /// What readers at a position are sent, as bytes, dropped when the feed changes: ten thousand
    /// readers woken by one write share one encoding (docs/benchmarks.md, live updates).
    private let frames: PageCache<ChangesKey, LiveFrame>
    /// `tidings_live_streams`: readers registered now. Made with the hub: bootstrap metrics first.
    private let open = Meter(label: MetricCatalog.liveStreams.name)
    private let logger = Logger(label: "tidings.live")

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
        // Told after every cache dropped, so the frames worked out for a change are all new.
        invalidation.listen { [weak self] scopes in self?.changed(scopes) }
    }

    /// Registers a reader of `feed` on `channel`, standing at `position` (nil: none yet, it is sent
    /// a `position` event first): the hub writes its first frame at once (an `update` when the
    /// feed moved since `position`), then one at each change, and a keep-alive every `heartbeat`.
    /// Returns nil once the hub is closed (the server is stopping).
    func register(
        _ feed: LiveFeed, since position: LivePosition?, on channel: any Channel,
        arrangement: (@Sendable () -> LiveArrangement)? = nil
    ) -> LiveReaderID? {
        let id: LiveReaderID? = state.withLock { state in
            guard !state.closed else { return nil }
            state.next += 1
            let id = LiveReaderID(feed: feed, number: state.next)
            state.feeds[feed, default: Readers()].readers[id.number] = Reader(
                id: id, channel: channel, position: position, arrangement: arrangement)
            if state.beating == nil { state.beating = beat() }
            return id
        }
        guard let id else { return nil }
        open.increment()
        // The reader ends with its connection. A client that left is found out at the next write
        // to it (a change or the keep-alive, within `heartbeat`): the connection then closes.
        channel.closeFuture.whenComplete { [weak self] _ in self?.end(id) }
        changed(feeds: [feed])
        return id
    }

    /// Waits until `reader` ends: its connection closed or refused a write, ``end(_:)``, or
    /// ``close()``. At once for a reader that already ended.
    func wait(_ reader: LiveReaderID) async {
        await withCheckedContinuation { continuation in
            let registered = state.withLock { state -> Bool in
                guard let registered = state.feeds[reader.feed]?.readers[reader.number] else { return false }
                registered.waiting = continuation
                return true
            }
            if !registered { continuation.resume() }
        }
    }

    /// Ends `reader`: the hub writes to it no more, and its ``wait(_:)`` returns.
    func end(_ reader: LiveReaderID) {
        let (found, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard let ended = state.feeds[reader.feed]?.readers.removeValue(forKey: reader.number) else {
                return (false, nil)
            }
            ended.ended = true
            if state.feeds[reader.feed]?.readers.isEmpty == true, state.feeds[reader.feed]?.writing == false {
                state.feeds[reader.feed] = nil
            }
            defer { ended.waiting = nil }
            return (true, ended.waiting)
        }
        guard found else { return }
        open.decrement()
        waiting?.resume()
    }

    /// The one timer behind every reader's keep-alive, running until ``close()``. Each beat also
    /// works out every feed again, so a reader whose connection took nothing at the last change
    /// (a slow client) catches up.
    private func beat() -> Task<Void, Never> {
        Task { [weak self, heartbeat] in
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                guard let self else { return }
                let readers = self.state.withLock { state in state.feeds.values.flatMap(\.readers.values) }
                await self.send([Message(bytes: LiveStream.keepAlive)], to: readers.map { ($0, 0) })
                self.changed(feeds: Set(readers.map(\.id.feed)))
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

    /// Readers registered now (for tests and metrics).
    var readerCount: Int { state.withLock { $0.feeds.values.reduce(0) { $0 + $1.readers.count } } }

    /// Ends every reader, and refuses new ones: the server is stopping.
    func close() {
        let (count, waiting) = state.withLock { state in
            state.closed = true
            state.beating?.cancel()
            defer { state.feeds = [:] }
            let all = state.feeds.values.flatMap(\.readers.values)
            let waiting = all.compactMap { reader in
                defer { reader.waiting = nil }
                reader.ended = true
                return reader.waiting
            }
            return (all.count, waiting)
        }
        open.decrement(by: Double(count))
        for continuation in waiting { continuation.resume() }
    }

    private func changed(_ scopes: Set<CacheScope>?) {
        let feeds = state.withLock { state in
            scopes.map { Set($0.flatMap(LiveFeed.feeds)) } ?? Set(state.feeds.keys)
        }
        changed(feeds: feeds)
    }

    /// Marks `feeds` changed, and starts writing to the readers of those the hub is not writing now.
    private func changed(feeds: Set<LiveFeed>) {
        let start = state.withLock { state -> [LiveFeed] in
            var start: [LiveFeed] = []
            for feed in feeds where state.feeds[feed] != nil {
                state.feeds[feed]?.changed = true
                if state.feeds[feed]?.writing == false {
                    state.feeds[feed]?.writing = true
                    start.append(feed)
                }
            }
            return start
        }
        for feed in start { Task { await self.write(feed) } }
    }

    /// Writes `feed`'s changes to its readers until none is left to work out.
    private func write(_ feed: LiveFeed) async {
        while true {
            // Where each reader stands, read under the lock: the event loops move them.
            let readers = state.withLock { state -> [(Reader, LivePosition?, LiveArrangement)]? in
                guard var readers = state.feeds[feed] else { return nil }
                guard readers.changed, !state.closed else {
                    readers.writing = false
                    state.feeds[feed] = readers.readers.isEmpty ? nil : readers
                    return nil
                }
                readers.changed = false
                state.feeds[feed] = readers
                return readers.readers.values.map { ($0, $0.position, $0.arranged) }
            }
            guard let readers else { return }
            await send(feed, to: readers)
        }
    }

    /// One change of `feed`, sent to `readers` (each with where it stands): a frame per position
    /// they stand at, and the section's arrangement when it changed for them; returns once every
    /// event loop wrote its share, so the next change is worked out from where each reader stands.
    private func send(_ feed: LiveFeed, to readers: [(Reader, LivePosition?, LiveArrangement)]) async {
        var frames: [LivePosition?: LiveFrame] = [:]
        var failed: Set<LivePosition?> = []
        for position in Set(readers.lazy.map(\.1)) {
            do {
                frames[position] = try await frame(of: feed, since: position)
            } catch {
                // Its readers end: their clients reconnect with their position and are answered anew.
                logger.warning("live: \(feed) from \(position?.description ?? "the start"): \(error)")
                failed.insert(position)
            }
        }
        // One section, one arrangement: asked once, encoded once.
        let arranged = readers.first?.0.arrangement?()
        var arrangedBytes: ByteBuffer?
        if let arranged {
            do {
                let json = try TidingsJSON.encoder().encode(arranged)
                arrangedBytes = ByteBuffer(
                    string: "event: arranged\ndata: " + String(decoding: json, as: UTF8.self) + "\n\n")
            } catch {
                // Readers keep what they were last told and hear the arrangement at the next change.
                logger.error("live: \(feed)'s arrangement could not be encoded: \(error)")
            }
        }
        // A message per position and whether the arrangement is news to the reader.
        var messages: [Message] = []
        var numbered: [MessageKey: Int] = [:]
        var deliveries: [(Reader, Int)] = []
        for (reader, position, wasArranged) in readers {
            guard let frame = frames[position] else {
                if failed.contains(position) { end(reader.id) }
                continue
            }
            let tellArranged = arranged != nil && arrangedBytes != nil && arranged != wasArranged
            let key = MessageKey(position: position, arranged: tellArranged)
            if let number = numbered[key] {
                if number >= 0 { deliveries.append((reader, number)) }
                continue
            }
            var bytes = tellArranged ? arrangedBytes : nil
            if var frameBytes = frame.bytes {
                if bytes == nil { bytes = frameBytes } else { bytes?.writeBuffer(&frameBytes) }
            }
            guard let bytes else {
                numbered[key] = -1  // nothing to send at this position
                continue
            }
            numbered[key] = messages.count
            deliveries.append((reader, messages.count))
            messages.append(Message(bytes: bytes, position: frame.position, arranged: tellArranged ? arranged : nil))
        }
        await send(messages, to: deliveries)
    }

    /// Bytes some readers are sent, and where they stand once they are written.
    private struct Message: Sendable {
        let bytes: ByteBuffer
        var position: LivePosition? = nil
        var arranged: LiveArrangement? = nil
    }

    private struct MessageKey: Hashable {
        let position: LivePosition?
        let arranged: Bool
    }

    /// Writes `messages` to the readers `deliveries` name (a reader, the number of its message),
    /// each event loop its own connections' in one go; returns when all are written.
    private func send(_ messages: [Message], to deliveries: [(Reader, Int)]) async {
        var loops: [ObjectIdentifier: (loop: any EventLoop, deliveries: [(Reader, Int)])] = [:]
        for delivery in deliveries {
            let loop = delivery.0.channel.eventLoop
            loops[ObjectIdentifier(loop), default: (loop, [])].deliveries.append(delivery)
        }
        let written = loops.values.map { loop, deliveries in
            loop.submit { self.write(messages, to: deliveries) }
        }
        // A batch fails only when its event loop has shut down (the server stopping): nothing to
        // write to, and nothing to report.
        for future in written { try? await future.get() }
    }

    /// On the connections' event loop: writes to the readers not ended whose connections take more
    /// now, and moves them on. A reader ending has its response's end queued behind this on the
    /// same loop, so nothing is written after it. A connection that takes nothing now (a slow
    /// client's buffers full) is skipped: its reader stays where it stood and catches up at the
    /// next change or keep-alive. A write that fails closes the connection, which ends the reader.
    private func write(_ messages: [Message], to deliveries: [(Reader, Int)]) {
        let live = state.withLock { _ in deliveries.map { !$0.0.ended } }
        let parts = messages.map { HTTPResponsePart.body($0.bytes) }
        var moved: [(Reader, Int)] = []
        for (delivery, live) in zip(deliveries, live) where live && delivery.0.channel.isWritable {
            let (reader, number) = delivery
            reader.channel.write(parts[number], promise: nil)
            reader.channel.flush()
            if messages[number].position != nil || messages[number].arranged != nil { moved.append(delivery) }
        }
        guard !moved.isEmpty else { return }
        state.withLock { _ in
            for (reader, number) in moved {
                if let position = messages[number].position { reader.position = position }
                if let arranged = messages[number].arranged { reader.arranged = arranged }
            }
        }
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
