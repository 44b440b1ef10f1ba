import SQLKit

extension SQLStore {
    /// The statement that leases up to `limit` due rows of `table` to `owner` until `until` — rows
    /// whose `due` column is at or before `at` and whose lease ran out, oldest due first, then by
    /// `key`, `filter` narrowing them — and returns them as `columns`. Sources and article pages
    /// are claimed so. PostgreSQL skips rows another process is claiming (or recording) rather than
    /// waiting for them, so two processes claiming at once never lease one row and never queue
    /// behind each other; SQLite runs one write at a time.
    ///
    /// With `fairBy` (an expression grouping rows, such as `originOf(url)`), the rows are taken in
    /// turns between the groups — each group's oldest due row, then each one's second, … — among
    /// the `fairnessWindow` × `limit` oldest due rows: a site with a thousand pages due does not
    /// hold back another site's page for a thousand claims.
    func claimStatement(
        table: String, key: String, due: String, columns: String, owner: String, at: Int64, until: Int64,
        limit: Int, filter: SQLQueryString = "", fairBy group: SQLQueryString? = nil
    ) -> SQLQueryString {
        let skipLocked: SQLQueryString = source.kind == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        let free: SQLQueryString = """
            \(unsafeRaw: due) <= \(bind: at) AND (lease_until IS NULL OR lease_until < \(bind: at)) \(filter)
            """
        let chosen: SQLQueryString
        if let group {
            // PostgreSQL refuses FOR UPDATE beside a window function: the candidates are locked
            // (skipping what another process is claiming) in a subquery of their own, then ranked.
            chosen = """
                SELECT \(unsafeRaw: key) FROM (
                  SELECT \(unsafeRaw: key), \(unsafeRaw: due),
                    ROW_NUMBER() OVER (PARTITION BY fair ORDER BY \(unsafeRaw: due), \(unsafeRaw: key)) AS turn
                  FROM (SELECT \(unsafeRaw: key), \(unsafeRaw: due), \(group) AS fair FROM \(unsafeRaw: table) WHERE \(free)
                    ORDER BY \(unsafeRaw: due), \(unsafeRaw: key) LIMIT \(bind: limit * Self.fairnessWindow)\(skipLocked)) AS candidates
                ) AS ranked ORDER BY turn, \(unsafeRaw: due), \(unsafeRaw: key) LIMIT \(bind: limit)
                """
        } else {
            chosen = """
                SELECT \(unsafeRaw: key) FROM \(unsafeRaw: table) WHERE \(free)
                  ORDER BY \(unsafeRaw: due), \(unsafeRaw: key) LIMIT \(bind: limit)\(skipLocked)
                """
        }
        return """
            UPDATE \(unsafeRaw: table) SET lease_owner = \(bind: owner), lease_until = \(bind: until)
            WHERE \(unsafeRaw: key) IN (\(chosen))
            RETURNING \(unsafeRaw: columns)
            """
    }

    /// How many times `limit` of the oldest due rows a fair claim chooses among.
    static var fairnessWindow: Int { 50 }

    /// The scheme, host and port of the URL in `column` (`https://example.com/`), in SQL: the text
    /// up to the first slash after the `scheme://` (8 characters covers `http://` and `https://`).
    /// Rows of one site share it; a URL without a path groups by its first 8 characters, harmless
    /// for taking turns.
    func originOf(_ column: String) -> SQLQueryString {
        let find = source.kind == .postgres ? "strpos" : "instr"
        return "substr(\(unsafeRaw: column), 1, \(unsafeRaw: find)(substr(\(unsafeRaw: column), 9), '/') + 8)"
    }
}
