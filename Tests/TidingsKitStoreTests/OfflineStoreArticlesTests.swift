import Foundation
import Testing
import TidingsKitStore

@Suite("Offline store articles and responses")
struct OfflineStoreArticlesTests {
    static let article = StoredArticle(
        id: "t1", title: "Tram line reopens", url: URL(string: "https://news.example/t1"),
        imageURL: URL(string: "https://cdn.example/t1.jpg"), contentHTML: "<p>After two years.</p>",
        fetchedAt: StoreFixtures.fetchedAt)

    static let response = StoredResponse(
        url: "https://api.example/v1/feeds/courier/news", etag: "\"abc\"",
        lastModified: "Fri, 20 Nov 2026 10:00:00 GMT",
        body: Data("{\"title\":\"News\"}".utf8), fetchedAt: StoreFixtures.fetchedAt,
        freshUntil: StoreFixtures.fetchedAt.addingTimeInterval(60))

    @Test("an article reads back equal, and an unknown id is nil")
    func roundTripsArticle() throws {
        let store = try OfflineStore.inMemory()
        try store.saveArticle(Self.article)
        #expect(try store.article(id: "t1") == Self.article)
        #expect(try store.article(id: "t2") == nil)
    }

    @Test("saving an article with a kept id replaces it")
    func replacesArticle() throws {
        let store = try OfflineStore.inMemory()
        try store.saveArticle(Self.article)
        let bare = StoredArticle(id: "t1", title: "Tram line reopens today", fetchedAt: StoreFixtures.fetchedAt)
        try store.saveArticle(bare)
        #expect(try store.article(id: "t1") == bare)
    }

    @Test("a response reads back equal, and an unknown URL is nil")
    func roundTripsResponse() throws {
        let store = try OfflineStore.inMemory()
        try store.saveResponse(Self.response)
        #expect(try store.response(url: Self.response.url) == Self.response)
        #expect(try store.response(url: "https://api.example/other") == nil)
    }

    @Test("saving a response for a kept URL replaces it")
    func replacesResponse() throws {
        let store = try OfflineStore.inMemory()
        try store.saveResponse(Self.response)
        var revalidated = Self.response
        revalidated.etag = nil
        revalidated.body = Data()
        revalidated.freshUntil = StoreFixtures.fetchedAt.addingTimeInterval(600)
        try store.saveResponse(revalidated)
        #expect(try store.response(url: Self.response.url) == revalidated)
    }
}
