import Foundation
import SQLKit
import TidingsModel

/// Story groups in the entries table (issue 42): entries of one stream that tell one story share
/// `entries.story` (the seq of the story's first entry); all but one of a story's present entries
/// are `folded`, shown inside the item of the one that is not (its `also_from`). Grouping is
/// ``StoryFold`` run by the store: each new entry is compared with the stored ones its link key
/// or its band buckets find among the stream's keys (each entry's `story_keys` column, and the
/// `story_keys` table's kept keys of removed entries; indexed in memory and kept between writes),
/// in the write that inserts it, under the stream's lock. A story's keys outlive its pruned
/// entries while any of its entries is present, so a rebuild (``SQLStore/alignStories(_:at:)``)
/// folds the same keys in the same order and finds the same stories.
extension SQLStore {
    /// Groups entries about to be inserted into `stream` (`fresh`, with the seqs they will have):
    /// each joins the story of the earliest stored or fresh entry it matches, or starts its own.
    /// An entry joining a story that is shown is folded into it, and the shown entry's
    /// `updated_at` moves to `at`, so a live reader is told its item changed, not that one was
    /// added. Returns each one's place, for its row (which carries its keys).
    static func group(
        _ fresh: [StoryEntry], stream: String, rule: StoryRule, at: Int64, windows: StoryWindows?,
        window: inout StoryWindow?, db: any SQLDatabase
    ) async throws -> [Int64: StoryPlace] {
        guard !fresh.isEmpty else { return [:] }
        let fresh = fresh.sorted { $0.seq < $1.seq }
        var fold = try await self.fold(of: stream, rule: rule, windows: windows, window: &window, db: db)
        var stories: [Int64: Int64] = [:]
        for entry in fresh { stories[entry.seq] = fold.add(entry) }
        try await window!.raise(stream, with: fold, db: db)
        let freshSeqs = Set(fresh.map(\.seq))
        // The stories new entries joined that were there before: each present one has one shown entry.
        let joined = Set(stories.values.filter { !freshSeqs.contains($0) })
        var shown = try await shownEntries(of: joined, stream: stream, db: db)
        var places: [Int64: StoryPlace] = [:]
        var grown: Set<Int64> = []
        for entry in fresh {
            let story = stories[entry.seq]!
            if let lead = shown[story] {
                places[entry.seq] = StoryPlace(story: story, folded: true)
                if !freshSeqs.contains(lead) { grown.insert(lead) }
            } else {
                shown[story] = entry.seq
                places[entry.seq] = StoryPlace(story: story, folded: false)
            }
        }
        if !grown.isEmpty {
            try await db.raw(
                """
                UPDATE entries SET updated_at = \(unsafeRaw: String(at))
                WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(grown)))
                """
            ).run()
        }
        return places
    }

    /// The stream's keys folded as stored: the write's own fold, else the one this process kept
    /// at the stream's version, else every key read and placed. `window` is then what the write
    /// knows of the stream.
    static func fold(
        of stream: String, rule: StoryRule, windows: StoryWindows?, window: inout StoryWindow?, db: any SQLDatabase
    ) async throws -> StoryFold {
        let known = try await StoryWindow.read(stream, window, db: db)
        // The fold leaves `window` (raising the version puts it back): one reference, so adding
        // to it never copies it whole.
        window = StoryWindow(version: known.version, fold: nil)
        if let kept = known.fold ?? windows?.take(stream, at: known.version), kept.rule == rule { return kept }
        var fold = StoryFold(rule: rule)
        for row in try await keys(of: stream, db: db) {
            if let story = row.story { fold.place(row.entry, in: story) }
        }
        // The decisions made: their stories are stored; the links entries' pages gave as their own
        // are looked up by later entries, and an entry a decision names takes it along when it goes.
        for (_, decision) in try await storyDecisions(of: stream, db: db) {
            fold.noteDecision(on: decision)
            if case .samePage(let seq, let url) = decision { fold.link(seq, to: url) }
        }
        return fold
    }

