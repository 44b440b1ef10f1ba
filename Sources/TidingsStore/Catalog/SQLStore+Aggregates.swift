import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

// Aggregates (``NewsAggregation``) are derived from the stored news items of one window at a time:
// every write that changes news items regroups the windows it touched, in the same transaction;
// `news rebuild` and a change of settings regroup every window. The database does the counting
// (a window's items are never read into the process: a restock puts thousands in one window, and
// every write to it regroups it), and only differences are written, so an aggregate that did not
// change keeps its revisions and one that did is a `changed` for live readers.
extension SQLStore {
    /// Regroups the windows holding the times in `touched` (milliseconds), after taking their
    /// locks so that two writers of different products never regroup one window from two
    /// snapshots (PostgreSQL). `written`: the items this write inserted or rewrote, the only ones
    /// whose aggregate can change unless an aggregate forms or goes.
    static func regroup(
        touching touched: Set<Int64>, written: Set<String>, by aggregation: NewsAggregation,
        lock: (@Sendable (Set<String>, any SQLDatabase) async throws -> Void)?, revision: inout NewsRevisionStamp,
        db: any SQLDatabase
    ) async throws {
        guard !touched.isEmpty else { return }
        let buckets = Set(touched.map { aggregation.bucket(ofMilliseconds: $0) })
        try await lock?(Self.windowLocks(buckets), db)
        for chunk in buckets.sorted().chunked(into: 100) {
            var stored: [String: NewsAggregateRecord] = [:]
            for record in try await storedAggregates(bucketsIn: Array(chunk), db: db) { stored[record.id] = record }
            try await regroup(
                Array(chunk), written: written, by: aggregation, stored: &stored, revision: &revision, db: db)
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
            let rows = try await db.raw(
                "SELECT DISTINCT \(unsafeRaw: bucket(aggregation)) AS bucket FROM news_items ORDER BY bucket"
            ).all()
            let buckets = try rows.map { try $0.decode(column: "bucket", as: Int64.self) }
            for chunk in buckets.chunked(into: 100) {
                try await regroup(
                    Array(chunk), written: nil, by: aggregation, stored: &stored, revision: &revision, db: db)
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

    /// What the rule gives for whole windows, written where it differs from what is stored: the
    /// aggregates that are new or changed, and the items whose aggregate changed — among
    /// `written` (nil: any), and every item of a kind whose aggregate forms or goes. Removes from
    /// `stored` every aggregate it keeps; what remains there afterwards no longer exists.
    private static func regroup(
        _ buckets: [Int64], written: Set<String>?, by aggregation: NewsAggregation,
        stored: inout [String: NewsAggregateRecord],
        revision: inout NewsRevisionStamp, db: any SQLDatabase
    ) async throws {
        let inWindows = windows(buckets, aggregation)
        // How many items of each kind each window holds, and their latest change.
        let counts = try await db.raw(
            """
            SELECT bucket, grp, COUNT(*) AS n, MAX(updated_at) AS updated FROM (SELECT \(unsafeRaw: bucket(aggregation)) AS bucket,
              \(unsafeRaw: group) AS grp, updated_at FROM news_items WHERE \(inWindows)) AS items GROUP BY bucket, grp
            """
        ).all()
        var wanted: [String: NewsAggregateRecord] = [:]
        for row in counts {
            let count = Int(try row.decode(column: "n", as: Int64.self))
            guard count >= aggregation.minItems,
                let kind = NewsAggregateKind(rawValue: try row.decode(column: "grp", as: String.self))
            else { continue }
            let bucket = try row.decode(column: "bucket", as: Int64.self)
            let range = aggregation.range(ofBucket: bucket)
            // Where the window became a burst: the min_items-th member in time order.
            let placed = try await db.raw(
                """
                SELECT created_at FROM news_items WHERE created_at >= \(literal: range.lowerBound)
                  AND created_at < \(literal: range.upperBound) AND \(unsafeRaw: group) = \(literal: kind.rawValue)
                ORDER BY created_at, id LIMIT 1 OFFSET \(literal: aggregation.minItems - 1)
                """
            ).first()
            guard let createdAt = try placed?.decode(column: "created_at", as: Int64.self) else { continue }
            let record = NewsAggregateRecord(
                id: NewsAggregateRecord.id(kind: kind, bucketStart: range.lowerBound), kind: kind, bucket: bucket,
                createdAt: Date(millisecondsSince1970: createdAt),
                updatedAt: Date(millisecondsSince1970: try row.decode(column: "updated", as: Int64.self)),
                memberCount: count)
            wanted[record.id] = record
        }
        // Each item to the aggregate of its kind in its window, or to none. An aggregate an item
        // joins has changed; one an item leaves has a smaller count unless another joined.
        let rev = try await revision.value(db)
        var joined: Set<String> = []
        for bucket in buckets {
            let range = aggregation.range(ofBucket: bucket)
            var target: SQLQueryString = "CASE \(unsafeRaw: group)"
            var flipped: [NewsAggregateKind] = []
            for kind in NewsAggregateKind.allCases {
                let id = NewsAggregateRecord.id(kind: kind, bucketStart: range.lowerBound)
                target.appendInterpolation(
                    (wanted[id] == nil
                        ? " WHEN \(literal: kind.rawValue) THEN NULL"
                        : " WHEN \(literal: kind.rawValue) THEN \(bind: id)")
                        as SQLQueryString)
                if (wanted[id] == nil) != (stored[id] == nil) { flipped.append(kind) }
            }
            target.appendLiteral(" END")
            // Which items may have to move: the ones written, and every one of a flipped kind.
            var which: SQLQueryString = ""
            if let written {
                var alternatives: [SQLQueryString] = []
                if !flipped.isEmpty {
                    alternatives.append(
                        "\(unsafeRaw: group) IN (\(SQLList(flipped.map { SQLLiteral.string($0.rawValue) })))")
                }
                if !written.isEmpty { alternatives.append("id IN \(binds(written.sorted()))") }
                guard !alternatives.isEmpty else { continue }
                which = " AND ("
                for (index, alternative) in alternatives.enumerated() {
                    if index > 0 { which.appendLiteral(" OR ") }
                    which.appendInterpolation(alternative)
                }
                which.appendLiteral(")")
            }
            let moved = try await db.raw(
                """
                UPDATE news_items SET aggregate_id = \(target),
                  rev = CASE WHEN \(target) IS NULL THEN \(literal: rev) ELSE rev END
                WHERE created_at >= \(literal: range.lowerBound) AND created_at < \(literal: range.upperBound)
                  AND COALESCE(aggregate_id, '') <> COALESCE(\(target), '')\(which)
                RETURNING aggregate_id
                """
            ).all()
            for row in moved {
                if let id = try row.decode(column: "aggregate_id", as: String?.self) { joined.insert(id) }
            }
        }
        var writes: [NewsAggregateRecord] = []
        for aggregate in wanted.values.sorted(by: { $0.id < $1.id }) {
            let before = stored.removeValue(forKey: aggregate.id)
            if before != aggregate || joined.contains(aggregate.id) { writes.append(aggregate) }
        }
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
    }

    /// The group of a news row (``NewsAggregateKind``): its kind, and for a price change its
    /// direction.
    static var group: String {
        "(CASE WHEN kind = 'new_product' THEN 'new_products' WHEN old_price IS NULL OR price < old_price THEN 'price_drops' ELSE 'price_rises' END)"
    }

    /// The window of a news row (``NewsAggregation/bucket(ofMilliseconds:)``): a floor division, also
    /// for times before 1970.
    static func bucket(_ aggregation: NewsAggregation) -> String {
        let window = aggregation.windowMilliseconds
        return "((created_at - (((created_at % \(window)) + \(window)) % \(window))) / \(window))"
    }

    /// "created_at in one of these windows", neighbours joined into one range.
    static func windows(_ buckets: [Int64], _ aggregation: NewsAggregation) -> SQLQueryString {
        var ranges: [Range<Int64>] = []
        for bucket in buckets.sorted() {
            let range = aggregation.range(ofBucket: bucket)
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
        }
        var condition: SQLQueryString = "("
        for (index, range) in ranges.enumerated() {
            if index > 0 { condition.appendLiteral(" OR ") }
            condition.appendInterpolation(
                "(created_at >= \(literal: range.lowerBound) AND created_at < \(literal: range.upperBound))"
                    as SQLQueryString)
        }
        condition.appendLiteral(")")
        return condition
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

    /// The revision as a value of an insert: on PostgreSQL the transaction's id, said inside the
    /// statement itself (one trip to the server fewer); on SQLite the next count, taken first.
    mutating func inserted(_ db: any SQLDatabase) async throws -> RowsInsert.Value {
        if kind == .postgres && taken == nil { return .expression(Self.transactionID) }
        return .int(try await value(db))
    }

    /// PostgreSQL's transaction id as a revision: the same value for every statement of a transaction.
    private static let transactionID = "pg_current_xact_id()::text::bigint"

    mutating func value(_ db: any SQLDatabase) async throws -> Int64 {
        if let taken { return taken }
        // The transaction's id on PostgreSQL, the next count on SQLite.
        let row =
            switch kind {
            case .postgres: try await db.raw("SELECT \(unsafeRaw: Self.transactionID) AS rev").first()
            case .sqlite: try await db.raw("UPDATE news_revision SET rev = rev + 1 RETURNING rev").first()
            }
        guard let revision = try row?.decode(column: "rev", as: Int64.self) else {
            throw StoreError("news revision: no row")
        }
        taken = revision
        return revision
    }
}
