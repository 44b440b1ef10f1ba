import Foundation
import Testing
import TidingsModel

@testable import TidingsCatalog

/// The folding rule on its own: fixed windows, one group per kind and direction.
@Suite("Folding bursts of news")
struct NewsAggregationTests {
    let hourly = NewsAggregation(window: 3600, minItems: 3)
    /// A whole hour: 2026-11-01 00:00 UTC.
    static let hour = Date(timeIntervalSince1970: 1_793_491_200)

    func drop(_ id: String, minutes: Double, percent: Int = 10) -> NewsRecord {
        let at = Self.hour.addingTimeInterval(minutes * 60)
        return NewsRecord(
            id: id, productID: "p-" + id, kind: .priceUpdated, price: Money(minorUnits: 90, currency: .rub),
            oldPrice: Money(minorUnits: 100, currency: .rub), percent: percent, createdAt: at, updatedAt: at)
    }

    func rise(_ id: String, minutes: Double) -> NewsRecord {
        var item = drop(id, minutes: minutes)
        item.price = Money(minorUnits: 110, currency: .rub)
        return item
    }

    func new(_ id: String, minutes: Double) -> NewsRecord {
        let at = Self.hour.addingTimeInterval(minutes * 60)
        return NewsRecord(
            id: id, productID: "p-" + id, kind: .newProduct, price: Money(minorUnits: 100, currency: .rub),
            createdAt: at, updatedAt: at)
    }

    @Test("min_items of one kind in one window fold; fewer stay on their own")
    func threshold() {
        let (aggregates, membership) = hourly.fold([
            drop("a", minutes: 5), drop("b", minutes: 20), drop("c", minutes: 40), drop("d", minutes: 50),
            rise("r1", minutes: 10), rise("r2", minutes: 11), new("n1", minutes: 1),
        ])
        #expect(aggregates.count == 1)
        let aggregate = try! #require(aggregates.first)
        #expect(aggregate.kind == .priceDrops && aggregate.memberCount == 4)
        #expect(aggregate.id == "agg:price_drops:\(Self.hour.millisecondsSince1970)")
        #expect(Set(membership.keys) == ["a", "b", "c", "d"], "rises and the new product are too few")
        #expect(
            aggregate.createdAt == Self.hour.addingTimeInterval(40 * 60),
            "placed where the window became a burst: the third member")
    }

    @Test("drops, rises and new products fold apart; windows are whole hours since 1970")
    func groups() {
        let items =
            (0..<3).map { drop("d\($0)", minutes: Double($0)) } + (0..<3).map { rise("r\($0)", minutes: 30) }
            + (0..<3).map { new("n\($0)", minutes: 59) } + (0..<3).map { drop("late\($0)", minutes: 60 + Double($0)) }
        let (aggregates, membership) = hourly.fold(items)
        #expect(
            aggregates.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [
                .newProducts, .priceDrops, .priceDrops, .priceRises,
            ])
        #expect(membership["d0"] != membership["late0"], "the next hour is another window")
        #expect(
            hourly.bucket(ofMilliseconds: Self.hour.millisecondsSince1970 - 1) + 1
                == hourly.bucket(
                    ofMilliseconds: Self.hour.millisecondsSince1970))
        #expect(hourly.bucket(ofMilliseconds: -1) == -1, "before 1970 the windows continue downwards")
    }

    @Test("the same items in any order fold the same; members joining later never move the aggregate")
    func stable() {
        let items = (0..<6).map { drop("i\($0)", minutes: Double($0 * 7)) }
        let once = hourly.fold(items)
        var random = SplitMix64(seed: 3)
        for _ in 0..<20 {
            var shuffled = items
            shuffled.shuffle(using: &random)
            let again = hourly.fold(shuffled)
            #expect(again.aggregates == once.aggregates && again.membership == once.membership)
        }
        let growing = hourly.fold(Array(items.prefix(3))).aggregates.first
        #expect(growing?.id == once.aggregates.first?.id && growing?.createdAt == once.aggregates.first?.createdAt)
        #expect(growing?.memberCount == 3 && once.aggregates.first?.memberCount == 6)
    }

    @Test("settings read back as they are written")
    func description() {
        #expect(hourly.description == "window 1h, min_items 3")
        #expect(NewsAggregation(window: 90 * 60, minItems: 2).description == "window 90m, min_items 2")
        #expect(NewsAggregation(window: 86_400, minItems: 5).description == "window 1d, min_items 5")
    }
}
