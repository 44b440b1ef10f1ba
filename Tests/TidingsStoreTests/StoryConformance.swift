import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import TidingsStore

/// Issue 42 on every backend: entries of a section that tell one story are shown once, as the
/// first telling's item with the others in its `also_from`; stories keep their id and place as
/// tellings join; paging stays exact while stories form; a rebuild finds what live grouping
/// found. Run on SQLite and PostgreSQL by StoreBackendTests.
extension StoreCheck {
    static let stories: [StoreCheck] = [
        .init(name: "one link from two sources is one item; a third joins it in place, as a change", run: byLink),
        .init(name: "alike texts from other sources group within the window, not outside it", run: byText),
        .init(
            name: "retention: the next telling shows when the shown one goes; a story's keys go with it", run: pruning),
        .init(name: "grouping switched on groups what is stored; off shows every entry again", run: switching),
        .init(
            name: "pages stay exact while stories form: no story twice, none skipped (property)",
            run: pagingWhileForming),
        .init(
            name: "a rebuild under another rule and back finds the stories live grouping found (property)",
            run: rebuilds),
        .init(
            name: "two writers of one section (each keeping the keys in memory) group as one does (property)",
            run: twoWriters),
        .init(
            name: "an editor's split and merge: kept as tellings join, made again by a rebuild, audited", run: edits),
        .init(
            name:
                "splits, merges and pages' own addresses between fetches: a rebuild finds what live grouping found (property)",
            run: rebuildsEdits),
        .init(
            name: "a page giving another address as its own: its entries join those linking there, now and later",
            run: samePages),
        .init(
            name: "the newest entry pruned at once keeps its keys; the next entry takes another seq", run: seqAfterKeys),
        .init(
            name: "migration 25 moves present entries' keys into their rows and keeps removed ones' apart",
            run: migration25),
        .init(
            name: "decisions naming entries whose keys retention forgot go, whether the fold was kept or read",
            run: decisionsForgotten),
    ]
}

private let t0 = Date(timeIntervalSince1970: 1_800_000_000)
private let stream = SectionKey(brand: "b", section: "s")
private let rule = StoryRule()

private struct Telling {
    var key: String
    var title: String
    var summary: String? = nil
    var url: String? = nil
    var hoursAgo: Double = 0
}

private func input(_ source: String, _ telling: Telling) -> EntryInput {
    let teaser = Teaser(
        id: "\(source)-\(telling.key)", title: telling.title, summary: telling.summary,
        url: telling.url.flatMap(URL.init(string:)), publishedAt: t0.addingTimeInterval(-telling.hoursAgo * 3600),
        source: source.uppercased())
    let item = FeedItem.teaser(teaser)
    return EntryInput(
        key: EntryKey(source: source, item: telling.key), itemID: teaser.id, record: try! EntryRecord(item),
        contentHTML: nil, publishedAt: teaser.publishedAt, contentHash: telling.key + telling.title,
        story: StoryKeys(item: item))
}

private func fetch(
    _ source: String, _ tellings: [Telling], at: Date = t0, keep: Int = 100, grouping: StoryRule? = rule
) -> FetchRecord {
    FetchRecord(
        sourceID: source, sections: [stream], attemptedAt: at,
        outcome: .fetched(
            entries: tellings.map { input(source, $0) }, etag: nil, lastModified: nil, title: nil, webURL: nil),
        status: .http(200), nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: keep,
        keepSince: .distantPast, grouping: grouping)
}

/// The section as a reader pages it, `limit` at a time: each item as "id[also,from,ids]".
private func shown(_ store: any TidingsStorage, limit: Int = 100) async throws -> [String] {
    var out: [String] = []
    var after: Int64?
    while true {
        let page = try await store.entries(section: stream, afterSeq: after, limit: limit, excluding: [])
        for entry in page {
            let also = entry.alsoFrom.map(\.id)
            out.append(also.isEmpty ? entry.itemID : "\(entry.itemID)[\(also.joined(separator: ","))]")
        }
        guard page.count == limit, let last = page.last else { return out }
        after = last.seq
    }
}

private func expectShown(
    _ store: any TidingsStorage, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let actual = try await shown(store)
    #expect(actual == expected, "shown: \(actual)", sourceLocation: sourceLocation)
}

