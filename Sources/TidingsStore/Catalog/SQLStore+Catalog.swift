import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

/// The catalog: events in, products and news out.
extension SQLStore: CatalogStore {
    public func ingest(_ events: [CatalogEvent], recordedAt: Date, atomic: Bool) async throws -> [IngestOutcome] {
        guard !events.isEmpty else { return [] }
        let policy = self.policy
        let locks = catalogLocks(events)
        // Cached states are trusted only by a write that runs alone: beside others (small writes
        // on PostgreSQL while other processes write), other processes may be writing these
        // products, and states are read.
        let cache = source.runsAlone(locks) ? self.cache : nil
        let kind = source.kind
        let regrouping = self.regrouping(alone: source.runsAlone(locks))
        do {
            let (outcomes, writes, start, end) = try await source.write(locking: locks) { db in
                let (logged, start) = try await Self.loggedEvents(
                    Set(events.map(\.id)), position: cache != nil, db: db)
                // Known ids first: the same body again is a duplicate, a different one a conflict.
                var outcomes = [IngestOutcome?](repeating: nil, count: events.count)
                var firstSent: [String: Int] = [:]
                var fresh: [CatalogEvent] = []
                var positions: [Int] = []
                for (index, event) in events.enumerated() {
                    let earlier: CatalogEvent?  // nil: logged, but unreadable by today's rules
                    if let stored = logged[event.id] {
                        earlier = stored
                    } else if let first = firstSent[event.id] {
                        earlier = events[first]
                    } else {
                        firstSent[event.id] = index
                        fresh.append(event)
                        positions.append(index)
                        continue
                    }
                    guard let earlier, event.isReplay(of: earlier) else {
                        if atomic { throw CatalogError.replayConflict(event.id) }
                        outcomes[index] = .rejected(.replayConflict(event.id))
                        continue
                    }
                    outcomes[index] = .duplicate
                }
                let products = Set(fresh.map(\.productID))
                let loaded = try await Self.states(products, position: start, cache: cache, db: db)
                let clocks = try await Self.lastEventTimes(products.subtracting(loaded.keys), db: db)
                let late = CatalogBatch.lateProducts(fresh, states: loaded, clocks: clocks)
                let history = try await Self.productEvents(late, db: db).events
                var batch = CatalogBatch(policy: policy, loaded: loaded)
                let refusals = batch.apply(inTimeOrder: fresh, logged: history)
                for (position, refusal) in zip(positions, refusals) {
                    guard let refusal else {
                        outcomes[position] = .accepted
                        continue
                    }
                    if atomic { throw refusal }  // rolls the transaction back
                    outcomes[position] = .rejected(refusal)
                }
                for (index, event) in events.enumerated() where outcomes[index] == .duplicate {
                    // A copy of a refused event in the same request shares its refusal.
                    if let first = firstSent[event.id], first != index, case .rejected = outcomes[first] {
                        outcomes[index] = outcomes[first]
                    }
                }
                // Where the log is left, for the cache: moved only by what this write appends.
                let appended = try await Self.appendEvents(
                    batch.accepted, recordedAt: recordedAt, position: start != nil && !batch.accepted.isEmpty,
                    kind: kind, db: db)
                try await Self.write(batch, kind: kind, regrouping: regrouping, db: db)
                try await self.announce(StoreChange(catalog: !batch.accepted.isEmpty), in: db)
                let end = appended ?? start
                return (outcomes.map { $0 ?? .duplicate }, batch.productWrites, start, end)
            }
            if let start, let end { cache?.committed(from: start, to: end, writes: writes) }
            return outcomes
        } catch {
            cache?.reset()
            throw error
        }
    }

    /// What a batch of events locks: each product it names (its news are derived from all of its
    /// events in order) and each event id (one id sent twice at once, for two products, is
    /// refused as a replay, not as a unique-key violation).
    static func locks(_ events: [CatalogEvent]) -> WriteLocks {
        .keys(Set(events.map { "product:" + $0.productID }).union(events.map { "event:" + $0.id }))
    }

    /// What a catalog write locks: its keys (``locks(_:)``), or the whole database while no other
    /// process is heard writing (``OtherWriters``), so that it runs alone and may use the cache.
    func catalogLocks(_ events: [CatalogEvent], now: ContinuousClock.Instant = .now) -> WriteLocks {
        let keys = Self.locks(events)
        return !source.runsAlone(keys) && others.quietSince(now) ? .exclusive : keys
    }

