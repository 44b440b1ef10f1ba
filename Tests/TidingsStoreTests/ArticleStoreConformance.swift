import Foundation
import Testing
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

/// What every backend must do for article pages: requests, leases, records, lookups, pruning and
/// the bounds. Run on SQLite and PostgreSQL by StoreBackendTests.
extension StoreCheck {
    static let articles: [StoreCheck] = [
        .init(name: "article pages: request, claim and record keep every field", run: roundTrip),
        .init(name: "article pages: a known URL requested again keeps its state", run: requestAgain),
        .init(name: "article pages: leased to one owner until recorded or lapsed", run: articleLeases),
        .init(name: "article pages: two processes claiming at once never share a page", run: concurrentClaims),
        .init(name: "article pages: claimed oldest due first, up to the limit", run: dueOrder),
        .init(name: "article pages: sites take turns, one site's backlog holds back no other", run: siteTurns),
        .init(name: "article pages: looked up by URL, missing ones absent", run: lookup),
        .init(name: "article pages: pruned by the last request", run: pruning),
        .init(name: "article pages: refused when too long or not http(s), writing nothing", run: bounds),
        .init(name: "article pages: text holding U+0000 is stored without it", run: articleNUL),
        .init(name: "migration 12 adds article pages to a database at version 11", run: migration12),
        .init(name: "article pages: summed up by the source whose entries link to them", run: summaries),
    ]
}

private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

private func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

/// A page as an extraction records it, every field set.
private func extracted(_ claimed: ArticlePage, html: String = "<p>Body</p>") -> ArticlePage {
    var page = claimed
    page.status = .extracted
    page.html = html
    page.text = "Body"
    page.title = "Title"
    page.byline = "A. Writer"
    page.siteName = "The Site"
    page.imageURL = "https://a.example/lead.jpg"
    page.language = "en"
    page.direction = "ltr"
    page.confidence = 0.873
    page.kind = "forum"
    page.canonicalURL = "https://a.example/the-story"
    page.publishedAt = at(-86_400)
    page.etag = "\"v1\""
    page.lastModified = "Tue, 24 Nov 2026 10:00:00 GMT"
    page.contentHash = "hash-1"
    page.fetchedAt = at(5)
    page.changedAt = at(5)
    page.nextCheckAt = at(3_600)
    page.failures = 0
    page.error = nil
    return page
}

private func roundTrip(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let url = "https://a.example/story"
    try await store.requestArticles([url], now: t0)
    let claimed = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 10)
    #expect(claimed == [ArticlePage(url: url, requestedAt: t0, nextCheckAt: t0)], "new pages are pending, due now")
    let page = extracted(try #require(claimed.first))
    #expect(try await store.recordArticle(page, owner: "me"))
    #expect(try await store.articles(urls: [url]) == [url: page])
    // Due again: claimed with its validators and hash, for a conditional GET and change detection.
    #expect(try await store.claimDueArticles(owner: "me", now: at(3_599), lease: 60, limit: 10).isEmpty)
    #expect(try await store.claimDueArticles(owner: "me", now: at(3_600), lease: 60, limit: 10) == [page])
    // A failure keeps the extraction, as the caller leaves it.
    var failed = page
    failed.status = .failed
    failed.failures = 1
    failed.error = "The server answered 503."
    failed.fetchedAt = at(3_601)
    failed.nextCheckAt = at(7_200)
    #expect(try await store.recordArticle(failed, owner: "me"))
    #expect(try await store.articles(urls: [url])[url] == failed)
    for status in [ArticlePageStatus.notArticle, .disallowed, .pending] {
        var next = failed
        next.status = status
        next.nextCheckAt = at(0)
        next.html = nil
        next.text = nil
        next.publishedAt = nil
        _ = try await store.claimDueArticles(owner: "me", now: at(7_200), lease: 60, limit: 1)
        #expect(try await store.recordArticle(next, owner: "me"))
        #expect(try await store.articles(urls: [url])[url] == next, "\(status)")
    }
}

