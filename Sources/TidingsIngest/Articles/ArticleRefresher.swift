import Foundation
import Logging
import ServiceLifecycle
import TidingsModel
import TidingsSections
import TidingsStore

/// Fetches the article pages entries asked for (`ArticleStore.requestArticles`) when they are due,
/// and stores what the extractor found: a service beside the poller. Pages are leased in the
/// database before fetching, as sources are, so servers sharing one PostgreSQL database fetch each
/// page once. Politeness is per process (`HostPoliteness`): N servers may each send one host their
/// own few requests.
public final class ArticleRefresher: Service, Sendable {
    let store: any ArticleStore
    let pages: ArticlePageFetcher
    let schedule: ArticleSchedule
    let concurrency: Int
    let lease: TimeInterval
    let logger: Logger
    let clock: @Sendable () -> Date
    let onChange: @Sendable ([String]) -> Void
    /// Whether any section shown asks for full text now: when none does, no page is claimed.
    let wanted: @Sendable () -> Bool
    /// Pages no entry asked for in this long are removed (`retention.max_age`: entries go then too).
    let keep: TimeInterval
    public let owner: String
    /// The rule stories are grouped by (`grouping.*`); nil when they are not.
    let grouping: StoryRule?
    /// The sections whose entries' pages are fetched now: a page giving another address as its
    /// own groups their entries linking to it with those linking there.
    let fullTextSections: @Sendable () -> [SectionKey]
    /// Hears the sections whose stories a page's address changed.
    let onStories: @Sendable ([SectionKey]) -> Void

    /// A refresher fetching through `pages`, at most `concurrency` pages at once; `onChange` hears
    /// the URLs whose article changed (the server drops cached pages showing them).
    public init(
        store: any ArticleStore, pages: ArticlePageFetcher, schedule: ArticleSchedule = .init(), concurrency: Int = 4,
        lease: TimeInterval = 60, keep: TimeInterval = 90 * 86_400, owner: String,
        logger: Logger = Logger(label: "tidings.articles"),
        clock: @escaping @Sendable () -> Date = Date.init, onChange: @escaping @Sendable ([String]) -> Void = { _ in },
        wanted: @escaping @Sendable () -> Bool = { true }, grouping: StoryRule? = nil,
        fullTextSections: @escaping @Sendable () -> [SectionKey] = { [] },
        onStories: @escaping @Sendable ([SectionKey]) -> Void = { _ in }
    ) {
        self.wanted = wanted
        self.grouping = grouping
        self.fullTextSections = fullTextSections
        self.onStories = onStories
        self.store = store
        self.pages = pages
        self.schedule = schedule
        self.concurrency = max(1, concurrency)
        self.lease = lease
        self.keep = keep
        self.owner = owner
        self.logger = logger
        self.clock = clock
        self.onChange = onChange
    }

    /// A refresher as `configuration`'s `fetch` and `full_text` settings say: its own HTTP client
    /// (timeouts and allowed hosts of `fetch`, pages cut at 10 MiB), `full_text.per_host` requests
    /// to one host at a time spaced by `full_text.interval`, `full_text.concurrency` pages at once.
    public convenience init(
        configuration: SectionsConfiguration, store: any ArticleStore, owner: String,
        logger: Logger = Logger(label: "tidings.articles"), clock: @escaping @Sendable () -> Date = Date.init,
        onChange: @escaping @Sendable ([String]) -> Void = { _ in }, wanted: @escaping @Sendable () -> Bool = { true },
        fullTextSections: @escaping @Sendable () -> [SectionKey] = { [] },
        onStories: @escaping @Sendable ([SectionKey]) -> Void = { _ in }
    ) {
        let settings = configuration.fullText
        let fetcher = SourceFetcher(
            policy: FetchPolicy(configuration.fetch, maxBodyBytes: min(configuration.fetch.maxBytes, Self.maxPageBytes))
        )
        let politeness = HostPoliteness(
            maxConcurrent: settings.perHost, interval: .milliseconds(Int64(settings.interval * 1000)))
        var schedule = ArticleSchedule()
        schedule.recheck = settings.recheck
        self.init(
            store: store, pages: ArticlePageFetcher(fetcher: fetcher, politeness: politeness), schedule: schedule,
            concurrency: settings.concurrency, lease: configuration.fetch.totalTimeout + 15,
            keep: configuration.retention.maxAge, owner: owner,
            logger: logger, clock: clock, onChange: onChange, wanted: wanted, grouping: configuration.grouping.rule,
            fullTextSections: fullTextSections, onStories: onStories)
    }

    /// Article pages are cut here: ten times a long article with its markup.
    public static let maxPageBytes = 10 << 20

    /// Closes the HTTP client; for refreshers not run as a service (`run()` does it itself).
    public func shutdown() async throws { try await pages.fetcher.shutdown() }

    /// Refreshes due pages until asked to stop (`LeasedWork`), pruning old pages once an hour.
    public func run() async throws {
        let pruned = Locked(Date.distantPast)
        try await LeasedWork<(page: ArticlePage, claimedAt: Date)>(
            // Pages given back for their host's turn are due a second or so later: look that often.
            name: "articles", concurrency: concurrency, idle: .seconds(1), logger: logger,
            prepare: {
                guard self.clock().timeIntervalSince(pruned.current) > 3600 else { return }
                try await self.prune()
                pruned.withLock { $0 = self.clock() }
            },
            claim: { limit in
                let claimedAt = self.clock()
                return try await self.claim(limit: limit).map { ($0, claimedAt) }
            },
            perform: { _ = try await self.refresh($0.page, claimedAt: $0.claimedAt) }
        ).run()
        try await shutdown()
    }

