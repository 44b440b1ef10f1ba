import Foundation
import SQLKit
import Testing
import TidingsCatalog
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

/// What every storage backend must do. Both backend suites run each check on a fresh database.
struct StoreCheck: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (TestDatabase) async throws -> Void
    var testDescription: String { name }

    static let all: [StoreCheck] = [
        .init(name: "derives news in the same transaction as the events", run: derivesNews),
        .init(name: "treats a known event id as a duplicate that changes nothing", run: duplicates),
        .init(name: "does not log refused events", run: refusals),
        .init(name: "pages by keyset without repeats or gaps while items arrive", run: pagingWhileInserting),
        .init(name: "shows only items inside the window", run: window),
        .init(name: "rebuilds exactly the news live ingestion made", run: rebuildMatchesLive),
        .init(name: "applies migrations once", run: migrationsOnce),
        .init(name: "reports the schema, and refuses one newer than the build without changing it", run: schemaStatus),
        .init(name: "keeps API key hashes, finds and revokes them", run: apiKeys),
        .init(name: "keys made before scopes read back as write keys", run: keysBeforeScopes),
        .init(name: "rolls a failed transaction back completely", run: rollback),
        .init(name: "lets concurrent writers take turns", run: concurrentWriters),
        .init(name: "sees what another process wrote to the same product", run: twoProcesses),
        .init(
            name: "a write that runs alone trusts its cached states only while no other process wrote",
            run: cachedStatesAcrossProcesses),
        .init(name: "tells the other processes what each committed write changed", run: announcements),
        .init(name: "keeps the news rules with writers in three processes at once", run: writersInThreeProcesses),
        .init(
            name: "a previous build writing beside this one never trusts its cached states again", run: previousBuild),
        .init(name: "a write naming many keys holds a bounded number of locks", run: boundedLocks),
        .init(name: "gives a product's price history in time order, from its last creation", run: priceHistory),
        .init(name: "keeps one cursor secret that concurrent first start-ups agree on", run: cursorSecret),
        .init(name: "says what news was added and changed since a position", run: newsChanges),
    ]
}

private let everything = Date.distantPast

private func ingest(_ store: any CatalogStore, _ inputs: [EventInput]) async throws -> [IngestOutcome] {
    try await store.ingest(Events.validated(inputs), recordedAt: Events.at(minutes: 100_000))
}

private func allNews(_ store: any CatalogStore) async throws -> [NewsEntry] {
    try await store.newsPage(since: everything, after: nil, limit: 100_000)
}

private func derivesNews(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let outcomes = try await ingest(
        store,
        [
            Events.created("e1", product: "44957", price: "195.00", names: ["en": "Pineapple"]),
            Events.price("e2", product: "44957", price: "175.50", at: Events.at(minutes: 600)),
        ])
    #expect(outcomes == [.accepted, .accepted])
    let news = try await allNews(store)
    #expect(news.map(\.record.id) == ["e2", "e1"], "newest first")
    #expect(news.first?.record.percent == 10)
    #expect(news.first?.record.oldPrice?.minorUnits == 19_500)
    #expect(news.first?.product.name(for: .en) == "Pineapple")
    let product = try #require(try await store.product(id: "44957"))
    #expect(product.storePrice.minorUnits == 17_550)
    #expect(product.updatedAt == Events.at(minutes: 600))
    #expect(try await store.counts() == StoreCounts(events: 2, products: 1, newsItems: 2))
}

private func duplicates(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(store, [Events.created("e1", product: "p1", price: "100")])
    let outcomes = try await ingest(
        store,
        [
            Events.created("e1", product: "p1", price: "100"),
            Events.price("e2", product: "p1", price: "50", at: Events.at(minutes: 10)),
            Events.price("e2", product: "p1", price: "50", at: Events.at(minutes: 10)),
        ])
    #expect(outcomes == [.duplicate, .accepted, .duplicate])
    #expect(try await store.counts().events == 2)
}

