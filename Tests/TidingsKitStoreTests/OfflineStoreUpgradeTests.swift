import Foundation
import GRDB
import Testing
import TidingsModel

@testable import TidingsKitStore

@Suite("Offline store upgrades")
struct OfflineStoreUpgradeTests {
    @Test("a store an earlier build kept (schema v3) opens, its teasers read without the fields added since")
    func fromV3() throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try OfflineStoreSchema.migrator.migrate(queue, upTo: "v3")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO feed (id, key, bytes, used_at) VALUES (1, 'courier/news', 100, 1);
                    INSERT INTO page (feed_id, position, title, next_cursor, fetched_at)
                        VALUES (1, 0, 'News', NULL, 1795000000123);
                    INSERT INTO item (feed_id, page, position, type, known, id, title, image_url, source,
                        image_proxy_url, author)
                        VALUES (1, 0, 0, 'teaser', 1, 't1', 'Tram line reopens', 'https://cdn.example/t1.jpg',
                        'Courier', 'https://tidings.example/img/t1', 'Ingrid Holm');
                    """)
        }
        try queue.close()
        let store = try OfflineStore(path: path)
        #expect(!store.recovered, "an older schema is migrated, not thrown away")
        let teaser = try #require(try store.pages(feed: "courier/news").first?.items.first)
        guard case .teaser(let read) = teaser else {
            Issue.record("not a teaser: \(teaser)")
            return
        }
        #expect(read.title == "Tram line reopens" && read.author == "Ingrid Holm")
        #expect(read.imageWidth == nil && read.imageHeight == nil && read.imageAlt == nil)
        // And it keeps the new fields from now on.
        try store.savePages(
            [
                StoredPage(
                    title: "News", items: StoreFixtures.everyKind, nextCursor: nil, fetchedAt: StoreFixtures.fetchedAt)
            ],
            feed: "courier/news")
        #expect(try OfflineStore(path: path).pages(feed: "courier/news").first?.items == StoreFixtures.everyKind)
    }
}
