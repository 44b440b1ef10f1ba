import Testing
import TidingsCatalog

@Suite("Percent of a price change")
struct PriceChangeTests {
    @Test(
        "is |Δ|/old rounded half up, as the seed's Ruby round",
        arguments: [
            (10_000, 9_500, 5), (10_000, 10_250, 3), (10_000, 10_350, 4), (10_000, 10_349, 3), (6_553, 6_553, 0),
            (300, 200, 33), (200, 300, 50), (10_000, 20_000, 100),
            // No overflow at the edges: 2^63 − 1 kopecks from 1, and a fall to the most negative.
            (1, .max, Int(clamping: Int64.max)), (2, 1, 50), (1, .min, Int.max),
            (4_611_686_018_427_387_904, 0, 100), (.max, 0, 100),
        ])
    func percent(old: Int64, new: Int64, expected: Int) {
        #expect(PriceChange.percent(old: old, new: new) == expected)
    }
}

@Suite("News cursors")
struct NewsCursorTests {
    @Test("round-trip through their payload")
    func roundTrip() throws {
        let cursor = NewsCursor(createdAt: 1_793_534_400_123, id: "backfill-price-44957:x/y+z")
        let decoded = try #require(NewsCursor(payload: cursor.payload))
        #expect(decoded == cursor)
    }

    @Test("refuse payloads that are not cursors", arguments: ["", "!!!", "not-a-cursor", "-1:x", "10:"])
    func refusesGarbage(_ payload: String) {
        #expect(NewsCursor(payload: payload) == nil)
    }
}