private func refusals(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let outcomes = try await ingest(
        store,
        [
            Events.price("e1", product: "ghost", price: "10", at: Events.epoch),
            Events.created("e2", product: "p1", price: "100"),
            Events.created("e3", product: "p1", price: "100"),
        ])
    #expect(outcomes.first.map { if case .rejected(let error) = $0 { error.kind == .notFound } else { false } } == true)
    #expect(outcomes[1] == .accepted)
    #expect(outcomes.last.map { if case .rejected(let error) = $0 { error.kind == .conflict } else { false } } == true)
    #expect(try await store.counts() == StoreCounts(events: 1, products: 1, newsItems: 1))
    // A refused id is not burned: sending it again, valid this time, is accepted.
    #expect(
        try await ingest(store, [Events.price("e1", product: "p1", price: "50", at: Events.at(minutes: 1))]) == [
            .accepted
        ])
}

private func pagingWhileInserting(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // 25 products; several share a timestamp so the id breaks ties.
    _ = try await ingest(
        store,
        (0..<25).map { index in
            Events.created("c\(index)", product: "p\(index)", price: "100", at: Events.at(minutes: Double(index / 3)))
        })
    var seen: [String] = []
    var cursor: NewsCursor?
    var inserted = 0
    repeat {
        let page = try await store.newsPage(since: everything, after: cursor, limit: 10)
        seen += page.map(\.record.id)
        cursor =
            page.count == 10
            ? page.last?.cursor : nil
        // Newer items arrive between page requests.
        _ = try await ingest(
            store,
            [
                Events.created(
                    "n\(inserted)", product: "new\(inserted)", price: "1",
                    at: Events.at(minutes: 1_000 + Double(inserted)))
            ])
        inserted += 1
    } while cursor != nil
    let original = (0..<25).map { "c\($0)" }
    #expect(seen.filter { $0.hasPrefix("c") }.sorted() == original.sorted())
    #expect(Set(seen).count == seen.count, "no item repeats")
    #expect(seen.allSatisfy { $0.hasPrefix("c") }, "items newer than the first page do not appear in later pages")
}

private func window(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(
        store,
        [
            Events.created("old", product: "a", price: "1", at: Events.at(minutes: 0)),
            Events.created("new", product: "b", price: "1", at: Events.at(minutes: 60)),
        ])
    let page = try await store.newsPage(since: Events.at(minutes: 30), after: nil, limit: 50)
    #expect(page.map(\.record.id) == ["new"])
}

private func rebuildMatchesLive(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    var random = SplitMix64(seed: 7)
    var inputs: [EventInput] = []
    for product in 0..<12 { inputs.append(Events.created("c\(product)", product: "p\(product)", price: "100.00")) }
    var prices = [Int](repeating: 10_000, count: 12)
    for step in 0..<400 {
        let product = random.next(upTo: 12)
        let minutes = Double(10 + step * 17)
        if random.next(upTo: 40) == 0 {
            inputs.append(Events.deleted("d\(step)", product: "p\(product)", at: Events.at(minutes: minutes)))
            inputs.append(
                Events.created("r\(step)", product: "p\(product)", price: "100.00", at: Events.at(minutes: minutes + 1))
            )
            prices[product] = 10_000
            continue
        }
        // Moves of −12 %…+12 %, with reversals, so threshold, merge and vanish all happen.
        prices[product] = max(100, prices[product] * (88 + random.next(upTo: 25)) / 100)
        inputs.append(
            Events.price(
                "s\(step)", product: "p\(product)",
                price: Money(minorUnits: Int64(prices[product]), currency: .rub).decimalString,
                at: Events.at(minutes: minutes)))
    }
    // Live, in uneven batches.
    var start = 0
    while start < inputs.count {
        let end = min(inputs.count, start + 1 + random.next(upTo: 60))
        _ = try await ingest(store, Array(inputs[start..<end]))
        start = end
    }
    let live = try await allNews(store)
    let liveProducts = try await (0..<12).asyncMap { try await store.product(id: "p\($0)") }
    let summary = try await store.rebuildNews(progress: nil)
    let rebuilt = try await allNews(store)
    #expect(summary.skipped == 0)
    #expect(summary.events == inputs.count)
    #expect(live.count > 20, "the scenario should make plenty of news")
    #expect(rebuilt == live)
    #expect(try await (0..<12).asyncMap { try await store.product(id: "p\($0)") } == liveProducts)
}

