import Foundation
import SQLKit
import TidingsModel

/// The sections: sources' polling state, their entries, dismissed cards.
extension SQLStore: SectionStore {
    public func registerSources(_ sources: [(id: String, format: SourceFormat)], now: Date) async throws {
        guard !sources.isEmpty else { return }
        // Rows another process inserts meanwhile are skipped (`ON CONFLICT DO NOTHING`).
        try await source.write(locking: .keys([])) { db in
            for chunk in stride(from: 0, to: sources.count, by: 200) {
                var insert = RowsInsert(
                    into: "sources", columns: ["id", "format", "next_fetch_at", "failures", "entry_count"])
                for source in sources[chunk..<min(chunk + 200, sources.count)] {
                    insert.rows.append([
                        .text(source.id), .text(source.format.rawValue), .int(now.millisecondsSince1970), .int(0),
                        .int(0),
                    ])
                }
                try await db.raw("\(insert) ON CONFLICT (id) DO NOTHING").run()
            }
        }
    }

    public func refetchSources(_ ids: [String], now: Date) async throws {
        guard !ids.isEmpty else { return }
        let at = now.millisecondsSince1970
        try await source.write(locking: .keys(Set(ids.map { "source:" + $0 }))) { db in
            for chunk in stride(from: 0, to: ids.count, by: 200) {
                let some = Array(ids[chunk..<min(chunk + 200, ids.count)])
                try await db.raw(
                    """
                    UPDATE sources SET etag = NULL, last_modified = NULL,
                      next_fetch_at = CASE WHEN next_fetch_at > \(bind: at) THEN \(bind: at) ELSE next_fetch_at END
                    WHERE id IN (\(binds: some))
                    """
                ).run()
            }
        }
    }

    public func claimDueSources(owner: String, now: Date, lease: TimeInterval, limit: Int, among ids: [String]?)
        async throws -> [SourceState]
    {
        if let ids, ids.isEmpty { return [] }
        let at = now.millisecondsSince1970
        let until = now.addingTimeInterval(lease).millisecondsSince1970
        let only: SQLQueryString = ids.map { "AND id IN (\(binds: $0))" } ?? ""
        let claim = claimStatement(
            table: "sources", key: "id", due: "next_fetch_at", columns: Self.sourceColumns, owner: owner, at: at,
            until: until, limit: limit, filter: only)
        return try await source.write(locking: .keys([])) { db in
            let rows = try await db.raw(claim).all()
            return try rows.map(Self.decodeSource).sorted { $0.nextFetchAt < $1.nextFetchAt }
        }
    }