    /// Every stored key of `stream`, in seq order: the present entries' (their `story_keys`
    /// column) and the kept keys of removed ones (`story_keys` rows, while their story has a
    /// present entry) — what a write folds when it has no fold of the stream at its current
    /// version. The fold indexes them by link key and band bucket in memory, so each new entry
    /// costs a lookup a band, never a comparison with every key. (An index of band rows in the
    /// database cost more than the whole write it served: docs/benchmarks.md.) A present entry's
    /// story is nil when grouping was switched off since.
    static func keys(of stream: String, db: any SQLDatabase) async throws -> [StoryRow] {
        var rows = try await db.raw(
            """
            SELECT seq, story, source_id, story_keys FROM entries
            WHERE stream = \(bind: stream) AND story_keys IS NOT NULL
            """
        ).all().map { row in
            let (at, keys) = try StoryKeys.decode(column: try row.decode(column: "story_keys", as: Data.self))
            return StoryRow(
                entry: StoryEntry(
                    seq: try row.decode(column: "seq", as: Int64.self),
                    source: try row.decode(column: "source_id", as: String.self),
                    at: Date(millisecondsSince1970: at), keys: keys),
                story: try row.decode(column: "story", as: Int64?.self))
        }
        rows += try await db.raw(
            """
            SELECT seq, story, source_id, at, url_key, words, signature, names FROM story_keys
            WHERE stream = \(bind: stream)
            """
        ).all().map(decodeKeys)
        return rows.sorted { $0.entry.seq < $1.entry.seq }
    }

    /// The entry each of `stories` shows, by story; a story with no present entry is left out.
    private static func shownEntries(of stories: Set<Int64>, stream: String, db: any SQLDatabase) async throws
        -> [Int64: Int64]
    {
        var shown: [Int64: Int64] = [:]
        for chunk in Array(stories).chunked(into: 1000) {
            let rows = try await db.raw(
                """
                SELECT story, seq FROM entries WHERE stream = \(bind: stream) AND folded = 0
                  AND story IN (\(unsafeRaw: list(chunk)))
                """
            ).all()
            for row in rows {
                shown[try row.decode(column: "story", as: Int64.self)] = try row.decode(column: "seq", as: Int64.self)
            }
        }
        return shown
    }

    /// Keeps the keys of removed entries whose story has a present entry (`story_keys` rows).
    static func keepKeys(_ entries: [StoryEntry], stories: [Int64: Int64], stream: String, db: any SQLDatabase)
        async throws
    {
        for chunk in entries.chunked(into: 500) {
            var insert = RowsInsert(
                into: "story_keys",
                columns: ["stream", "seq", "story", "source_id", "at", "url_key", "words", "signature", "names"])
            for entry in chunk {
                insert.rows.append([
                    .text(stream), .int(entry.seq), .int(stories[entry.seq] ?? entry.seq), .text(entry.source),
                    .int(entry.at.millisecondsSince1970), entry.keys.url.sqlValue, .int(Int64(entry.keys.words)),
                    entry.keys.storedSignature.sqlValue, entry.keys.names.map(StoryKeys.stored).sqlValue,
                ])
            }
            try await db.raw("\(insert)").run()
        }
    }