private func writersInThreeProcesses(_ database: TestDatabase) async throws {
    // Three stores stand for three server processes, two writers in each, writing 16 products
    // that all of them touch: prices late and in time, deletions and re-creations, and events
    // sent twice through different processes. Whatever order they commit in, each product must
    // end as its events in time order make it — what rebuilding from the log gives.
    // SQLite: one store (one process writes a SQLite file; separate processes' writers take
    // turns through SQLite's busy handler, which is not fair, and one can wait out its timeout).
    let stores = try await (0..<(database.backend == .postgres ? 3 : 1)).asyncMap { _ in try await database.open() }
    defer { Task { for store in stores { try await store.close() } } }
    let products = 16
    _ = try await ingest(
        stores[0], (0..<products).map { Events.created("c\($0)", product: "p\($0)", price: "100.00") })
    var random = SplitMix64(seed: 11)
    var streams = [[EventInput]](repeating: [], count: 6)
    var sent = 0
    for step in 0..<600 {
        let product = random.next(upTo: products)
        let minutes = Double(10 + random.next(upTo: 20_000))  // arrival order is not time order
        let writer = random.next(upTo: 6)
        let event: EventInput
        if random.next(upTo: 50) == 0 {
            streams[writer].append(Events.deleted("d\(step)", product: "p\(product)", at: Events.at(minutes: minutes)))
            event = Events.created(
                "r\(step)", product: "p\(product)", price: "100.00", at: Events.at(minutes: minutes + 1))
            sent += 1
        } else {
            let price = Money(minorUnits: Int64(5_000 + random.next(upTo: 10_000)), currency: .rub).decimalString
            event = Events.price("s\(step)", product: "p\(product)", price: price, at: Events.at(minutes: minutes))
        }
        streams[writer].append(event)
        sent += 1
        // One event in ten goes through a second process as well: one of the two is a duplicate.
        if random.next(upTo: 10) == 0 { streams[(writer + 3) % 6].append(event) }
    }
    let outcomes = try await withThrowingTaskGroup(of: [(String, IngestOutcome)].self) { group in
        for (writer, events) in streams.enumerated() {
            group.addTask {
                var outcomes: [(String, IngestOutcome)] = []
                var start = 0
                var random = SplitMix64(seed: UInt64(writer))
                while start < events.count {
                    let end = min(events.count, start + 1 + random.next(upTo: 8))
                    let batch = Array(events[start..<end])
                    let stored = try await ingest(stores[writer % stores.count], batch)
                    outcomes += zip(batch.map(\.id), stored).map { ($0, $1) }
                    start = end
                }
                return outcomes
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    // An event sent twice is applied at most once; the other copy is a duplicate, or refused by
    // the state it met (a re-creation that arrived before its deletion), never a conflict.
    let byID = Dictionary(grouping: outcomes, by: \.0).mapValues { $0.map(\.1) }
    for (id, copies) in byID {
        #expect(copies.count(where: { $0 == .accepted }) <= 1, "\(id): \(copies)")
        #expect(!copies.contains(.rejected(.replayConflict(id))), "\(id): \(copies)")
    }
    let accepted = byID.values.count(where: { $0.contains(.accepted) })
    #expect(byID.count == sent && accepted > sent * 8 / 10, "most events apply: \(accepted) of \(sent)")
    let live = try await allNews(stores[stores.count / 2])
    let liveProducts = try await (0..<products).asyncMap { try await stores[stores.count - 1].product(id: "p\($0)") }
    let summary = try await stores[0].rebuildNews(progress: nil)
    #expect(summary.skipped == 0)
    #expect(summary.events == products + accepted)
    #expect(try await allNews(stores[0]) == live)
    #expect(try await (0..<products).asyncMap { try await stores[0].product(id: "p\($0)") } == liveProducts)
}

private func previousBuild(_ database: TestDatabase) async throws {
    // Builds before migration 9 bumped catalog_version in every catalog write (`UPDATE … SET
    // version = version + 1 … RETURNING version`) and trusted the product states they had cached
    // when it returned exactly one more than at their last write. This build never bumps it, so
    // during a rolling upgrade such a build could not see this one's writes: the bump must never
    // return one more again.
    let store = try await database.open()
    try await store.close()
    let source = try await database.openSource()
    defer { Task { try await source.close() } }
    func previousBuildsBump() async throws -> Int64 {
        try await source.write { db in
            let row = try await db.raw(
                "UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version"
            )
            .first()
            return try #require(try row?.decode(column: "version", as: Int64.self))
        }
    }
    let first = try await previousBuildsBump()
    let second = try await previousBuildsBump()
    #expect(second != first + 1, "a previous build would trust its cache: \(first) then \(second)")
}

private func boundedLocks(_ database: TestDatabase) async throws {
    // PostgreSQL's advisory locks share one table of a few thousand slots with every session: a
    // write naming 2,000 keys (a 1,000-event batch) runs alone on one lock instead.
    guard database.backend == .postgres else { return }
    let source = try await database.openSource()
    let observer = try await database.openSource()
    defer {
        Task {
            try await source.close()
            try await observer.close()
        }
    }
    _ = try await Migrations.migrate(source)
    func heldWhile(_ locks: WriteLocks) async throws -> Int {
        let (inside, entered) = AsyncStream.makeStream(of: Void.self)
        let (release, done) = AsyncStream.makeStream(of: Void.self)
        let writing = Task {
            try await source.write(locking: locks) { _ in
                entered.yield()
                for await _ in release { break }
            }
        }
        for await _ in inside { break }
        let held = try await observer.read { db in
            try await db.raw(
                """
                SELECT COUNT(*) AS c FROM pg_locks WHERE locktype = 'advisory' AND granted
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """
            ).first()?.decode(column: "c", as: Int64.self) ?? 0
        }
        done.yield()
        try await writing.value
        return Int(held)
    }
    #expect(try await heldWhile(.keys(Set((0..<3).map { "product:\($0)" }))) == 4, "the shared key and three")
    #expect(try await heldWhile(.keys(Set((0..<2_000).map { "product:\($0)" }))) == 1, "alone, on one lock")
}

private func migrationsOnce(_ database: TestDatabase) async throws {
    let first = try await database.open()
    try await first.close()
    let source = try await database.openSource()
    let applied = try await Migrations.migrate(source)
    #expect(applied.isEmpty)
    let versions = try await source.read { db in
        try await db.raw("SELECT version FROM schema_migrations ORDER BY version").all().map {
            try $0.decode(column: "version", as: Int64.self)
        }
    }
    #expect(versions == Migrations.all.map { Int64($0.version) })
    try await source.close()
}

private func schemaStatus(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    let empty = try await Migrations.status(source)
    #expect(empty.applied.isEmpty && empty.version == 0 && !empty.isCurrent)
    #expect(empty.pending.map(\.version) == Migrations.all.map(\.version))
    try await Migrations.migrate(source, upTo: 5)
    let partial = try await Migrations.status(source)
    #expect(partial.version == 5 && partial.pending.map(\.version) == Array(6...Migrations.latest))
    try await source.close()

    // Opening without migrating refuses what is behind, naming what to run.
    await #expect {
        try await DatabaseURL(database.url).open(policy: NewsPolicy(), schema: .requireCurrent)
    } throws: { "\($0)".contains("the schema is at version 5 and this tidings needs \(Migrations.latest)") }

    let store = try await database.open()
    #expect(try await store.schemaStatus().isCurrent)
    try await store.close()

    // A newer tidings recorded a version this build does not know.
    let writer = try await database.openSource()
    try await writer.write { db in
        try await db.raw("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)").run()
    }
    let newer = try await Migrations.status(writer)
    #expect(newer.isNewer && newer.version == 999 && !newer.isCurrent)
    await #expect(throws: SchemaTooNew.self) { try await Migrations.migrate(writer) }
    try await writer.close()
    for schema in [DatabaseURL.Schema.migrate, .requireCurrent] {
        await #expect {
            try await DatabaseURL(database.url).open(policy: NewsPolicy(), schema: schema)
        } throws: {
            "\($0)".contains("the schema is at version 999, newer than this tidings knows (\(Migrations.latest))")
        }
    }
    let after = try await database.openSource()
    #expect(try await Migrations.status(after) == newer, "nothing was changed")
    try await after.close()
}

private func apiKeys(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let key = try await store.createAPIKey(name: "shoppers", hash: "abc", at: Events.epoch)
    #expect(try await store.apiKey(hash: "abc")?.id == key.id)
    #expect(try await store.apiKey(hash: "nope") == nil)
    #expect(try await store.revokeAPIKey(id: key.id, at: Events.at(minutes: 1)))
    #expect(try await store.apiKey(hash: "abc")?.revokedAt == Events.at(minutes: 1))
    #expect(try await store.revokeAPIKey(id: 999, at: Events.epoch) == false)
    #expect(try await store.apiKeys().map(\.name) == ["shoppers"])
    #expect(try await store.apiKeys().map(\.scope) == [.write], "a key made without a scope posts events")
    let admin = try await store.createAPIKey(name: "newsroom", hash: "def", scope: .admin, at: Events.epoch)
    #expect(admin.scope == .admin)
    #expect(try await store.apiKey(hash: "def")?.scope == .admin)
    #expect(APIKeyScope.admin.allows(.write) && APIKeyScope.write.allows(.write))
    #expect(!APIKeyScope.write.allows(.admin) && !APIKeyScope.read.allows(.write) && !APIKeyScope.write.allows(.read))
    // Console sessions: found by their cookie's hash with their key as it is now, until they
    // expire or end; an expired one is removed when the next one starts.
    let ends = Events.at(minutes: 60)
    try await store.startSession(tokenHash: "s1", keyID: admin.id, csrf: "t1", at: Events.epoch, expires: ends)
    let open = try #require(try await store.session(tokenHash: "s1", at: Events.at(minutes: 59)))
    #expect(open.key.id == admin.id && open.key.name == "newsroom" && open.csrf == "t1" && open.expiresAt == ends)
    #expect(try await store.session(tokenHash: "s1", at: ends) == nil, "expired")
    #expect(try await store.session(tokenHash: "s2", at: Events.epoch) == nil)
    _ = try await store.revokeAPIKey(id: admin.id, at: Events.at(minutes: 2))
    #expect(try await store.session(tokenHash: "s1", at: Events.at(minutes: 3))?.key.revokedAt != nil)
    try await store.startSession(tokenHash: "s2", keyID: key.id, csrf: "t2", at: ends, expires: Events.at(minutes: 90))
    #expect(try await store.session(tokenHash: "s1", at: Events.epoch) == nil, "removed once expired")
    try await store.endSession(tokenHash: "s2")
    try await store.endSession(tokenHash: "s2")
    #expect(try await store.session(tokenHash: "s2", at: ends) == nil, "ended")
}

/// Keys made before scopes (migration 15) keep posting events: they read back as `write`.
private func keysBeforeScopes(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 14)
    try await source.write { db in
        try await db.raw("INSERT INTO api_keys (name, key_hash, created_at) VALUES ('old', 'h', 0)").run()
    }
    #expect(try await Migrations.migrate(source) == Array(15...Migrations.latest))
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await store.apiKey(hash: "h")?.scope == .write)
}

