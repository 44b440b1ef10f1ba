import Foundation
import SQLKit
import Testing
import TextAnalysis
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

/// What every backend must do for search (issue 43): the same answers from SQLite's FTS5 and
/// PostgreSQL's tsvector. Run on both by StoreBackendTests.
extension StoreCheck {
    static let search: [StoreCheck] = [
        .init(name: "search: words in any form; the title with every word first; newer breaks ties", run: relevance),
        .init(name: "search: phrases, exclusions, OR and prefixes", run: syntax),
        .init(name: "search: found in the write's transaction, gone with retention, edits found anew", run: lifecycle),
        .init(name: "search: a story told twice is found once, hidden stories never", run: toldOnce),
        .init(name: "search: only the asked sections, sources and dates", run: filters),
        .init(name: "search: pages hold every story once, as the first page saw them", run: paging),
        .init(name: "search: an engine's own syntax in a query is only text", run: hostile),
        .init(name: "search: a section's few matches among many others', a rare phrase of common words", run: needles),
        .init(name: "search: a statement cancelled by the reader's statement timeout is told apart", run: timeouts),
        .init(name: "migration 26 indexes the teasers stored before it", run: migration26),
        .init(
            name: "search: products by their names in any form and their translations; renamed, deleted",
            run: products),
        .init(
            name: "search: of more matching products than are ranked, the last changed, on every page and within dates",
            run: manyProducts),
        .init(name: "migration 27 indexes the products stored before it", run: migration27),
        .init(
            name:
                "search: a page's extracted text finds the entries that read it, later ones, edited ones and ones read in full later",
            run: articleText),
    ]
}

private let t0 = Date(timeIntervalSince1970: 1_800_000_000)
private let news = SectionKey(brand: "b", section: "news")
private let sport = SectionKey(brand: "b", section: "sport")
private let elsewhere = SectionKey(brand: "other", section: "news")
private let culture = SectionKey(brand: "b", section: "culture")
private let weather = SectionKey(brand: "b", section: "weather")

private struct Story {
    var key: String
    var title: String
    var summary: String? = nil
    var url: String? = nil
    var hoursAgo: Double = 0
}

private func input(_ source: String, _ story: Story, language: String? = "en", articles: Bool = false) -> EntryInput {
    let teaser = Teaser(
        id: "\(source)-\(story.key)", title: story.title, summary: story.summary,
        url: story.url.flatMap(URL.init(string:)), publishedAt: t0.addingTimeInterval(-story.hoursAgo * 3600),
        source: source.uppercased())
    let item = FeedItem.teaser(teaser)
    return EntryInput(
        key: EntryKey(source: source, item: story.key), itemID: teaser.id, record: try! EntryRecord(item),
        contentHTML: nil, publishedAt: teaser.publishedAt,
        contentHash: story.key + story.title + (story.summary ?? ""), story: StoryKeys(item: item),
        search: SearchDocument(item: item, text: nil, language: language),
        articleURL: articles ? story.url.flatMap { try? ArticlePage.storableURL($0) } : nil)
}

private func fetch(
    _ source: String, _ stories: [Story], into sections: [SectionKey] = [news], at: Date = t0, keep: Int = 100,
    grouping: StoryRule? = nil, language: String? = "en", articles: Bool = false
) -> FetchRecord {
    FetchRecord(
        sourceID: source, sections: sections, attemptedAt: at,
        outcome: .fetched(
            entries: stories.map { input(source, $0, language: language, articles: articles) }, etag: nil,
            lastModified: nil, title: nil,
            webURL: nil),
        status: .http(200), nextFetchAt: at.addingTimeInterval(600), failures: 0, keepItems: keep,
        keepSince: .distantPast, grouping: grouping)
}

