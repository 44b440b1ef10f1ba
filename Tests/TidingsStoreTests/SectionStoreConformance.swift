import Foundation
import SQLKit
import Testing
import TidingsModel
import TidingsRuntime
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
        .init(name: "keeps the newest by date and never brings back what it pruned", run: retentionByDate),
        .init(name: "re-reading any document under any cap changes nothing (property)", run: retentionProperty),
        .init(name: "finds an article only in its own section", run: scopedLookup),
        .init(name: "adopts entries stored under their former key", run: adoption),
        .init(name: "migration 6 scopes stored keys by source and ranks them by date", run: upgrade),
        .init(
            name: "migration 13 gives stored entries their image places; every kind reads back as it was served",
            run: imagePlaces),
        .init(name: "leases due sources to one owner until released or expired", run: leases),
        .init(name: "a source asked for again is due at once and fetched in full", run: refetch),
        .init(name: "records dismissals once per device and card", run: dismissals),
        .init(name: "stores fetches whose text holds U+0000, without it", run: nulText),
        .init(name: "says what a stream added and changed since a position", run: streamChanges),
    ]
}

private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

private func entry(_ key: String, _ version: String = "1", hoursAgo: Double? = nil) -> EntryInput {
    EntryInput(
        key: EntryKey(stored: key), itemID: "id-\(key)",
        record: EntryRecord(json: #"{"type":"teaser","id":"\#(key)","v":"\#(version)"}"#, images: []),
        contentHTML: "<p>\(key)</p>", publishedAt: hoursAgo.map { t0.addingTimeInterval(-$0 * 3600) },
        contentHash: key + version)
}

private func record(
    _ source: String, _ entries: [EntryInput], sections: [SectionKey] = [SectionKey(brand: "b", section: "s")],
    keep: Int = 100, at: Date = t0
) -> FetchRecord {
    FetchRecord(
        sourceID: source, sections: sections, attemptedAt: at,
        outcome: .fetched(entries: entries, etag: "\"e\"", lastModified: nil, title: "T", webURL: nil),
        status: .http(200),
        nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: keep, keepSince: .distantPast)
}

private func keys(_ store: any TidingsStorage, _ stream: SectionKey = SectionKey(brand: "b", section: "s")) async throws
    -> [String]
{
    try await store.entries(section: stream, afterSeq: nil, limit: 100).map(\.key.stored)
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
    let changed = try #require(try await store.entry(section: SectionKey(brand: "b", section: "s"), itemID: "id-y"))
    #expect(changed.record.json.contains(#""v":"2""#))
    let page = try await store.entries(section: SectionKey(brand: "b", section: "s"), afterSeq: changed.seq, limit: 10)
    #expect(page.map(\.key.stored) == ["z"], "keyset paging after an entry")
    #expect(try await keys(store, SectionKey(brand: "other", section: "s")).isEmpty)
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
    try await store.registerSources([("a", .feed), ("b", .feed)], now: t0)
    try await store.registerSources([("a", .feed)], now: t0.addingTimeInterval(999))
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

private func refetch(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    try await store.registerSources([("a", .feed), ("b", .feed)], now: t0)
    _ = try await store.claimDueSources(owner: "me", now: t0, lease: 300, limit: 10)
    _ = try await store.recordFetches([record("a", [entry("x")]), record("b", [entry("y")])], owner: "me")
    let later = t0.addingTimeInterval(60)
    #expect(try await store.claimDueSources(owner: "me", now: later, lease: 300, limit: 10).isEmpty)
    try await store.refetchSources(["a", "unknown"], now: later)
    let states = Dictionary(uniqueKeysWithValues: try await store.sourceStates().map { ($0.id, $0) })
    #expect(states["a"]?.etag == nil && states["a"]?.lastModified == nil && states["a"]?.nextFetchAt == later)
    #expect(states["a"]?.entryCount == 1, "only how it is fetched next is forgotten")
    #expect(states["a"]?.streams == ["b/s"], "the streams its last full fetch wrote to")
    #expect(states["b"]?.etag == "\"e\"" && states["b"]?.nextFetchAt == t0.addingTimeInterval(600))
    #expect(try await store.claimDueSources(owner: "me", now: later, lease: 300, limit: 10).map(\.id) == ["a"])
    try await store.refetchSources(["b"], now: t0.addingTimeInterval(900))
    #expect(
        try await store.sourceStates().first { $0.id == "b" }?.nextFetchAt == t0.addingTimeInterval(600),
        "a source due earlier stays due earlier")
    #expect(try await store.sourceStates().count == 2, "an unknown id adds nothing")
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
        key: EntryKey(stored: "https://a.example/\u{0}x"), itemID: "id\u{0}",
        record: EntryRecord(json: "{\"t\":\"a\u{0}b\"}", images: []),
        contentHTML: "<p>\u{0}</p>", publishedAt: nil, contentHash: "h")
    var fetched = record("a", [hostile, entry("fine")])
    fetched.outcome = .fetched(
        entries: [hostile, entry("fine")], etag: "\"e\u{0}\"", lastModified: nil, title: "T\u{0}", webURL: nil)
    let failed = FetchRecord(
        sourceID: "b", sections: [SectionKey(brand: "b", section: "s")], attemptedAt: t0,
        outcome: .failed("bad \u{0} byte"), status: .unreadable,
        nextFetchAt: t0.addingTimeInterval(60), failures: 1, keepItems: 100, keepSince: .distantPast)
    let summaries = try await store.recordFetches([fetched, failed], owner: "me")
    #expect(summaries.first?.inserted == 2)
    #expect(try await keys(store) == ["https://a.example/x", "fine"])
    let stored = try #require(try await store.entry(section: SectionKey(brand: "b", section: "s"), itemID: "id"))
    #expect(stored.record.json == "{\"t\":\"ab\"}" && stored.contentHTML == "<p></p>")
}

