import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

// Aggregates (``NewsAggregation``) are derived from the stored news items of one window at a time:
// every write that changes news items regroups the windows it touched, in the same transaction;
// `news rebuild` and a change of settings regroup every window. Each regrouping compares what the
// rule gives with what is stored and writes only the difference, so an aggregate that did not
// change keeps its revisions and one that did is a `changed` for live readers.
extension SQLStore {
    /// Regroups the windows holding the times in `touched` (milliseconds), after taking their
    /// locks so that two writers of different products never regroup one window from two
    /// snapshots (PostgreSQL).
    static func regroup(
        touching touched: Set<Int64>, by aggregation: NewsAggregation,
        lock: (@Sendable (Set<String>, any SQLDatabase) async throws -> Void)?, revision: inout NewsRevisionStamp,
        db: any SQLDatabase
    ) async throws {
        guard !touched.isEmpty else { return }
        let buckets = Set(touched.map { aggregation.bucket(ofMilliseconds: $0) })
        try await lock?(Self.windowLocks(buckets), db)
        for chunk in buckets.sorted().chunked(into: 100) {
            var stored: [String: NewsAggregateRecord] = [:]
            for record in try await storedAggregates(bucketsIn: Array(chunk), db: db) { stored[record.id] = record }
            let items = try await groupedItems(in: ranges(Array(chunk), aggregation), db: db)
            try await apply(
                aggregation.fold(items.map(\.record)), items: items, stored: &stored, revision: &revision, db: db)
            try await deleteAggregates(Array(stored.keys), db: db)
        }
    }

    /// Regroups every window: after `news rebuild`, and when the settings differ from those the
    /// stored aggregates were made with (nil: aggregation off, which unfolds everything).
    static func regroupAll(
        by aggregation: NewsAggregation?, kind: SQLBackendKind, db: any SQLDatabase
    ) async throws {
        var revision = NewsRevisionStamp(kind: kind)
        var stored: [String: NewsAggregateRecord] = [:]
        for record in try await storedAggregates(bucketsIn: nil, db: db) { stored[record.id] = record }
        if let aggregation {
            // Items in time order, a page at a time; a window is folded once the next one begins.
            var pending: [GroupedItem] = []
            var after: (Int64, String)?
            while true {
                let page = try await groupedItemsPage(after: after, limit: 5_000, db: db)
                if let last = page.last { after = (last.record.createdAt.millisecondsSince1970, last.record.id) }
                pending += page
                let complete: Int
                if page.isEmpty {
                    complete = pending.count
                } else {
                    let lastBucket = aggregation.bucket(ofMilliseconds: after!.0)
                    complete =
                        pending.lastIndex {
                            aggregation.bucket(ofMilliseconds: $0.record.createdAt.millisecondsSince1970) < lastBucket
                        }
                        .map { $0 + 1 } ?? 0
                }
                let ready = Array(pending[..<complete])
                pending.removeFirst(complete)
                try await apply(
                    aggregation.fold(ready.map(\.record)), items: ready, stored: &stored, revision: &revision, db: db)
                if page.isEmpty { break }
            }
        } else {
            let rev = try await revision.value(db)
            try await db.raw(
                "UPDATE news_items SET aggregate_id = NULL, rev = \(bind: rev) WHERE aggregate_id IS NOT NULL"
            ).run()
        }
        try await deleteAggregates(Array(stored.keys), db: db)
        try await db.raw(
            "UPDATE news_aggregation SET window_ms = \(bind: aggregation?.windowMilliseconds ?? 0), min_items = \(bind: Int64(aggregation?.minItems ?? 0)) WHERE id = 1"
        ).run()
    }

    /// The settings the stored aggregates were made with; nil when they were made with none.
    static func storedAggregation(_ db: any SQLDatabase) async throws -> NewsAggregation? {
        guard let row = try await db.raw("SELECT window_ms, min_items FROM news_aggregation WHERE id = 1").first()
        else { return nil }
        let window = try row.decode(column: "window_ms", as: Int64.self)
        let minItems = Int(try row.decode(column: "min_items", as: Int64.self))
        let seconds = TimeInterval(window) / 1000
        guard NewsAggregation.windows.contains(seconds), NewsAggregation.minItemsRange.contains(minItems) else {
            return nil
        }
        return NewsAggregation(window: seconds, minItems: minItems)
    }