private let flood = Telling(
    key: "flood", title: "Heavy rain closes roads across western Norway",
    summary: "Rivers burst their banks and hundreds of homes were evacuated on Sunday night.",
    url: "https://news.example/2026/flood", hoursAgo: 3)

private func byLink(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    let other = Telling(key: "x", title: "Another thing entirely happened today in Oslo", url: "https://b.example/x")
    _ = try await store.recordFetches([fetch("a", [flood])], owner: "me")
    let before = try await store.streamChanges(section: stream, since: nil)
    var copy = flood
    copy.key = "f2"
    copy.title = "Roads shut"
    copy.url = "https://www.news.example/2026/flood/?utm_source=rss"
    copy.hoursAgo = 1
    let summaries = try await store.recordFetches([fetch("b", [other, copy])], owner: "me")
    #expect(summaries[0].inserted == 2 && summaries[0].grouped == 1)
    try await expectShown(store, ["b-x", "a-flood[b-f2]"])
    let lead = try #require(try await store.entry(section: stream, itemID: "a-flood"))
    let member = try #require(lead.alsoFrom.first)
    #expect(member.source == "B" && member.title == "Roads shut")
    #expect(lead.record.json.hasPrefix(#"{"also_from":[{"id":"b-f2","#))
    guard case .teaser(let teaser)? = lead.record.item() else { throw StoreError("the lead is no teaser") }
    #expect(teaser.alsoFrom?.map(\.id) == ["b-f2"])
    // The folded telling is still found by its own id (its article page, a pin), with the
    // story's other tellings and the item the story is shown as.
    let folded = try #require(try await store.entry(section: stream, itemID: "b-f2"))
    #expect(folded.folded && folded.alsoFrom.map(\.id) == ["a-flood"] && folded.shownAs == "a-flood")
    #expect(lead.shownAs == nil)
    // A third source later: the same item, in the same place; a live reader is told it changed.
    var third = flood
    third.key = "f3"
    third.url = "http://m.news.example/2026/flood#top"
    _ = try await store.recordFetches([fetch("c", [third], at: t0.addingTimeInterval(60))], owner: "me")
    try await expectShown(store, ["b-x", "a-flood[c-f3,b-f2]"])
    let after = try await store.streamChanges(section: stream, since: before.position)
    #expect(after.added == 1, "only b-x is new to a reader")
    #expect(after.changed == 1, "the flood's item changed")
    #expect(try await store.entry(section: stream, itemID: "a-flood")?.seq == lead.seq)
    // Other tellings are listed oldest first (c's is dated 3 hours ago, b's 1); a hidden one is
    // left out.
    let page = try await store.entries(section: stream, afterSeq: nil, limit: 10, excluding: ["c-f3"])
    #expect(page.last?.alsoFrom.map(\.id) == ["b-f2"])
    // A fetch without grouping leaves its entries on their own.
    var fourth = flood
    fourth.key = "f4"
    _ = try await store.recordFetches([fetch("d", [fourth], grouping: nil)], owner: "me")
    try await expectShown(store, ["d-f4", "b-x", "a-flood[c-f3,b-f2]"])
}

private func byText(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    let wire = "Rivers burst their banks across western Norway and hundreds of homes were evacuated on Sunday night."
    _ = try await store.recordFetches(
        [
            fetch(
                "a",
                [
                    Telling(
                        key: "1", title: "Floods in the west", summary: wire, url: "https://a.example/1", hoursAgo: 30)
                ])
        ],
        owner: "me")
    // The same source again with the same text: never one story by text.
    _ = try await store.recordFetches(
        [
            fetch(
                "a",
                [
                    Telling(
                        key: "2", title: "Floods in the west", summary: wire, url: "https://a.example/2", hoursAgo: 29)
                ])
        ],
        owner: "me")
    // Another source, an edited title over the same text, within the window: joins the first.
    _ = try await store.recordFetches(
        [
            fetch(
                "b",
                [
                    Telling(
                        key: "1", title: "Floods: homes evacuated in the west", summary: wire,
                        url: "https://b.example/1", hoursAgo: 20)
                ]
            )
        ], owner: "me")
    // Another source, 60 hours after the first: outside the 48-hour window of both.
    _ = try await store.recordFetches(
        [
            fetch(
                "c",
                [
                    Telling(
                        key: "1", title: "Floods in the west", summary: wire, url: "https://c.example/1",
                        hoursAgo: -30)
                ], at: t0.addingTimeInterval(30 * 3600))
        ], owner: "me")
    // A translation: other words, another story.
    _ = try await store.recordFetches(
        [
            fetch(
                "d",
                [
                    Telling(
                        key: "1", title: "Flom på Vestlandet",
                        summary:
                            "Elver gikk over sine bredder på Vestlandet, og hundrevis av hjem ble evakuert søndag kveld.",
                        url: "https://d.example/1", hoursAgo: 20)
                ])
        ], owner: "me")
    try await expectShown(store, ["d-1", "c-1", "a-2", "a-1[b-1]"])
}

