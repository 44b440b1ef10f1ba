import Foundation
import SQLKit
import TidingsModel

extension SQLStore {
    public func entries(section: SectionKey, afterSeq: Int64?, limit: Int, excluding: Set<String>) async throws
        -> [StoredEntry]
    {
        let stream = section.stream
        return try await source.read { db in
            let after: SQLQueryString = afterSeq.map { "AND seq < \(bind: $0)" } ?? ""
            let excluded: SQLQueryString = excluding.isEmpty ? "" : "AND item_id NOT IN (\(binds: excluding.sorted()))"
            let shown = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.entryColumns) FROM entries WHERE stream = \(bind: stream) AND folded = 0
                  \(after) \(excluded)
                ORDER BY seq DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.decodeEntry)
            return try await Self.withAlsoFrom(shown, stream: stream, excluding: excluding, db: db)
        }
    }

    public func entry(section: SectionKey, itemID: String) async throws -> StoredEntry? {
        try await entry(section: section, itemID: itemID, excluding: [])
    }

    public func entry(section: SectionKey, itemID: String, excluding: Set<String>) async throws -> StoredEntry? {
        let stream = section.stream
        return try await source.read { db in
            let found = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.entryColumns) FROM entries WHERE stream = \(bind: stream)
                  AND item_id = \(bind: itemID) ORDER BY seq DESC LIMIT 1
                """
            ).first().map(Self.decodeEntry)
            guard var found, let story = found.story else { return found }
            let hidden = excluding.union([itemID])
            guard found.folded else {
                return try await Self.withAlsoFrom([found], stream: stream, excluding: hidden, db: db).first
            }
            // A folded telling on its own (a pin, its article): the story's other tellings, the
            // shown one among them.
            let others = try await db.raw(
                """
                SELECT item, item_id, folded FROM entries WHERE stream = \(bind: stream)
                  AND story = \(unsafeRaw: String(story)) AND seq <> \(unsafeRaw: String(found.seq))
                ORDER BY sort_at, seq
                """
            ).all()
            for row in others where try row.decode(column: "folded", as: Int64.self) == 0 {
                found.shownAs = try row.decode(column: "item_id", as: String.self)
            }
            let told = try Self.tellings(others, excluding: hidden)
            if !told.isEmpty {
                found.alsoFrom = told
                found.record = found.record.withAlsoFrom(told)
            }
            return found
        }
    }

    /// Rows of other tellings (`item`, `item_id`, in the order listed) as `also_from` lists them:
    /// teasers only, none named in `excluding`, at most ``alsoFromLimit``.
    static func tellings(_ rows: [any SQLRow], excluding: Set<String>) throws -> [Teaser.AlsoFrom] {
        let decoder = TidingsJSON.decoder()
        var told: [Teaser.AlsoFrom] = []
        for row in rows {
            guard told.count < alsoFromLimit else { break }
            guard !excluding.contains(try row.decode(column: "item_id", as: String.self)),
                case .teaser(let teaser)? = try? decoder.decode(
                    FeedItem.self, from: Data(try row.decode(column: "item", as: String.self).utf8))
            else { continue }
            told.append(teaser.asAlsoFrom)
        }
        return told
    }

    /// `entries` with the other tellings of the stories they show: each shown entry's folded
    /// ones (but `excluding`), oldest first, at most ``alsoFromLimit`` a story, in its record's
    /// `also_from`.
    static func withAlsoFrom(_ entries: [StoredEntry], stream: String, excluding: Set<String>, db: any SQLDatabase)
        async throws -> [StoredEntry]
    {
        let stories = Set(entries.compactMap(\.story))
        guard !stories.isEmpty else { return entries }
        var members: [Int64: [Teaser.AlsoFrom]] = [:]
        for chunk in Array(stories).chunked(into: 1000) {
            let rows = try await db.raw(
                """
                SELECT story, item, item_id FROM entries WHERE stream = \(bind: stream) AND folded = 1
                  AND story IN (\(unsafeRaw: list(chunk))) ORDER BY story, sort_at, seq
                """
            ).all()
            let byStory = try Dictionary(grouping: rows) { try $0.decode(column: "story", as: Int64.self) }
            for (story, rows) in byStory { members[story] = try tellings(rows, excluding: excluding) }
        }
        return entries.map { entry in
            guard let story = entry.story, let told = members[story], !told.isEmpty else { return entry }
            var entry = entry
            entry.alsoFrom = told
            entry.record = entry.record.withAlsoFrom(told)
            return entry
        }
    }

    /// The most other tellings an item lists.
    public static var alsoFromLimit: Int { 20 }

    public func keptEntryCounts() async throws -> [String: Int] {
        try await source.read { db in
            var counts: [String: Int] = [:]
            for row in try await db.raw("SELECT source_id, COUNT(DISTINCT key) AS kept FROM entries GROUP BY source_id")
                .all()
            {
                counts[try row.decode(column: "source_id", as: String.self)] = Int(
                    try row.decode(column: "kept", as: Int64.self))
            }
            return counts
        }
    }

    public func dismiss(notification: String, device: String, at: Date) async throws {
        try await source.write(locking: .keys([])) { db in
            try await db.raw(
                """
                INSERT INTO dismissals (device_id, notification_id, dismissed_at)
                VALUES (\(bind: device), \(bind: notification), \(bind: at.millisecondsSince1970))
                ON CONFLICT (device_id, notification_id) DO NOTHING
                """
            ).run()
        }
    }

    public func streamChanges(section: SectionKey, since position: StreamPosition?) async throws -> StreamChanges {
        let stream = section.stream
        let seq = position?.seq ?? -1
        let changedAt = position?.changedAt ?? Int64.max
        return try await source.read { db in
            let row = try await db.raw(
                """
                SELECT COALESCE(MAX(seq), 0) AS top, COALESCE(MAX(updated_at), 0) AS changed_at,
                  COALESCE(SUM(CASE WHEN seq > \(bind: seq) AND folded = 0 THEN 1 ELSE 0 END), 0) AS added,
                  COALESCE(SUM(CASE WHEN seq <= \(bind: seq) AND updated_at > \(bind: changedAt) THEN 1 ELSE 0 END), 0) AS changed
                FROM entries WHERE stream = \(bind: stream)
                """
            ).first()
            guard let row else { throw StoreError("streamChanges: no row") }
            return StreamChanges(
                position: StreamPosition(
                    seq: try row.decode(column: "top", as: Int64.self),
                    changedAt: try row.decode(column: "changed_at", as: Int64.self)),
                added: Int(try row.decode(column: "added", as: Int64.self)),
                changed: Int(try row.decode(column: "changed", as: Int64.self)))
        }
    }

    public func dismissedNotifications(device: String) async throws -> Set<String> {
        try await source.read { db in
            let rows = try await db.raw("SELECT notification_id FROM dismissals WHERE device_id = \(bind: device)")
                .all()
            return Set(try rows.map { try $0.decode(column: "notification_id", as: String.self) })
        }
    }

    /// Stores one stream's share of a fetch, as retention allows: keys removed before are not
    /// inserted again; new keys go in bottom first (so the top entry gets the highest seq);
    /// entries whose hash changed are rewritten, unchanged ones are not touched; then everything
    /// beyond the newest `keep` by ranking date (or first seen before `since`) is removed and
    /// remembered. With `grouping`, new entries that tell a story already in the stream are folded
    /// into it (SQLStore+Stories). Counts go to each entry's record.
    static func store(
        _ entries: [MergedEntry], stream section: SectionKey, at: Int64, keep: Int, since: Date,
        grouping: StoryRule?, windows: StoryWindows? = nil,
        into summaries: inout [UpsertSummary], kept: inout [(stream: String, version: Int64, fold: StoryFold)],
        kind: SQLBackendKind, db: any SQLDatabase
    ) async throws {
        var window: StoryWindow?
        var seen: Set<EntryKey> = []
        var unique = entries.filter { seen.insert($0.input.key).inserted }
        let stream = section.stream
        let removed = try await tombstones(stream: stream, of: unique, db: db)
        var existing = try await contentHashes(stream: stream, keys: unique.map(\.input.key), db: db)
        try await adopt(unique, stream: stream, existing: &existing, db: db)
        try await learnPages(
            unique.filter {
                $0.input.articleURL != nil && existing[$0.input.key] == $0.input.contentHash
                    && !removed.contains($0.input.key)
            }, stream: stream, kind: kind, db: db)
        // A new or changed entry whose page was extracted already is indexed with its text.
        let withArticles = try await articleDocuments(
            unique.map(\.input).filter { existing[$0.key] != $0.contentHash }, db: db)
        for index in unique.indices {
            if let document = withArticles[unique[index].input.key] { unique[index].input.search = document }
        }
        var inserted: [EntryKey: Int] = [:]
        var fresh: [MergedEntry] = []
        for merged in unique {
            let entry = merged.input
            summaries[merged.record].sections.insert(section)
            if removed.contains(entry.key) {
                summaries[merged.record].beyondRetention += 1
                continue
            }
            guard let hash = existing[entry.key] else {
                fresh.append(merged)
                continue
            }
            guard hash != entry.contentHash else {
                summaries[merged.record].unchanged += 1
                summaries[merged.record].unchangedKeys.insert(entry.key)
                continue
            }
            try await db.raw(
                """
                UPDATE entries SET item = \(bind: entry.record.json), item_images = \(bind: entry.record.imagesColumn), content_hash = \(bind: entry.contentHash),
                  content_html = \(bind: entry.contentHTML), item_id = \(bind: entry.itemID),
                  published_at = \(bind: entry.publishedAt?.millisecondsSince1970), source_id = \(bind: merged.sourceID),
                  sort_at = \(bind: merged.sortAt), updated_at = \(bind: at), article_url = \(bind: entry.articleURL),
                  search_language = \(bind: entry.search?.language)
                WHERE stream = \(bind: stream) AND key = \(bind: entry.key.stored)
                """
            ).run()
            if let search = entry.search {
                try await reindex(stream: stream, key: entry.key, sourceID: merged.sourceID, search, kind: kind, db: db)
            }
            summaries[merged.record].updated += 1
            summaries[merged.record].changedKeys.insert(entry.key)
        }
        var columns = [
            "stream", "key", "source_id", "item", "item_images", "content_hash", "content_html", "item_id",
            "published_at", "sort_at", "first_seen_at", "updated_at", "article_url", "search_language",
        ]
        let bottomFirst = Array(fresh.reversed())
        // With grouping, the new rows' seqs are taken first and their stories made before they are
        // written, so each row is written once, with its story. SQLite's search index is a table
        // of its own keyed by seq: the seqs are taken first for it too.
        let indexed = kind == .sqlite && bottomFirst.contains { $0.input.search != nil }
        var seqs: [Int64] = []
        if (grouping != nil || indexed) && !bottomFirst.isEmpty {
            columns.append("seq")
            seqs = try await nextSeqs(bottomFirst.count, stream: stream, kind: kind, db: db)
        }
        var places: [EntryKey: (seq: Int64, place: StoryPlace)] = [:]
        if let grouping, !bottomFirst.isEmpty {
            columns += ["story", "folded", "story_keys"]
            let (made, counts) = try await group(
                bottomFirst, seqs: seqs, stream: stream, rule: grouping, at: at, windows: windows, window: &window,
                db: db)
            places = made
            for (record, count) in counts { summaries[record].grouped += count }
        }
        if kind == .postgres { columns.append("search") }
        for start in stride(from: 0, to: bottomFirst.count, by: 100) {
            var insert = RowsInsert(into: "entries", columns: columns)
            insert.overridingIdentity = !seqs.isEmpty && kind == .postgres
            for (index, merged) in zip(start..., bottomFirst[start..<min(start + 100, bottomFirst.count)]) {
                let entry = merged.input
                var row: [RowsInsert.Value] = [
                    .text(stream), .text(entry.key.stored), .text(merged.sourceID), .text(entry.record.json),
                    entry.record.imagesColumn.sqlValue,
                    .text(entry.contentHash), entry.contentHTML.sqlValue, .text(entry.itemID),
                    entry.publishedAt.map(\.millisecondsSince1970).sqlValue, .int(merged.sortAt), .int(at), .int(at),
                    entry.articleURL.sqlValue, (entry.search?.language).sqlValue,
                ]
                if !seqs.isEmpty { row.append(.int(seqs[index])) }
                if let placed = places[entry.key] {
                    let keys: RowsInsert.Value = entry.story.map { .bytes($0.column(at: merged.sortAt)) } ?? .null
                    row += [placed.place.story.sqlValue, .int(placed.place.folded ? 1 : 0), keys]
                }
                if kind == .postgres { row.append(entry.search.map { .cast($0.tsvector, type: "tsvector") } ?? .null) }
                insert.rows.append(row)
                inserted[entry.key] = merged.record
                summaries[merged.record].inserted += 1
                summaries[merged.record].newKeys.insert(entry.key)
            }
            try await db.raw("\(insert)").run()
        }
        if indexed {
            try await SearchIndex.insert(
                zip(bottomFirst, seqs).compactMap { merged, seq in
                    merged.input.search.map { (seq, merged.sourceID, $0) }
                }, stream: stream, db: db)
        }
        var recordOf: [String: Int] = [:]
        for merged in unique where recordOf[merged.sourceID] == nil { recordOf[merged.sourceID] = merged.record }
        for (key, sourceID) in try await prune(
            stream: stream, keep: keep, since: since, at: at, window: &window, db: db)
        {
            // A new entry retention drops at once was never shown: it is not news, and not a removal.
            if let record = inserted[key] {
                summaries[record].inserted -= 1
                summaries[record].beyondRetention += 1
            } else if let record = recordOf[sourceID] ?? unique.first?.record {
                summaries[record].pruned += 1
            }
        }
        if let window, let fold = window.fold { kept.append((stream, window.version, fold)) }
    }

    /// Groups the new entries (in the order they are inserted, `seqs` the seqs they will have):
    /// each one's seq and place (a row without story keys, not a teaser, is in no story), and how
    /// many each record had folded.
    private static func group(
        _ fresh: [MergedEntry], seqs: [Int64], stream: String, rule: StoryRule, at: Int64,
        windows: StoryWindows?, window: inout StoryWindow?, db: any SQLDatabase
    ) async throws -> (places: [EntryKey: (seq: Int64, place: StoryPlace)], counts: [Int: Int]) {
        var recordOf: [Int64: Int] = [:]
        var entries: [StoryEntry] = []
        for (merged, seq) in zip(fresh, seqs) {
            guard let keys = merged.input.story else { continue }
            recordOf[seq] = merged.record
            entries.append(
                StoryEntry(
                    seq: seq, source: merged.sourceID, at: Date(millisecondsSince1970: merged.sortAt), keys: keys))
        }
        let placed = try await group(
            entries, stream: stream, rule: rule, at: at, windows: windows, window: &window, db: db)
        var places: [EntryKey: (seq: Int64, place: StoryPlace)] = [:]
        var counts: [Int: Int] = [:]
        for (merged, seq) in zip(fresh, seqs) {
            let place = placed[seq] ?? StoryPlace(story: nil, folded: false)
            places[merged.input.key] = (seq, place)
            if place.folded { counts[merged.record, default: 0] += 1 }
        }
        return (places, counts)
    }

    /// `count` seqs for new rows of `stream`, ascending: above every entry's, and above the seqs
    /// the stream's kept story keys and decisions name (SQLite gives a deleted highest seq out
    /// again; a story's keys outlive their entry, and a decision is made again after the seqs
    /// below its `at_seq`). PostgreSQL's identity never gives a value twice.
    private static func nextSeqs(_ count: Int, stream: String, kind: SQLBackendKind, db: any SQLDatabase)
        async throws -> [Int64]
    {
        switch kind {
        case .postgres:
            return try await db.raw(
                """
                SELECT nextval(pg_get_serial_sequence('entries', 'seq')) AS seq
                FROM generate_series(1, \(unsafeRaw: String(count)))
                """
            ).all().map { try $0.decode(column: "seq", as: Int64.self) }.sorted()
        case .sqlite:
            let top =
                try await db.raw(
                    """
                    SELECT MAX(COALESCE((SELECT MAX(seq) FROM entries), 0),
                      COALESCE((SELECT MAX(seq) FROM story_keys WHERE stream = \(bind: stream)), 0),
                      COALESCE((SELECT MAX(at_seq) FROM story_decisions WHERE stream = \(bind: stream)), 0)) AS top
                    """
                ).first()?.decode(column: "top", as: Int64.self) ?? 0
            return (1...Int64(count)).map { top + $0 }
        }
    }

    /// Removes what the retention policy no longer keeps — beyond the newest `keep` by ranking
    /// date then place, or first seen before `since` — and remembers each removed key so the
    /// next read of the same document does not bring it back. Returns the removed keys with
    /// their sources.
    static func prune(
        stream: String, keep: Int, since: Date, at: Int64, window: inout StoryWindow?, db: any SQLDatabase
    ) async throws -> [(key: EntryKey, sourceID: String)] {
        let last = try await db.raw(
            """
            SELECT sort_at, seq FROM entries WHERE stream = \(bind: stream)
            ORDER BY sort_at DESC, seq DESC LIMIT 1 OFFSET \(bind: max(keep - 1, 0))
            """
        ).first()
        let beyond: SQLQueryString
        if let last {
            let sortAt = try last.decode(column: "sort_at", as: Int64.self)
            let seq = try last.decode(column: "seq", as: Int64.self)
            beyond = "OR sort_at < \(bind: sortAt) OR (sort_at = \(bind: sortAt) AND seq < \(bind: seq))"
        } else {
            beyond = ""
        }
        let rows = try await db.raw(
            """
            DELETE FROM entries WHERE stream = \(bind: stream)
              AND (first_seen_at < \(bind: since.millisecondsSince1970) \(beyond))
            RETURNING key, source_id, seq, story, story_keys
            """
        ).all()
        let removed = try rows.map {
            (
                key: EntryKey(stored: try $0.decode(column: "key", as: String.self)),
                sourceID: try $0.decode(column: "source_id", as: String.self)
            )
        }
        try await pruned(
            try rows.compactMap { row in
                try row.decode(column: "story", as: Int64?.self).map {
                    PrunedEntry(
                        seq: try row.decode(column: "seq", as: Int64.self), story: $0,
                        source: try row.decode(column: "source_id", as: String.self),
                        keys: try row.decode(column: "story_keys", as: Data?.self))
                }
            }, stream: stream, at: at, window: &window, db: db)
        for start in stride(from: 0, to: removed.count, by: 100) {
            var insert = RowsInsert(into: "entry_tombstones", columns: ["stream", "key", "source_id", "pruned_at"])
            for entry in removed[start..<min(start + 100, removed.count)] {
                insert.rows.append([.text(stream), .text(entry.key.stored), .text(entry.sourceID), .int(at)])
            }
            try await db.raw("\(insert) ON CONFLICT (stream, key) DO NOTHING").run()
        }
        return removed
    }

    static var entryColumns: String {
        "seq, stream, key, source_id, item, item_images, content_html, item_id, published_at, first_seen_at, story, folded"
    }

    /// The section a row's `stream` names.
    static func section(_ stream: String) throws -> SectionKey {
        guard let section = SectionKey(stream: stream) else {
            throw StoreError("entries: stream \(stream) names no brand/section")
        }
        return section
    }

    static func decodeEntry(_ row: any SQLRow) throws -> StoredEntry {
        StoredEntry(
            seq: try row.decode(column: "seq", as: Int64.self),
            section: try Self.section(try row.decode(column: "stream", as: String.self)),
            key: EntryKey(stored: try row.decode(column: "key", as: String.self)),
            sourceID: try row.decode(column: "source_id", as: String.self),
            itemID: try row.decode(column: "item_id", as: String.self),
            record: try EntryRecord(
                json: try row.decode(column: "item", as: String.self),
                imagesColumn: try row.decode(column: "item_images", as: String?.self)),
            contentHTML: try row.decode(column: "content_html", as: String?.self),
            publishedAt: try row.decode(column: "published_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)),
            firstSeenAt: Date(millisecondsSince1970: try row.decode(column: "first_seen_at", as: Int64.self)),
            story: try row.decode(column: "story", as: Int64?.self),
            folded: try row.decode(column: "folded", as: Int64.self) != 0)
    }
}

extension Teaser {
    /// The teaser as another telling of a story lists it.
    var asAlsoFrom: Teaser.AlsoFrom {
        Teaser.AlsoFrom(id: id, source: source, title: title, url: url, publishedAt: publishedAt)
    }
}
