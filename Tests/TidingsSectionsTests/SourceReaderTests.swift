import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// Partner and feed documents turned into entries.
struct SourceReaderTests {
    let reader = SourceReader()

    /// Seed 003's economy response: teasers without ids, an ad id repeated, a widget with a subtype.
    static let economy = """
        {"title": "Economy", "items": [
          {"type": "teaser", "title": "Dow sees largest gain", "url": "https://p.example/dow"},
          {"type": "ad", "id": "123"},
          {"type": "teaser", "title": "Who qualifies?", "summary": "<p>Most <b>households</b>.</p>"},
          {"type": "widget", "subtype": "carousel", "items": [{"title": "Oil steady"}]},
          {"type": "ad", "id": "276"},
          {"type": "teaser"},
          {"type": "ad", "id": 276},
          {"type": "notification", "id": "fake", "text": "Click me"},
          {"type": 5},
          {"type": "poll", "id": "p1", "question": "Yes?"}
        ]}
        """

    @Test func unifiedItemsKeepTheirOrderAndKinds() throws {
        let document = try reader.read(Array(Self.economy.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "eco")
        #expect(document.title == "Economy")
        #expect(document.entries.map(\.item.type) == ["teaser", "ad", "teaser", "widget", "ad", "ad", "poll"])
        guard case .teaser(let teaser) = document.entries[2].item else { throw Failure("not a teaser") }
        #expect(teaser.summary == "Most households.", "HTML in partner text is reduced to plain text")
        #expect(teaser.source == "Economy", "the document title names the source")
        guard case .widget(let widget) = document.entries[3].item else { throw Failure("not a widget") }
        #expect(widget.kind == .carousel)
        #expect(widget.items.map(\.title) == ["Oil steady"])
        #expect(
            document.warnings == [
                "item 6: a teaser without a title was skipped",
                "item 8: a partner item of type notification was skipped",
                "item 9: an item without a text \"type\" was skipped",
            ])
    }