    /// Removes the pages no entry asked for within `keep`; returns how many.
    @discardableResult
    public func prune() async throws -> Int {
        let removed = try await store.pruneArticles(requestedBefore: clock().addingTimeInterval(-keep))
        if removed > 0 {
            logger.info("articles: removed \(removed) pages no entry asked for in \(Int(keep / 86_400)) days")
        }
        return removed
    }

    func claim(limit: Int) async throws -> [ArticlePage] {
        guard wanted() else { return [] }
        return try await store.claimDueArticles(owner: owner, now: clock(), lease: lease, limit: limit)
    }

    /// Fetches every page due now (up to `concurrency` at once) and returns them as stored.
    @discardableResult
    public func refreshDue() async throws -> [ArticlePage] {
        let claimedAt = clock()
        let due = try await claim(limit: concurrency)
        return try await withThrowingTaskGroup(of: ArticlePage.self) { group in
            for page in due { group.addTask { try await self.refresh(page, claimedAt: claimedAt) } }
            var done: [ArticlePage] = []
            for try await page in group { done.append(page) }
            return done.sorted { $0.url < $1.url }
        }
    }

    /// Fetches one leased page and records the attempt. What the store refuses to keep (an article
    /// over ``ArticlePage/maxContentBytes``) is recorded as a failure with the reason, and the page
    /// is not fetched again before `schedule.settled`; any other error but the database being
    /// unavailable is recorded as a failure with the usual backoff. Only an error recording that
    /// failure too is thrown (the lease then expires and the page comes back). A page claimed at
    /// `claimedAt` whose lease has less left than a fetch may take is not fetched (returned as it
    /// came): the next claim, once the lease ends, fetches it.
    func refresh(_ page: ArticlePage, claimedAt: Date? = nil) async throws -> ArticlePage {
        // A refresher held up between its claim and the fetch (a paused VM, a starved machine)
        // no longer has the lease's time for a whole fetch: another may claim the page while this
        // one still fetches it, and the site sees two requests. The page waits for the next claim.
        // (A lease no longer than a fetch may take, as tests give, leaves nothing to judge by.)
        if let claimedAt {
            let late = clock().timeIntervalSince(claimedAt)
            let spare = lease - pages.fetcher.policy.totalTimeout / .seconds(1)
            if spare > 0, late > spare {
                logger.warning(
                    "articles: \(page.url): claimed \(Int(late)) s ago, too late to fetch within its lease; left to the next claim",
                    metadata: ["url": .string(page.url)])
                return page
            }
        }
        guard let url = URL(string: page.url) else {
            let failed = page.recording(.init(outcome: .failed("not a URL", temporary: false)), at: clock())
            _ = try await store.recordArticle(failed, owner: owner)
            return failed
        }
        // A host keeping its ordinary pace may hold the slot one interval; a crawl delay or a busy
        // host gives the page back to the database, due at the turn booked for it, and the slot
        // goes to another host's page.
        let result = await pages.fetch(
            url, etag: page.etag, lastModified: page.lastModified, waitingAtMost: pages.politeness.interval)
        let updated = page.recording(result, at: clock(), schedule: schedule)
        let recorded: Bool
        do {
            recorded = try await store.recordArticle(updated, owner: owner)
        } catch let error where !(error is StoreUnavailable) && !(error is CancellationError) {
            // The page as it was, with the failure: no validators of the answer that could not be
            // kept (a 304 next time would leave it unkept for ever).
            let refused = error is ArticlePageRefused
            let failed = page.recording(
                .init(outcome: .failed("\(error)", temporary: !refused)), at: clock(), schedule: schedule)
            _ = try await store.recordArticle(failed, owner: owner)
            logger.warning(
                "articles: \(page.url): \(error); next try in \(Int(failed.nextCheckAt.timeIntervalSince(clock())))s",
                metadata: ["url": .string(page.url), "error": .string("\(error)")])
            return failed
        }
        switch result.outcome {
        case .later(let wait):
            logger.debug(
                "articles: \(page.url): its host's turn is in \(wait); given back until then",
                metadata: ["url": .string(page.url)])
        case .failed(let message, _), .notArticle(_, reason: let message):
            logger.info(
                "articles: \(page.url): \(message)",
                metadata: ["url": .string(page.url), "failures": .stringConvertible(updated.failures)])
        default: break
        }
        if recorded, updated.changedAt != page.changedAt { onChange([page.url]) }
        // Grouped when the page first gives an address, or another one (the store keeps only an
        // address that can be a key).
        if recorded, let canonical = updated.canonicalURL, canonical != page.canonicalURL,
            ArticlePage.accepts(url: canonical)
        {
            await samePage(page.url, canonical)
        }
        return updated
    }

    /// Groups the entries linking to `url`, whose page gives `canonical` as its own address, with
    /// the entries linking there, in the sections that fetch full text. A failure is logged: the
    /// page is recorded, and its next check (or the next fetch of an entry linking to it) tries
    /// again.
    func samePage(_ url: String, _ canonical: String) async {
        guard let grouping else { return }
        // A section at a time: one that fails does not keep the others' changes from their readers.
        for section in fullTextSections() {
            do {
                let changed = try await store.samePages([url: canonical], in: [section], rule: grouping, at: clock())
                guard !changed.isEmpty else { continue }
                onStories(Array(changed))
                logger.info(
                    "articles: \(url) is \(canonical): its entries are one story with those linking there",
                    metadata: [
                        "url": .string(url), "canonical": .string(canonical), "section": .string(section.stream),
                    ])
            } catch {
                logger.warning(
                    "articles: \(url): could not group its entries with those of \(canonical) in \(section.stream): \(error)",
                    metadata: ["url": .string(url), "section": .string(section.stream), "error": .string("\(error)")])
            }
        }
    }
}