    /// How a write regroups what it touched, nil with aggregation off; a write that runs alone
    /// takes no window locks.
    func regrouping(alone: Bool) -> Regrouping? {
        guard let aggregation = policy.aggregation else { return nil }
        guard !alone else { return Regrouping(aggregation: aggregation, lock: nil) }
        let source = self.source
        let lock: @Sendable (Set<String>, any SQLDatabase) async throws -> Void = { keys, db in
            try await source.lock(keys, in: db)
        }
        return Regrouping(aggregation: aggregation, lock: lock)
    }

    /// States of `ids`: from the cache when there is one and it is current at the log's `position`,
    /// the rest from the database.
    static func states(
        _ ids: Set<String>, position: Int64?, cache: ProductStateCache?, db: any SQLDatabase
    ) async throws -> [String: ProductState] {
        guard let cache, let position, let cached = cache.states(for: ids, at: position) else {
            return try await loadStates(ids, db: db)
        }
        let missing = ids.subtracting(cached.keys)
        guard !missing.isEmpty else { return cached }
        return cached.merging(try await loadStates(missing, db: db)) { first, _ in first }
    }

    /// The event log's position: the highest `seq`, 0 for an empty log.
    static func logPosition(_ db: any SQLDatabase) async throws -> Int64 {
        let row = try await db.raw("SELECT COALESCE(MAX(seq), 0) AS position FROM events").first()
        return try row?.decode(column: "position", as: Int64.self) ?? 0
    }

    public func product(id: String) async throws -> Product? {
        try await source.read { db in try await Self.loadStates([id], db: db)[id]?.product }
    }

    public func newsPage(since: Date, after cursor: NewsCursor?, limit: Int) async throws -> [NewsEntry] {
        try await source.read { db in
            try await Self.newsEntries(since: since, after: cursor, limit: limit, shownOnly: false, db: db)
        }
    }

    /// News items with their products, newest first, created at or after `since`, strictly after
    /// `cursor`; `shownOnly`: only those no aggregate folds.
    static func newsEntries(
        since: Date, after cursor: NewsCursor?, limit: Int, shownOnly: Bool, db: any SQLDatabase
    ) async throws -> [NewsEntry] {
        var query = SQLQueryString(
            "SELECT \(unsafeRaw: newsColumns), \(unsafeRaw: productColumns) FROM news_items n JOIN products p ON p.id = n.product_id WHERE n.created_at >= \(bind: since.millisecondsSince1970)"
        )
        if shownOnly { query.appendLiteral(" AND n.aggregate_id IS NULL") }
        query.appendInterpolation(after(cursor, table: "n"))
        query.appendInterpolation(" ORDER BY n.created_at DESC, n.id DESC LIMIT \(bind: limit)" as SQLQueryString)
        return try await db.raw(query).all().map(newsEntry)
    }

    /// A news item and its product from a row of `newsColumns` and `productColumns`.
    static func newsEntry(_ row: any SQLRow) throws -> NewsEntry {
        NewsEntry(record: try decodeNews(row, prefix: "n_"), product: try decodeProduct(row))
    }

    public func newsFeed(since: Date, after cursor: NewsCursor?, limit: Int, members: Int) async throws
        -> [NewsFeedEntry]
    {
        try await source.read { db in
            // The two lists, each in feed order, merged: a keyset scan of each index.
            let items = try await Self.newsEntries(since: since, after: cursor, limit: limit, shownOnly: true, db: db)
            var aggregatesQuery = SQLQueryString(
                "SELECT \(unsafeRaw: Self.aggregateColumns) FROM news_aggregates a WHERE a.created_at >= \(bind: since.millisecondsSince1970)"
            )
            aggregatesQuery.appendInterpolation(Self.after(cursor, table: "a"))
            aggregatesQuery.appendInterpolation(
                " ORDER BY a.created_at DESC, a.id DESC LIMIT \(bind: limit)" as SQLQueryString)
            let aggregates = try await db.raw(aggregatesQuery).all().map { try Self.decodeAggregate($0) }
            var shown =
                items.map(NewsFeedEntry.item)
                + aggregates.map { .aggregate(NewsAggregateEntry(record: $0, members: [])) }
            shown.sort { ($0.cursor.createdAt, $0.cursor.id) > ($1.cursor.createdAt, $1.cursor.id) }
            shown = Array(shown.prefix(limit))
            let wanted = shown.compactMap { if case .aggregate(let entry) = $0 { entry.record.id } else { nil } }
            guard !wanted.isEmpty, members > 0 else { return shown }
            let found = try await Self.members(of: wanted, limit: members, db: db)
            return shown.map { entry in
                guard case .aggregate(var aggregate) = entry else { return entry }
                aggregate.members = found[aggregate.record.id] ?? []
                return .aggregate(aggregate)
            }
        }
    }

