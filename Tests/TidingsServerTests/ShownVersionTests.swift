import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsStore
import TidingsTesting

@testable import TidingsServer

/// Issue 38: a request that read the brands just before an editor's change finishes with what it
/// read, but the page it made is never served to the requests that follow the change (it was, for
/// the 5 s a page is kept: scripts/bench-edits.py saw one such read).
@Suite("Pages are kept under the brands' version they were made from")
struct ShownVersionTests {
    /// A brand whose one section reads a feed (on loopback, never fetched here) natively.
    static func brand(_ title: String) -> Brand {
        Brand(
            id: "courier", name: "Courier", locale: .en,
            sections: [
                Section(
                    id: "news", title: LocalizedText(title),
                    source: .feed([URL(string: "http://127.0.0.1:9/news.rss")!]),
                    render: .native)
            ])
    }

    @Test("a page composed from the snapshot before a change is not what the next reader gets")
    func pageMadeAcrossAChange() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let kept = try await store.replaceBrands([try BrandDocument(Self.brand("News"))], at: TestApp.now)
            var settings = Settings()
            settings.sections.brands = try kept.read()
            let runtime = Runtime(
                settings: settings, store: store, clock: { TestApp.now }, brandsVersion: kept.version)
            let sections = runtime.sections
            // The request reads its snapshot …
            let before = sections.live.snapshot
            let brand = try #require(before.configuration.brand("courier"))
            let section = try #require(brand.section("news"))
            // … an editor's change is shown …
            let changed = try await store.replaceBrands([try BrandDocument(Self.brand("Headlines"))], at: TestApp.now)
            #expect(sections.show(brands: try changed.read(), version: changed.version))
            // … and the request composes (and keeps) its page from what it read.
            let late = try await sections.page(
                brand: brand, section: section, version: before.version, cursor: nil, limit: 20, language: .en,
                device: nil)
            #expect(late.page.title == "News", "the request finishes with the snapshot it read")
            let feed = try await sections.feedDocument(
                brand: brand, section: section, version: before.version, format: .json, language: .en,
                origin: "http://localhost", count: 20)
            #expect(String(buffer: feed.body).contains("Courier — News"))
            try await runtime.application().test(.router) { client in
                try await client.execute(uri: "/api/v1/brands/courier/sections/news", method: .get) { response in
                    let feed = try response.json(Feed.self)
                    #expect(feed.title == "Headlines", "the page kept for the old version")
                }
                try await client.execute(uri: "/feeds/courier/news.json", method: .get) { response in
                    #expect(response.text.contains("Courier — Headlines"), "the feed kept for the old version")
                }
                try await client.execute(uri: "/courier/news", method: .get) { response in
                    #expect(response.text.contains("Headlines"), "the web reader's page")
                    #expect(!response.text.contains(">News<"))
                }
            }
        }
    }
}
