import SQLKit

extension SQLStore {
    /// The statement that leases up to `limit` due rows of `table` to `owner` until `until` — rows
    /// whose `due` column is at or before `at` and whose lease ran out, oldest due first, then by
    /// `key`, `filter` narrowing them — and returns them as `columns`. Sources and article pages
    /// are claimed so. PostgreSQL skips rows another process is claiming (or recording) rather than
    /// waiting for them, so two processes claiming at once never lease one row and never queue
    /// behind each other; SQLite runs one write at a time.
    func claimStatement(
        table: String, key: String, due: String, columns: String, owner: String, at: Int64, until: Int64,
        limit: Int, filter: SQLQueryString = ""
    ) -> SQLQueryString {
        let skipLocked: SQLQueryString = source.kind == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return """
            UPDATE \(unsafeRaw: table) SET lease_owner = \(bind: owner), lease_until = \(bind: until)
            WHERE \(unsafeRaw: key) IN (SELECT \(unsafeRaw: key) FROM \(unsafeRaw: table) WHERE \(unsafeRaw: due) <= \(bind: at)
              AND (lease_until IS NULL OR lease_until < \(bind: at)) \(filter)
              ORDER BY \(unsafeRaw: due), \(unsafeRaw: key) LIMIT \(bind: limit)\(skipLocked))
            RETURNING \(unsafeRaw: columns)
            """
    }
}