private func requestAgain(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let url = "https://a.example/story"
    try await store.requestArticles([url], now: t0)
    let page = extracted(
        try #require(try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 1).first))
    _ = try await store.recordArticle(page, owner: "me")
    // Pages known to give another address as their own are told, so their entries are grouped.
    #expect(
        try await store.requestArticles([url, "https://a.example/new", url], now: at(100))
            == [url: "https://a.example/the-story"])
    var expected = page
    expected.requestedAt = at(100)
    let stored = try await store.articles(urls: [url, "https://a.example/new"])
    #expect(stored[url] == expected, "only requestedAt moves")
    #expect(
        stored["https://a.example/new"]
            == ArticlePage(url: "https://a.example/new", requestedAt: at(100), nextCheckAt: at(100)))
    try await store.requestArticles([url], now: at(50))
    #expect(try await store.articles(urls: [url])[url]?.requestedAt == at(100), "never moves back")
    #expect(try await store.requestArticles([], now: at(200)).isEmpty)
    // An address too long to be a key is not kept; the article is.
    var next = try #require(
        try await store.claimDueArticles(owner: "me", now: at(3_600), lease: 60, limit: 10).first { $0.url == url })
    next.canonicalURL = "https://a.example/" + String(repeating: "x", count: ArticlePage.maxURLBytes)
    #expect(try await store.recordArticle(next, owner: "me"))
    let kept = try #require(try await store.articles(urls: [url])[url])
    #expect(kept.canonicalURL == nil && kept.html == page.html)
}

private func articleLeases(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let (a, b) = ("https://a.example/1", "https://a.example/2")
    try await store.requestArticles([a, b], now: t0)
    let mine = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 1)
    let theirs = try await store.claimDueArticles(owner: "them", now: t0, lease: 60, limit: 10)
    #expect(mine.map(\.url) == [a] && theirs.map(\.url) == [b])
    #expect(try await store.claimDueArticles(owner: "third", now: at(60), lease: 60, limit: 10).isEmpty, "leased")
    // Only the holder records: mine is released; theirs is untouched by me.
    #expect(try await store.recordArticle(extracted(mine[0]), owner: "me"))
    #expect(try await store.recordArticle(extracted(theirs[0]), owner: "me") == false)
    #expect(try await store.articles(urls: [b])[b]?.status == .pending)
    #expect(try await store.recordArticle(extracted(mine[0]), owner: "me") == false, "released: nobody holds it")
    // Their lease lapses: a third process claims the page, and their late record is ignored.
    let lapsed = try await store.claimDueArticles(owner: "third", now: at(61), lease: 60, limit: 10)
    #expect(lapsed.map(\.url) == [b])
    #expect(try await store.recordArticle(extracted(theirs[0]), owner: "them") == false)
    #expect(try await store.articles(urls: [b])[b]?.status == .pending)
    #expect(try await store.recordArticle(extracted(lapsed[0]), owner: "third"))
    #expect(try await store.articles(urls: [b])[b]?.status == .extracted)
}

private func concurrentClaims(_ database: TestDatabase) async throws {
    // Stores on one database stand for server processes; each claims in small batches at once.
    // SQLite writes one at a time whoever asks, and several of its stores in one test process
    // wait for each other's file lock on the threads they share: one store claims there.
    var opened: [any TidingsStorage] = []
    for _ in 0..<(database.backend == .postgres ? 3 : 1) { opened.append(try await database.open()) }
    let stores = opened
    defer { Task { for store in stores { try await store.close() } } }
    let urls = (0..<60).map { "https://a.example/\($0)" }
    try await stores[0].requestArticles(urls, now: t0)
    let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
        for (index, store) in stores.enumerated() {
            for round in 0..<4 {
                group.addTask {
                    try await store.claimDueArticles(owner: "p\(index)-\(round)", now: t0, lease: 60, limit: 7)
                        .map(\.url)
                }
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(claimed.count == Set(claimed).count, "a page leased twice")
    let rest = try await stores[stores.count - 1].claimDueArticles(owner: "last", now: t0, lease: 60, limit: 100)
    #expect(Set(claimed + rest.map(\.url)) == Set(urls) && claimed.count + rest.count == 60)
}

private func dueOrder(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    try await store.requestArticles(["https://a.example/b"], now: at(-60))
    try await store.requestArticles(["https://a.example/c", "https://a.example/a"], now: t0)
    try await store.requestArticles(["https://a.example/later"], now: at(60))
    let first = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 2)
    #expect(first.map(\.url) == ["https://a.example/b", "https://a.example/a"], "oldest due first, then by URL")
    let rest = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 10)
    #expect(rest.map(\.url) == ["https://a.example/c"], "not yet due: later")
    #expect(try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 0).isEmpty)
}

