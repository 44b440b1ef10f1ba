import Foundation
import SQLKit
import TidingsModel

/// What an editor asks of a section's stories, naming entries by their item ids: take one telling
/// out of its story (it is then shown as a story of its own), or make two tellings' stories one.
public enum StoryEdit: Hashable, Sendable {
    case split(item: String)
    case merge(item: String, with: String)

    /// `split` or `merge`, as the API and the audit log name it.
    public var kind: String {
        switch self {
        case .split: "split"
        case .merge: "merge"
        }
    }

    /// The item the edit is made on.
    public var item: String {
        switch self {
        case .split(let item), .merge(let item, _): item
        }
    }
}

/// The stories an edit touched, before and after: each a list of its present tellings' item ids,
/// the shown one first.
public struct StoryEditOutcome: Hashable, Sendable {
    public var before: [[String]]
    public var after: [[String]]
}

/// Why a store refuses an edit of stories.
public enum StoryEditRefusal: Error, Hashable, Sendable {
    /// No entry of the section has this item id.
    case noItem(String)
    /// The entry is in no story (it is not a teaser, or was stored while grouping was off).
    case ungrouped(String)
    /// A split of a story told once.
    case toldOnce(String)
    /// A merge of two tellings of one story.
    case together(String, String)
}

extension SQLStore {
    /// Applies an editor's edit of `section`'s stories under `rule` (the rule its stories are
    /// made with) in one write: the decision is recorded (a rebuild makes it again where it was
    /// made, and later tellings never undo it), the stories' entries are placed anew (each story
    /// showing its first present telling, every moved entry and shown one changed for live
    /// readers), and the audit log says who did it, why, and the stories before and after.
    public func editStories(
        section: SectionKey, _ edit: StoryEdit, rule: StoryRule, reason: String?, at now: Date, by author: BrandsAuthor
    ) async throws -> StoryEditOutcome {
        let stream = section.stream
        let windows = storyWindows
        let at = now.millisecondsSince1970
        let (outcome, kept) = try await source.write(locking: .keys(["stream:" + stream])) { db in
            var window: StoryWindow?
            var fold = try await Self.fold(of: stream, rule: rule, windows: windows, window: &window, db: db)
            func named(_ item: String) async throws -> (seq: Int64, story: Int64) {
                guard
                    let seq = try await db.raw(
                        """
                        SELECT seq FROM entries WHERE stream = \(bind: stream) AND item_id = \(bind: item)
                        ORDER BY seq DESC LIMIT 1
                        """
                    ).first()?.decode(column: "seq", as: Int64.self)
                else { throw StoryEditRefusal.noItem(item) }
                guard let story = fold.stories[seq] else { throw StoryEditRefusal.ungrouped(item) }
                return (seq, story)
            }
            let decision: StoryDecision
            var stories: Set<Int64>
            switch edit {
            case .split(let item):
                let entry = try await named(item)
                decision = .split(entry.seq)
                stories = [entry.story]
            case .merge(let item, let other):
                let (one, two) = (try await named(item), try await named(other))
                guard one.story != two.story else { throw StoryEditRefusal.together(item, other) }
                decision = .merge(one.seq, two.seq)
                stories = [one.story, two.story]
            }
            let before = try await Self.tellings(of: stories, stream: stream, db: db)
            let atSeq = fold.stories.keys.max() ?? 0
            let moved = fold.apply(decision)
            guard !moved.isEmpty else { throw StoryEditRefusal.toldOnce(edit.item) }
            stories.formUnion(moved.values)
            try await Self.moveKeys(moved, stream: stream, db: db)
            let present = try await Self.places(of: stories, stream: stream, db: db)
            _ = try await Self.settle(present, in: fold, stream: stream, at: at, db: db)
            try await Self.record(
                [decision], atSeq: atSeq, stream: stream, at: at, actor: author.actor, reason: reason, db: db)
            try await window!.raise(stream, with: fold, db: db)
            let after = try await Self.tellings(of: stories, stream: stream, db: db)
            try await Self.writeAudit(
                at: now, by: author, kind: decision.kind,
                target: section.brand + "/" + section.section + "/" + edit.item,
                before: try Self.auditText(before, reason: reason), after: try Self.auditText(after, reason: reason), db
            )
            try await self.announce(StoreChange(sections: [section]), in: db)
            return (StoryEditOutcome(before: before, after: after), (stream, window!.version, fold))
        }
        windows.committed([kept])
        return outcome
    }