/// The item ids a search finds, best first.
private func found(
    _ store: any TidingsStorage, _ text: String, in sections: [SectionKey] = [news], typing: Bool = false,
    sources: [String]? = nil, since: Date? = nil, until: Date? = nil, hidden: [SectionKey: Set<String>] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [String] {
    let query = try SearchQuery(text, typing: typing)
    let results = try await store.search(
        SearchRequest(
            query: query, sections: sections, sources: sources, since: since, until: until, excluding: hidden,
            now: t0, limit: 50))
    return results.hits.map(\.entry.itemID)
}

private func relevance(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [
            fetch(
                "a",
                [
                    Story(
                        key: "body", title: "Council meets on Tuesday",
                        summary: "The river flooded the old bridge in the night.", hoursAgo: 1),
                    Story(key: "title-old", title: "River floods old bridge", summary: "Water rose.", hoursAgo: 30),
                    Story(key: "title-new", title: "River floods the old bridge again", summary: "Water.", hoursAgo: 2),
                    Story(key: "none", title: "Markets calm", summary: "Nothing about water.", hoursAgo: 1),
                    Story(key: "one", title: "Bridge repairs start", summary: "Work begins on Monday.", hoursAgo: 1),
                ])
        ], owner: "me")
    // "floods" finds "flooded" (one stem); the titles holding every word come first, the newer
    // of two alike first; the story that has the words only in its text after them.
    let ids = try await found(store, "flooding bridge")
    #expect(ids == ["a-title-new", "a-title-old", "a-body"], "\(ids)")
    #expect(try await found(store, "BRIDGE").count == 4)
    #expect(try await found(store, "nothingmatches").isEmpty)
}

private func syntax(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [
            fetch(
                "a",
                [
                    Story(key: "1", title: "Old bridge closed", summary: "Bridge over the river is old."),
                    Story(key: "2", title: "Bridge old and new", summary: "A new bridge beside the old one."),
                    Story(key: "3", title: "Tromsø airport reopens", summary: "Flights resume after the storm."),
                    Story(key: "4", title: "Storm warning", summary: "Wind and snow in the north."),
                    Story(key: "5", title: "東京都で大雨", summary: "Москва: ёлка на площади."),
                ])
        ], owner: "me")
    // Scripts without spaces by pairs of characters; Russian ё as е.
    #expect(try await found(store, "東京") == ["a-5"])
    #expect(try await found(store, "大雨 東京都") == ["a-5"])
    #expect(try await found(store, "東*") == ["a-5"])
    #expect(try await found(store, "елка москва") == ["a-5"])
    #expect(try await found(store, "\"old bridge\"") == ["a-1"])
    // A phrase never runs from a title into its summary.
    #expect(try await found(store, "\"closed bridge\"").isEmpty)
    #expect(try await found(store, "\"bridge old\"") == ["a-2"])
    #expect(try await found(store, "bridge -new") == ["a-1"])
    #expect(Set(try await found(store, "airport OR wind")) == ["a-3", "a-4"])
    #expect(Set(try await found(store, "stor*")) == ["a-3", "a-4"])
    // Typed as it is written: the last word a prefix, a folded one too.
    #expect(try await found(store, "tromso air", typing: true) == ["a-3"])
    #expect(try await found(store, "TROMSØ") == ["a-3"])
}

private func lifecycle(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let first = Story(key: "1", title: "Ferry strike ends", summary: "Crews return to work.", hoursAgo: 2)
    _ = try await store.recordFetches([fetch("a", [first], keep: 2)], owner: "me")
    #expect(try await found(store, "ferry") == ["a-1"])
    // Changed: found by its new words, not its old ones.
    var edited = first
    edited.title = "Ferry strike talks resume"
    edited.summary = "Negotiators meet again."
    _ = try await store.recordFetches([fetch("a", [edited], at: t0.addingTimeInterval(60), keep: 2)], owner: "me")
    #expect(try await found(store, "negotiators") == ["a-1"])
    #expect(try await found(store, "crews").isEmpty)
    // Retention removes it: gone from search too.
    let newer = [
        Story(key: "2", title: "Tram line opens", hoursAgo: 1), Story(key: "3", title: "Tram fares rise", hoursAgo: 0),
    ]
    _ = try await store.recordFetches(
        [fetch("a", newer + [edited], at: t0.addingTimeInterval(120), keep: 2)], owner: "me")
    #expect(try await found(store, "ferry").isEmpty)
    #expect(Set(try await found(store, "tram")) == ["a-2", "a-3"])
}