    /// After retention removed entries of `stream` (each with its story and its keys column):
    /// the keys of those whose story has a present entry are kept (the first present entry is
    /// shown when the shown one went), and the others are forgotten, as are kept keys of stories
    /// none of whose entries is present any more.
    static func pruned(
        _ removed: [PrunedEntry], stream: String, at: Int64, window: inout StoryWindow?, db: any SQLDatabase
    ) async throws {
        guard !removed.isEmpty else { return }
        let stories = Set(removed.map(\.story))
        // Only a story with entries besides the removed ones may have a present entry or kept
        // keys; the write's fold says which (most removed entries were told once), else ask all.
        var told = stories
        if let fold = window?.fold {
            var gone: [Int64: Int] = [:]
            for entry in removed { gone[entry.story, default: 0] += 1 }
            let members = fold.members(of: stories)
            told = stories.filter { members[$0, default: 0] > gone[$0, default: 0] }
        }
        var present: Set<Int64> = []
        var promote: [Int64] = []
        for chunk in Array(told).chunked(into: 1000) {
            let rows = try await db.raw(
                """
                SELECT story, MIN(seq) AS first, SUM(CASE WHEN folded = 0 THEN 1 ELSE 0 END) AS shown FROM entries
                WHERE stream = \(bind: stream) AND story IN (\(unsafeRaw: list(chunk))) GROUP BY story
                """
            ).all()
            for row in rows {
                present.insert(try row.decode(column: "story", as: Int64.self))
                if try row.decode(column: "shown", as: Int64.self) == 0 {
                    promote.append(try row.decode(column: "first", as: Int64.self))
                }
            }
        }
        if !promote.isEmpty {
            try await db.raw(
                """
                UPDATE entries SET folded = 0, updated_at = \(unsafeRaw: String(at))
                WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(promote)))
                """
            ).run()
        }
        var kept: [StoryEntry] = []
        var keptStories: [Int64: Int64] = [:]
        var forgotten: Set<Int64> = []
        for entry in removed {
            guard let column = entry.keys else { continue }
            if present.contains(entry.story) {
                let (at, keys) = try StoryKeys.decode(column: column)
                kept.append(
                    StoryEntry(seq: entry.seq, source: entry.source, at: Date(millisecondsSince1970: at), keys: keys))
                keptStories[entry.seq] = entry.story
            } else {
                forgotten.insert(entry.seq)
            }
        }
        try await keepKeys(kept, stories: keptStories, stream: stream, db: db)
        forgotten.formUnion(try await forget(Array(told.subtracting(present)), stream: stream, db: db))
        guard !forgotten.isEmpty else { return }
        var known = try await StoryWindow.read(stream, window, db: db)
        // Decisions naming forgotten entries go; the fold knows which entries any names.
        let named = known.fold.map { forgotten.intersection($0.decided) } ?? forgotten
        try await forgetDecisions(on: named, stream: stream, db: db)
        window = nil  // `known` holds the fold alone: removing from it copies nothing
        known.fold?.remove(forgotten)
        try await known.raise(stream, with: known.fold, db: db)
        window = known
    }

    /// Deletes the kept keys of `stories` (removed entries'); returns their seqs.
    private static func forget(_ stories: [Int64], stream: String, db: any SQLDatabase) async throws -> Set<Int64> {
        var forgotten: Set<Int64> = []
        for chunk in stories.chunked(into: 1000) {
            let rows = try await db.raw(
                """
                DELETE FROM story_keys WHERE stream = \(bind: stream) AND story IN (\(unsafeRaw: list(chunk)))
                RETURNING seq
                """
            ).all()
            for row in rows { forgotten.insert(try row.decode(column: "seq", as: Int64.self)) }
        }
        return forgotten
    }

    /// Deletes the decisions naming entries whose keys are forgotten: they name nothing any more.
    private static func forgetDecisions(on seqs: Set<Int64>, stream: String, db: any SQLDatabase) async throws {
        for chunk in Array(seqs).chunked(into: 1000) {
            try await db.raw(
                """
                DELETE FROM story_decisions WHERE stream = \(bind: stream)
                  AND (a IN (\(unsafeRaw: list(chunk))) OR b IN (\(unsafeRaw: list(chunk))))
                """
            ).run()
        }
    }

    /// Integers as an SQL list (`1, 2, 3`): Swift integers, never input, written inline.
    static func list(_ values: some Sequence<Int64>) -> String {
        values.map(String.init).joined(separator: ", ")
    }

    static func decodeKeys(_ row: any SQLRow) throws -> StoryRow {
        StoryRow(
            entry: StoryEntry(
                seq: try row.decode(column: "seq", as: Int64.self),
                source: try row.decode(column: "source_id", as: String.self),
                at: Date(millisecondsSince1970: try row.decode(column: "at", as: Int64.self)),
                keys: try StoryKeys(storedRow: row)),
            story: try row.decode(column: "story", as: Int64.self))
    }
}