/// Issue 13: with dated items, three reads of an 8-item feed under `max_items: 5` lost the two
/// newest and put the oldest on top as new; pruning went by arrival, and the next read inserted
/// the pruned items again.
private func retentionByDate(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // Oldest first in the document, as some feeds are: retention must go by date, not place.
    let document = (1...8).reversed().map { entry("d\($0)", hoursAgo: Double($0)) }
    let first = try await store.recordFetches([record("a", document, keep: 5)], owner: "me")
    #expect(first.first?.inserted == 5 && first.first?.beyondRetention == 3 && first.first?.pruned == 0)
    let kept = Set(try await keys(store))
    #expect(kept == ["d1", "d2", "d3", "d4", "d5"], "the five newest by date")
    for read in 2...3 {
        let summary = try await store.recordFetches(
            [record("a", document, keep: 5, at: t0.addingTimeInterval(Double(read) * 600))], owner: "me")
        #expect(summary.first?.changed == false, "read \(read): \(summary)")
        #expect(summary.first?.beyondRetention == 3)
        #expect(Set(try await keys(store)) == kept)
    }
    #expect(try await store.keptEntryCounts() == ["a": 5])
    // A newer item pushes the oldest kept one out, and that one does not come back either.
    let newer = [entry("d0", hoursAgo: 0.5)] + document
    let next = try await store.recordFetches(
        [record("a", newer, keep: 5, at: t0.addingTimeInterval(3600))], owner: "me")
    #expect(next.first?.inserted == 1 && next.first?.pruned == 1)
    #expect(Set(try await keys(store)) == ["d0", "d1", "d2", "d3", "d4"])
    let again = try await store.recordFetches(
        [record("a", newer, keep: 5, at: t0.addingTimeInterval(4200))], owner: "me")
    #expect(again.first?.changed == false)
    // An item dated in the future ranks as the time it was read, not above everything for ever.
    let future = [entry("future", hoursAgo: -1000)] + newer
    _ = try await store.recordFetches([record("a", future, keep: 5, at: t0.addingTimeInterval(4800))], owner: "me")
    #expect(try await keys(store).first == "future")
}