    /// The present tellings of `stories`, by story (oldest story first), the shown one first.
    private static func tellings(of stories: Set<Int64>, stream: String, db: any SQLDatabase) async throws
        -> [[String]]
    {
        var found: [Int64: [(folded: Bool, seq: Int64, item: String)]] = [:]
        for chunk in Array(stories).chunked(into: 1000) {
            let rows = try await db.raw(
                """
                SELECT story, seq, folded, item_id FROM entries WHERE stream = \(bind: stream)
                  AND story IN (\(unsafeRaw: list(chunk)))
                """
            ).all()
            for row in rows {
                found[try row.decode(column: "story", as: Int64.self), default: []].append(
                    (
                        try row.decode(column: "folded", as: Int64.self) != 0,
                        try row.decode(column: "seq", as: Int64.self),
                        try row.decode(column: "item_id", as: String.self)
                    ))
            }
        }
        return found.keys.sorted().map { story in
            found[story]!.sorted { ($0.folded ? 1 : 0, $0.seq) < ($1.folded ? 1 : 0, $1.seq) }.map(\.item)
        }
    }

    /// Stories as the audit log shows them: `{"stories": [[item, …], …], "reason": …}`.
    private static func auditText(_ stories: [[String]], reason: String?) throws -> String {
        var object: [String: Any] = ["stories": stories]
        if let reason { object["reason"] = reason }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

extension StoryDecision {
    /// The entry the decision is made on (a merge's first).
    var entry: Int64 {
        switch self {
        case .split(let seq), .merge(let seq, _), .samePage(let seq, _): seq
        }
    }
}

extension SQLStore {
    /// Puts `present` entries (in seq order, as stored) where `fold` says: each in its story,
    /// each story showing its first present entry and folding the others. Every entry whose place
    /// changed, and the shown entry of every story one left or joined, gets `updated_at` = `at`.
    /// Returns the shown entry of each story.
    static func settle(
        _ present: [StoryPlace.Stored], in fold: StoryFold, stream: String, at: Int64, db: any SQLDatabase
    )
        async throws -> [Int64: Int64]
    {
        var shown: [Int64: Int64] = [:]
        for entry in present {
            if let story = fold.stories[entry.seq], shown[story] == nil { shown[story] = entry.seq }
        }
        var changes: [StoryPlace: [Int64]] = [:]
        var touched: Set<Int64> = []
        for entry in present {
            let story = fold.stories[entry.seq]
            let folded = story.map { shown[$0] != entry.seq } ?? false
            guard story != entry.place.story || folded != entry.place.folded else { continue }
            changes[StoryPlace(story: story, folded: folded), default: []].append(entry.seq)
            for story in [story, entry.place.story].compactMap({ $0 }) { touched.insert(story) }
        }
        for (place, seqs) in changes {
            for chunk in seqs.chunked(into: 1000) {
                try await db.raw(
                    """
                    UPDATE entries SET story = \(unsafeRaw: place.story.map(String.init) ?? "NULL"),
                      folded = \(unsafeRaw: place.folded ? "1" : "0"), updated_at = \(unsafeRaw: String(at))
                    WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(chunk)))
                    """
                ).run()
            }
        }
        let leads = touched.compactMap { shown[$0] }
        for chunk in leads.chunked(into: 1000) {
            try await db.raw(
                """
                UPDATE entries SET updated_at = \(unsafeRaw: String(at))
                WHERE stream = \(bind: stream) AND seq IN (\(unsafeRaw: list(chunk)))
                """
            ).run()
        }
        return shown
    }

    /// Where the present entries of `stories`, and the entries `seqs`, stand as stored, in seq
    /// order: what ``settle(_:in:stream:at:db:)`` places anew after a decision.
    static func places(of stories: Set<Int64>, and seqs: Set<Int64> = [], stream: String, db: any SQLDatabase)
        async throws -> [StoryPlace.Stored]
    {
        var found: [Int64: StoryPlace.Stored] = [:]
        for (column, values) in [("story", stories), ("seq", seqs)] {
            for chunk in Array(values).chunked(into: 1000) {
                let rows = try await db.raw(
                    """
                    SELECT seq, story, folded FROM entries WHERE stream = \(bind: stream)
                      AND \(unsafeRaw: column) IN (\(unsafeRaw: list(chunk)))
                    """
                ).all()
                for row in rows {
                    let place = try StoryPlace.Stored(row)
                    found[place.seq] = place
                }
            }
        }
        return found.values.sorted { $0.seq < $1.seq }
    }

    /// Records `decisions` on `stream`'s stories, made after the entries up to `atSeq`, as
    /// ``storyDecisions(of:db:)`` reads them back.
    static func record(
        _ decisions: [StoryDecision], atSeq: Int64, stream: String, at: Int64, actor: String, reason: String?,
        db: any SQLDatabase
    ) async throws {
        for chunk in decisions.chunked(into: 500) {
            var insert = RowsInsert(
                into: "story_decisions",
                columns: ["stream", "at_seq", "kind", "a", "b", "url_key", "at", "actor", "reason"])
            for decision in chunk {
                var (b, url): (Int64?, String?) = (nil, nil)
                switch decision {
                case .split: break
                case .merge(_, let other): b = other
                case .samePage(_, let key): url = key
                }
                insert.rows.append([
                    .text(stream), .int(atSeq), .text(decision.kind), .int(decision.entry), b.sqlValue, url.sqlValue,
                    .int(at), .text(actor), reason.sqlValue,
                ])
            }
            try await db.raw("\(insert)").run()
        }
    }

    /// The decisions on `stream`'s stories (editors' and pages'), in the order they were made.
    static func storyDecisions(of stream: String, db: any SQLDatabase) async throws
        -> [(atSeq: Int64, decision: StoryDecision)]
    {
        try await db.raw(
            "SELECT at_seq, kind, a, b, url_key FROM story_decisions WHERE stream = \(bind: stream) ORDER BY at_seq, id"
        ).all().compactMap { row in
            let a = try row.decode(column: "a", as: Int64.self)
            let decision: StoryDecision
            switch try row.decode(column: "kind", as: String.self) {
            case "split": decision = .split(a)
            case "merge":
                guard let b = try row.decode(column: "b", as: Int64?.self) else { return nil }
                decision = .merge(a, b)
            case "same_page":
                guard let url = try row.decode(column: "url_key", as: String?.self) else { return nil }
                decision = .samePage(a, url)
            // A newer build's decision: this one leaves it alone.
            default: return nil
            }
            return (try row.decode(column: "at_seq", as: Int64.self), decision)
        }
    }
}

/// Where an entry stands: its story (nil: none) and whether it is folded.
struct StoryPlace: Hashable {
    var story: Int64?
    var folded: Bool

    /// A present entry and where it stands as stored.
    struct Stored {
        var seq: Int64
        var place: StoryPlace

        init(_ row: any SQLRow) throws {
            seq = try row.decode(column: "seq", as: Int64.self)
            place = StoryPlace(
                story: try row.decode(column: "story", as: Int64?.self),
                folded: try row.decode(column: "folded", as: Int64.self) != 0)
        }
    }
}