private func pruning(_ database: TestDatabase) async throws {
    let store = try await database.open()
    let source = try await database.openSource()
    _ = try await store.alignStories(rule, at: t0)
    _ = try await store.recordFetches([fetch("a", [flood])], owner: "me")
    var copy = flood
    copy.key = "f2"
    copy.hoursAgo = 2
    _ = try await store.recordFetches([fetch("b", [copy])], owner: "me")
    try await expectShown(store, ["a-flood[b-f2]"])
    // Four newer entries and a cap of four: the flood's first telling (the oldest) goes, the
    // second shows in its place.
    let newer = (0..<4).map {
        Telling(key: "o\($0)", title: "Story number \($0) of the day, told once only", hoursAgo: -Double($0))
    }
    _ = try await store.recordFetches([fetch("c", newer, at: t0.addingTimeInterval(3600), keep: 5)], owner: "me")
    try await expectShown(store, ["c-o0", "c-o1", "c-o2", "c-o3", "b-f2"])
    let (keyRows, entryRows) = try await source.read { db in
        (
            try await db.raw("SELECT COUNT(*) AS n FROM story_keys").first()?.decode(column: "n", as: Int64.self),
            try await db.raw("SELECT COUNT(*) AS n FROM entries").first()?.decode(column: "n", as: Int64.self)
        )
    }
    #expect(keyRows == 1 && entryRows == 5, "the pruned first telling's keys stay while its story lives")
    // The story's last telling goes too: its kept keys go with it (present entries keep their
    // keys in their own rows).
    let latest = (0..<5).map {
        Telling(key: "n\($0)", title: "Newest story \($0) of the week, told once", hoursAgo: -Double(2 + $0))
    }
    _ = try await store.recordFetches([fetch("d", latest, at: t0.addingTimeInterval(7200), keep: 5)], owner: "me")
    #expect(try await shown(store).allSatisfy { $0.hasPrefix("d-") })
    let kept = try await source.read { db in
        try await db.raw("SELECT COUNT(*) AS n FROM story_keys").first()?.decode(column: "n", as: Int64.self)
    }
    #expect(kept == 0, "the story went with its last telling: its kept keys too")
    try await source.close()
}

private func switching(_ database: TestDatabase) async throws {
    let store = try await database.open()
    var copy = flood
    copy.key = "f2"
    _ = try await store.recordFetches([fetch("a", [flood], grouping: nil)], owner: "me")
    _ = try await store.recordFetches([fetch("b", [copy], grouping: nil)], owner: "me")
    try await expectShown(store, ["b-f2", "a-flood"])
    let before = try await store.streamChanges(section: stream, since: nil)
    #expect(try await store.alignStories(rule, at: t0.addingTimeInterval(60)))
    #expect(
        try await store.alignStories(rule, at: t0.addingTimeInterval(60)) == false, "the same rule again: nothing to do"
    )
    try await expectShown(store, ["a-flood[b-f2]"])
    let changes = try await store.streamChanges(section: stream, since: before.position)
    // Both rows changed for a reader: one item took the other in, which left the page.
    #expect(changes.changed == 2 && changes.added == 0, "\(changes)")
    // Live grouping goes on from there.
    var third = flood
    third.key = "f3"
    _ = try await store.recordFetches([fetch("c", [third])], owner: "me")
    try await expectShown(store, ["a-flood[b-f2,c-f3]"])
    #expect(try await store.alignStories(nil, at: t0.addingTimeInterval(120)))
    try await expectShown(store, ["c-f3", "b-f2", "a-flood"])
}