private func siteTurns(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // Thirty pages of one site due first, then two of each of two others (one on another port).
    let busy = (10..<40).map { "https://busy.example/a/\($0)" }
    try await store.requestArticles(busy, now: at(-120))
    try await store.requestArticles(["http://b.example/1", "http://b.example/2"], now: at(-60))
    try await store.requestArticles(["https://busy.example:8443/x", "https://busy.example:8443/y"], now: t0)
    let first = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 5)
    #expect(
        Set(first.map(\.url)) == [
            "https://busy.example/a/10", "http://b.example/1", "https://busy.example:8443/x",
            "https://busy.example/a/11", "http://b.example/2",
        ], "each site's oldest, then each one's second, oldest due first")
    let second = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 2)
    #expect(Set(second.map(\.url)) == ["https://busy.example:8443/y", "https://busy.example/a/12"])
    let rest = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 100)
    #expect(rest.count == 27 && Set(rest.map(\.url) + first.map(\.url) + second.map(\.url)).count == 34)
}

private func lookup(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await store.articles(urls: []).isEmpty)
    let urls = (0..<450).map { "https://a.example/\($0)" }
    try await store.requestArticles(urls, now: t0)
    let found = try await store.articles(urls: urls + ["https://a.example/missing", "https://a.example/7", "ftp://x"])
    #expect(found.count == 450 && Set(found.keys) == Set(urls), "every stored page, in batches, missing ones absent")
    #expect(found["https://a.example/7"]?.url == "https://a.example/7")
}

private func pruning(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let (old, kept) = ("https://a.example/old", "https://a.example/kept")
    try await store.requestArticles([old, kept], now: t0)
    try await store.requestArticles([kept], now: at(100))
    #expect(try await store.pruneArticles(requestedBefore: t0) == 0, "strictly before")
    #expect(try await store.pruneArticles(requestedBefore: at(50)) == 1)
    #expect(Set(try await store.articles(urls: [old, kept]).keys) == [kept])
    #expect(try await store.pruneArticles(requestedBefore: at(50)) == 0)
    // A page pruned while leased: its holder's record finds nothing and is ignored.
    let claimed = try await store.claimDueArticles(owner: "me", now: at(100), lease: 60, limit: 1)
    #expect(try await store.pruneArticles(requestedBefore: at(101)) == 1)
    #expect(try await store.recordArticle(extracted(try #require(claimed.first)), owner: "me") == false)
    #expect(try await store.articles(urls: [kept]).isEmpty)
}

private func bounds(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let good = "https://a.example/fine"
    let long = "https://a.example/" + String(repeating: "x", count: 3_000 - 18)
    #expect(long.utf8.count == 3_000)
    await #expect {
        try await store.requestArticles([good, long], now: t0)
    } throws: { error in
        "\(error)".contains("store: article page refused: a URL of 3000 bytes") && "\(error)".contains("2048")
    }
    #expect(try await store.articles(urls: [good, long]).isEmpty, "nothing written")
    for bad in ["a.example/page", "javascript:alert(1)", "https://", "file:///etc/passwd"] {
        await #expect(throws: ArticlePageRefused.self, "\(bad)") { try await store.requestArticles([bad], now: t0) }
        #expect(ArticlePage.accepts(url: bad) == false)
    }
    // The longest URL kept, hard to compress, is a key on both backends (PostgreSQL's B-tree
    // entries stop at 2,704 bytes).
    var random = SplitMix64(seed: 20)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let longest = "HTTPS://a.example/" + String((0..<(2_048 - 18)).map { _ in alphabet.randomElement(using: &random)! })
    #expect(ArticlePage.accepts(url: longest) && !ArticlePage.accepts(url: longest + "x"))
    try await store.requestArticles([longest], now: t0)
    let claimed = try #require(try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 1).first)
    #expect(claimed.url == longest)
    // Content over 2 MiB is refused, not cut; the page keeps its state and lease.
    var huge = extracted(claimed, html: String(repeating: "<p>x</p>", count: 2 * 1_024 * 1_024 / 8 + 1))
    await #expect(throws: ArticlePageRefused.self) { _ = try await store.recordArticle(huge, owner: "me") }
    huge.html = "<p>ok</p>"
    huge.title = String(repeating: "t", count: 4_097)
    await #expect(throws: ArticlePageRefused.self) { _ = try await store.recordArticle(huge, owner: "me") }
    #expect(try await store.articles(urls: [longest])[longest]?.status == .pending)
    let biggest = extracted(claimed, html: String(repeating: "<p>x</p>", count: 2 * 1_024 * 1_024 / 8))
    #expect(try await store.recordArticle(biggest, owner: "me"), "2 MiB exactly is kept")
    #expect(try await store.articles(urls: [longest])[longest]?.html?.utf8.count == 2 * 1_024 * 1_024)
}