    public func sourceStates() async throws -> [SourceState] {
        try await source.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.sourceColumns) FROM sources ORDER BY id").all().map(
                Self.decodeSource)
        }
    }

    public func recordFetches(_ records: [FetchRecord], owner: String) async throws -> [UpsertSummary] {
        guard !records.isEmpty else { return [] }
        let records = records.map(\.storable)
        // A stream's entries are merged, numbered and pruned by one writer at a time; a source's
        // row is written by one (two only meet when a lease ran out during a fetch).
        let locks = Set(
            records.flatMap(\.sections).map { "stream:" + $0.stream } + records.map { "source:" + $0.sourceID })
        let windows = storyWindows
        let kind = source.kind
        let (summaries, kept) = try await source.write(locking: .keys(locks)) { db in
            var summaries = [UpsertSummary](repeating: UpsertSummary(), count: records.count)
            var kept: [(stream: String, version: Int64, fold: StoryFold)] = []
            var streams: [SectionKey: [MergedEntry]] = [:]
            var order: [SectionKey] = []
            for (index, record) in records.enumerated() {
                guard case .fetched(let entries, _, _, _, _) = record.outcome else { continue }
                let ranked = MergedEntry.ranked(
                    entries, sourceID: record.sourceID, record: index, fetchedAt: record.attemptedAt)
                for stream in record.sections {
                    if streams[stream] == nil { order.append(stream) }
                    streams[stream, default: []].append(contentsOf: ranked)
                }
            }
            for stream in order {
                try await Self.store(
                    MergedEntry.newestFirst(streams[stream] ?? []), stream: stream,
                    at: records[0].attemptedAt.millisecondsSince1970, keep: records[0].keepItems,
                    since: records[0].keepSince, grouping: records[0].grouping, windows: windows,
                    into: &summaries, kept: &kept, kind: kind, db: db)
            }
            for record in records { try await Self.updateState(record, owner: owner, db: db) }
            let changed = zip(records, summaries).filter { $0.1.changed }.flatMap { $0.0.sections }
            try await self.announce(StoreChange(sections: Set(changed)), in: db)
            return (summaries, kept)
        }
        // Kept only now that the write committed: a failed one leaves nothing ahead of the database.
        windows.committed(kept)
        return summaries
    }

    /// Writes one fetch's outcome to its source row and releases its lease.
    static func updateState(_ record: FetchRecord, owner: String, db: any SQLDatabase) async throws {
        let at = record.attemptedAt.millisecondsSince1970
        let id = record.sourceID
        switch record.outcome {
        case .fetched(let entries, let etag, let lastModified, let title, let webURL):
            try await db.raw(
                """
                UPDATE sources SET etag = \(bind: etag), last_modified = \(bind: lastModified), title = \(bind: title),
                  web_url = \(bind: webURL), last_success_at = \(bind: at), last_error = NULL,
                  entry_count = \(bind: entries.count), streams = \(bind: record.sections.map(\.stream).sorted().joined(separator: "\n"))
                WHERE id = \(bind: id)
                """
            ).run()
        case .notModified:
            try await db.raw(
                "UPDATE sources SET last_success_at = \(bind: at), last_error = NULL WHERE id = \(bind: id)"
            ).run()
        case .failed(let message):
            try await db.raw("UPDATE sources SET last_error = \(bind: message) WHERE id = \(bind: id)").run()
        }
        // The lease is released only by its holder: a fetch that outlived its lease must not
        // free a source another process has claimed since.
        try await db.raw(
            """
            UPDATE sources SET next_fetch_at = \(bind: record.nextFetchAt.millisecondsSince1970),
              last_attempt_at = \(bind: at), last_status = \(bind: record.status.description), failures = \(bind: record.failures),
              lease_until = CASE WHEN lease_owner = \(bind: owner) THEN NULL ELSE lease_until END,
              lease_owner = CASE WHEN lease_owner = \(bind: owner) THEN NULL ELSE lease_owner END
            WHERE id = \(bind: id)
            """
        ).run()
    }

    static var sourceColumns: String {
        """
        id, format, etag, last_modified, title, web_url, next_fetch_at, last_attempt_at, last_success_at, \
        last_status, last_error, failures, entry_count, lease_owner, lease_until, streams
        """
    }

    static func decodeSource(_ row: any SQLRow) throws -> SourceState {
        func date(_ column: String) throws -> Date? {
            try row.decode(column: column, as: Int64?.self).map(Date.init(millisecondsSince1970:))
        }
        var state = SourceState(
            id: try row.decode(column: "id", as: String.self),
            format: SourceFormat(rawValue: try row.decode(column: "format", as: String.self)),
            nextFetchAt: try date("next_fetch_at") ?? Date(timeIntervalSince1970: 0))
        state.etag = try row.decode(column: "etag", as: String?.self)
        state.lastModified = try row.decode(column: "last_modified", as: String?.self)
        state.title = try row.decode(column: "title", as: String?.self)
        state.webURL = try row.decode(column: "web_url", as: String?.self)
        state.lastAttemptAt = try date("last_attempt_at")
        state.lastSuccessAt = try date("last_success_at")
        state.lastStatus = try row.decode(column: "last_status", as: String?.self).map(PollStatus.init(stored:))
        state.lastError = try row.decode(column: "last_error", as: String?.self)
        state.failures = Int(try row.decode(column: "failures", as: Int64.self))
        state.entryCount = Int(try row.decode(column: "entry_count", as: Int64.self))
        state.leaseOwner = try row.decode(column: "lease_owner", as: String?.self)
        state.leaseUntil = try date("lease_until")
        state.streams = try row.decode(column: "streams", as: String?.self).map {
            Set($0.split(separator: "\n").map(String.init))
        }
        return state
    }
}
