import Foundation
import SQLKit

/// What live readers of the catalog news are told (``NewsPosition``).
extension SQLStore {
    public func newsChanges(since position: NewsPosition?, window since: Date) async throws -> NewsChanges {
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
            // the count to the writes since.
            let row = try await db.raw(
                """
                SELECT \(now) AS position,
                  COUNT(CASE WHEN \(Self.unseen("created_rev", by: position)) THEN 1 END) AS added,
                  COUNT(CASE WHEN NOT \(Self.unseen("created_rev", by: position)) AND \(Self.unseen("rev", by: position))
                    THEN 1 END) AS changed
                FROM news_items WHERE rev >= \(bind: position.low) AND created_at >= \(bind: since.millisecondsSince1970)
                """
            ).first()
            return NewsChanges(
                position: try Self.newsPosition(row),
                added: Int(try row?.decode(column: "added", as: Int64.self) ?? 0),
                changed: Int(try row?.decode(column: "changed", as: Int64.self) ?? 0))
        }
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

    /// The revision a write stamps on the news rows it writes (``NewsPosition``): the transaction's
    /// id on PostgreSQL, the next count on SQLite.
    static func newsRevision(_ kind: SQLBackendKind, db: any SQLDatabase) async throws -> Int64 {
        let row =
            switch kind {
            case .postgres: try await db.raw("SELECT pg_current_xact_id()::text::bigint AS rev").first()
            case .sqlite: try await db.raw("UPDATE news_revision SET rev = rev + 1 RETURNING rev").first()
            }
        guard let revision = try row?.decode(column: "rev", as: Int64.self) else {
            throw StoreError("news revision: no row")
        }
        return revision
    }
}