/// Any document (dated, undated and mixed, in any order), any cap: the first read keeps the
/// newest `keep` by ranking date then place; reading the same document again changes nothing;
/// and a document that grows on top never brings a pruned entry back.
private func retentionProperty(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    var random = SplitMix64(seed: 13)
    for trial in 0..<25 {
        let stream = SectionKey(brand: "p", section: "\(trial)")
        let keep = Int.random(in: 1...12, using: &random)
        var document: [EntryInput] = (0..<Int.random(in: 1...30, using: &random)).map { index in
            let dated = Int.random(in: 0..<4, using: &random) > 0
            return entry("t\(trial)-\(index)", hoursAgo: dated ? Double(Int.random(in: 0...48, using: &random)) : nil)
        }
        document.shuffle(using: &random)
        var at = t0
        _ = try await store.recordFetches([record("a", document, sections: [stream], keep: keep, at: at)], owner: "me")
        let expected = expectedKept(document, keep: keep, at: at)
        let kept = try await keys(store, stream)
        #expect(Set(kept) == expected, "trial \(trial): keep \(keep)")
        var pruned = Set(document.map(\.key.stored)).subtracting(kept)
        for round in 1...3 {
            at = at.addingTimeInterval(600)
            var added: Set<String> = []
            if round == 2 {
                // Two new items on top: one undated (ranked as the time of the read), one dated now.
                let fresh = [entry("t\(trial)-new"), entry("t\(trial)-dated", hoursAgo: 0)]
                document.insert(contentsOf: fresh, at: 0)
                added = Set(fresh.map(\.key.stored))
            }
            let before = Set(try await keys(store, stream))
            let summary = try await store.recordFetches(
                [record("a", document, sections: [stream], keep: keep, at: at)], owner: "me")
            let after = Set(try await keys(store, stream))
            #expect(after.isDisjoint(with: pruned), "trial \(trial) round \(round): a pruned entry came back")
            if added.isEmpty {
                #expect(summary.first?.changed == false && after == before, "trial \(trial) round \(round): \(summary)")
            } else {
                #expect(after.isSubset(of: before.union(added)))
                #expect(after.count == min(keep, before.count + added.count))
                #expect(after.contains("t\(trial)-new"), "the newest item is kept")
            }
            pruned.formUnion(before.union(added).subtracting(after))
        }
    }
}

/// The rule of the store, written out plainly: an entry ranks by its date (never later than the
/// read), an undated one by the date of the entry above it (the read's time at the top), ties by
/// place; the first `keep` stay.
private func expectedKept(_ document: [EntryInput], keep: Int, at: Date) -> Set<String> {
    var carried = at
    let ranked = document.enumerated().map { index, entry in
        if let date = entry.publishedAt { carried = min(date, at) }
        return (key: entry.key.stored, date: carried, index: index)
    }
    let sorted = ranked.sorted { $0.date != $1.date ? $0.date > $1.date : $0.index < $1.index }
    return Set(sorted.prefix(keep).map(\.key))
}

/// Issue 13: the article route looked an id up in every section of every brand, so another
/// brand's feed with the same link replaced the page.
private func scopedLookup(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [
            record("a", [entry("x")], sections: [SectionKey(brand: "one", section: "s")]),
            record("b", [entry("x", "evil")], sections: [SectionKey(brand: "two", section: "s")]),
        ],
        owner: "me")
    let own = try #require(try await store.entry(section: SectionKey(brand: "one", section: "s"), itemID: "id-x"))
    #expect(own.sourceID == "a" && own.record.json.contains(#""v":"1""#))
    #expect(try await store.entry(section: SectionKey(brand: "two", section: "s"), itemID: "id-x")?.sourceID == "b")
    #expect(try await store.entry(section: SectionKey(brand: "three", section: "s"), itemID: "id-x") == nil)
}

/// Entries stored before identity was scoped (keyed by link) are adopted under their new key:
/// same place, counted as changed or unchanged, never as new.
private func adoption(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [record("a", [entry("a\nhttps://e.com/1"), entry("a\nhttps://e.com/2")])], owner: "me")
    var renamed = entry("a\nid:guid-1", "2")
    renamed.formerKey = EntryKey(stored: "a\nhttps://e.com/1")
    var same = entry("a\nid:guid-2")
    same.formerKey = EntryKey(stored: "a\nhttps://e.com/2")
    same.contentHash = "a\nhttps://e.com/2" + "1"
    let summary = try await store.recordFetches([record("a", [renamed, same])], owner: "me")
    #expect(summary.first?.inserted == 0 && summary.first?.updated == 1 && summary.first?.unchanged == 1)
    #expect(try await keys(store) == ["a\nid:guid-1", "a\nid:guid-2"])
}

/// A database written by an earlier version: its entries keep their place and content, their
/// keys are scoped by source, and their ranking date is their published date (or first sight).
private func upgrade(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 5)
    let seen = t0.millisecondsSince1970
    try await source.write { db in
        for (seq, key, published) in [(1, "https://e.com/old", seen - 7_200_000), (2, "id:g", nil)]
            as [(Int, String, Int64?)]
        {
            try await db.raw(
                """
                INSERT INTO entries (stream, key, source_id, item, content_hash, content_html, item_id,
                  published_at, first_seen_at, updated_at)
                VALUES ('b/s', \(bind: key), 'a', '{}', 'h', NULL, \(bind: "i\(seq)"), \(bind: published),
                  \(bind: seen), \(bind: seen))
                """
            ).run()
        }
    }
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await keys(store) == ["a\nid:g", "a\nhttps://e.com/old"])
    var old = entry("a\nid:guid-old")
    old.formerKey = EntryKey(stored: "a\nhttps://e.com/old")
    old.contentHash = "h"
    let summary = try await store.recordFetches([record("a", [entry("a\nid:g", "h"), old], keep: 1)], owner: "me")
    // keep 1: the undated entry was first seen at t0, the dated one two hours before it.
    #expect(summary.first?.inserted == 0 && summary.first?.pruned == 1, "\(summary)")
    #expect(try await keys(store) == ["a\nid:g"])
}