/// A month of five sources telling stories, some the same: each fetch a source's document (its
/// newest ten tellings, top first), with retention at `keep`.
private func month(seed: UInt64) -> [FetchRecord] {
    var random = SplitMix64(seed: seed)
    let vocabulary = (0..<300).map { "w\($0)" }
    var stories: [[String]] = []
    var documents: [String: [Telling]] = [:]
    var fetches: [FetchRecord] = []
    for step in 0..<120 {
        let at = t0.addingTimeInterval(Double(step) * 1800)
        let source = "s\(random.next(upTo: 5))"
        for _ in 0..<(1 + random.next(upTo: 2)) {
            // A new story, or a recent one told again (edited a little), or a link shared.
            let story: Int
            if stories.isEmpty || random.next(upTo: 3) == 0 {
                stories.append((0..<14).map { _ in vocabulary[random.next(upTo: vocabulary.count)] })
                story = stories.count - 1
            } else {
                story = max(0, stories.count - 1 - random.next(upTo: 6))
            }
            var words = stories[story]
            for _ in 0..<random.next(upTo: 3) { words[random.next(upTo: words.count)] = "x\(random.next(upTo: 50))" }
            let shared = random.next(upTo: 4) == 0
            documents[source, default: []].insert(
                Telling(
                    key: "k\(step)-\(story)", title: words.joined(separator: " "),
                    url: shared ? "https://wire.example/\(story)" : "https://\(source).example/\(step)/\(story)",
                    hoursAgo: -Double(step) / 2 + Double(random.next(upTo: 3))),
                at: 0)
        }
        documents[source] = Array(documents[source]!.prefix(10))
        fetches.append(fetch(source, documents[source]!, at: at, keep: 40))
    }
    return fetches
}

private func pagingWhileForming(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    let fetches = month(seed: 3)
    for fetch in fetches.prefix(40) { _ = try await store.recordFetches([fetch], owner: "me") }
    var random = SplitMix64(seed: 9)
    var pending = fetches.dropFirst(40)[...]
    for _ in 0..<6 {
        let start = try await shown(store).map { $0.prefix { $0 != "[" } }
        var seen: [Substring] = []
        var after: Int64?
        var last = Int64.max
        while true {
            let page = try await store.entries(section: stream, afterSeq: after, limit: 3, excluding: [])
            for entry in page {
                #expect(entry.seq < last, "seqs strictly descend")
                last = entry.seq
                seen.append(Substring(entry.itemID))
            }
            // Between pages: fetches add tellings and stories (retention off the pages read).
            for _ in 0..<random.next(upTo: 3) {
                if let fetch = pending.popFirst() { _ = try await store.recordFetches([fetch], owner: "me") }
            }
            guard page.count == 3, let end = page.last else { break }
            after = end.seq
        }
        #expect(Set(seen).count == seen.count, "no item twice")
        // Every story shown at the start and still stored is seen once (retention may remove the oldest).
        let still = Set(try await shown(store).map { $0.prefix { $0 != "[" } })
        let missed = start.filter { still.contains($0) && !seen.contains($0) }
        #expect(missed.isEmpty, "skipped: \(missed)")
    }
    #expect(try await shown(store).contains { $0.contains("[") }, "stories formed")
}

private func rebuilds(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    var random = SplitMix64(seed: 17)
    let fetches = month(seed: 7)
    var index = 0
    while index < fetches.count {
        let size = 1 + random.next(upTo: 3)
        for fetch in fetches[index..<min(index + size, fetches.count)] {
            _ = try await store.recordFetches([fetch], owner: "me")
        }
        index += size
    }
    let live = try await shown(store)
    #expect(live.filter { $0.contains("[") }.count >= 5, "stories formed: \(live)")
    #expect(try await store.alignStories(StoryRule(minSimilarity: 0.95), at: t0))
    let strict = try await shown(store)
    #expect(strict != live, "a stricter rule groups less")
    #expect(try await store.alignStories(rule, at: t0))
    #expect(try await shown(store) == live, "rebuilt under the same rule")
}