    /// " AND (created_at, id) < cursor" for the table aliased `table`, nothing without a cursor.
    /// A row value, not its spelling out with OR: with bound values SQLite planned the OR as two
    /// index scans of every older row, unioned and sorted (1.7 ms for a page of 50 at 4,600
    /// items, growing with the cursor's depth), the row value as one range of the feed index
    /// (0.19 ms, docs/benchmarks.md).
    static func after(_ cursor: NewsCursor?, table: String) -> SQLQueryString {
        guard let cursor else { return "" }
        return
            " AND (\(ident: table).created_at, \(ident: table).id) < (\(bind: cursor.createdAt), \(bind: cursor.id))"
    }

    /// Up to `limit` members of each aggregate, the biggest change first (new products have no
    /// percent: the newest first).
    static func members(of aggregates: [String], limit: Int, db: any SQLDatabase) async throws -> [String: [NewsEntry]]
    {
        let query: SQLQueryString = """
            SELECT * FROM (SELECT \(unsafeRaw: newsColumns), \(unsafeRaw: productColumns), n.aggregate_id AS n_aggregate_id,
              ROW_NUMBER() OVER (PARTITION BY n.aggregate_id
                ORDER BY COALESCE(n.percent, 0) DESC, n.created_at DESC, n.id DESC) AS member_rank
              FROM news_items n JOIN products p ON p.id = n.product_id WHERE n.aggregate_id IN \(binds(aggregates))) AS ranked
            WHERE member_rank <= \(bind: limit) ORDER BY n_aggregate_id, member_rank
            """
        var found: [String: [NewsEntry]] = [:]
        for row in try await db.raw(query).all() {
            let aggregate = try row.decode(column: "n_aggregate_id", as: String.self)
            found[aggregate, default: []].append(try newsEntry(row))
        }
        return found
    }

    public func counts() async throws -> StoreCounts {
        try await source.read { db in
            StoreCounts(
                events: try await Self.count("events", db), products: try await Self.count("products", db),
                newsItems: try await Self.count("news_items", db))
        }
    }
}

// MARK: - Rebuild

extension SQLStore {
    public func rebuildNews(progress: (@Sendable (Int, Int) -> Void)?) async throws -> RebuildSummary {
        let policy = self.policy
        let productsPerChunk = 500
        cache.reset()
        defer { cache.reset() }
        let kind = source.kind
        return try await source.write(locking: .exclusive) { db in
            let total = try await Self.count("events", db)
            // Live readers are told of items written again as changed, not as added: an item that
            // existed before keeps its created_rev.
            try await db.raw("CREATE TEMPORARY TABLE news_created AS SELECT id, created_rev FROM news_items").run()
            try await db.raw("DELETE FROM news_items").run()
            try await db.raw("DELETE FROM products").run()
            // Every product is indexed again as it is written back.
            try await ProductSearchIndex.removeAll(kind: kind, db: db)
            var afterProduct = ""
            var done = 0
            var skipped = 0
            // Products are independent: each is replayed from its events in time order, as a late
            // event makes live ingestion do, a chunk of products at a time.
            while true {
                let rows = try await db.raw(
                    "SELECT DISTINCT product_id FROM events WHERE product_id > \(bind: afterProduct) ORDER BY product_id LIMIT \(bind: productsPerChunk)"
                ).all()
                guard !rows.isEmpty else { break }
                let ids = try rows.map { try $0.decode(column: "product_id", as: String.self) }
                afterProduct = ids.last!
                let (events, unreadable) = try await Self.productEvents(Set(ids), db: db)
                var batch = CatalogBatch(policy: policy, loaded: [:])
                for id in ids {
                    for event in events[id] ?? [] where !batch.replay(event) { skipped += 1 }
                }
                try await Self.write(batch, kind: kind, regrouping: nil, db: db)
                let replayed = events.values.reduce(0) { $0 + $1.count }
                skipped += unreadable
                done += replayed + unreadable
                progress?(done, total)
            }
            try await db.raw(
                """
                UPDATE news_items SET created_rev = (SELECT c.created_rev FROM news_created c WHERE c.id = news_items.id)
                WHERE id IN (SELECT id FROM news_created)
                """
            ).run()
            try await db.raw("DROP TABLE news_created").run()
            // Every window at once, at the end: aggregates that come out the same keep their revisions.
            try await Self.regroupAll(by: policy.aggregation, kind: kind, db: db)
            try await self.announce(StoreChange(catalog: true), in: db)
            return RebuildSummary(
                events: done, products: try await Self.count("products", db),
                newsItems: try await Self.count("news_items", db),
                skipped: skipped)
        }
    }
}