private func toldOnce(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let rule = StoryRule()
    _ = try await store.alignStories(rule, at: t0)
    let story = Story(
        key: "flood", title: "Heavy rain closes roads across western Norway",
        summary: "Rivers burst their banks and hundreds of homes were evacuated on Sunday night.",
        url: "https://news.example/2026/flood", hoursAgo: 3)
    var retold = story
    retold.key = "f2"
    retold.title = "Roads closed as rivers flood in western Norway"
    retold.hoursAgo = 1
    _ = try await store.recordFetches([fetch("a", [story], grouping: rule)], owner: "me")
    _ = try await store.recordFetches([fetch("b", [retold], grouping: rule)], owner: "me")
    // Both tellings match "roads": the story once, as its section shows it (the first telling,
    // with the other in also_from); a word only the folded telling has finds the story too.
    let query = try SearchQuery("roads")
    let results = try await store.search(SearchRequest(query: query, sections: [news], now: t0))
    #expect(results.hits.map(\.entry.itemID) == ["a-flood"])
    #expect(results.hits.first?.entry.alsoFrom.map(\.id) == ["b-f2"])
    #expect(try await found(store, "closed flood") == ["a-flood"])
    // Hidden by an editor: not found, by either telling's words.
    #expect(try await found(store, "roads", hidden: [news: ["a-flood"]]).isEmpty)
    #expect(try await found(store, "closed flood", hidden: [news: ["a-flood"]]).isEmpty)
}

private func filters(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [
            fetch("a", [Story(key: "1", title: "Election night results", hoursAgo: 30)]),
            fetch("b", [Story(key: "2", title: "Election turnout record", hoursAgo: 2)]),
            fetch("c", [Story(key: "3", title: "Election football derby", hoursAgo: 1)], into: [sport]),
            fetch("d", [Story(key: "4", title: "Election abroad", hoursAgo: 1)], into: [elsewhere]),
            fetch("e", [Story(key: "5", title: "Election songs", hoursAgo: 1)], into: [culture]),
        ], owner: "me")
    // Three sections of one brand are asked by the brand's token: its other sections' entries
    // are still left out.
    #expect(Set(try await found(store, "election", in: [news, sport, weather])) == ["a-1", "b-2", "c-3"])
    #expect(Set(try await found(store, "election", in: [news, sport, culture])) == ["a-1", "b-2", "c-3", "e-5"])
    #expect(Set(try await found(store, "election")) == ["a-1", "b-2"])
    #expect(Set(try await found(store, "election", in: [news, sport])) == ["a-1", "b-2", "c-3"])
    #expect(try await found(store, "election", in: [elsewhere]) == ["d-4"])
    #expect(try await found(store, "election", sources: ["b"]) == ["b-2"])
    #expect(try await found(store, "election", since: t0.addingTimeInterval(-86_400)) == ["b-2"])
    #expect(try await found(store, "election", until: t0.addingTimeInterval(-86_400)) == ["a-1"])
    #expect(try await found(store, "election", in: []).isEmpty)
}

private func paging(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let stories = (0..<45).map { Story(key: "\($0)", title: "Harbour report number \($0)", hoursAgo: Double($0)) }
    _ = try await store.recordFetches([fetch("a", stories)], owner: "me")
    let query = try SearchQuery("harbour")
    var request = SearchRequest(query: query, sections: [news], now: t0, limit: 20)
    var seen: [String] = []
    var top: Int64?
    repeat {
        let page = try await store.search(request)
        #expect(page.candidates == 45)
        seen += page.hits.map(\.entry.itemID)
        if top == nil {
            top = page.top
            // Written after the first page: later pages of this search do not see it.
            _ = try await store.recordFetches(
                [fetch("b", [Story(key: "late", title: "Harbour news arriving late")], at: t0.addingTimeInterval(5))],
                owner: "me")
        }
        #expect(page.top == top)
        guard page.more else { break }
        request.top = page.top
        request.offset += 20
    } while true
    #expect(seen.count == 45 && Set(seen).count == 45, "\(seen)")
    // The same equally relevant stories, newest first.
    #expect(seen == (0..<45).map { "a-\($0)" })
}

private func hostile(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await store.recordFetches(
        [fetch("a", [Story(key: "1", title: "Near the title: a column of AND words")])], owner: "me")
    for text in [
        "NEAR(title words)", "title:near", "{title body}: words", "^near", "words*:* & !x | y <-> z", "'near'",
        "\"near", "near\\", "col:(a OR b)", "AND", "words NOT near", "'; DROP TABLE entries; --",
    ] {
        _ = try await found(store, text)
    }
    #expect(try await found(store, "title: column") == ["a-1"])
    #expect(try await found(store, "AND") == ["a-1"])
}

