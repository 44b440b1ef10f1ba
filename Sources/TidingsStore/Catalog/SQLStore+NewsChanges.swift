import Foundation
import SQLKit

/// What live readers of the catalog news are told (``NewsPosition``).
extension SQLStore {
    public func newsChanges(since position: NewsPosition?, window since: Date, folded: Bool) async throws
        -> NewsChanges
    {
        let now: SQLQueryString =
            source.kind == .postgres
            ? "pg_current_snapshot()::text"
            : "(SELECT CAST(rev + 1 AS TEXT) || ':' || CAST(rev + 1 AS TEXT) || ':' FROM news_revision)"
        return try await source.read { db in
            guard let position else {
                let row = try await db.raw("SELECT \(now) AS position").first()
                return NewsChanges(position: try Self.newsPosition(row), added: 0, changed: 0)
            }
            // Every row a position has not seen has rev >= low (created_rev <= rev): the index narrows
            // the count to the writes since. One statement, so the counts and the position agree.
            var counted = Self.counted("news_items", by: position, since: since, shownOnly: folded)
            if folded {
                counted.appendInterpolation(
                    " UNION ALL \(Self.counted("news_aggregates", by: position, since: since))" as SQLQueryString)
            }
            let row = try await db.raw(
                """
                SELECT \(now) AS position, CAST(SUM(added) AS BIGINT) AS added, CAST(SUM(changed) AS BIGINT) AS changed
                FROM (\(counted)) AS counts
                """
            ).first()
            return NewsChanges(
                position: try Self.newsPosition(row),
                added: Int(try row?.decode(column: "added", as: Int64.self) ?? 0),
                changed: Int(try row?.decode(column: "changed", as: Int64.self) ?? 0))
        }
    }

    /// How many rows of `table` (ours, never input) created at or after `since` `position` has not
    /// seen (added) and has seen but not since they were written again (changed); `shownOnly` leaves
    /// out aggregated items.
    static func counted(_ table: String, by position: NewsPosition, since: Date, shownOnly: Bool = false)
        -> SQLQueryString
    {
        """
        SELECT COUNT(CASE WHEN \(unseen("created_rev", by: position)) THEN 1 END) AS added,
          COUNT(CASE WHEN NOT \(unseen("created_rev", by: position)) AND \(unseen("rev", by: position)) THEN 1 END) AS changed
        FROM \(unsafeRaw: table) WHERE rev >= \(bind: position.low) AND created_at >= \(bind: since.millisecondsSince1970)\(unsafeRaw: shownOnly ? " AND aggregate_id IS NULL" : "")
        """
    }

    /// The condition "`column` holds a revision `position` has not seen".
    static func unseen(_ column: String, by position: NewsPosition) -> SQLQueryString {
        var condition: SQLQueryString = "(\(ident: column) >= \(bind: position.horizon)"
        if !position.pending.isEmpty {
            condition.appendInterpolation(
                " OR \(ident: column) IN (\(SQLList(position.pending.map { SQLBind($0) })))" as SQLQueryString)
        }
        condition.appendLiteral(")")
        return condition
    }

    static func newsPosition(_ row: (any SQLRow)?) throws -> NewsPosition {
        let text = try row?.decode(column: "position", as: String.self) ?? ""
        guard let position = NewsPosition(text) else { throw StoreError("news position: unreadable \(text)") }
        return position
    }
}
