import Foundation
import SQLKit
import TidingsModel

/// What a stream's write reads of the entries already stored before it inserts: the keys
/// retention removed (tombstones), the content hashes of the keys it brings, and entries stored
/// under their former keys (SQLStore+Entries, `store`).
extension SQLStore {
    /// The keys retention removed from `stream` that the fetched sources still list. Tombstones
    /// of keys a source no longer lists are dropped here, so they never outgrow the documents.
    static func tombstones(stream: String, of entries: [MergedEntry], db: any SQLDatabase) async throws
        -> Set<EntryKey>
    {
        var listed: [String: Set<EntryKey>] = [:]
        for merged in entries { listed[merged.sourceID, default: []].insert(merged.input.key) }
        var removed: Set<EntryKey> = []
        for (sourceID, keys) in listed {
            let rows = try await db.raw(
                "SELECT key FROM entry_tombstones WHERE stream = \(bind: stream) AND source_id = \(bind: sourceID)"
            ).all()
            let stored = try rows.map { EntryKey(stored: try $0.decode(column: "key", as: String.self)) }
            let gone = stored.filter { !keys.contains($0) }
            removed.formUnion(stored.filter(keys.contains))
            for start in stride(from: 0, to: gone.count, by: 200) {
                try await db.raw(
                    """
                    DELETE FROM entry_tombstones WHERE stream = \(bind: stream)
                      AND key IN (\(binds: gone[start..<min(start + 200, gone.count)].map(\.stored)))
                    """
                ).run()
            }
        }
        return removed
    }

    /// The content hash of each of `keys` stored in `stream`.
    static func contentHashes(stream: String, keys: [EntryKey], db: any SQLDatabase) async throws
        -> [EntryKey: String]
    {
        var hashes: [EntryKey: String] = [:]
        for start in stride(from: 0, to: keys.count, by: 200) {
            let rows = try await db.raw(
                """
                SELECT key, content_hash FROM entries WHERE stream = \(bind: stream)
                  AND key IN (\(binds: keys[start..<min(start + 200, keys.count)].map(\.stored)))
                """
            ).all()
            for row in rows {
                hashes[EntryKey(stored: try row.decode(column: "key", as: String.self))] = try row.decode(
                    column: "content_hash", as: String.self)
            }
        }
        return hashes
    }

    /// Entries stored under their former key (before identity was scoped) take their new key,
    /// keeping their place, instead of coming back as new.
    static func adopt(
        _ entries: [MergedEntry], stream: String, existing: inout [EntryKey: String], db: any SQLDatabase
    )
        async throws
    {
        let keys = Set(entries.map(\.input.key))
        var byFormer: [EntryKey: EntryKey] = [:]
        for merged in entries where existing[merged.input.key] == nil {
            // A former key another entry now uses as its own is that entry's, not a former one.
            if let former = merged.input.formerKey, !keys.contains(former) { byFormer[former] = merged.input.key }
        }
        guard !byFormer.isEmpty else { return }
        for (former, hash) in try await contentHashes(stream: stream, keys: Array(byFormer.keys), db: db) {
            guard let key = byFormer[former] else { continue }
            try await db.raw(
                "UPDATE entries SET key = \(bind: key.stored) WHERE stream = \(bind: stream) AND key = \(bind: former.stored)"
            ).run()
            existing[key] = hash
        }
    }
}
