import Foundation
import TidingsModel

/// The offline store's cold-open benchmark, for the CLI: a new instance on an existing file loading
/// a whole section, decoded. The target is under 50 ms for 1,000 items.
public enum OfflineStoreBenchmark {
    /// Stores one section of `items` sample items in pages of `pageSize` in a file under `directory`
    /// (a fresh temporary folder when nil, removed afterwards); then, `runs` times, opens a new
    /// `OfflineStore` on the file and loads the section. Returns each run's open-and-load time.
    public static func coldOpen(
        items: Int = 1_000, runs: Int = 20, pageSize: Int = 25, directory: URL? = nil
    ) throws -> [Duration] {
        let folder =
            directory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-store-bench-\(UUID().uuidString)")
        defer { if directory == nil { try? FileManager.default.removeItem(at: folder) } }
        let path = folder.appendingPathComponent("offline.sqlite").path
        try OfflineStoreFile.remove(at: path)
        let sample = sampleItems(items)
        let fetchedAt = Date(millisecondsSince1970: 1_795_000_000_000)
        let pages = stride(from: 0, to: sample.count, by: max(pageSize, 1)).map { start in
            let end = min(start + max(pageSize, 1), sample.count)
            return StoredPage(
                title: "Courier · News", items: Array(sample[start..<end]),
                nextCursor: end < sample.count ? "cursor-\(end)" : nil, fetchedAt: fetchedAt)
        }
        try OfflineStore(path: path).savePages(pages, feed: "courier/news")
        let clock = ContinuousClock()
        return try (0..<runs).map { _ in
            var store: OfflineStore?
            var loaded = 0
            let elapsed = try clock.measure {
                store = try OfflineStore(path: path)
                loaded = try store?.pages(feed: "courier/news").reduce(0) { $0 + $1.items.count } ?? 0
            }
            // Closed outside the timing: closing checkpoints the WAL, it is no part of opening.
            store = nil
            guard loaded == sample.count else {
                throw OfflineStoreError.database("load the benchmark section", CocoaError(.fileReadCorruptFile))
            }
            return elapsed
        }
    }

    /// `count` items as a news section serves them: teasers (title ~60 characters, summary ~200,
    /// image and page URLs, a date) with an ad every 8th slot and a widget, a notification card, a
    /// catalog news item and a card of an unknown type now and then.
    public static func sampleItems(_ count: Int) -> [FeedItem] {
        let topics = ["city council", "river port", "tram network", "central library", "football club", "weather"]
        let published = Date(millisecondsSince1970: 1_795_000_000_000)
        func teaser(_ n: Int) -> Teaser {
            let topic = topics[n % topics.count]
            return Teaser(
                id: String(UInt64(n) &* 0x9E37_79B9_7F4A_7C15, radix: 16),
                title: "The \(topic) approves plan number \(n) after a long public debate",
                summary: "Residents of the northern districts will see changes to the \(topic) from next spring, "
                    + "officials said on Tuesday, after months of hearings, petitions and a close vote in the "
                    + "assembly that split the ruling coalition.",
                imageURL: URL(string: "https://cdn.courier.example/images/2026/11/\(n)/teaser-640x360.jpg"),
                url: URL(
                    string:
                        "https://courier.example/news/2026/11/20/\(topic.replacingOccurrences(of: " ", with: "-"))-\(n)"
                ),
                publishedAt: published.addingTimeInterval(Double(-n * 97)), source: "Courier")
        }
        return (0..<count).map { n in
            switch n % 40 {
            case 7, 15, 23, 31, 39: .ad(AdSlot(id: "slot-\(n)", format: n % 16 == 7 ? "banner" : "native"))
            case 12:
                .widget(
                    Widget(
                        id: "widget-\(n)", kind: .carousel, title: "Sport", section: "courier/sport",
                        items: (0..<6).map { teaser(100_000 + n * 10 + $0) }))
            case 20: .notification(NotificationCard(id: "push-\(n)", kind: "enable_push", text: "Turn on alerts"))
            case 28: .catalogNews(catalogNews(n, published))
            case 35:
                .unknown(
                    type: "poll",
                    raw: .object(["type": .string("poll"), "id": .string("poll-\(n)"), "votes": .number(Double(n))]))
            default: .teaser(teaser(n))
            }
        }
    }

    private static func catalogNews(_ n: Int, _ date: Date) -> NewsItem {
        NewsItem(
            id: "news-\(n)", event: .priceUpdated, title: "Price down 5%: ",
            product: .init(id: "p-\(n)", name: "Buckwheat", unit: "kg", size: "1 kg", imageURL: nil),
            price: "65.53 ₽", oldPrice: "68.98 ₽", priceAmount: Amount(value: "65.53", currency: "RUB"),
            oldPriceAmount: Amount(value: "68.98", currency: "RUB"), percent: 5, discounted: true, timeAgo: "6 h",
            createdAt: date)
    }
}