    /// Regroups every window when the store's settings are not those the stored aggregates were
    /// made with (turned on, off, or changed). True when it did and there was news to fold.
    @discardableResult
    public func alignAggregates() async throws -> Bool {
        let aggregation = policy.aggregation
        let kind = source.kind
        guard try await source.read({ db in try await Self.storedAggregation(db) }) != aggregation else { return false }
        return try await source.write(locking: .exclusive) { db in
            // Checked again under the lock: another server may have done it meanwhile.
            guard try await Self.storedAggregation(db) != aggregation else { return false }
            try await Self.regroupAll(by: aggregation, kind: kind, db: db)
            try await self.announce(StoreChange(catalog: true), in: db)
            return try await Self.count("news_items", db) > 0
        }
    }

    /// Locks of windows: a few stripes, so a write touching many windows takes a bounded number.
    static func windowLocks(_ buckets: Set<Int64>) -> Set<String> {
        Set(buckets.map { "news-window:\((($0 % 16) + 16) % 16)" })
    }

    /// Time ranges covering whole windows, neighbours joined.
    static func ranges(_ buckets: [Int64], _ aggregation: NewsAggregation) -> [Range<Int64>] {
        var ranges: [Range<Int64>] = []
        for bucket in buckets.sorted() {
            let range = aggregation.range(ofBucket: bucket)
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }

    /// Writes what the rule gives for some whole windows: the aggregates that are new or changed,
    /// and the items whose aggregate changed. Removes from `stored` every aggregate it keeps;
    /// what remains there afterwards no longer exists.
    private static func apply(
        _ folded: (aggregates: [NewsAggregateRecord], membership: [String: String]), items: [GroupedItem],
        stored: inout [String: NewsAggregateRecord], revision: inout NewsRevisionStamp, db: any SQLDatabase
    ) async throws {
        var moves: [String?: [String]] = [:]
        var touchedAggregates: Set<String> = []
        for item in items {
            let wanted = folded.membership[item.record.id]
            guard wanted != item.aggregateID else { continue }
            moves[wanted, default: []].append(item.record.id)
            if let wanted { touchedAggregates.insert(wanted) }
            if let old = item.aggregateID { touchedAggregates.insert(old) }
        }
        var writes: [NewsAggregateRecord] = []
        for aggregate in folded.aggregates {
            let before = stored.removeValue(forKey: aggregate.id)
            if before != aggregate || touchedAggregates.contains(aggregate.id) { writes.append(aggregate) }
        }
        guard !writes.isEmpty || !moves.isEmpty else { return }
        let rev = try await revision.value(db)
        for chunk in writes.chunked(into: rows(columns: 8)) {
            var insert = RowsInsert(
                into: "news_aggregates",
                columns: ["id", "kind", "bucket", "created_at", "updated_at", "members", "created_rev", "rev"],
                updateOnConflict: ["kind", "bucket", "created_at", "updated_at", "members", "rev"])
            for aggregate in chunk {
                insert.rows.append([
                    .text(aggregate.id), .text(aggregate.kind.rawValue), .int(aggregate.bucket),
                    .int(aggregate.createdAt.millisecondsSince1970), .int(aggregate.updatedAt.millisecondsSince1970),
                    .int(Int64(aggregate.memberCount)), .int(rev), .int(rev),
                ])
            }
            try await db.execute(sql: insert) { _ in }
        }
        for (target, ids) in moves {
            for chunk in ids.chunked(into: rowsPerStatement) {
                // An item leaving its aggregate is shown on its own again: changed, for live readers.
                let query: SQLQueryString =
                    if let target {
                        "UPDATE news_items SET aggregate_id = \(bind: target) WHERE id IN \(binds(chunk))"
                    } else {
                        "UPDATE news_items SET aggregate_id = NULL, rev = \(bind: rev) WHERE id IN \(binds(chunk))"
                    }
                try await db.raw(query).run()
            }
        }
    }

    private static func deleteAggregates(_ ids: [String], db: any SQLDatabase) async throws {
        for chunk in ids.chunked(into: rowsPerStatement) {
            try await db.delete(from: "news_aggregates").where(SQLColumn("id"), .in, binds(chunk)).run()
        }
    }

    /// Stored aggregates of these windows, or all of them.
    private static func storedAggregates(bucketsIn buckets: [Int64]?, db: any SQLDatabase) async throws
        -> [NewsAggregateRecord]
    {
        var query: SQLQueryString = "SELECT \(unsafeRaw: aggregateColumns) FROM news_aggregates a"
        if let buckets {
            query.appendInterpolation(
                " WHERE a.bucket IN (\(SQLList(buckets.map { SQLLiteral.numeric(String($0)) })))" as SQLQueryString)
        }
        return try await db.raw(query).all().map { try decodeAggregate($0) }
    }

    /// A news item as regrouping reads it: the item and the aggregate it belongs to now.
    struct GroupedItem {
        var record: NewsRecord
        var aggregateID: String?
    }

    /// Every item whose time is in one of `ranges`.
    private static func groupedItems(in ranges: [Range<Int64>], db: any SQLDatabase) async throws -> [GroupedItem] {
        var query: SQLQueryString =
            "SELECT \(unsafeRaw: newsColumns), n.aggregate_id AS n_aggregate_id FROM news_items n WHERE "
        for (index, range) in ranges.enumerated() {
            if index > 0 { query.appendLiteral(" OR ") }
            query.appendInterpolation(
                "(n.created_at >= \(literal: range.lowerBound) AND n.created_at < \(literal: range.upperBound))"
                    as SQLQueryString)
        }
        return try await db.raw(query).all().map { try groupedItem($0) }
    }

    /// Items in (created_at, id) order after a position.
    private static func groupedItemsPage(after: (Int64, String)?, limit: Int, db: any SQLDatabase) async throws
        -> [GroupedItem]
    {
        var query: SQLQueryString =
            "SELECT \(unsafeRaw: newsColumns), n.aggregate_id AS n_aggregate_id FROM news_items n"
        if let (createdAt, id) = after {
            query.appendInterpolation(
                " WHERE n.created_at > \(bind: createdAt) OR (n.created_at = \(bind: createdAt) AND n.id > \(bind: id))"
                    as SQLQueryString)
        }
        query.appendInterpolation(" ORDER BY n.created_at, n.id LIMIT \(literal: limit)" as SQLQueryString)
        return try await db.raw(query).all().map { try groupedItem($0) }
    }

    private static func groupedItem(_ row: any SQLRow) throws -> GroupedItem {
        GroupedItem(
            record: try decodeNews(row, prefix: "n_"),
            aggregateID: try row.decode(column: "n_aggregate_id", as: String?.self))
    }

    static var aggregateColumns: String {
        "a.id AS a_id, a.kind AS a_kind, a.bucket AS a_bucket, a.created_at AS a_created_at, a.updated_at AS a_updated_at, a.members AS a_members"
    }

    static func decodeAggregate(_ row: any SQLRow) throws -> NewsAggregateRecord {
        let kindText = try row.decode(column: "a_kind", as: String.self)
        guard let kind = NewsAggregateRecord.Kind(rawValue: kindText) else {
            throw StoreError("unknown aggregate kind \(kindText)")
        }
        return NewsAggregateRecord(
            id: try row.decode(column: "a_id", as: String.self), kind: kind,
            bucket: try row.decode(column: "a_bucket", as: Int64.self),
            createdAt: Date(millisecondsSince1970: try row.decode(column: "a_created_at", as: Int64.self)),
            updatedAt: Date(millisecondsSince1970: try row.decode(column: "a_updated_at", as: Int64.self)),
            memberCount: Int(try row.decode(column: "a_members", as: Int64.self)))
    }
}

/// How a catalog write regroups the windows it touched: by which rule, and how it locks them
/// (nil: the write runs alone).
struct Regrouping: Sendable {
    var aggregation: NewsAggregation
    var lock: (@Sendable (Set<String>, any SQLDatabase) async throws -> Void)?
}

/// The revision one write transaction stamps on what it writes (``NewsPosition``), taken the
/// first time it is needed: on SQLite taking it counts one up, so a write takes it once.
struct NewsRevisionStamp {
    let kind: SQLBackendKind
    private var taken: Int64?

    init(kind: SQLBackendKind) { self.kind = kind }

    mutating func value(_ db: any SQLDatabase) async throws -> Int64 {
        if let taken { return taken }
        // The transaction's id on PostgreSQL, the next count on SQLite.
        let row =
            switch kind {
            case .postgres: try await db.raw("SELECT pg_current_xact_id()::text::bigint AS rev").first()
            case .sqlite: try await db.raw("UPDATE news_revision SET rev = rev + 1 RETURNING rev").first()
            }
        guard let revision = try row?.decode(column: "rev", as: Int64.self) else {
            throw StoreError("news revision: no row")
        }
        taken = revision
        return revision
    }
}
