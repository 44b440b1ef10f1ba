import Foundation
import Testing
import TidingsKit
import TidingsModel

@testable import tidings

/// The reader's screen and keys as pure values: no terminal, no server.
@Suite("tidings read: screen and keys")
struct ReadViewTests {
    static let utc = TimeZone(identifier: "UTC")!

    func feed(_ content: FeedScreenContent) -> ReadUI {
        var (ui, _) = ReadUI.start(brand: "courier", section: "news", language: .en)
        ui.receive(feed: .native(content), key: "courier/news")
        return ui
    }

    func screen(_ ui: ReadUI, width: Int = 60, height: Int = 12) -> [String] {
        ReadView(ui: ui, width: width, height: height, styled: false, timeZone: Self.utc).lines()
    }

    @Test("a Russian brand is framed in Russian: status, help, detail labels, with Russian plurals")
    func russianChrome() {
        var (ui, _) = ReadUI.start(brand: "grocery", section: "news", language: .ru)
        ui.receive(
            feed: .native(
                FeedScreenContent(title: "Новинки", items: [ReadFixtures.drop, ReadFixtures.rise], canLoadMore: true)),
            key: "grocery/news")
        let lines = screen(ui, width: 80, height: 8)
        #expect(lines[6] == "2 элемента · m — ещё", "\(lines)")
        #expect(lines[7].hasPrefix("↑↓/jk выбор · Enter открыть"))
        #expect(!lines.joined().contains("items") && !lines.joined().contains("quit"))
        _ = ui.press(.enter)
        let detail = screen(ui, width: 80, height: 12)
        #expect(detail[0].hasSuffix(" › Товар"))
        #expect(detail.contains { $0.hasPrefix("Старая цена: ") })
        let strings = ReadStrings(language: .ru)
        #expect(
            [1, 2, 5, 11, 21, 22, 112].map(strings.items) == [
                "1 элемент", "2 элемента", "5 элементов", "11 элементов", "21 элемент", "22 элемента", "112 элементов",
            ])
    }

    @Test("opened with --brand, the header names the brand and the words follow its language")
    func brandGiven() {
        let brands = [BrandSummary(id: "grocery", name: "Лавка", locale: "ru", theme: [:], front: "news")]
        var (ui, _) = ReadUI.start(brand: "grocery", section: "news", language: nil, brands: brands)
        ui.receive(
            feed: .native(FeedScreenContent(title: "Новинки", items: [ReadFixtures.drop], canLoadMore: false)),
            key: "grocery/news")
        let lines = screen(ui, width: 80, height: 6)
        #expect(lines[0] == "Лавка › Новинки", "\(lines)")
        #expect(lines[5].hasPrefix("↑↓/jk выбор"))
    }

    @Test("widgets and ads are described in the reader's words, not the API's")
    func widgetAndAdWords() {
        var (ui, _) = ReadUI.start(brand: "grocery", section: "news", language: .ru)
        let weather = FeedItem.widget(
            Widget(id: "w", kind: .weather, title: "Погода", location: ["city": "Bergen", "country": "NO"]))
        ui.receive(
            feed: .native(
                FeedScreenContent(title: "Новинки", items: [ReadFixtures.ad, ReadFixtures.carousel, weather])),
            key: "grocery/news")
        let list = screen(ui, width: 80, height: 6)
        #expect(list[1] == "> Реклама · баннер", "\(list)")
        #expect(list[2] == "  ▸ From Economy (карусель, 2 статьи)", "\(list)")
        var details: [String] = []
        for _ in 0..<3 {
            _ = ui.press(.enter)
            details += screen(ui, width: 80, height: 10)
            _ = ui.press(.character("b"))
            _ = ui.press(.character("j"))
        }
        let text = details.joined(separator: "\n")
        #expect(text.contains("Рекламное место (баннер)"), "\(text)")
        #expect(text.contains("Карусель статей раздела «courier/economy»."), "\(text)")
        #expect(text.contains("Город: Bergen, Страна: NO"), "\(text)")
        for word in ["carousel", "weather", "banner", "card", "city", "country"] {
            #expect(!text.lowercased().contains(word), "\(word) in \(text)")
        }
    }

    @Test("the screen is a header, the list with the selection marked, a status line and the key help")
    func layout() {
        let ui = feed(FeedScreenContent(title: "News", items: ReadFixtures.all, canLoadMore: true))
        let lines = screen(ui)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines[0] == "courier › News")
        #expect(lines[1] == "> ★ Turn on notifications.")
        #expect(lines[2].hasPrefix("  Harbour ferry returns after storm repairs · The Daily"))
        #expect(lines[2].hasSuffix("…"), "cut to the width")
        #expect(lines[10] == "8 items · m for more")
        #expect(lines[11].hasPrefix("↑↓/jk move · Enter open · m more · r refresh"))
    }

    @Test("stored items say offline and when they were fetched")
    func offline() {
        let fetched = ReadFixtures.published
        let ui = feed(FeedScreenContent(title: "News", items: [ReadFixtures.teaser], staleSince: fetched))
        #expect(screen(ui)[10] == "server not reached — showing items fetched at 17:30")
    }

    @Test("web sections, empty sections and errors say what they are")
    func states() throws {
        var (ui, _) = ReadUI.start(brand: "courier", section: "sport", language: .en)
        let url = try #require(URL(string: "https://www.bbc.com/sport"))
        ui.receive(feed: .web(url: url, title: "Sport"), key: "courier/sport")
        #expect(screen(ui)[1] == "This section is a web page: https://www.bbc.com/sport")
        ui.receive(feed: .empty(message: "Nothing here yet.", canReload: true), key: "courier/sport")
        #expect(screen(ui)[1...3] == ["Nothing here yet.", "", "r to reload"])
        ui.receive(feed: .error(FeedScreenFailure(.offline, language: .en)), key: "courier/sport")
        #expect(screen(ui)[1].hasPrefix("You are offline."))
        ui.receive(feed: .loading, key: "courier/other")
        #expect(screen(ui)[1].hasPrefix("You are offline."), "states of a feed left are dropped")
    }

    @Test("j and Enter open the detail, b goes back, moving past the end loads more")
    func keys() {
        var ui = feed(
            FeedScreenContent(title: "News", items: [ReadFixtures.card, ReadFixtures.teaser], canLoadMore: true))
        let moved = ui.press(.character("j"))
        let opened = ui.press(.enter)
        // Opening a story asks for its article (full text where the section fetches it).
        guard case .loadArticle(_, _, let id)? = opened else {
            Issue.record("opening a teaser loads its article, not \(String(describing: opened))")
            return
        }
        #expect(moved == nil && id == "ferry")
        #expect(ui.page == .detail(ReadFixtures.teaser))
        let detail = screen(ui, width: 40, height: 14)
        #expect(detail[0] == "courier › News › Article", "a reader's word, not the API's type")
        #expect(detail.last?.contains("d dismiss") == false, "a story cannot be dismissed: not offered")
        #expect(ReadStrings(language: .ru).kind(of: ReadFixtures.drop) == "Товар")
        #expect(detail.contains("The city's oldest ferry is back on its"))
        #expect(detail.contains("https://courier.example/world/ferry"))
        // The full text, once it came, replaces the summary (issue 34: the web showed it, read did not).
        guard case .teaser(let ferry) = ReadFixtures.teaser else { return }
        ui.articles["ferry"] = ArticleDetail(
            item: ferry,
            fullText: .init(html: "", text: "The ferry left at dawn.\nIt carried forty cars.", byline: "Ingrid Holm"))
        let full = screen(ui, width: 40, height: 14)
        #expect(full.contains("The ferry left at dawn.") && full.contains("It carried forty cars."))
        #expect(!full.contains("The city's oldest ferry is back on its"))
        #expect(full.contains { $0.contains("Ingrid Holm") })
        let back = ui.press(.back)
        #expect(back == nil && ui.page == .feed)
        let pastTheEnd = ui.press(.down)
        let more = ui.press(.character("m"))
        let refresh = ui.press(.character("r"))
        let quit = ui.press(.character("q"))
        #expect([pastTheEnd, more, refresh, quit] == [.loadMore, .loadMore, .refresh, .quit])
    }

    @Test("/ types a search (Backspace erases, Esc leaves), Enter asks, results open and go back, in nb")
    func search() {
        let brands = [
            BrandSummary(id: "vestland", name: "Vestlandsposten", locale: "nb-NO", theme: [:], front: "nyheter")
        ]
        var (ui, _) = ReadUI.start(brand: "vestland", section: "nyheter", language: nil, brands: brands)
        ui.receive(
            feed: .native(FeedScreenContent(title: "Nyheter", items: [ReadFixtures.teaser], canLoadMore: false)),
            key: "vestland/nyheter")
        #expect(ui.press(.character("/")) == nil && ui.prompt == "")
        for key in ReadKey.decode(Array("flomx".utf8)) + [.erase] + ReadKey.decode(Array("ø q b".utf8)) {
            #expect(ui.press(key) == nil, "letters while typing are letters, not keys: \(key)")
        }
        #expect(ui.prompt == "flomø q b")
        let typing = screen(ui, width: 60, height: 8)
        #expect(typing[6] == "Søk: flomø q b█", "\(typing)")
        #expect(typing[7] == "Enter søk · Esc avbryt")
        // Esc leaves the line; / again, and Enter asks.
        _ = ui.press(.back)
        #expect(ui.prompt == nil && ui.page == .feed)
        _ = ui.press(.character("/"))
        for key in ReadKey.decode(Array("ferry".utf8)) { _ = ui.press(key) }
        #expect(ui.press(.enter) == .search(brand: "vestland", query: "ferry", cursor: nil))
        #expect(ui.page == .search && screen(ui)[10] == "Søker…")
        guard case .teaser(let ferry) = ReadFixtures.teaser else { return }
        let result = SearchResult(
            kind: "story", section: "nyheter", sectionTitle: "Nyheter", item: .teaser(ferry),
            snippet: [SnippetPart(text: "ferry", match: true)], score: 1)
        // An answer to another query is dropped.
        ui.receive(
            search: .success(SearchPage(brand: "vestland", query: "x", results: [], total: 0, nextCursor: nil)),
            query: "x", more: false)
        ui.receive(
            search: .success(
                SearchPage(brand: "vestland", query: "ferry", results: [result], total: 3, nextCursor: "c")),
            query: "ferry", more: false)
        let results = screen(ui, width: 80, height: 8)
        #expect(results[0] == "Vestlandsposten › Søk: ferry", "\(results)")
        #expect(results[1].hasPrefix("> Nyheter · "))
        #expect(results[6].hasPrefix("3 saker · "), "\(results)")
        #expect(results[7].contains("/ søk"))
        // Down past the last loads the next page; Enter opens the story in its own section.
        #expect(ui.press(.down) == .search(brand: "vestland", query: "ferry", cursor: "c"))
        ui.receive(
            search: .success(
                SearchPage(
                    brand: "vestland", query: "ferry", results: [result], total: 3, nextCursor: nil, partial: true)),
            query: "ferry", more: true)
        #expect(ui.search.list.count == 2)
        // The last page of a search that stopped early says that only the newest were looked at.
        #expect(screen(ui, width: 80, height: 8)[6] == "3 saker · Bare de nyeste sakene ble søkt i.")
        #expect(ui.press(.enter) == .loadArticle(brand: "vestland", section: "nyheter", id: "ferry"))
        #expect(ui.page == .detail(.teaser(ferry)))
        #expect(screen(ui)[0] == "Vestlandsposten › Søk: ferry › Sak")
        _ = ui.press(.back)
        #expect(ui.page == .search)
        _ = ui.press(.back)
        #expect(ui.page == .feed)
        // Nothing found says so.
        _ = ui.press(.character("/"))
        for key in ReadKey.decode(Array("zzz".utf8)) { _ = ui.press(key) }
        _ = ui.press(.enter)
        ui.receive(
            search: .success(SearchPage(brand: "vestland", query: "zzz", results: [], total: 0, nextCursor: nil)),
            query: "zzz", more: false)
        #expect(screen(ui)[1] == "Fant ingenting for «zzz».")
    }

    @Test("a catalog brand's search lists products by name, size and price, opens one and counts results, in ru")
    func searchProducts() {
        let brands = [BrandSummary(id: "grocery", name: "Лавка", locale: "ru-RU", theme: [:], front: "news")]
        var (ui, _) = ReadUI.start(brand: "grocery", section: "news", language: nil, brands: brands)
        ui.receive(
            feed: .native(FeedScreenContent(title: "Новинки", items: [ReadFixtures.teaser], canLoadMore: false)),
            key: "grocery/news")
        _ = ui.press(.character("/"))
        for key in ReadKey.decode(Array("молоко".utf8)) { _ = ui.press(key) }
        #expect(ui.press(.enter) == .search(brand: "grocery", query: "молоко", cursor: nil))
        let product = ProductResource(
            product: Product(
                id: "milk", name: "Молоко 3,2%", names: ["en": "Milk"], unit: "l",
                unitSize: ScaledDecimal(scaled: 1_000, scale: 3), container: "bottle",
                storePrice: Money(minorUnits: 8_990, currency: .rub), imageURL: nil,
                createdAt: Date(timeIntervalSince1970: 1_796_000_000),
                updatedAt: Date(timeIntervalSince1970: 1_796_000_000)),
            consumerPrice: Money(minorUnits: 9_890, currency: .rub))
        let found = SearchResult(
            section: "news", sectionTitle: "Новинки", product: product,
            snippet: [SnippetPart(text: "Молоко", match: true), SnippetPart(text: " 3,2%", match: false)], score: 1)
        ui.receive(
            search: .success(
                SearchPage(brand: "grocery", query: "молоко", results: [found], total: 1, nextCursor: nil)),
            query: "молоко", more: false)
        // Sizes and prices keep their numbers and units together (no-break spaces).
        let results = screen(ui, width: 80, height: 8).map {
            $0.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        }
        #expect(results[1] == "> Новинки · Молоко 3,2%, 1 л  98,90 ₽", "\(results)")
        #expect(results[1].contains("98,90"), "\(results)")
        #expect(results[6] == "1 результат · Это всё, что найдено.", "\(results)")
        // Enter opens the product: its name, size and price; b goes back to the results.
        #expect(ui.press(.enter) == nil)
        #expect(ui.page == .product(found))
        let opened = screen(ui, width: 80, height: 8)
        #expect(opened[0] == "Лавка › Поиск: молоко › Новинки", "\(opened)")
        #expect(opened[1] == "Молоко 3,2%", "\(opened)")
        #expect(opened.contains { $0.contains("98,90") }, "\(opened)")
        // When it last changed, said so.
        #expect(opened.contains { $0.hasPrefix("Изменён: ") }, "\(opened)")
        #expect(opened[7] == "/ поиск · b назад · q выход", "\(opened)")
        _ = ui.press(.back)
        #expect(ui.page == .search)
    }

    @Test("a refresh putting items on top keeps the selection on the same item")
    func selectionFollowsItem() {
        var ui = feed(FeedScreenContent(title: "News", items: [ReadFixtures.card, ReadFixtures.teaser]))
        _ = ui.press(.down)
        let refreshed = FeedScreenContent(title: "News", items: [ReadFixtures.ad] + ui.feedItems)
        ui.receive(feed: .native(refreshed), key: "courier/news")
        #expect(ui.feedRow == 2)
    }

    @Test("d dismisses a notification card, which then leaves the list")
    func dismiss() {
        var ui = feed(FeedScreenContent(title: "News", items: [ReadFixtures.card, ReadFixtures.teaser]))
        #expect(screen(ui, width: 100, height: 10).last?.contains("d dismiss") == true, "offered on the card")
        let dismiss = ui.press(.character("d"))
        #expect(dismiss == .dismiss(notification: "courier-push"))
        ui.receive(dismissal: nil, notification: "courier-push")
        #expect(ui.feedItems == [ReadFixtures.teaser])
        #expect(screen(ui, width: 100, height: 10).last?.contains("d dismiss") == false, "not on a story")
        let again = ui.press(.character("d"))
        #expect(again == nil)
        #expect(ui.notice == "Only notification cards can be dismissed.")
    }

    @Test("without a brand the reader starts on the brand picker, and Enter picks")
    func pickers() {
        var (ui, effect) = ReadUI.start(brand: nil, section: nil, language: nil)
        #expect(effect == .loadBrands)
        let brands = [
            BrandSummary(id: "courier", name: "The Daily Courier", locale: "en", theme: [:], front: "news"),
            BrandSummary(id: "grocery", name: "Лавка", locale: "ru", theme: [:], front: "news"),
        ]
        ui.receive(brands: .success(brands))
        #expect(screen(ui)[1...2] == ["> The Daily Courier (courier)", "  Лавка (grocery)"])
        _ = ui.press(.down)
        effect = ui.press(.enter) ?? .quit
        #expect(effect == .loadSections(brand: "grocery"))
        #expect(ui.language == .ru, "the brand's language without --locale")
        let news = SectionSummary(
            id: "news", title: "Новинки", render: "native", source: "catalog", href: "", feeds: [:])
        // One section: opened at once, nothing to pick (issue 34).
        effect = ui.receive(sections: .success([news]), brand: "grocery") ?? .quit
        #expect(effect == .openFeed(brand: "grocery", section: "news"))
        #expect(ui.page == .feed)
        _ = ui.press(.back)
        #expect(ui.page == .sections)
    }

    @Test("keys decode from what a terminal sends")
    func decoding() {
        #expect(
            ReadKey.decode(Array("\u{1B}[A\u{1B}[Bj\r\u{7F}".utf8)) == [.up, .down, .character("j"), .enter, .erase])
        #expect(ReadKey.decode([0x1B]) == [.back])
        // Letters of any language (a search typed in Norwegian or Russian); a broken one is skipped.
        #expect(ReadKey.decode(Array("øё".utf8)) == [.character("ø"), .character("ё")])
        #expect(ReadKey.decode([0xC3, 0x41]) == [.character("A")])
        #expect(ReadKey.decode(Array("\u{1B}OA\u{1B}[1;5C".utf8)) == [.up])
        // Page and end keys as xterm, VT220 and rxvt send them, and Space.
        #expect(
            ReadKey.decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH \u{1B}OF".utf8))
                == [.pageUp, .pageDown, .home, .end, .home, .end, .home, .character(" "), .end])
    }

    @Test("page keys move a screen at a time, Home and End to the ends, in lists and in an open item")
    func paging() {
        var ui = ReadUI.start(brand: nil, section: nil, language: .en, brands: nil).0
        let brands = (0..<40).map {
            BrandSummary(id: "b\($0)", name: "Brand \($0)", locale: "en", theme: [:], front: "news")
        }
        ui.receive(brands: .success(brands))
        _ = ui.press(.pageDown, screen: 10)
        #expect(ui.brandRow == 9, "a screen less the line kept for context")
        _ = ui.press(.character(" "), screen: 10)
        #expect(ui.brandRow == 18)
        _ = ui.press(.end, screen: 10)
        #expect(ui.brandRow == 39)
        _ = ui.press(.pageDown, screen: 10)
        #expect(ui.brandRow == 39, "not past the end")
        _ = ui.press(.pageUp, screen: 10)
        #expect(ui.brandRow == 30)
        _ = ui.press(.character("g"), screen: 10)
        #expect(ui.brandRow == 0)
    }
}