/// What one write knows of a stream's keys: the stream's version (`story_streams`), and the
/// fold of its keys once the write made or took one.
struct StoryWindow {
    var version: Int64
    var fold: StoryFold?

    /// What the write knows already, else the stream's version as stored.
    static func read(_ stream: String, _ known: StoryWindow?, db: any SQLDatabase) async throws -> StoryWindow {
        if let known { return known }
        let version = try await db.raw("SELECT version FROM story_streams WHERE stream = \(bind: stream)").first()?
            .decode(column: "version", as: Int64.self)
        return StoryWindow(version: version ?? 0, fold: nil)
    }

    /// Counts a change of the stream's keys, whose fold is now `fold`: kept folds of the version
    /// before no longer serve.
    mutating func raise(_ stream: String, with fold: StoryFold?, db: any SQLDatabase) async throws {
        self.fold = fold
        version += 1
        try await db.raw(
            """
            INSERT INTO story_streams (stream, version) VALUES (\(bind: stream), \(unsafeRaw: String(version)))
            ON CONFLICT (stream) DO UPDATE SET version = excluded.version
            """
        ).run()
    }
}

/// A `story_keys` row: an entry as grouping sees it, and its story. (A row outlives its entry
/// while the story has a present one; grouping folds it alike.)
struct StoryRow {
    var entry: StoryEntry
    var story: Int64?
}

/// An entry retention removed, as grouping needs it: its story and its keys column.
struct PrunedEntry {
    var seq: Int64
    var story: Int64
    var source: String
    var keys: Data?
}

extension SQLStore {
    /// Makes every stream's stories again when `rule` is not the rule they were made with (nil:
    /// no grouping — every entry shown on its own), as one exclusive write; readers are told
    /// everything changed. What a server does at start with its configured rule. Returns whether
    /// any entries were regrouped.
    @discardableResult
    public func alignStories(_ rule: StoryRule?, at now: Date = Date()) async throws -> Bool {
        let wanted = rule?.description ?? ""
        guard try await source.read({ db in try await Self.storedStoryRule(db) }) != wanted else { return false }
        defer { storyWindows.reset() }
        return try await source.write(locking: .exclusive) { db in
            // Checked again under the lock: another server may have done it meanwhile.
            guard try await Self.storedStoryRule(db) != wanted else { return false }
            let at = now.millisecondsSince1970
            if let rule {
                let streams = try await db.raw("SELECT DISTINCT stream FROM entries ORDER BY stream").all()
                for row in streams {
                    try await Self.regroup(
                        stream: try row.decode(column: "stream", as: String.self), rule: rule, at: at, db: db)
                }
            } else {
                try await db.raw(
                    "UPDATE entries SET story = NULL, folded = 0, updated_at = \(unsafeRaw: String(at)) WHERE story IS NOT NULL"
                ).run()
                try await db.raw("DELETE FROM story_keys").run()
            }
            try await db.raw("UPDATE story_grouping SET rule = \(bind: wanted) WHERE id = 1").run()
            // Every server's kept keys are of another rule now.
            try await db.raw("UPDATE story_streams SET version = version + 1").run()
            try await self.announce(.everything, in: db)
            // Said only when there was something to group (not for a new database).
            return try await db.raw("SELECT 1 AS one FROM entries LIMIT 1").first() != nil
        }
    }

    static func storedStoryRule(_ db: any SQLDatabase) async throws -> String {
        try await db.raw("SELECT rule FROM story_grouping WHERE id = 1").first()?.decode(
            column: "rule", as: String.self)
            ?? ""
    }

