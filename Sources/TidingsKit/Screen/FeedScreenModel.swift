import Foundation
import TidingsModel

/// Keeps what a feed screen shows a reader offline: the last items seen, by feed.
public protocol FeedStorage: Sendable {
    /// The items kept for `key`, if any.
    func feed(key: String) throws -> StoredFeed?
    /// Keeps `feed` for `key`, replacing what was kept.
    func save(_ feed: StoredFeed, key: String) throws
    /// Keeps the articles behind teasers, so a detail screen can open them offline.
    func saveArticles(_ teasers: [Teaser], at date: Date) throws
}

extension FeedStorage {
    /// Storages without articles keep none.
    public func saveArticles(_ teasers: [Teaser], at date: Date) throws {}
}

/// The model behind a feed screen: give it a loader, observe `states`, call `load()` when the
/// screen appears, `loadMore()` near the bottom, `refresh()` on pull to refresh, `retry()` from an
/// error. With `storage`, the last items seen are shown (marked stale, with when they were fetched)
/// while loading and when the network fails. Cancelling the task that called `load()` (and the
/// others) cancels its request; calling `load()` again starts over.
///
/// While someone follows ``updates()`` (``FeedScreen`` does), the model follows the feed live: a
/// section's stream of updates (``LiveFeedLoader``), or its first page polled where there is no
/// stream. New items are not put under the reader's thumb: `FeedScreenContent.pending` counts them
/// (the "3 new" pill) and ``showPending()`` puts them on top.
///
/// ```swift
/// let client = TidingsClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let model = FeedScreenModel(loader: SectionLoader(client: client, brand: "courier", section: "news"))
/// Task { for await state in model.states { render(state) } }
/// await model.load()
/// ```
public actor FeedScreenModel {
    /// Every state the screen goes through; for one consumer (``updates()`` makes one per
    /// consumer, ``FeedScreen`` is the SwiftUI face).
    public nonisolated let states: AsyncStream<FeedScreenState>
    /// The state shown now.
    public private(set) var state: FeedScreenState = .loading
    /// How many states have been published: the number of `state`.
    private(set) var version = 0
    /// Followers made by ``versionedUpdates()``.
    private var followers: [Int: AsyncStream<(version: Int, state: FeedScreenState)>.Continuation] = [:]
    private var nextFollower = 0
    let loader: any FeedLoader
    let language: LanguageTag
    let emptyMessage: String
    let storage: (any FeedStorage)?
    let storageKey: String
    let clock: @Sendable () -> Date
    private let continuation: AsyncStream<FeedScreenState>.Continuation
    /// Pages the feed; its loader is ``page(for:)``, and every state it goes through is shown.
    private lazy var pager = makePager()
    /// The pager's state last shown.
    private var paging = PagerState<FeedItem, TidingsError>()
    /// How many of the pager's states have been shown (`Pager.revision`), and who waits for more.
    private let pagerShown = CatchingUp()
    /// A first page arrived: follow the feed again from its live link once the pager settles.
    private var followAgain = false
    private var title = ""
    private var web: URL?
    private var stored: StoredFeed?
    /// Teasers already kept as articles by this model.
    private var keptArticles: Set<String> = []
    let live: LiveOptions
    /// The live stream of the feed, from the last first page (nil: none; the feed is polled).
    private var liveLink: LiveUpdatesLink?
    /// New items announced since the list's first page was read.
    private var pending = PendingItems()
    /// The stories the newsroom pinned, as the live stream last said (nil: it said nothing yet
    /// since the first page was read).
    private var pinned: Set<String>?
    /// The task following the feed while someone observes the model.
    private var following: Task<Void, Never>?
    /// Whether the model follows its feed now (for tests).
    var isFollowing: Bool { following != nil }

    /// A model over `loader`; `storageKey` names the feed in `storage` (e.g. "courier/news").
    public init(
        loader: any FeedLoader, language: LanguageTag = .en, emptyMessage: String? = nil,
        storage: (any FeedStorage)? = nil, storageKey: String = "feed", live: LiveOptions = LiveOptions(),
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.loader = loader
        self.live = live
        self.language = language
        self.emptyMessage = emptyMessage ?? FeedScreenState.defaultEmptyMessage(language)
        self.storage = storage
        self.storageKey = storageKey
        self.clock = clock
        (states, continuation) = AsyncStream.makeStream()
        continuation.yield(.loading)
    }

    deinit {
        following?.cancel()
        continuation.finish()
        for follower in followers.values { follower.finish() }
    }

    /// A new stream of every state from now on, starting with the current one; make one per
    /// consumer (several views may follow one model). It ends when the model goes away or the
    /// consumer stops iterating.
    public func updates() -> AsyncStream<FeedScreenState> {
        let versioned = versionedUpdates()
        return AsyncStream { continuation in
            let task = Task {
                for await update in versioned { continuation.yield(update.state) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every state from now on with its version (the current one first).
    func versionedUpdates() -> AsyncStream<(version: Int, state: FeedScreenState)> {
        let (stream, continuation) = AsyncStream.makeStream(of: (version: Int, state: FeedScreenState).self)
        let id = nextFollower
        nextFollower += 1
        followers[id] = continuation
        continuation.yield((version, state))
        continuation.onTermination = { [weak self] _ in Task { await self?.stopFollowing(id) } }
        followFeed()
        return stream
    }

    private func stopFollowing(_ id: Int) {
        followers[id] = nil
        // Nobody observes: the feed is no longer followed (it is again when someone comes back).
        if followers.isEmpty {
            following?.cancel()
            following = nil
        }
    }

    /// The screen appeared: show what is stored, then load the first page.
    public func load() async {
        if stored == nil, let storage { stored = try? storage.feed(key: storageKey) }
        await pager.start()
        await caughtUp()
    }

    /// Near the bottom: load the next page (nothing happens while one is loading).
    public func loadMore() async {
        await pager.loadMore()
        await caughtUp()
    }

    /// Pull to refresh, or the empty state's reload button: new items go on top, without duplicates.
    public func refresh() async {
        await pager.refresh()
        await caughtUp()
    }

    /// Shows the items the live updates announced (`FeedScreenContent.pending`): the first page is
    /// read again and what is new goes on top, as a refresh does, without duplicates or gaps.
    public func showPending() async { await refresh() }

    /// From an error or a failed footer: try the failed request again.
    public func retry() async {
        await pager.retry()
        await caughtUp()
    }

    /// Dismisses a notification card: tells the server (so it stays away for this device) and takes
    /// it off the screen and out of storage. Throws when the server refuses.
    public func dismiss(notification id: String, using client: TidingsClient) async throws(TidingsError) {
        try await client.dismiss(notification: id)
        if var kept = stored {
            kept.items.removeAll { $0.id == "notification:" + id }
            stored = kept
        }
        await pager.removeItem(id: "notification:" + id)
        // The pager's new state was shown and kept; a card only the stored items held is shown gone.
        await caughtUp()
        publish()
    }

    /// The pager, loading pages with ``page(for:)``, and the task showing each of its states. Both
    /// hold this model weakly: it owns them.
    private func makePager() -> Pager<FeedItem, TidingsError> {
        let pager = Pager<FeedItem, TidingsError> { [weak self] request in
            guard let self else { return .failure(.cancelled) }
            return await self.page(for: request)
        }
        let states = pager.states
        Task { [weak self] in
            for await state in states { await self?.show(state) }
        }
        return pager
    }

    /// Shows a state of the pager: publishes the screen's state, keeps a loaded list, and follows
    /// the feed again after a first page.
    private func show(_ state: PagerState<FeedItem, TidingsError>) {
        paging = state
        if followAgain, !state.isLoading {
            followAgain = false
            pending.firstPageShown()
            pinned = nil
            following?.cancel()
            following = nil
            followFeed()
        }
        publish()
        keep()
        pagerShown.reach(pagerShown.reached + 1)
    }

    /// Returns once every state the pager has gone through so far is shown.
    private func caughtUp() async {
        await pagerShown.wait(for: await pager.revision)
    }

    /// Loads the page `request` asks for; notes the feed's title, its web address when it is a web
    /// section, and its live link with a first page. A refreshed first page that does not reach
    /// the list shown comes with the pages after it (``joining(_:)``).
    private func page(for request: PagerRequest) async -> Result<PagerPage<FeedItem>, TidingsError> {
        if request.cursor == nil { pending.firstPageRequested() }
        do throws(TidingsError) {
            let feed = try await loader.load(cursor: request.cursor)
            title = feed.title
            let page: PagerPage<FeedItem>
            switch feed.content {
            case .web(let url):
                web = url
                page = PagerPage(items: [], nextCursor: nil)
            case .native(let items):
                web = nil
                let first = PagerPage(items: items, nextCursor: feed.nextCursor)
                page = request.kind == .refresh && !paging.items.isEmpty ? try await joining(first) : first
            }
            if request.cursor == nil {
                liveLink = feed.updates
                // Nothing is pending once this page's list is shown (`show(_:)`).
                followAgain = true
            }
            return .success(page)
        } catch {
            if request.cursor == nil { pending.firstPageFailed() }
            return .failure(error)
        }
    }

    /// `page` (a first page read again) and the pages after it, until one reaches content shown
    /// (slots repeat on every page) — at most as many pages as the pending items fill and one
    /// more, and at least 10, at most 50: what goes on top of the list with no gap under it. When
    /// none did and more follow, the list starts over from them (`PagerPage.startsOver`).
    private func joining(_ page: PagerPage<FeedItem>) async throws(TidingsError) -> PagerPage<FeedItem> {
        let shown = Set(paging.items.filter { !$0.isSlot }.map(\.id))
        var joined = page
        let pages = min(50, max(10, pending.count / max(1, page.items.count { !$0.isSlot }) + 2))
        for _ in 1..<pages {
            guard !joined.items.contains(where: { shown.contains($0.id) }), let cursor = joined.nextCursor else {
                return joined
            }
            let next = try await loader.load(cursor: cursor)
            guard case .native(let items) = next.content else { return joined }
            joined = PagerPage(items: joined.items + items, nextCursor: next.nextCursor)
        }
        joined.startsOver = !joined.items.contains(where: { shown.contains($0.id) }) && joined.nextCursor != nil
        return joined
    }

    /// Starts following the feed, when someone observes the model and a list is shown.
    private func followFeed() {
        guard live.enabled, following == nil, !followers.isEmpty, web == nil, !paging.items.isEmpty else { return }
        let (link, loader, options) = (liveLink, loader, live)
        following = Task { [weak self] in
            if let link, let live = loader as? any LiveFeedLoader {
                var position = link.position
                var attempt = 0
                while !Task.isCancelled {
                    do {
                        guard let updates = try await live.liveUpdates(link, from: position) else { break }
                        attempt = 0
                        for try await update in updates {
                            if !update.position.isEmpty { position = update.position }
                            await self?.announced(update.added)
                            if let arrangement = update.arrangement { await self?.arranged(arrangement) }
                        }
                    } catch let error as TidingsError {
                        // 404, 405, 501: the server has no stream for this feed: poll it.
                        if case .server(let status, _, _) = error.kind, [404, 405, 501].contains(status) { break }
                    } catch {}
                    try? await Task.sleep(for: options.backoff(attempt))
                    attempt += 1
                }
            }
            while !Task.isCancelled {
                try? await Task.sleep(for: options.pollInterval)
                guard !Task.isCancelled, let ticket = await self?.pending.ticket,
                    let feed = try? await loader.load(cursor: nil), case .native(let items) = feed.content
                else { continue }
                await self?.polled(items, ticket: ticket)
            }
        }
    }

    private func announced(_ added: Int) {
        if pending.announced(added) { publish() }
    }

    /// The newsroom pinned or hid stories: hidden ones leave the list (and what is kept offline)
    /// at once; pinned ones the list does not show yet count as pending, and the first page read
    /// again shows them at their places.
    private func arranged(_ arrangement: LiveArrangement) async {
        let gone = Set(arrangement.hidden.map { "teaser:" + $0 })
        if var kept = stored, kept.items.contains(where: { gone.contains($0.id) }) {
            kept.items.removeAll { gone.contains($0.id) }
            stored = kept
        }
        for id in gone where paging.items.contains(where: { $0.id == id }) {
            await pager.removeItem(id: id)
        }
        let shown = Set(paging.items.map(\.id))
        // The stream's first word on pins is where they stand (the first page read shows them);
        // only pins after it are new.
        if let known = pinned {
            _ = pending.announced(arrangement.pinned.count { !known.contains($0) && !shown.contains("teaser:" + $0) })
        }
        pinned = Set(arrangement.pinned)
        await caughtUp()
        publish()
    }

    /// A first page polled (begun with `ticket`): its items not in the list are the pending ones.
    private func polled(_ items: [FeedItem], ticket: Int) {
        let shown = Set(paging.items.map(\.id))
        if pending.polled(items.count { !$0.isSlot && !shown.contains($0.id) }, ticket: ticket) { publish() }
    }

    /// Keeps the items shown for offline use after a successful load.
    private func keep() {
        guard let storage, web == nil, !paging.items.isEmpty, !paging.isLoading else { return }
        if case .failed = paging.phase { return }
        let feed = StoredFeed(title: title, items: paging.items, nextCursor: paging.nextCursor, fetchedAt: clock())
        try? storage.save(feed, key: storageKey)
        let teasers = paging.items.compactMap { item -> Teaser? in
            guard case .teaser(let teaser) = item, !keptArticles.contains(teaser.id) else { return nil }
            return teaser
        }
        if !teasers.isEmpty, (try? storage.saveArticles(teasers, at: feed.fetchedAt)) != nil {
            keptArticles.formUnion(teasers.map(\.id))
        }
    }

    private func publish() {
        let next = FeedScreenState.make(
            pager: paging, title: title, web: web, stored: stored, language: language, emptyMessage: emptyMessage,
            pending: pending.count)
        guard next != state else { return }
        state = next
        version += 1
        continuation.yield(next)
        for follower in followers.values { follower.yield((version, next)) }
    }
}