private func twoWriters(_ database: TestDatabase) async throws {
    // Two stores on one database are two servers: each keeps the keys it folded, and must notice
    // the other's writes (new keys, keys forgotten by retention).
    let first = try await database.open()
    let second = try await database.open()
    _ = try await first.alignStories(rule, at: t0)
    let fetches = month(seed: 11)
    var random = SplitMix64(seed: 13)
    for fetch in fetches {
        _ = try await (random.next(upTo: 2) == 0 ? first : second).recordFetches([fetch], owner: "me")
    }
    let together = try await shown(first)
    #expect(try await shown(second) == together)
    // The same fetches through one store of a fresh database.
    let other = try await TestDatabase.make(database.backend)
    let alone = try await other.open()
    _ = try await alone.alignStories(rule, at: t0)
    for fetch in fetches { _ = try await alone.recordFetches([fetch], owner: "me") }
    #expect(try await shown(alone) == together)
    #expect(together.contains { $0.contains("[") }, "stories formed")
    try await alone.close()
    await other.remove()
}

private let editor = BrandsAuthor(actor: "desk", action: "PUT splits")

private func edits(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    var copies: [Telling] = []
    for (index, source) in ["b", "c"].enumerated() {
        var copy = flood
        copy.key = "f\(index + 2)"
        copy.hoursAgo = 2 - Double(index)
        copies.append(copy)
        _ = try await store.recordFetches([fetch(source, [copy])], owner: "me")
    }
    _ = try await store.recordFetches([fetch("a", [flood])], owner: "me")
    let other = Telling(
        key: "quake", title: "Earthquake shakes the north of Iceland overnight", url: "https://e.example/quake")
    _ = try await store.recordFetches([fetch("e", [other])], owner: "me")
    try await expectShown(store, ["e-quake", "b-f2[a-flood,c-f3]"])
    let before = try await store.streamChanges(section: stream, since: nil)
    // The shown telling split off: it shows alone, the next one shows the rest, in their places.
    let split = try await store.editStories(
        section: stream, .split(item: "b-f2"), rule: rule, reason: "another flood", at: t0.addingTimeInterval(30),
        by: editor)
    #expect(split.before == [["b-f2", "c-f3", "a-flood"]])
    #expect(split.after == [["b-f2"], ["c-f3", "a-flood"]])
    try await expectShown(store, ["e-quake", "c-f3[a-flood]", "b-f2"])
    let changes = try await store.streamChanges(section: stream, since: before.position)
    // Changed for a live reader: both shown items, and the folded telling that moved with c's.
    #expect(changes.added == 0 && changes.changed == 3, "\(changes)")
    // A later telling joins the earliest telling it matches (b's, a story of its own now); it
    // never undoes the split.
    var fourth = flood
    fourth.key = "f4"
    _ = try await store.recordFetches([fetch("d", [fourth], at: t0.addingTimeInterval(60))], owner: "me")
    try await expectShown(store, ["e-quake", "c-f3[a-flood]", "b-f2[d-f4]"])
    // A folded telling split off; then two stories merged (the earlier story's id and first
    // telling win).
    _ = try await store.editStories(
        section: stream, .split(item: "a-flood"), rule: rule, reason: nil, at: t0, by: editor)
    try await expectShown(store, ["e-quake", "a-flood", "c-f3", "b-f2[d-f4]"])
    let merged = try await store.editStories(
        section: stream, .merge(item: "e-quake", with: "c-f3"), rule: rule, reason: "one event", at: t0, by: editor)
    #expect(merged.before == [["c-f3"], ["e-quake"]] && merged.after == [["c-f3", "e-quake"]])
    try await expectShown(store, ["a-flood", "c-f3[e-quake]", "b-f2[d-f4]"])
    // What changes nothing, or names nothing, is refused.
    await #expect(throws: StoryEditRefusal.toldOnce("a-flood")) {
        try await store.editStories(
            section: stream, .split(item: "a-flood"), rule: rule, reason: nil, at: t0, by: editor)
    }
    await #expect(throws: StoryEditRefusal.together("e-quake", "c-f3")) {
        try await store.editStories(
            section: stream, .merge(item: "e-quake", with: "c-f3"), rule: rule, reason: nil, at: t0, by: editor)
    }
    await #expect(throws: StoryEditRefusal.noItem("nope")) {
        try await store.editStories(section: stream, .split(item: "nope"), rule: rule, reason: nil, at: t0, by: editor)
    }
    // A rebuild under another rule and back makes the decisions again where they were made.
    let live = try await shown(store)
    #expect(try await store.alignStories(StoryRule(minSimilarity: 0.9), at: t0))
    #expect(try await store.alignStories(rule, at: t0))
    #expect(try await shown(store) == live)
    // Each edit is in the audit log: who, the story, why, before and after.
    let audit = try await store.auditEntries(AuditQuery(target: "b/s"))
    #expect(audit.map(\.kind) == ["merge", "split", "split"])
    let first = try #require(audit.last)
    #expect(first.actor == "desk" && first.target == "b/s/b-f2")
    #expect(first.before == #"{"reason":"another flood","stories":[["b-f2","c-f3","a-flood"]]}"#)
    #expect(first.after == #"{"reason":"another flood","stories":[["b-f2"],["c-f3","a-flood"]]}"#)
}