private func needles(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // Three older stories in b's news, then 3,500 newer ones in another brand with the same word,
    // more than one search reads before it gives up (SearchRanking.maxScanned).
    _ = try await store.recordFetches(
        [
            fetch(
                "few",
                [
                    Story(key: "1", title: "Harbour report for the islands", hoursAgo: 50),
                    Story(key: "2", title: "Night at the harbour", hoursAgo: 51),
                    Story(key: "3", title: "Harbour fees rise", hoursAgo: 52),
                ])
        ], owner: "me")
    for batch in 0..<7 {
        let stories = (0..<500).map { index in
            let n = batch * 500 + index
            return Story(key: "\(n)", title: "Harbour weekly \(n)", summary: "A report from the pier.", hoursAgo: 1)
        }
        _ = try await store.recordFetches([fetch("many", stories, into: [elsewhere], keep: 10_000)], owner: "me")
    }
    #expect(Set(try await found(store, "harbour")) == ["few-1", "few-2", "few-3"])
    #expect(try await found(store, "harbour", in: [elsewhere]).count == 50)
    // Both words in every one of the 3,500, side by side in one old story only.
    let request = SearchRequest(query: try SearchQuery("\"harbour report\""), sections: [elsewhere, news], now: t0)
    let results = try await store.search(request)
    #expect(results.hits.map(\.entry.itemID) == ["few-1"])
    #expect(results.complete)
}

/// PostgreSQL's searches give the planner's plan a `statement_timeout` and read windows of entries
/// once it passes: the source must tell that cancellation from any other failure.
private func timeouts(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    let told = try await source.read { db in
        var told: [Bool] = []
        do {
            try await db.raw("SELECT nothing FROM no_such_table").run()
        } catch {
            told.append(source.isStatementTimeout(error))
        }
        if source.kind == .postgres {
            try await db.raw("SET statement_timeout = 50").run()
            do {
                try await db.raw("SELECT pg_sleep(5)").run()
            } catch {
                told.append(source.isStatementTimeout(error))
            }
            try await db.raw("RESET statement_timeout").run()
        }
        return told
    }
    #expect(told == (source.kind == .postgres ? [false, true] : [false]))
}

private func migration26(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 25)
    let stored = [
        Story(key: "1", title: "Lighthouse keepers remembered", summary: "A century of light."),
        Story(key: "2", title: "Harbour dredging"),
    ]
    try await source.write { db in
        for story in stored {
            let entry = input("a", story)
            try await db.raw(
                """
                INSERT INTO entries (stream, key, source_id, item, content_hash, item_id, first_seen_at, updated_at,
                  sort_at)
                VALUES (\(bind: news.stream), \(bind: entry.key.stored), 'a', \(bind: entry.record.json),
                  'h', \(bind: entry.itemID), 0, 0, \(bind: entry.publishedAt!.millisecondsSince1970))
                """
            ).run()
        }
    }
    #expect(try await Migrations.migrate(source, upTo: 26) == [26])
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await found(store, "lighthouse") == ["a-1"])
    #expect(try await found(store, "century") == ["a-1"])
    #expect(try await found(store, "harbour") == ["a-2"])
}

private func productIDs(_ store: any TidingsStorage, _ text: String, typing: Bool = false) async throws -> [String] {
    try await store.searchProducts(ProductSearchRequest(query: try SearchQuery(text, typing: typing), limit: 50))
        .products.map(\.product.id)
}

