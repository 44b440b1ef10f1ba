import Foundation
import SnapshotTesting
import Testing
import TidingsModel
import TidingsSections

@testable import TidingsWeb

/// The rendered HTML of every card type and every state, pinned as snapshots under
/// `__Snapshots__/`. A template change shows up as a reviewable diff; record again with
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter TidingsWebTests`.
@Suite("Section page snapshots")
struct SectionPageSnapshotTests {
    typealias F = WebFixtures

    private func section(
        _ feed: Feed, brand: Brand = F.courier, section: Section = F.news, cursor: String? = nil,
        sourceFailure: SourceFailure? = nil, locale: String? = nil
    ) throws -> String {
        let context = try F.context(brand, locale: locale, path: "/\(brand.id)/\(section.id)")
        return try F.html(
            SectionPage(context: context, section: section, feed: feed, cursor: cursor, sourceFailure: sourceFailure))
    }

    @Test("teaser cards, with and without image, summary and date; Load more")
    func teasers() throws {
        let html = try section(F.feed([.teaser(F.teaser), .teaser(F.bareTeaser)], next: "CURSOR"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("catalog news: new product, price drop, price rise (Russian brand)")
    func catalogNews() throws {
        let items: [FeedItem] = [
            .catalogNews(F.newsItem(.newProduct, discounted: nil)),
            .catalogNews(F.newsItem(.priceUpdated, discounted: true)),
            .catalogNews(F.newsItem(.priceUpdated, discounted: false)),
        ]
        let html = try section(F.feed(items, title: "Цены"), brand: F.grocery, section: F.catalog)
        assertSnapshot(of: html, as: .lines)
    }

    @Test(
        "ad slots with and without a house ad, carousel, list, weather (with and without a forecast) and local (with and without stories) widgets, notification cards"
    )
    func slots() throws {
        let items: [FeedItem] = [
            .notification(NotificationCard(id: "push", kind: "enable_push", text: "Turn on notifications.")),
            .notification(
                NotificationCard(id: "fixed", kind: "info", text: "Cannot be dismissed.", dismissible: false)),
            .teaser(F.teaser),
            .ad(AdSlot(id: "ad-1", format: "banner")),  // the brand's house ad
            .ad(AdSlot(id: "ad-2", format: "native")),  // no house ad of this format: an empty slot
            .widget(Widget(id: "w1", kind: .carousel, title: "From Economy", items: [F.teaser, F.bareTeaser])),
            // A configured widget names the section its teasers come from; their links go there.
            .widget(Widget(id: "w2", kind: .list, title: "Most read", section: "courier/news", items: [F.teaser])),
            .widget(Widget(id: "w3", kind: .weather, title: "Weather", location: ["city": "Bergen", "country": "NO"])),
            .widget(
                Widget(
                    id: "w5", kind: .weather, title: "Weather", location: ["city": "Bergen"],
                    forecast: Forecast(
                        place: "Bergen", temperature: 6.4, condition: .rain,
                        days: [
                            .init(date: "2026-11-18", condition: .partlyCloudy, high: 7, low: -2.6),
                            .init(date: "2026-11-19", condition: .snow, high: 1),
                        ], updatedAt: F.now.addingTimeInterval(-3 * 3600), provider: "Courier Weather",
                        url: URL(string: "https://courier.example/weather"))
                )),
            .widget(Widget(id: "w4", kind: .local, location: ["city": "Bergen"])),
            .widget(
                Widget(
                    id: "w6", kind: .local, title: "Around you", section: "courier/news",
                    items: [F.teaser, F.bareTeaser],
                    location: ["city": "Bergen"])),
            .unknown(type: "poll", raw: .object(["type": .string("poll"), "id": .string("p1")])),
        ]
        let html = try section(F.feed(items))
        assertSnapshot(of: html, as: .lines)
    }

    /// Issue 34: a week-old forecast was shown as the weather now, its days all past.
    @Test("a forecast a week old shows no weather now and no past days, and says so, in the reader's language")
    func outdatedForecast() throws {
        let old = Forecast(
            place: "Bergen", temperature: 6.4, condition: .rain,
            days: [.init(date: "2026-11-10", condition: .snow, high: 1), .init(date: "2026-11-11", high: 2)],
            updatedAt: F.now.addingTimeInterval(-7 * 86_400), provider: "Courier Weather")
        let feed = F.feed([
            .teaser(F.teaser), .widget(Widget(id: "w", kind: .weather, title: "Weather", forecast: old)),
        ])
        let english = try section(feed)
        #expect(english.contains(#"<p class="weather-outdated">No current forecast</p>"#))
        #expect(!english.contains("weather-temperature") && !english.contains("weather-days"))
        #expect(english.contains("Courier Weather · 7d"))
        #expect(try section(feed, locale: "ru").contains("Актуального прогноза нет"))
    }

    @Test("empty state: the section's own description, else the default; the catalog's is seed 000's")
    func empty() throws {
        var described = F.news
        described.description = LocalizedText([.en: "Local news from Bergen."])
        let notice = FeedItem.notification(NotificationCard(id: "push", kind: "enable_push", text: "Turn on."))
        assertSnapshot(of: try section(F.feed([notice]), section: described), as: .lines, named: "described")
        assertSnapshot(of: try section(F.feed([])), as: .lines, named: "default")
        let catalog = try section(F.feed([], title: "Цены"), brand: F.grocery, section: F.catalog)
        #expect(catalog.contains("Нет изменений в каталоге товаров"))
        #expect(catalog.contains("Загрузить снова"))
        assertSnapshot(of: catalog, as: .lines, named: "catalog")
    }

    @Test("error state when the source fails and nothing was fetched; a banner when items are kept")
    func error() throws {
        let failing = SourceFailure(unreadable: false, retryAt: F.now.addingTimeInterval(90))
        assertSnapshot(of: try section(F.feed([]), sourceFailure: failing), as: .lines, named: "error")
        assertSnapshot(
            of: try section(F.feed([.teaser(F.teaser)]), sourceFailure: failing), as: .lines, named: "stale")
    }

    /// Issue 34: a broken partner file in backoff for 997 s said "could not be fetched … try again
    /// in a minute". What happened and when Tidings tries again, in the reader's language.
    struct Wording: Sendable, CustomTestStringConvertible {
        var unreadable: Bool
        var retryIn: TimeInterval
        var locale: String?
        var expected: String
        var testDescription: String { expected }
    }

    @Test(
        "the error state says whether the source could not be fetched or not read, and when it is tried again",
        arguments: [
            Wording(
                unreadable: false, retryIn: 30, expected: "could not be fetched. Tidings tries again in under a minute."
            ),
            Wording(
                unreadable: true, retryIn: 997,
                expected: "sent something Tidings could not read. Tidings tries again in 17 minutes."),
            Wording(unreadable: false, retryIn: 2 * 3600, expected: "Tidings tries again in 2 hours."),
            Wording(unreadable: false, retryIn: 3601, expected: "Tidings tries again in 61 minutes."),
            Wording(
                unreadable: true, retryIn: 21 * 60, locale: "ru",
                expected: "не смог прочитать. Tidings попробует снова через 21 минуту."),
            Wording(
                unreadable: false, retryIn: 3 * 60, locale: "ru",
                expected: "Не удалось получить материалы этого раздела. Tidings попробует снова через 3 минуты."),
        ])
    func errorWording(_ wording: Wording) throws {
        let failure = SourceFailure(unreadable: wording.unreadable, retryAt: F.now.addingTimeInterval(wording.retryIn))
        let html = try section(F.feed([]), sourceFailure: failure, locale: wording.locale)
        #expect(html.contains(wording.expected), "\(html)")
        #expect(!html.contains("in a minute") && !html.contains("через минуту"))
    }

    @Test("a later page that happens to hold no content is not the empty state")
    func laterPage() throws {
        let html = try section(F.feed([.ad(AdSlot(id: "a", format: "banner"))]), cursor: "C1")
        #expect(!html.contains("data-state"))
    }

    @Test("web section: linked, or embedded when configured")
    func web() throws {
        let feed = Feed(title: "Sport", content: .web(URL(string: "https://example.com/sport")!))
        assertSnapshot(of: try section(feed, section: F.web), as: .lines, named: "linked")
        var embedded = F.web
        embedded.embed = true
        let html = try section(feed, section: embedded)
        #expect(html.contains(#"<iframe class="web-frame" src="https://example.com/sport""#))
    }

    @Test("?locale= switches the words and is kept on every link")
    func locale() throws {
        let html = try section(F.feed([.teaser(F.teaser)], next: "C"), locale: "ru")
        #expect(html.contains(#"<html lang="ru" dir="ltr">"#))
        #expect(html.contains("Загрузить ещё"))
        #expect(html.contains(#"href="/courier/news/articles/t1?locale=ru""#))
        #expect(html.contains(#"href="/courier/news?cursor=C&amp;locale=ru""#))
        #expect(html.contains("Новости"))
    }
}