/// The month of `rebuilds` with an editor splitting and merging stories between fetches.
private func rebuildsEdits(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    var random = SplitMix64(seed: 23)
    var edits = 0
    var pages = 0
    for fetch in month(seed: 5) {
        _ = try await store.recordFetches([fetch], owner: "me")
        guard random.next(upTo: 4) == 0 else { continue }
        let page = try await store.entries(section: stream, afterSeq: nil, limit: 12, excluding: [])
        let edit: StoryEdit
        if random.next(upTo: 2) == 0, let story = page.first(where: { !$0.alsoFrom.isEmpty }) {
            let tellings = [story.itemID] + story.alsoFrom.map(\.id)
            edit = .split(item: tellings[random.next(upTo: tellings.count)])
        } else if page.count >= 2 {
            let one = random.next(upTo: page.count)
            edit = .merge(
                item: page[one].itemID, with: page[(one + 1 + random.next(upTo: page.count - 1)) % page.count].itemID)
        } else {
            continue
        }
        // Or a page says it lives at another entry's link, or at a wire's link a later telling may
        // bring.
        if random.next(upTo: 2) == 0, let one = page.randomElement(using: &random).flatMap(link) {
            let other =
                random.next(upTo: 2) == 0
                ? page.randomElement(using: &random).flatMap(link) : "https://wire.example/\(random.next(upTo: 40))"
            if let other, !(try await store.samePages([one: other], in: [stream], rule: rule, at: t0)).isEmpty {
                pages += 1
            }
            continue
        }
        do {
            _ = try await store.editStories(section: stream, edit, rule: rule, reason: nil, at: t0, by: editor)
            edits += 1
        } catch is StoryEditRefusal {}
    }
    #expect(edits >= 5, "edits made: \(edits)")
    #expect(pages >= 3, "stories that pages' addresses changed: \(pages)")
    let live = try await shown(store)
    #expect(try await store.alignStories(StoryRule(minSimilarity: 0.95), at: t0))
    #expect(try await store.alignStories(rule, at: t0))
    #expect(try await shown(store) == live, "rebuilt under the same rule")
}

/// A stored entry's link.
private func link(_ entry: StoredEntry) -> String? {
    guard case .teaser(let teaser)? = entry.record.item() else { return nil }
    return teaser.url?.absoluteString
}