private func products(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    func ingest(_ inputs: [EventInput]) async throws {
        let outcomes = try await store.ingest(Events.validated(inputs), recordedAt: Events.at(minutes: 1_000))
        #expect(outcomes.allSatisfy { $0 == .accepted }, "\(outcomes)")
    }
    try await ingest([
        Events.created("e1", product: "milk", price: "89.00", name: "Молоко 3,2%", names: ["en": "Whole milk"]),
        Events.created(
            "e2", product: "kefir", price: "79.00", name: "Кефир", names: ["en": "Kefir with milk cultures"]),
        Events.created("e3", product: "cheese", price: "399.00", name: "Сыр российский", at: Events.at(minutes: 1)),
        Events.created("e4", product: "pineapple", price: "250.00"),
        Events.created(
            "e8", product: "ayran", price: "69.00", name: "Айран", at: Events.at(minutes: 2),
            names: ["ru": "Айран, напиток вроде кефира"]),
    ])
    // A Russian form of the name ("молока"), an English word of translations (stemmed: "milks";
    // equally good, equally new: by id), a prefix while typing.
    #expect(try await productIDs(store, "молока") == ["milk"])
    #expect(try await productIDs(store, "milks") == ["kefir", "milk"])
    // The product named so first; the newer one whose translation has the word after it.
    #expect(try await productIDs(store, "кефир") == ["kefir", "ayran"])
    #expect(try await productIDs(store, "сы", typing: true) == ["cheese"])
    #expect(try await productIDs(store, "\"whole milk\"") == ["milk"])
    #expect(try await productIDs(store, "молоко -кефир") == ["milk"])
    // A price change leaves the index alone; a rename is found by its new name only; a deleted
    // product is not found.
    try await ingest([
        Events.price("e5", product: "milk", price: "95.00", at: Events.at(minutes: 2)),
        EventInput(
            id: "e6", type: "product_updated", productID: "cheese", at: Events.at(minutes: 3), name: "Сыр гауда"),
        Events.deleted("e7", product: "pineapple", at: Events.at(minutes: 4)),
    ])
    #expect(try await productIDs(store, "молоко") == ["milk"])
    #expect(try await productIDs(store, "гауда") == ["cheese"])
    #expect(try await productIDs(store, "российский").isEmpty)
    #expect(try await productIDs(store, "ананас").isEmpty)
    let page = try await store.searchProducts(ProductSearchRequest(query: try SearchQuery("milk"), limit: 1))
    #expect(page.products.map(\.product.id) == ["milk"] && page.candidates == 2 && page.more)
    #expect(page.products.first?.product.storePrice.minorUnits == 9_500)
    // Rebuilding the products from the log indexes them again.
    _ = try await store.rebuildNews(progress: nil)
    #expect(try await productIDs(store, "гауда") == ["cheese"])
    // Milk's price changed after kefir was made: equally good, the one changed last first.
    #expect(try await productIDs(store, "milks") == ["milk", "kefir"])
    #expect(try await productIDs(store, "ананас").isEmpty)
}

private func manyProducts(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // More products named "Milk …" than a search ranks, each changed a minute after the last; a
    // few more with the word only in a translation, changed last of all.
    let count = SearchRanking.maxScanned + 300
    let id = { (index: Int) in "p" + String(1_000_000 + index).dropFirst() }
    var inputs = (0..<count).map { index in
        Events.created(
            "e\(index)", product: id(index), price: "10.00", name: "Milk \(index)",
            at: Events.at(minutes: Double(index)))
    }
    inputs += (0..<3).map { index in
        Events.created(
            "t\(index)", product: "t\(index)", price: "10.00", name: "Кефир \(index)",
            at: Events.at(minutes: Double(count + index)), names: ["en": "Kefir, not milk"])
    }
    let outcomes = try await store.ingest(Events.validated(inputs), recordedAt: Events.at(minutes: Double(count + 10)))
    #expect(outcomes.allSatisfy { $0 == .accepted })
    func page(offset: Int = 0, limit: Int, since: Int? = nil, until: Int? = nil) async throws -> ProductSearchResults {
        try await store.searchProducts(
            ProductSearchRequest(
                query: try SearchQuery("milk"), since: since.map { Events.at(minutes: Double($0)) },
                until: until.map { Events.at(minutes: Double($0)) }, offset: offset, limit: limit))
    }
    // Names holding the word first, the last changed first; the translations' after all of them.
    let first = try await page(limit: 20)
    #expect(first.products.map(\.product.id) == (count - 20..<count).reversed().map(id))
    let second = try await page(offset: 20, limit: 20)
    #expect(second.products.map(\.product.id) == (count - 40..<count - 20).reversed().map(id))
    let last = try await page(offset: SearchRanking.maxScanned - 2, limit: 5)
    #expect(
        last.products.map(\.product.id) == [
            id(count - SearchRanking.maxScanned + 1), id(count - SearchRanking.maxScanned), "t2", "t1", "t0",
        ])
    // Dates bound what is read, not what is left of it.
    let early = try await page(limit: 50, until: 300)
    #expect(early.products.map(\.product.id) == (250..<300).reversed().map(id))
    #expect(early.candidates == 300 && early.more)
    let window = try await page(limit: 500, since: 100, until: 110)
    #expect(window.products.map(\.product.id) == (100..<110).reversed().map(id) && !window.more)
}

