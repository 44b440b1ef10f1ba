import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import TidingsKit

/// Issue 36: items carry absolute image addresses, with size and alternative text when known.
@Suite("Item images: absolute, sized, described")
struct ItemImageTests {
    @Test(
        "the server's image paths are made absolute against the client's base URL, as endpoint paths are",
        arguments: [
            ("http://127.0.0.1:8080", "/img/abc?v=1", "http://127.0.0.1:8080/img/abc?v=1"),
            ("https://news.example/tidings/", "/img/abc", "https://news.example/tidings/img/abc"),
            ("https://news.example/tidings", "/img/a%20b", "https://news.example/tidings/img/a%20b"),
            ("https://news.example", "https://cdn.example/x.jpg", "https://cdn.example/x.jpg"),
            ("https://news.example", "//cdn.example/x.jpg", "//cdn.example/x.jpg"),
        ])
    func absolute(_ base: String, _ path: String, _ expected: String) throws {
        #expect(ImageAddresses.absolute(path, base: try #require(URL(string: base))) == expected)
    }

    @Test("FeedImage: the proxy when it is absolute, else the image's own address; the ratio when both sides are known")
    func feedImage() {
        var teaser = Teaser(
            id: "t", title: "Storm", imageURL: URL(string: "https://cdn.example/storm.jpg"),
            imageProxyURL: "/img/token", imageWidth: 1200, imageHeight: 800, imageAlt: "Waves over the pier",
            source: "Courier")
        #expect(teaser.image?.url.absoluteString == "https://cdn.example/storm.jpg", "a bare path is not loadable")
        teaser.imageProxyURL = "http://127.0.0.1:8080/img/token"
        #expect(
            FeedItem.teaser(teaser).image
                == FeedImage(
                    url: URL(string: "http://127.0.0.1:8080/img/token")!, width: 1200, height: 800,
                    alt: "Waves over the pier"))
        #expect(teaser.image?.aspectRatio == 1.5)
        teaser.imageHeight = nil
        #expect(teaser.image?.aspectRatio == nil)
        teaser.imageURL = nil
        teaser.imageProxyURL = nil
        #expect(teaser.image == nil)
        #expect(FeedItem.ad(AdSlot(id: "a", format: "banner")).image == nil)
    }

    @Test(
        "a section read through TidingsClient: every teaser image loads as given, from the network and from the cache")
    func throughTheClient() async throws {
        let files = try FeedFiles()
        defer { files.remove() }
        let feed = try files.write(
            "news.rss",
            """
            <?xml version="1.0"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Courier</title>
            <item><title>Storm</title><link>https://news.example/storm</link><guid>s1</guid>
            <media:thumbnail url="https://cdn.example/storm.jpg" width="640" height="360"/></item>
            <item><title>Harbour</title><link>https://news.example/harbour</link><guid>h1</guid>
            <description>&lt;img src="https://cdn.example/harbour.png" alt="Boats at dawn" width="800" height="600"&gt;</description></item>
            </channel></rss>
            """)
        let sections = SectionsConfiguration(brands: [
            Brand(
                id: "daily", name: "Daily", locale: .en,
                sections: [Section(id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed))])
        ])
        try await TestApp.withPolled(sections, testing: .live) { _, client, _ in
            let port = try #require(client.port)
            let base = "http://127.0.0.1:\(port)"
            let kit = TidingsClient(baseURL: URL(string: base)!)
            let page = try await kit.section(brand: "daily", section: "news")
            guard case .native(let items) = page.content else { throw TidingsError.badResponse("web") }
            let images = items.compactMap(\.image)
            #expect(images.count == 2)
            #expect(images.allSatisfy { $0.url.absoluteString.hasPrefix(base + "/img/") }, "\(images)")
            #expect(images.map(\.width) == [640, 800] || images.map(\.width) == [800, 640])
            #expect(images.contains { $0.alt == "Boats at dawn" && $0.aspectRatio == 800.0 / 600.0 })
            // From the cache: resolved the same way.
            let again = try await kit.section(brand: "daily", section: "news")
            #expect(again == page)
            let kept = try #require(kit.kept(Endpoints.section(brand: "daily", section: "news")))
            #expect(kept.value == page)
        }
    }
}