/// Rows written by the previous build (version-1 records: `item` alone) of every kind, one that
/// no longer decodes, and one an older server adds after the upgrade: migration 13 gives each that
/// decodes its image places, and each is served byte for byte as the previous build served it.
private func imagePlaces(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 12)
    let rows =
        try EntryRecordTests.items.map { name, item in
            (name, String(decoding: try TidingsJSON.encoder().encode(item), as: UTF8.self))
        } + [("no longer decodes", #"{"type":"teaser","image_url":"https://a.example/x.png"}"#)]
    @Sendable func insert(_ rows: [(String, String)], from start: Int, _ db: any SQLDatabase) async throws {
        for (offset, (_, json)) in rows.enumerated() {
            try await db.raw(
                """
                INSERT INTO entries (stream, key, source_id, item, content_hash, item_id, sort_at, first_seen_at,
                  updated_at)
                VALUES ('b/s', \(bind: "k\(start + offset)"), 'a', \(bind: json), 'h', \(bind: "i\(start + offset)"),
                  \(bind: start + offset), 0, 0)
                """
            ).run()
        }
    }
    try await source.write { db in try await insert(rows, from: 0, db) }
    #expect(try await Migrations.migrate(source, upTo: 13) == [13])
    let late = [("written by an older server after the upgrade", rows[0].1)]
    try await source.write { db in try await insert(late, from: rows.count, db) }
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let stored = try await store.entries(section: SectionKey(brand: "b", section: "s"), afterSeq: nil, limit: 50)
        .reversed()
    #expect(stored.count == rows.count + late.count)
    for ((name, json), entry) in zip(rows + late, stored) {
        let served = try? EntryRecordTests.served(json)
        #expect(entry.record.json == json, "\(name)")
        let converted = EntryRecord.converting(json: json)
        if name == late[0].0 || converted == nil {
            #expect(entry.record.images == nil, "\(name): read as version 1")
        } else {
            #expect(entry.record.images == converted?.images, "\(name)")
        }
        if converted != nil {
            #expect(entry.record.json(links: EntryRecordTests.link) == served, "\(name)")
        } else {
            #expect(entry.record.json(links: EntryRecordTests.link) == json, "\(name): served as stored")
        }
    }
}

private func streamChanges(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let empty = try await store.streamChanges(section: SectionKey(brand: "b", section: "s"), since: nil)
    #expect(empty == StreamChanges(position: StreamPosition(seq: 0, changedAt: 0), added: 0, changed: 0))
    _ = try await store.recordFetches([record("a", [entry("x"), entry("y"), entry("z")])], owner: "me")
    let first = try await store.streamChanges(section: SectionKey(brand: "b", section: "s"), since: nil)
    #expect(first.added == 3 && first.changed == 0)
    #expect(StreamPosition(first.position.description) == first.position, "an event id reads back")
    // A minute later: one new entry on top, one changed in place, one the same.
    let later = t0.addingTimeInterval(60)
    _ = try await store.recordFetches(
        [record("a", [entry("new"), entry("x"), entry("y", "2"), entry("z")], at: later)], owner: "me")
    let since = try await store.streamChanges(section: SectionKey(brand: "b", section: "s"), since: first.position)
    #expect(since.added == 1 && since.changed == 1, "\(since)")
    #expect(since.position.seq > first.position.seq && since.position.changedAt == later.millisecondsSince1970)
    let now = try await store.streamChanges(section: SectionKey(brand: "b", section: "s"), since: since.position)
    #expect(now == StreamChanges(position: since.position, added: 0, changed: 0), "nothing since the latest")
    #expect(
        try await store.streamChanges(section: SectionKey(brand: "b", section: "other"), since: nil).added == 0,
        "streams are apart")
    #expect(StreamPosition("12") == nil && StreamPosition("a.b") == nil && StreamPosition("-1.5") == nil)
}
