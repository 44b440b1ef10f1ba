import Foundation
import Testing
import TidingsModel

@testable import TidingsKit

/// The sentence a screen reader says for each kind of item, from the language catalogs.
@Suite("Accessibility sentences")
struct AccessibilityLabelTests {
    static func news(_ event: NewsItem.Event, percent: Int?, discounted: Bool?, old: String?) -> FeedItem {
        .catalogNews(
            NewsItem(
                id: "n1", event: event, title: "",
                product: .init(id: "p1", name: "Pineapple", unit: "pcs", size: "1", imageURL: nil),
                price: "89 kr", oldPrice: old, priceAmount: .init(value: "89", currency: "NOK"),
                oldPriceAmount: old.map { _ in .init(value: "94", currency: "NOK") }, percent: percent,
                discounted: discounted, timeAgo: "5m", createdAt: Date(timeIntervalSince1970: 0)))
    }

    static let everyKind: [FeedItem] = [
        .teaser(Teaser(id: "t1", title: "Roadworks on Bryggen", source: "Bergen Desk")),
        .teaser(Teaser(id: "t2", title: "Roadworks on Bryggen", source: "Bergen Desk", author: "Kari Nordmann")),
        news(.newProduct, percent: nil, discounted: nil, old: nil),
        news(.priceUpdated, percent: 5, discounted: true, old: "94 kr"),
        news(.priceUpdated, percent: 5, discounted: false, old: "84 kr"),
        news(.priceUpdated, percent: nil, discounted: nil, old: nil),
        .catalogAggregate(
            NewsAggregate(
                id: "a1", kind: .priceDrops, title: "Pineapple and 3 more products got cheaper", count: 4, members: [],
                timeAgo: "1h", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))),
        .ad(AdSlot(id: "ad1", format: "native")),
        .widget(Widget(id: "w1", kind: .weather, title: "Bergen")),
        .widget(Widget(id: "w2", kind: .local, title: "Bergen")),
        .widget(
            Widget(
                id: "w3", kind: .carousel, title: "Most read",
                items: [Teaser(id: "x", title: "x", source: "s"), Teaser(id: "y", title: "y", source: "s")])),
        .notification(NotificationCard(id: "c1", kind: "push", text: "Turn on notifications.", dismissible: true)),
        .notification(NotificationCard(id: "c2", kind: "push", text: "Turn on notifications.", dismissible: false)),
        .unknown(type: "poll", raw: .object(["id": .string("q1")])),
    ]

    @Test(
        "every kind has a sentence in every shipped language, none a bare key or blank",
        arguments: ["en", "ru", "nb", "sv", "da", "fi", "de", "ar"])
    func everyKindEveryLanguage(_ tag: String) throws {
        let language = try #require(LanguageTag(tag))
        for item in Self.everyKind {
            let sentence = item.accessibilityLabel(in: language)
            #expect(
                !sentence.contains("kit.a11y.") && !sentence.trimmingCharacters(in: .whitespaces).isEmpty,
                "\(tag) \(item.type): \(sentence)")
        }
    }

    @Test("prices in words: which way, by how much and from what, in the reader's language and number format")
    func prices() throws {
        let en = try #require(LanguageTag("en"))
        let nb = try #require(LanguageTag("nb"))
        #expect(Self.everyKind[3].accessibilityLabel(in: en) == "Pineapple, now 89 kr, 5% cheaper than 94 kr.")
        #expect(Self.everyKind[4].accessibilityLabel(in: en) == "Pineapple, now 89 kr, 5% more than 84 kr.")
        #expect(Self.everyKind[3].accessibilityLabel(in: nb) == "Pineapple, nå 89 kr, 5\u{A0}% billigere enn 94 kr.")
        #expect(Self.everyKind[2].accessibilityLabel(in: nb) == "Nytt i katalogen: Pineapple, 89 kr.")
        #expect(Self.everyKind[5].accessibilityLabel(in: en) == "Pineapple, now 89 kr.")
    }

    @Test("stories, cards and the rest")
    func others() throws {
        let en = try #require(LanguageTag("en"))
        let ru = try #require(LanguageTag("ru"))
        #expect(Self.everyKind[0].accessibilityLabel(in: en) == "Roadworks on Bryggen. From Bergen Desk.")
        #expect(Self.everyKind[1].accessibilityLabel(in: en) == "Roadworks on Bryggen. By Kari Nordmann, Bergen Desk.")
        #expect(Self.everyKind[6].accessibilityLabel(in: en) == "Pineapple and 3 more products got cheaper (4 items)")
        #expect(Self.everyKind[10].accessibilityLabel(in: en) == "Most read, 2 stories")
        #expect(Self.everyKind[10].accessibilityLabel(in: ru) == "Most read, 2 материала")
        #expect(Self.everyKind[7].accessibilityLabel(in: ru) == "Реклама")
        #expect(Self.everyKind[11].accessibilityLabel(in: en) == "Turn on notifications. Can be dismissed.")
        #expect(Self.everyKind[12].accessibilityLabel(in: en) == "Turn on notifications.")
    }
}

@Suite("Preview items")
struct PreviewItemTests {
    @Test("one of every kind, unique ids, each survives the wire and has a screen reader's sentence")
    func everyKind() throws {
        let items = FeedItem.previews
        let kinds = Set(items.map(\.type))
        #expect(
            kinds.isSuperset(of: ["teaser", "catalog_news", "catalog_aggregate", "ad", "widget", "notification"]),
            "\(kinds)")
        #expect(items.contains { if case .unknown = $0 { true } else { false } })
        #expect(Set(items.map(\.id)).count == items.count)
        let decoded = try TidingsJSON.decoder().decode(
            [FeedItem].self, from: try TidingsJSON.encoder().encode(items))
        #expect(decoded == items)
        let en = try #require(LanguageTag("en"))
        for item in items { #expect(!item.accessibilityLabel(in: en).contains("kit.a11y.")) }
        guard case .native(let content) = FeedScreenState.preview else {
            Issue.record("the preview screen shows a feed")
            return
        }
        #expect(content.items == items)
    }
}