private struct Boom: Error {}

private func rollback(_ database: TestDatabase) async throws {
    let store = try await database.open()
    try await store.close()
    let source = try await database.openSource()
    await #expect(throws: Boom.self) {
        try await source.write { db in
            try await db.raw("INSERT INTO api_keys (name, key_hash, created_at) VALUES ('x', 'y', 0)").run()
            throw Boom()
        }
    }
    let rows = try await source.read { db in try await db.raw("SELECT id FROM api_keys").all().count }
    #expect(rows == 0)
    try await source.close()
}

private func concurrentWriters(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(store, [Events.created("c", product: "p", price: "100")])
    try await withThrowingTaskGroup(of: [IngestOutcome].self) { group in
        for writer in 0..<8 {
            group.addTask {
                try await ingest(
                    store,
                    (0..<10).map { step in
                        Events.price(
                            "w\(writer)-\(step)", product: "p", price: step % 2 == 0 ? "50" : "100",
                            at: Events.at(minutes: Double(writer * 1000 + step * 200)))
                    })
            }
        }
        for try await outcomes in group { #expect(outcomes.allSatisfy { $0 == .accepted }) }
    }
    #expect(try await store.counts().events == 81)
}

private func twoProcesses(_ database: TestDatabase) async throws {
    // Two stores on one database stand for two server processes; each caches product states.
    let first = try await database.open()
    let second = try await database.open()
    // Both are closed as the test's database is (TestDatabase.with).
    _ = try await ingest(first, [Events.created("c", product: "p", price: "100")])
    _ = try await ingest(first, [Events.price("a1", product: "p", price: "80", at: Events.at(minutes: 300))])
    // The second process moves the price on; the first must derive from 60, not its cached 80.
    _ = try await ingest(second, [Events.price("b1", product: "p", price: "60", at: Events.at(minutes: 600))])
    _ = try await ingest(first, [Events.price("a2", product: "p", price: "30", at: Events.at(minutes: 900))])
    let latest = try #require(try await allNews(first).first)
    #expect(latest.record.id == "a2")
    #expect(latest.record.oldPrice?.minorUnits == 6_000)
    #expect(latest.record.percent == 50)
    // And a refused write through the first (a replay of "c" with another price) leaves nothing
    // stale behind.
    let refused = try await ingest(first, [Events.created("c", product: "p", price: "1")])
    #expect(refused == [.rejected(.replayConflict("c"))])
    _ = try await ingest(second, [Events.price("b2", product: "p", price: "45", at: Events.at(minutes: 1200))])
    _ = try await ingest(first, [Events.price("a3", product: "p", price: "90", at: Events.at(minutes: 1500))])
    #expect(try await allNews(first).first?.record.oldPrice?.minorUnits == 4_500)
}

private func cachedStatesAcrossProcesses(_ database: TestDatabase) async throws {
    // Batches naming more keys than a PostgreSQL write locks one by one run alone and keep product
    // states cached, with the log's position they are current at; a small write of another process
    // between two such batches moves the log, so the next batch reads its product again.
    let first = try await database.open()
    let second = try await database.open()
    // Both are closed as the test's database is (TestDatabase.with).
    let products = 0..<40
    _ = try await ingest(first, products.map { Events.created("c\($0)", product: "p\($0)", price: "100") })
    _ = try await ingest(
        first, products.map { Events.price("a\($0)", product: "p\($0)", price: "80", at: Events.at(minutes: 300)) })
    _ = try await ingest(second, [Events.price("b", product: "p7", price: "60", at: Events.at(minutes: 600))])
    let outcomes = try await ingest(
        first, products.map { Events.price("d\($0)", product: "p\($0)", price: "30", at: Events.at(minutes: 900)) })
    #expect(outcomes.allSatisfy { $0 == .accepted })
    let latest = Dictionary(
        try await allNews(first).filter { $0.record.id.hasPrefix("d") }.map { ($0.record.productID, $0.record) }
    ) { first, _ in first }
    #expect(latest.count == products.count)
    #expect(latest["p7"]?.oldPrice?.minorUnits == 6_000, "derived from the other process's 60, not the cached 80")
    #expect(latest["p8"]?.oldPrice?.minorUnits == 8_000)
}

private func announcements(_ database: TestDatabase) async throws {
    let writer = try await database.open()
    let follower = try await database.open()
    // Both are closed as the test's database is (TestDatabase.with).
    let heard = Locked<[StoreChange]>([])
    let following = Task { try await follower.followChanges { change in heard.withLock { $0.append(change) } } }
    defer { following.cancel() }
    if database.backend == .sqlite {
        #expect(try await following.value == false, "one process serves a SQLite file: nothing to follow")
        return
    }
    /// Waits until `count` changes were heard, then returns them all.
    func changes(_ count: Int) async throws -> [StoreChange] {
        _ = await eventually { heard.current.count >= count }
        return heard.current
    }
    #expect(try await changes(1) == [.everything], "following starts by saying anything may have changed")
    _ = try await ingest(writer, [Events.created("c", product: "p", price: "100")])
    // Refused and rolled back: announced to no one.
    await #expect(throws: CatalogError.self) {
        try await writer.ingest(
            Events.validated([Events.price("x", product: "missing", price: "1", at: Events.at(minutes: 5))]),
            recordedAt: Events.at(minutes: 100_000), atomic: true)
    }
    // Only duplicates: nothing changed.
    _ = try await ingest(writer, [Events.created("c", product: "p", price: "100")])
    // What the follower writes itself, it knows without hearing it.
    _ = try await ingest(follower, [Events.price("f", product: "p", price: "90", at: Events.at(minutes: 10))])
    let entry = EntryInput(
        key: EntryKey(stored: "k"), itemID: "k", record: EntryRecord(json: #"{"type":"teaser","id":"k"}"#, images: []),
        contentHTML: nil,
        publishedAt: nil,
        contentHash: "k")
    let fetch = FetchRecord(
        sourceID: "s", sections: [SectionKey(brand: "b", section: "one"), SectionKey(brand: "b", section: "two")],
        attemptedAt: Events.epoch,
        outcome: .fetched(entries: [entry], etag: nil, lastModified: nil, title: nil, webURL: nil),
        status: .http(200), nextFetchAt: Events.epoch, failures: 0, keepItems: 10, keepSince: .distantPast)
    _ = try await writer.recordFetches([fetch], owner: "w")
    _ = try await writer.recordFetches([fetch], owner: "w")  // unchanged: not announced
    _ = try await writer.rebuildNews(progress: nil)
    let expected: [StoreChange] = [
        .everything, StoreChange(catalog: true),
        StoreChange(sections: [SectionKey(brand: "b", section: "one"), SectionKey(brand: "b", section: "two")]),
        StoreChange(catalog: true),
    ]
    #expect(try await changes(expected.count) == expected)
    try await Task.sleep(for: .milliseconds(200))
    #expect(heard.current.count == expected.count, "and nothing more: \(heard.current)")
}

private func priceHistory(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(
        store,
        [
            Events.created("c1", product: "p", price: "10.00", at: Events.at(minutes: 0)),
            Events.price("c2", product: "p", price: "12.50", at: Events.at(minutes: 20)),
            // Arrives later but happened earlier: the history follows the events' time.
            Events.price("c3", product: "p", price: "11.00", at: Events.at(minutes: 10)),
            Events.created("o1", product: "other", price: "1.00", at: Events.at(minutes: 5)),
        ])
    let history = try await store.priceHistory(productID: "p")
    #expect(history.map(\.storePrice.minorUnits) == [1000, 1100, 1250])
    #expect(history.map(\.at) == [Events.at(minutes: 0), Events.at(minutes: 10), Events.at(minutes: 20)])
    #expect(history.allSatisfy { $0.storePrice.currency == .rub })
    _ = try await ingest(
        store,
        [
            Events.deleted("d1", product: "p", at: Events.at(minutes: 30)),
            Events.created("c4", product: "p", price: "20.00", at: Events.at(minutes: 40)),
        ])
    #expect(try await store.priceHistory(productID: "p").map(\.storePrice.minorUnits) == [2000])
    #expect(try await store.priceHistory(productID: "nothing").isEmpty)
}

private func cursorSecret(_ database: TestDatabase) async throws {
    // Four servers starting together over a new database each ask first; one secret wins for all.
    var stores: [any TidingsStorage] = []
    for _ in 0..<4 { stores.append(try await database.open()) }
    let opened = stores
    var secrets: [[UInt8]] = []
    if database.backend == .postgres {
        secrets = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for store in opened { group.addTask { try await store.cursorSecret() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    } else {
        // One after another: SQLite stores in one process share a small thread pool, where
        // writers waiting for the file lock can starve the one holding it (servers are processes).
        for store in opened { secrets.append(try await store.cursorSecret()) }
    }
    for store in opened { try await store.close() }
    #expect(Set(secrets).count == 1, "every server reads the same secret")
    #expect(secrets.first?.count == 32)
    #expect(Set(secrets.first ?? []).count > 8, "random bytes, not a constant")
    // A restart reads it back.
    let restarted = try await database.open()
    #expect(try await restarted.cursorSecret() == secrets.first)
    try await restarted.close()
}

/// What changed, asked as `/api/v1/news_items` and as catalog sections ask: with aggregation off
/// the two agree.
private func changes(_ store: any TidingsStorage, since position: NewsPosition?, window: Date) async throws
    -> NewsChanges
{
    let raw = try await store.newsChanges(since: position, window: window, folded: false)
    let folded = try await store.newsChanges(since: position, window: window, folded: true)
    #expect(raw.added == folded.added && raw.changed == folded.changed, "\(raw) vs \(folded)")
    return raw
}

private func newsChanges(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let start = try await changes(store, since: nil, window: everything)
    #expect(start.added == 0 && start.changed == 0)
    #expect(NewsPosition(start.position.description) == start.position, "an event id reads back")
    _ = try await ingest(
        store,
        [
            Events.created("a", product: "pa", price: "100.00"),
            Events.created("b", product: "pb", price: "100.00", at: Events.at(minutes: 10)),
        ])
    let created = try await changes(store, since: start.position, window: everything)
    #expect(created.added == 2 && created.changed == 0, "\(created)")
    let same = try await changes(store, since: created.position, window: everything)
    #expect(same.added == 0 && same.changed == 0, "nothing since the latest")
    // A price change is a new item; a second one within the merge window rewrites it.
    _ = try await ingest(store, [Events.price("p1", product: "pa", price: "80.00", at: Events.at(minutes: 600))])
    let priced = try await changes(store, since: created.position, window: everything)
    #expect(priced.added == 1 && priced.changed == 0, "\(priced)")
    _ = try await ingest(store, [Events.price("p2", product: "pa", price: "70.00", at: Events.at(minutes: 620))])
    let merged = try await changes(store, since: priced.position, window: everything)
    #expect(merged.added == 0 && merged.changed == 1, "\(merged)")
    // A late event's item lands below the top of the feed: new all the same.
    _ = try await ingest(store, [Events.price("late", product: "pb", price: "50.00", at: Events.at(minutes: 20))])
    let late = try await changes(store, since: merged.position, window: everything)
    #expect(late.added == 1, "\(late)")
    #expect(
        try await changes(store, since: merged.position, window: Events.at(minutes: 21)).added == 0,
        "items older than the window are not counted")
    // A rebuild writes every item again: changed, not added.
    let before = try await allNews(store).count
    _ = try await store.rebuildNews(progress: nil)
    let rebuilt = try await changes(store, since: late.position, window: everything)
    #expect(rebuilt.added == 0 && rebuilt.changed == before, "\(rebuilt)")
    #expect(NewsPosition("1:0:") == nil && NewsPosition("1:5:7") == nil && NewsPosition("a:b:") == nil)
    #expect(NewsPosition("1:5:3,2") == nil, "pending revisions ascend")

    // PostgreSQL writers commit in any order: a write under way when a position is taken is told
    // once it commits, though a later write committed first. (A row inserted as a previous build
    // would, without naming the revisions: the columns' defaults stamp it.)
    guard database.backend == .postgres else { return }
    let other = try await database.openSource()
    defer { Task { try await other.close() } }
    let (inside, entered) = AsyncStream.makeStream(of: Void.self)
    let (release, done) = AsyncStream.makeStream(of: Void.self)
    let writing = Task {
        try await other.write(locking: .keys([])) { db in
            try await db.raw(
                """
                INSERT INTO news_items (id, product_id, kind, price, currency, created_at, updated_at)
                VALUES ('slow', 'pa', 'new_product', 100, 'RUB', 0, 0)
                """
            ).run()
            entered.yield()
            for await _ in release { break }
        }
    }
    for await _ in inside { break }
    _ = try await ingest(store, [Events.price("fast", product: "pb", price: "30.00", at: Events.at(minutes: 900))])
    let meanwhile = try await changes(store, since: rebuilt.position, window: everything)
    #expect(meanwhile.added == 1, "the committed write only: \(meanwhile)")
    done.yield()
    try await writing.value
    let after = try await changes(store, since: meanwhile.position, window: everything)
    #expect(after.added == 1 && after.changed == 0, "the write under way, once committed: \(after)")
}