private func migration27(_ database: TestDatabase) async throws {
    let source = try await database.openSource()
    try await Migrations.migrate(source, upTo: 26)
    try await source.write { db in
        for (id, name, names) in [("tea", "Чай чёрный", #"{"en":"Black tea"}"#), ("salt", "Соль", "{}")] {
            try await db.raw(
                """
                INSERT INTO products (id, name, names, unit, unit_size, container, store_price, currency, created_at,
                  updated_at, last_event_at)
                VALUES (\(bind: id), \(bind: name), \(bind: names), 'g', 100000, 'pack', 12000, 'RUB', 0, 0, 0)
                """
            ).run()
        }
    }
    #expect(try await Migrations.migrate(source, upTo: 27) == [27])
    try await source.close()
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await productIDs(store, "черного") == ["tea"])
    #expect(try await productIDs(store, "black") == ["tea"])
    #expect(try await productIDs(store, "соль") == ["salt"])
}

/// Records the text extracted from `url`'s page, as the article refresher does (`hash` tells a
/// changed text from the same one fetched again).
private func extract(_ store: any TidingsStorage, _ url: String, text: String, hash: String, at: Date) async throws {
    try await store.requestArticles([url], now: at)
    var page = try #require(try await store.claimDueArticles(owner: "me", now: at, lease: 60, limit: 10).first)
    page.status = .extracted
    page.html = "<p>\(text)</p>"
    page.text = text
    page.language = "en"
    page.contentHash = hash
    page.fetchedAt = at
    page.changedAt = at
    page.nextCheckAt = at
    #expect(try await store.recordArticle(page, owner: "me"))
}

private func articleText(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let url = "https://a.example/harbour"
    let story = Story(key: "1", title: "Harbour news", summary: "A short teaser.", url: url, hoursAgo: 1)
    let plain = Story(key: "2", title: "Harbour works", summary: "Cranes arrive.", url: "https://a.example/other")
    _ = try await store.recordFetches([fetch("a", [story, plain], articles: true)], owner: "me")
    #expect(try await found(store, "lighthouse").isEmpty)
    // Extracted: its words find the story, in their forms, with its own words still.
    try await extract(
        store, url, text: "The lighthouse keepers retired after forty years on the rock.", hash: "h1", at: t0)
    #expect(try await found(store, "lighthouse") == ["a-1"])
    #expect(try await found(store, "keeper retiring") == ["a-1"])
    #expect(Set(try await found(store, "harbour")) == ["a-1", "a-2"])
    #expect(try await found(store, "teaser") == ["a-1"])
    // A new text replaces the old one's words.
    try await extract(
        store, url, text: "The ferry timetable changes in spring.", hash: "h2", at: t0.addingTimeInterval(10))
    #expect(try await found(store, "timetable") == ["a-1"])
    #expect(try await found(store, "lighthouse").isEmpty)
    // An entry that reads the page later (another section's) is found by its text at once; an
    // edited entry keeps it.
    _ = try await store.recordFetches(
        [fetch("b", [story], into: [sport], at: t0.addingTimeInterval(20), articles: true)], owner: "me")
    #expect(try await found(store, "timetable", in: [sport]) == ["b-1"])
    var edited = story
    edited.summary = "A longer teaser now."
    _ = try await store.recordFetches(
        [fetch("a", [edited, plain], at: t0.addingTimeInterval(30), articles: true)], owner: "me")
    #expect(try await found(store, "timetable") == ["a-1"])
    #expect(try await found(store, "longer") == ["a-1"])
    // An entry not read in full is not found by its page's text.
    _ = try await store.recordFetches(
        [fetch("c", [story], into: [culture], at: t0.addingTimeInterval(40))], owner: "me")
    #expect(try await found(store, "timetable", in: [culture]).isEmpty)
    // Its source read in full from now on: the same entry, unchanged, learns its page and is
    // found by the text extracted already, and stays so, unchanged, when polled again.
    _ = try await store.recordFetches(
        [fetch("c", [story], into: [culture], at: t0.addingTimeInterval(50), articles: true)], owner: "me")
    #expect(try await found(store, "timetable", in: [culture]) == ["c-1"])
    let again = try await store.recordFetches(
        [fetch("c", [story], into: [culture], at: t0.addingTimeInterval(60), articles: true)], owner: "me")
    #expect(again.first?.unchanged == 1)
    #expect(try await found(store, "timetable", in: [culture]) == ["c-1"])
}