private func samePages(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    // An aggregator's redirect link and a paper's own: texts too short to compare.
    let aggregated = Telling(key: "g1", title: "Roads closed", url: "https://agg.example/r/abc", hoursAgo: 2)
    let paper = Telling(key: "flood", title: "Flood", url: "https://news.example/2026/flood", hoursAgo: 3)
    _ = try await store.recordFetches([fetch("a", [paper])], owner: "me")
    _ = try await store.recordFetches([fetch("g", [aggregated])], owner: "me")
    try await expectShown(store, ["g-g1", "a-flood"])
    let before = try await store.streamChanges(section: stream, since: nil)
    // The aggregator's page gives the paper's article as its own (written another way).
    let pages = ["https://agg.example/r/abc": "https://www.news.example/2026/flood/?utm_source=agg"]
    #expect(try await store.samePages(pages, in: [stream], rule: rule, at: t0.addingTimeInterval(30)) == [stream])
    try await expectShown(store, ["a-flood[g-g1]"])
    let changes = try await store.streamChanges(section: stream, since: before.position)
    #expect(changes.added == 0 && changes.changed == 2, "\(changes)")
    #expect(try await store.samePages(pages, in: [stream], rule: rule, at: t0).isEmpty, "known already")
    // A second aggregated link whose page gives an address no entry links to yet; a later
    // telling linking there joins it — also through another server, which reads what it knows
    // from the database.
    let second = Telling(key: "g2", title: "Fire in Bergen", url: "https://agg.example/r/def", hoursAgo: 1)
    _ = try await store.recordFetches([fetch("g", [second, aggregated])], owner: "me")
    #expect(
        try await store.samePages(
            ["https://agg.example/r/def": "https://bt.example/fire"], in: [stream], rule: rule, at: t0
        ).isEmpty, "nothing to join yet")
    let other = try await database.open()
    let fire = Telling(key: "fire", title: "Bergen fire", url: "https://bt.example/fire", hoursAgo: 0)
    _ = try await other.recordFetches([fetch("b", [fire], at: t0.addingTimeInterval(60))], owner: "me")
    try await expectShown(store, ["g-g2[b-fire]", "a-flood[g-g1]"])
    // Dates further apart than the window: not one story, whatever the page says.
    let old = Telling(key: "old", title: "Old", url: "https://old.example/1", hoursAgo: 24 * 5)
    _ = try await store.recordFetches([fetch("c", [old])], owner: "me")
    #expect(
        try await store.samePages(
            ["https://old.example/1": "https://news.example/2026/flood"], in: [stream], rule: rule, at: t0
        ).isEmpty)
    try await expectShown(store, ["c-old", "g-g2[b-fire]", "a-flood[g-g1]"])
    // A rebuild makes them again.
    let live = try await shown(store)
    #expect(try await store.alignStories(StoryRule(minSimilarity: 0.9), at: t0))
    #expect(try await store.alignStories(rule, at: t0))
    #expect(try await shown(store) == live)
    try await other.close()
}

/// SQLite gives the highest rowid out again once its row is deleted; a story's keys outlive their
/// entry, so the next entry must not take the seq of kept keys.
private func seqAfterKeys(_ database: TestDatabase) async throws {
    let store = try await database.open()
    _ = try await store.alignStories(rule, at: t0)
    _ = try await store.recordFetches([fetch("a", [flood], keep: 1)], owner: "me")
    // Another telling, dated before the first: stored (the highest seq), grouped, and pruned at
    // once by the cap of one; its keys stay while the story lives.
    var older = flood
    older.key = "f2"
    older.hoursAgo = 10
    _ = try await store.recordFetches([fetch("b", [older], keep: 1)], owner: "me")
    try await expectShown(store, ["a-flood"])
    let next = Telling(key: "n", title: "A new story told once today, in the evening", hoursAgo: -1)
    _ = try await store.recordFetches([fetch("c", [next], keep: 2)], owner: "me")
    try await expectShown(store, ["c-n", "a-flood"])
    var third = flood
    third.key = "f3"
    third.hoursAgo = 1
    _ = try await store.recordFetches([fetch("d", [third], keep: 3)], owner: "me")
    try await expectShown(store, ["c-n", "a-flood[d-f3]"])
}