    /// One stream's stories made again: keys for the present entries that have none (stored while
    /// grouping was off), then every key row folded in seq order — the fold live grouping made
    /// step by step — and what differs from the stored stories written, each changed entry (and
    /// the shown entry of each story that changed) with `updated_at` = `at`.
    static func regroup(stream: String, rule: StoryRule, at: Int64, db: any SQLDatabase) async throws {
        let unkeyed = try await db.raw(
            """
            SELECT seq, source_id, sort_at, item FROM entries WHERE stream = \(bind: stream) AND story_keys IS NULL
            """
        ).all()
        let decoder = TidingsJSON.decoder()
        var bySource: [String: [StoryEntry]] = [:]
        for row in unkeyed {
            guard
                let item = try? decoder.decode(
                    FeedItem.self, from: Data(try row.decode(column: "item", as: String.self).utf8)),
                let keys = StoryKeys(item: item)
            else { continue }
            let source = try row.decode(column: "source_id", as: String.self)
            bySource[source, default: []].append(
                StoryEntry(
                    seq: try row.decode(column: "seq", as: Int64.self), source: source,
                    at: Date(millisecondsSince1970: try row.decode(column: "sort_at", as: Int64.self)),
                    keys: keys.withoutNUL))
        }
        // A link a source gives several of its entries names no story, as when it is fetched.
        var added: [StoryEntry] = []
        for entries in bySource.values {
            let kept = StoryKeys.withoutSharedLinks(entries.map(\.keys))
            for (entry, keys) in zip(entries, kept) {
                var entry = entry
                if let keys { entry.keys = keys }
                added.append(entry)
            }
        }
        for chunk in added.chunked(into: 500) {
            var cases: SQLQueryString = "UPDATE entries SET story_keys = CASE seq"
            for entry in chunk {
                cases +=
                    " WHEN \(unsafeRaw: String(entry.seq)) THEN \(bind: entry.keys.column(at: entry.at.millisecondsSince1970))"
            }
            cases += " END WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(chunk.map(\.seq))))"
            try await db.raw(cases).run()
        }
        let rows = try await keys(of: stream, db: db)
        // Editors' decisions are made again where they were made: after the entries before them.
        var decisions = try await storyDecisions(of: stream, db: db)[...]
        var fold = StoryFold(rule: rule)
        for row in rows {
            while let next = decisions.first, next.atSeq < row.entry.seq {
                fold.apply(next.decision)
                decisions.removeFirst()
            }
            fold.add(row.entry)
        }
        for next in decisions { fold.apply(next.decision) }
        var moved: [Int64: Int64] = [:]
        for row in rows {
            if let story = fold.stories[row.entry.seq], story != row.story { moved[row.entry.seq] = story }
        }
        try await moveKeys(moved, stream: stream, db: db)
        let present = try await db.raw(
            "SELECT seq, story, folded FROM entries WHERE stream = \(bind: stream) ORDER BY seq"
        ).all().map(StoryPlace.Stored.init)
        let shown = try await settle(present, in: fold, stream: stream, at: at, db: db)
        // Stories none of whose entries is present any more are forgotten, as retention does.
        let alive = Set(shown.keys)
        _ = try await forget(Array(Set(fold.stories.values).subtracting(alive)), stream: stream, db: db)
        // Decisions on entries whose keys are gone name nothing any more.
        let keyed =
            """
            (SELECT seq FROM story_keys WHERE stream = \(bind: stream)
              UNION ALL SELECT seq FROM entries WHERE stream = \(bind: stream) AND story_keys IS NOT NULL)
            """ as SQLQueryString
        try await db.raw(
            "DELETE FROM story_decisions WHERE stream = \(bind: stream) AND (a NOT IN " + keyed + " OR b NOT IN "
                + keyed
                + ")"
        ).run()
    }

    /// Writes the story of kept keys (removed entries') that moved to another (`moved`: seq →
    /// story); a present entry's story is its row's, which ``settle(_:in:stream:at:db:)`` writes.
    static func moveKeys(_ moved: [Int64: Int64], stream: String, db: any SQLDatabase) async throws {
        for (story, seqs) in Dictionary(grouping: moved.keys, by: { moved[$0]! }) {
            for chunk in seqs.chunked(into: 1000) {
                try await db.raw(
                    """
                    UPDATE story_keys SET story = \(unsafeRaw: String(story))
                    WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(chunk)))
                    """
                ).run()
            }
        }
    }
}
