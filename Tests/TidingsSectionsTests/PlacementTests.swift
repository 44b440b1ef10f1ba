import FeedComposition
import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// Placement rules as providers, and the cursor.
struct PlacementTests {
    static let teasers = (1...6).map { Teaser(id: "t\($0)", title: "T\($0)", source: "s") }
    static let economy = SectionKey(brand: "b", section: "economy")

    static let placement = Placement(
        ads: AdRule(positions: [1], format: "banner"),
        widgets: [WidgetRule(position: 3, kind: .carousel, section: economy, count: 2)],
        notifications: [
            NotificationRule(id: "push", kind: "enable_push", text: LocalizedText([.en: "Turn on", .ru: "Включите"]))
        ])

    static func content(_ count: Int) -> [FeedItem] {
        (0..<count).map { .teaser(Teaser(id: "c\($0)", title: "C\($0)", source: "s")) }
    }

    @Test func cardsComeFirstThenWidgetsAndAdsAtTheirPositions() {
        let composer = Self.placement.composer(language: .ru, teasers: [Self.economy: Self.teasers])
        let page = composer.compose(content: Self.content(4), startingAt: 0)
        #expect(page.items.map(\.type) == ["notification", "ad", "teaser", "widget", "teaser", "teaser", "teaser"])
        guard case .notification(let card) = page.items[0] else { return }
        #expect(card.text == "Включите")
        guard case .widget(let widget) = page.items[3] else { return }
        #expect(widget.items.map(\.id) == ["t1", "t2"], "count limits the carousel")
        #expect(widget.section == "b/economy")
    }

    @Test func aDismissedCardLeavesNoGap() {
        let composer = Self.placement.composer(language: .en, teasers: [:])
        let page = composer.compose(content: Self.content(2), startingAt: 0, context: .init(dismissed: ["push"]))
        #expect(page.items.map(\.type) == ["teaser", "ad", "teaser"])
    }

    @Test func aCarouselWithNothingToShowIsLeftOut() {
        let composer = Self.placement.composer(language: .en, teasers: [:])
        let page = composer.compose(content: Self.content(4), startingAt: 0)
        #expect(!page.items.contains { $0.type == "widget" })
    }

    @Test func cursorsRoundTripAndForeignPayloadsAreRefused() {
        let cursor = SectionCursor(position: 27, after: "1700000000000:news-1")
        #expect(SectionCursor(payload: cursor.payload) == cursor)
        for payload in ["", "garbage", "s1:-1:x", "s1:3:", "s2:3:x", "s1:3:" + String(repeating: "A", count: 700)] {
            #expect(SectionCursor(payload: payload) == nil, "\(payload)")
        }
    }
}