/// A database at version 24 (keys in `story_keys` for present and removed entries alike):
/// migration 25 moves the present ones' into their rows, and grouping goes on as before.
private func migration25(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 24)
    var copy = flood
    copy.key = "f2"
    copy.title = "Roads shut"
    copy.hoursAgo = 2
    var gone = flood
    gone.key = "f0"
    gone.hoursAgo = 4
    let tellings = [("a", flood), ("b", copy), ("z", gone)]
    let seqs = try await source.write { db in
        var seqs: [Int64] = []
        for (source, telling) in tellings {
            let entry = input(source, telling)
            let row = try await db.raw(
                """
                INSERT INTO entries (stream, key, source_id, item, content_hash, item_id, first_seen_at, updated_at,
                  sort_at, story, folded)
                VALUES (\(bind: stream.stream), \(bind: entry.key.stored), \(bind: source), \(bind: entry.record.json),
                  'h', \(bind: entry.itemID), 0, 0, \(bind: entry.publishedAt!.millisecondsSince1970), 0, 0)
                RETURNING seq
                """
            ).first()
            seqs.append(try #require(row).decode(column: "seq", as: Int64.self))
        }
        // The first telling's story; the second folded in it; the third removed by retention, its
        // keys kept.
        try await db.raw("UPDATE entries SET story = \(bind: seqs[0])").run()
        try await db.raw("UPDATE entries SET folded = 1 WHERE seq = \(bind: seqs[1])").run()
        try await db.raw("DELETE FROM entries WHERE seq = \(bind: seqs[2])").run()
        for ((source, telling), seq) in zip(tellings, seqs) {
            let entry = input(source, telling)
            let keys = try #require(entry.story)
            try await db.raw(
                """
                INSERT INTO story_keys (stream, seq, story, source_id, at, url_key, words, signature, names)
                VALUES (\(bind: stream.stream), \(bind: seq), \(bind: seqs[0]), \(bind: source),
                  \(bind: entry.publishedAt!.millisecondsSince1970), \(bind: keys.url), \(bind: Int64(keys.words)),
                  \(bind: keys.signature.map(StoryKeys.stored)), \(bind: keys.names.map(StoryKeys.stored)))
                """
            ).run()
        }
        try await db.raw("UPDATE story_grouping SET rule = \(bind: rule.description)").run()
        return seqs
    }
    #expect(try await Migrations.migrate(source, upTo: 25) == [25])
    let (columns, kept) = try await source.read { db in
        (
            try await db.raw("SELECT story_keys FROM entries ORDER BY seq").all().map {
                try $0.decode(column: "story_keys", as: Data.self)
            },
            try await db.raw("SELECT seq FROM story_keys").all().map { try $0.decode(column: "seq", as: Int64.self) }
        )
    }
    let expected = tellings.prefix(2).map { source, telling in
        let entry = input(source, telling)
        return entry.story!.column(at: entry.publishedAt!.millisecondsSince1970)
    }
    #expect(columns == expected)
    #expect(kept == [seqs[2]], "the removed telling's keys alone stay apart")
    try await source.close()
    let store = try await database.open()
    #expect(try await store.alignStories(rule, at: t0) == false, "the same rule: nothing made again")
    var third = flood
    third.key = "f3"
    third.hoursAgo = 1
    _ = try await store.recordFetches([fetch("c", [third])], owner: "me")
    try await expectShown(store, ["a-flood[b-f2,c-f3]"])
}

/// Retention forgets a story's keys with its last entry, and the decisions naming its entries go
/// too — through the store that made them (its fold kept) and through another (its fold read).
private func decisionsForgotten(_ database: TestDatabase) async throws {
    let store = try await database.open()
    let other = try await database.open()
    let source = try await database.openSource()
    _ = try await store.alignStories(rule, at: t0)
    func decisions() async throws -> Int64? {
        try await source.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM story_decisions").first()?.decode(column: "n", as: Int64.self)
        }
    }
    for (round, pruner) in [store, other].enumerated() {
        let at = t0.addingTimeInterval(Double(round) * 86_400)
        var first = flood
        first.key = "r\(round)a"
        first.hoursAgo = -Double(round) * 24
        var copy = first
        copy.key = "r\(round)b"
        copy.hoursAgo -= 1
        _ = try await store.recordFetches([fetch("a", [first], at: at, keep: 2)], owner: "me")
        _ = try await store.recordFetches([fetch("b", [copy], at: at, keep: 2)], owner: "me")
        _ = try await store.editStories(
            section: stream, .split(item: "b-r\(round)b"), rule: rule, reason: nil, at: at, by: editor)
        #expect(
            try await store.samePages(
                ["https://news.example/2026/flood": "https://x.example/\(round)"], in: [stream], rule: rule, at: at
            ).isEmpty, "both link there already: no story changes, the links are kept")
        #expect(try await decisions() == 3, "a split and two pages' addresses (round \(round))")
        let newer = (0..<2).map {
            Telling(
                key: "r\(round)n\($0)", title: "Newer story \($0) of round \(round), told once in its own words",
                hoursAgo: -Double(round) * 24 - 2 - Double($0))
        }
        _ = try await pruner.recordFetches([fetch("c", newer, at: at.addingTimeInterval(60), keep: 2)], owner: "me")
        #expect(try await decisions() == 0, "round \(round): the decisions named only removed entries")
    }
    try await source.close()
    try await other.close()
}