/// PostgreSQL refuses U+0000 in text (issue 12): one in a page would fail the whole write.
private func articleNUL(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let asked = "https://a.example/\u{0}x"
    try await store.requestArticles([asked, "https://a.example/x"], now: t0)
    let claimed = try #require(try await store.claimDueArticles(owner: "m\u{0}e", now: t0, lease: 60, limit: 10).first)
    #expect(claimed.url == "https://a.example/x", "one page: the URLs differ only by U+0000")
    var page = extracted(claimed, html: "<p>a\u{0}b</p>")
    page.url = asked
    page.text = "a\u{0}b"
    page.title = "T\u{0}"
    page.etag = "\"\u{0}\""
    page.error = "bad \u{0} byte"
    #expect(try await store.recordArticle(page, owner: "me\u{0}"))
    let stored = try #require(try await store.articles(urls: [asked])[asked])
    #expect(stored.url == "https://a.example/x" && stored.html == "<p>ab</p>" && stored.text == "ab")
    #expect(stored.title == "T" && stored.etag == "\"\"" && stored.error == "bad  byte")
    #expect(try await store.articles(urls: ["https://a.example/x"])["https://a.example/x"] == stored)
}

/// A database at version 11 (the previous build's): migration 12 adds the table and leaves the
/// rest as it was.
private func migration12(_ database: TestDatabase) async throws {
    #expect(Migrations.all[11].version == 12 && Migrations.all[11].name == "article pages")
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 11)
    try await source.write { db in
        try await db.raw(
            """
            INSERT INTO sources (id, format, next_fetch_at, failures, entry_count)
            VALUES ('https://a.example/feed', 'feed', 0, 0, 3)
            """
        ).run()
    }
    #expect(try await Migrations.status(source).version == 11)
    #expect(try await Migrations.migrate(source, upTo: 12) == [12])
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await store.schemaStatus().isCurrent)
    #expect(try await store.sourceStates().map(\.entryCount) == [3], "what was there stays")
    try await store.requestArticles(["https://a.example/story"], now: t0)
    #expect(try await store.articles(urls: ["https://a.example/story"]).count == 1)
}

/// Issue 34: `tidings sources list` said nothing about full text and its failures.
private func summaries(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    func linked(_ key: String, _ url: String) -> EntryInput {
        EntryInput(
            key: EntryKey(stored: key), itemID: "id-\(key)",
            record: EntryRecord(json: #"{"type":"teaser","id":"\#(key)","url":"\#(url)"}"#, images: []),
            contentHTML: nil, publishedAt: nil, contentHash: key)
    }
    func fetched(_ source: String, _ entries: [EntryInput], sections: [SectionKey]) -> FetchRecord {
        FetchRecord(
            sourceID: source, sections: sections, attemptedAt: t0,
            outcome: .fetched(entries: entries, etag: nil, lastModified: nil, title: "T", webURL: nil),
            status: .http(200), nextFetchAt: at(600), failures: 0, keepItems: 100, keepSince: .distantPast)
    }
    let (a1, a2, b1) = ("https://a.example/1", "https://a.example/2", "https://b.example/1")
    _ = try await store.recordFetches(
        [
            fetched(
                "a", [linked("1", a1), linked("2", a2)],
                sections: [SectionKey(brand: "x", section: "one"), SectionKey(brand: "x", section: "two")]),
            fetched(
                "b", [linked("1", b1), linked("2", "https://b.example/never-asked")],
                sections: [SectionKey(brand: "x", section: "three")]),
        ], owner: "me")
    #expect(try await store.articleSummaries().isEmpty, "no page asked for yet")
    try await store.requestArticles([a1, a2, b1], now: t0)
    let claimed = try await store.claimDueArticles(owner: "me", now: t0, lease: 60, limit: 10)
    for page in claimed where page.url != b1 {
        var done = page.url == a1 ? extracted(page) : page
        if page.url == a2 {
            done.status = .failed
            done.failures = 1
            done.error = "The server answered 503."
            done.fetchedAt = at(7)
        }
        #expect(try await store.recordArticle(done, owner: "me"))
    }
    let summaries = try await store.articleSummaries()
    #expect(summaries["a"]?.counts == [.extracted: 1, .failed: 1], "each page once, though in two sections")
    #expect(
        summaries["a"]?.lastProblem
            == ArticleSummary.Problem(url: a2, status: .failed, error: "The server answered 503.", at: at(7)))
    #expect(summaries["b"]?.counts == [.pending: 1])
    #expect(summaries["b"]?.lastProblem == nil)
}
