import Foundation
import Testing
import TidingsStore
import TidingsTesting

/// What every backend must do for sections: upserts by key, order by first sight, merging,
/// retention, leases and dismissals. Run on SQLite and PostgreSQL by StoreBackendTests.
extension StoreCheck {
    static let sections: [StoreCheck] = [
        .init(
            name: "upserts entries by key: new on top, changed rewritten in place, unchanged untouched", run: upserts),
        .init(name: "merges new entries of sources sharing a section by date", run: merges),
        .init(name: "prunes the oldest entries beyond the retention", run: retention),
        .init(name: "leases due sources to one owner until released or expired", run: leases),
        .init(name: "records dismissals once per device and card", run: dismissals),
        .init(name: "stores fetches whose text holds U+0000, without it", run: nulText),
    ]
}

private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

private func entry(_ key: String, _ version: String = "1", hoursAgo: Double? = nil) -> EntryInput {
    EntryInput(
        key: key, itemID: "id-\(key)", itemJSON: #"{"type":"teaser","id":"\#(key)","v":"\#(version)"}"#,
        contentHTML: "<p>\(key)</p>", publishedAt: hoursAgo.map { t0.addingTimeInterval(-$0 * 3600) },
        contentHash: key + version)
}

private func record(
    _ source: String, _ entries: [EntryInput], streams: [String] = ["b/s"], keep: Int = 100, at: Date = t0
) -> FetchRecord {
    FetchRecord(
        sourceID: source, streams: streams, attemptedAt: at,
        outcome: .fetched(entries: entries, etag: "\"e\"", lastModified: nil, title: "T", webURL: nil), status: "200",
        nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: keep, keepSince: .distantPast)
}

private func keys(_ store: any TidingsStorage, _ stream: String = "b/s") async throws -> [String] {
    try await store.entries(stream: stream, afterSeq: nil, limit: 100).map(\.key)
}

private func upserts(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let first = try await store.recordFetches([record("a", [entry("x"), entry("y"), entry("z")])], owner: "me")
    #expect(first.map(\.inserted) == [3])
    #expect(try await keys(store) == ["x", "y", "z"], "the document's top entry gets the highest seq")
    let second = try await store.recordFetches(
        [record("a", [entry("new"), entry("x"), entry("y", "2"), entry("z")])], owner: "me")
    #expect(second.first?.inserted == 1 && second.first?.updated == 1 && second.first?.unchanged == 2)
    #expect(try await keys(store) == ["new", "x", "y", "z"], "a changed entry keeps its place")
    let changed = try #require(try await store.entry(itemID: "id-y"))
    #expect(changed.itemJSON.contains(#""v":"2""#))
    let page = try await store.entries(stream: "b/s", afterSeq: changed.seq, limit: 10)
    #expect(page.map(\.key) == ["z"], "keyset paging after an entry")
    #expect(try await keys(store, "other/s").isEmpty)
}

private func merges(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let a = record("a", [entry("a1", hoursAgo: 1), entry("a2", hoursAgo: 5)])
    let b = record("b", [entry("b1", hoursAgo: 2), entry("b2", hoursAgo: 9)])
    _ = try await store.recordFetches([a, b], owner: "me")
    #expect(try await keys(store) == ["a1", "b1", "a2", "b2"])
}

private func retention(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches([record("a", (1...5).map { entry("k\($0)") }, keep: 3)], owner: "me")
    #expect(try await keys(store) == ["k1", "k2", "k3"])
    let summary = try await store.recordFetches([record("a", [entry("k0")], keep: 3)], owner: "me")
    #expect(summary.first?.pruned == 1)
    #expect(try await keys(store) == ["k0", "k1", "k2"])
}

private func leases(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    try await store.registerSources([("a", "feed"), ("b", "feed")], now: t0)
    try await store.registerSources([("a", "feed")], now: t0.addingTimeInterval(999))
    let mine = try await store.claimDueSources(owner: "me", now: t0, lease: 300, limit: 1)
    let theirs = try await store.claimDueSources(owner: "them", now: t0, lease: 300, limit: 10)
    #expect(mine.map(\.id) == ["a"] && theirs.map(\.id) == ["b"], "re-registering keeps a source's state")
    #expect(try await store.claimDueSources(owner: "third", now: t0, lease: 300, limit: 10).isEmpty)
    _ = try await store.recordFetches([record("a", [entry("x")])], owner: "me")
    let states = Dictionary(uniqueKeysWithValues: try await store.sourceStates().map { ($0.id, $0) })
    #expect(states["a"]?.leaseOwner == nil && states["a"]?.etag == "\"e\"" && states["a"]?.entryCount == 1)
    #expect(states["a"]?.nextFetchAt == t0.addingTimeInterval(600))
    #expect(states["b"]?.leaseOwner == "them")
    _ = try await store.recordFetches([record("b", [])], owner: "me")
    #expect(
        try await store.sourceStates().first { $0.id == "b" }?.leaseOwner == "them",
        "only the holder releases a lease")
    let unknown = try await store.claimDueSources(
        owner: "old config", now: t0.addingTimeInterval(700), lease: 300, limit: 10, among: ["c"])
    #expect(unknown.isEmpty, "a process claims only the sources it has")
    let expired = try await store.claimDueSources(
        owner: "third", now: t0.addingTimeInterval(700), lease: 300, limit: 10)
    #expect(expired.map(\.id).sorted() == ["a", "b"])
}

private func dismissals(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    try await store.dismiss(notification: "push", device: "d1", at: t0)
    try await store.dismiss(notification: "push", device: "d1", at: t0)
    try await store.dismiss(notification: "rate", device: "d1", at: t0)
    #expect(try await store.dismissedNotifications(device: "d1") == ["push", "rate"])
    #expect(try await store.dismissedNotifications(device: "d2").isEmpty)
}

/// Issue 12: a JSON Feed item URL holding `\u0000` made PostgreSQL refuse the whole polling round.
private func nulText(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let hostile = EntryInput(
        key: "https://a.example/\u{0}x", itemID: "id\u{0}", itemJSON: "{\"t\":\"a\u{0}b\"}",
        contentHTML: "<p>\u{0}</p>", publishedAt: nil, contentHash: "h")
    var fetched = record("a", [hostile, entry("fine")])
    fetched.outcome = .fetched(
        entries: [hostile, entry("fine")], etag: "\"e\u{0}\"", lastModified: nil, title: "T\u{0}", webURL: nil)
    let failed = FetchRecord(
        sourceID: "b", streams: ["b/s"], attemptedAt: t0, outcome: .failed("bad \u{0} byte"), status: "invalid",
        nextFetchAt: t0.addingTimeInterval(60), failures: 1, keepItems: 100, keepSince: .distantPast)
    let summaries = try await store.recordFetches([fetched, failed], owner: "me")
    #expect(summaries.first?.inserted == 2)
    #expect(try await keys(store) == ["https://a.example/x", "fine"])
    let stored = try #require(try await store.entry(itemID: "id"))
    #expect(stored.itemJSON == "{\"t\":\"ab\"}" && stored.contentHTML == "<p></p>")
}
