import Foundation
import Testing
import TidingsModel

@testable import TidingsCatalog

/// The windows of the folding rule (the rule itself runs in the store: StoreCheck.aggregates).
@Suite("News aggregation windows")
struct NewsAggregationTests {
    let hourly = NewsAggregation(window: 3600, minItems: 3)
    /// A whole hour: 2026-11-01 00:00 UTC.
    static let hour: Int64 = 1_793_491_200_000

    @Test("windows are whole windows since 1970, also before it")
    func windows() {
        #expect(hourly.bucket(ofMilliseconds: Self.hour) == Self.hour / 3_600_000)
        #expect(hourly.bucket(ofMilliseconds: Self.hour - 1) + 1 == hourly.bucket(ofMilliseconds: Self.hour))
        #expect(hourly.bucket(ofMilliseconds: Self.hour + 3_599_999) == hourly.bucket(ofMilliseconds: Self.hour))
        #expect(hourly.bucket(ofMilliseconds: -1) == -1 && hourly.bucket(ofMilliseconds: -3_600_000) == -1)
        #expect(hourly.range(ofBucket: -1) == -3_600_000..<0)
        let range = hourly.range(ofBucket: hourly.bucket(ofMilliseconds: Self.hour + 5))
        #expect(range == Self.hour..<Self.hour + 3_600_000)
        #expect(
            NewsAggregateRecord.id(kind: .priceDrops, bucketStart: range.lowerBound) == "agg:price_drops:\(Self.hour)")
    }

    @Test("settings read back as they are written")
    func description() {
        #expect(hourly.description == "window 1h, min_items 3")
        #expect(NewsAggregation(window: 90 * 60, minItems: 2).description == "window 90m, min_items 2")
        #expect(NewsAggregation(window: 86_400, minItems: 5).description == "window 1d, min_items 5")
    }
}