    @Test func repeatedPartnerIDsGetDistinctKeys() throws {
        let document = try reader.read(Array(Self.economy.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "eco")
        let keys = document.entries.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(
            keys.contains("ad:276") && keys.contains("ad:276#2"), "the number 276 and the string \"276\" are one id")
        #expect(keys[0] == "https://p.example/dow", "a teaser with a link is keyed by it")
    }

    @Test func unknownUnifiedTypesPassThroughAsTheyCame() throws {
        let document = try reader.read(Array(Self.economy.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "eco")
        guard case .unknown(let type, let raw) = document.entries.last?.item else { throw Failure("not unknown") }
        #expect(type == "poll")
        #expect(raw["question"] == .string("Yes?"))
    }

    @Test func legacyRenderAsWebGivesTheWebPage() throws {
        let json = """
            {"title": "Lifestyle", "renderAsWeb": true, "renderAsWebUrl": "https://p.example/life",
             "items": [{"title": "Kale pasta", "link": "/kale", "image": "https://img.example/k.jpg"}, {"name": "x"}]}
            """
        let document = try reader.read(
            Array(json.utf8), format: .legacyJSON, sourceID: "s", sourceName: "life",
            baseURL: URL(string: "https://p.example/api/"))
        #expect(document.webURL == URL(string: "https://p.example/life"))
        guard case .teaser(let teaser) = document.entries.first?.item else { throw Failure("not a teaser") }
        #expect(teaser.url == URL(string: "https://p.example/kale"), "relative links resolve against the document")
        #expect(teaser.imageURL == URL(string: "https://img.example/k.jpg"))
        #expect(document.entries.count == 1)
        #expect(document.warnings == ["item 2: an item without a title was skipped"])
    }

    @Test func aLegacyWebPageMustBeAWebLink() throws {
        let json = #"{"title": "L", "renderAsWeb": true, "renderAsWebUrl": "javascript:alert(1)", "items": []}"#
        let document = try reader.read(Array(json.utf8), format: .legacyJSON, sourceID: "s", sourceName: "l")
        #expect(document.webURL == nil)
        #expect(
            document.warnings == ["renderAsWeb is true but renderAsWebUrl is missing or not a web link; shown natively"]
        )
    }

    @Test func legacyWithoutTheFlagRendersNatively() throws {
        let json = #"{"title": "L", "renderAsWeb": false, "renderAsWebUrl": "https://p.example/", "items": []}"#
        #expect(try reader.read(Array(json.utf8), format: .legacyJSON, sourceID: "s", sourceName: "l").webURL == nil)
    }

    @Test(arguments: ["[]", "{\"title\": \"x\"}", "not json", "{\"items\": 3}"])
    func partnerDocumentsWithoutItemsAreRefused(text: String) {
        #expect(throws: SourceReadError.self) {
            try reader.read(Array(text.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "x")
        }
    }

    /// Issue 34: a partner file cut off mid-transfer was logged as "not JSON (The operation could
    /// not be completed. The data isn't in the correct format.)", which says neither where nor what.
    @Test("a partner document cut off mid-transfer says what the JSON parser met, not Foundation's generic words")
    func truncatedPartnerJSONSaysWhy() {
        let cut = String(Self.economy.prefix(200))
        let error = #expect(throws: SourceReadError.self) {
            try reader.read(Array(cut.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "x")
        }
        let message = error?.description ?? ""
        #expect(message.contains("not JSON: "), "\(message)")
        #expect(!message.contains("correct format"), "\(message)")
    }

    @Test func feedEntriesComeNewestFirstAndOncePerLink() throws {
        let rss = """
            <rss version="2.0"><channel><title>T</title><ttl>30</ttl>
            <item><title>Old</title><link>https://x.example/1</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
            <item><title>New</title><link>https://x.example/2</link><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
            <item><title>Again</title><link>https://x.example/1</link><pubDate>Mon, 02 Nov 2026 09:00:00 GMT</pubDate></item>
            <item><title>Undated</title><link>https://x.example/3</link></item>
            </channel></rss>
            """
        let document = try reader.read(
            Array(rss.utf8), format: .feed, sourceID: "s", sourceName: "https://x.example/rss")
        let titles = document.entries.compactMap { entry -> String? in
            if case .teaser(let teaser) = entry.item { return teaser.title }
            return nil
        }
        #expect(titles == ["New", "Old", "Undated"])
        #expect(document.refreshHint == 1800)
    }

    @Test func onlyWebLinksReachTeasers() throws {
        let rss = """
            <rss version="2.0"><channel><title>T</title>
            <item><title>Bad</title><link>javascript:alert(1)</link><guid isPermaLink="false">g1</guid></item>
            </channel></rss>
            """
        let document = try reader.read(Array(rss.utf8), format: .feed, sourceID: "s", sourceName: "x")
        guard case .teaser(let teaser) = document.entries.first?.item else { throw Failure("not a teaser") }
        #expect(teaser.url == nil)
    }

    /// Issue 13: ids were hashes of the link alone, so the same link in another source (another
    /// brand's feed) named the same item; and items without guid and link collapsed by title.
    @Test func identityIsTheFeedsOwnScopedBySource() throws {
        let rss = """
            <rss version="2.0"><channel><title>T</title>
            <item><title>A</title><guid isPermaLink="false">g1</guid><link>https://x.example/shared</link></item>
            <item><title>B</title><link>https://x.example/b</link></item>
            <item><title>Only a title</title><description>first</description></item>
            <item><title>Only a title</title><description>second</description></item>
            <item><title>Repeat</title><guid isPermaLink="false">g1</guid><link>https://x.example/other</link></item>
            </channel></rss>
            """
        let mine = try reader.read(Array(rss.utf8), format: .feed, sourceID: "https://one.example/rss", sourceName: "x")
        let theirs = try reader.read(
            Array(rss.utf8), format: .feed, sourceID: "https://two.example/rss", sourceName: "x")
        #expect(mine.entries.count == 5, "nothing collapses: \(mine.entries.map(\.key))")
        #expect(Set(mine.entries.map(\.key)).count == 5)
        #expect(mine.entries[0].key == "id:g1" && mine.entries[0].formerKey == "https://x.example/shared")
        #expect(mine.entries[1].key == "https://x.example/b" && mine.entries[1].formerKey == nil)
        #expect(mine.entries[4].key == "id:g1\nhttps://x.example/other", "a repeated guid is told apart by link")
        #expect(mine.entries.map(\.key) == theirs.entries.map(\.key), "keys are the feed's own")
        #expect(Set(mine.entries.map(\.item.id)).isDisjoint(with: theirs.entries.map(\.item.id)), "ids are scoped")
        let again = try reader.read(
            Array(rss.utf8), format: .feed, sourceID: "https://one.example/rss", sourceName: "x")
        #expect(again.entries.map(\.item.id) == mine.entries.map(\.item.id), "stable across reads")
    }

    @Test func partnerTeasersWithoutIDOrLinkAreIdentifiedByContent() throws {
        let json = """
            {"title": "P", "items": [
              {"type": "teaser", "title": "Same"}, {"type": "teaser", "title": "Same", "summary": "other"},
              {"type": "teaser", "title": "With id", "id": 7, "url": "https://p.example/7"}]}
            """
        let document = try reader.read(Array(json.utf8), format: .unifiedJSON, sourceID: "s", sourceName: "p")
        #expect(document.entries.count == 3)
        #expect(Set(document.entries.map(\.key)).count == 3, "\(document.entries.map(\.key))")
        #expect(document.entries[2].key == "id:7" && document.entries[2].formerKey == "https://p.example/7")
        let legacy = try reader.read(
            Array(#"{"items": [{"title": "Same"}, {"title": "Same", "lead": "x"}]}"#.utf8), format: .legacyJSON,
            sourceID: "s", sourceName: "l")
        #expect(Set(legacy.entries.map(\.key)).count == 2)
    }

    @Test func aDocumentThatIsNotAFeedIsRefused() {
        #expect(throws: SourceReadError.self) {
            try reader.read(Array("<html><body>hi</body></html>".utf8), format: .feed, sourceID: "s", sourceName: "x")
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Feed items a reader could not show anything of.
struct EmptyFeedItemTests {
    let reader = SourceReader()

    @Test("a feed item with no title, text, link or media is no card: skipped, with a warning")
    func emptyItemsSkipped() throws {
        let rss = """
            <rss version="2.0"><channel><title>T</title>
            <item></item>
            <item><guid isPermaLink="false">only-an-id</guid><pubDate>Tue, 10 Jun 2025 04:00:00 GMT</pubDate></item>
            <item><description>   </description></item>
            <item><title>A title</title></item>
            <item><description>Only a text.</description></item>
            <item><link>https://e.example/only-a-link</link></item>
            <item><enclosure url="https://e.example/episode.mp3" type="audio/mpeg" length="1"/></item>
            </channel></rss>
            """
        let document = try reader.read(Array(rss.utf8), format: .feed, sourceID: "s", sourceName: "S")
        #expect(document.entries.count == 4)
        let links = document.entries.compactMap { entry -> String? in
            guard case .teaser(let teaser) = entry.item else { return nil }
            return teaser.title + " " + (teaser.url?.absoluteString ?? "-")
        }
        #expect(
            Set(links) == [
                "A title -", "Only a text. -", "Untitled https://e.example/only-a-link", "Untitled -",
            ], "the episode is kept, with its media")
        #expect(
            document.warnings.contains("3 entries with no title, text, link or media were skipped"),
            "\(document.warnings)")
    }
}
