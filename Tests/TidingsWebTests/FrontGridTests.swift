import Foundation
import Testing
import TidingsModel
import TidingsSections

@testable import TidingsWeb

/// Issue 34: at 1280 px a section was one 700 px column. `FrontGrid` places the cards of a wide
/// screen's three-column grid (the browser suite checks the boxes Chromium draws).
@Suite("Front page grid")
struct FrontGridTests {
    typealias F = WebFixtures

    /// The cards of `items` as the section page makes them.
    private func cards(_ items: [FeedItem], cursor: String? = nil) throws -> [CardView] {
        let context = try F.context(F.courier, path: "/courier/news")
        return SectionPage(context: context, section: F.news, feed: F.feed(items), cursor: cursor, sourceFailure: nil)
            .cards
    }

    private func story(_ id: String, image: Bool = true) -> FeedItem {
        var teaser = F.teaser
        teaser.id = id
        teaser.imageURL = image ? URL(string: "https://img.example/\(id).jpg") : nil
        return .teaser(teaser)
    }

    private let banner = FeedItem.ad(AdSlot(id: "banner", format: "banner"))
    private let native = FeedItem.ad(AdSlot(id: "native", format: "native"))
    private let notice = FeedItem.notification(NotificationCard(id: "push", kind: "enable_push", text: "Turn on."))

    @Test("the lead story takes two columns and two rows, the next two cards beside it; rows fill in order")
    func leadBesideTwo() throws {
        let placed = try cards([notice, story("a"), story("b"), story("c"), story("d"), story("e"), story("f")])
        #expect(placed.map(\.layout) == ["span-3", "lead-story", nil, nil, nil, nil, nil])
    }

    @Test("a card that needs a whole row too soon after the lead makes the lead a whole row")
    func leadAcross() throws {
        let placed = try cards([story("a"), story("b"), banner, story("c"), story("d"), story("e")])
        #expect(placed.map(\.layout) == ["lead-story span-3", "span-3", "span-3", nil, nil, nil])
    }

    @Test("a row cut short by a whole-row card, or by the page's end, is closed by widening its last card")
    func rowsHaveNoHoles() throws {
        let placed = try cards([
            story("a"), story("b"), story("c"), story("d"), banner, story("e"), story("f"), story("g"), story("h"),
        ])
        // a b c (lead + two beside) · d closes its row before the banner · e f g · h alone at the end
        #expect(placed.map(\.layout) == ["lead-story", nil, nil, "span-3", "span-3", nil, nil, nil, "span-3"])
        let two = try cards([story("a", image: false), story("b"), native, story("c"), story("d")])
        #expect(two.map(\.layout) == [nil, nil, nil, nil, "span-2"], "no picture to lead with: no lead")
    }

    @Test("a later page has no lead and starts rows of its own; the lead is the first story, not a slot")
    func laterPages() throws {
        let later = try cards([story("a"), story("b"), story("c"), story("d")], cursor: "C1")
        #expect(later.map(\.layout) == [nil, nil, nil, "span-3"])
        let slotFirst = try cards([native, story("a"), story("b"), story("c")])
        #expect(slotFirst.map(\.layout) == ["span-3", "lead-story", nil, nil])
    }
}

/// Issue 34: one house ad filled all three ad slots of `courier/lifestyle`.
@Suite("House ads on a page")
struct HouseAdPickerTests {
    private func ad(_ format: String?, _ name: String) -> HouseAd {
        HouseAd(
            format: format, image: URL(string: "https://ads.example/\(name).png")!, headline: LocalizedText(name),
            text: nil, link: URL(string: "https://ads.example/\(name)")!)
    }

    private func picks(_ ads: [HouseAd], _ slots: [AdSlot]) -> [String] {
        var picker = HouseAdPicker(ads)
        return slots.map { slot in
            switch picker.pick(for: slot) {
            case .ad(let ad): ad.link.lastPathComponent
            case .none: "empty"
            case .collapse: "collapsed"
            }
        }
    }

    @Test("a house ad shows once a page: later slots take another of their format, or collapse")
    func oncePerPage() {
        let slots = (1...3).map { AdSlot(id: "slot-\($0)", format: "native") }
        #expect(picks([ad("native", "cruise")], slots) == ["cruise", "collapsed", "collapsed"])
        let two = picks([ad("native", "cruise"), ad(nil, "any"), ad("banner", "app")], slots)
        #expect(Set(two.prefix(2)) == ["cruise", "any"] && two[2] == "collapsed", "\(two)")
    }

    @Test("a slot no house ad fits stays an empty box; the same slot picks the same ad on every view")
    func emptyAndStable() {
        #expect(picks([ad("banner", "app")], [AdSlot(id: "n", format: "native")]) == ["empty"])
        let ads = (1...5).map { ad("native", "ad\($0)") }
        let slot = [AdSlot(id: "slot-7", format: "native")]
        #expect(picks(ads, slot) == picks(ads, slot))
        #expect(Set((1...20).map { picks(ads, [AdSlot(id: "slot-\($0)", format: "native")])[0] }).count > 1)
    }
}
