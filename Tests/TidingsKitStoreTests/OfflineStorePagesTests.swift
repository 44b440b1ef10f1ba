import Foundation
import Testing
import TidingsKitStore
import TidingsModel

@Suite("Offline store pages")
struct OfflineStorePagesTests {
    @Test("pages with every kind of item, unknown included, read back equal")
    func roundTripsEveryKind() throws {
        let store = try OfflineStore.inMemory()
        let page = StoredPage(
            title: "News", items: StoreFixtures.everyKind, nextCursor: "c2", fetchedAt: StoreFixtures.fetchedAt)
        try store.savePages([page], feed: "courier/news")
        #expect(try store.pages(feed: "courier/news") == [page])
    }

    @Test("an appended page reads back after the kept ones, in order")
    func appendsInOrder() throws {
        let store = try OfflineStore.inMemory()
        let pages = (0..<3).map { StoreFixtures.page("News", teasers: 4, from: $0 * 4, cursor: "c\($0 + 1)") }
        try store.savePages(Array(pages.prefix(2)), feed: "courier/news")
        try store.appendPage(pages[2], feed: "courier/news")
        #expect(try store.pages(feed: "courier/news") == pages)
    }

    @Test("appending to a feed never saved starts it")
    func appendStartsFeed() throws {
        let store = try OfflineStore.inMemory()
        let page = StoreFixtures.page("News", teasers: 2)
        try store.appendPage(page, feed: "courier/news")
        #expect(try store.pages(feed: "courier/news") == [page])
    }

    @Test("saving pages replaces everything kept for the feed")
    func savingReplaces() throws {
        let store = try OfflineStore.inMemory()
        try store.savePages([StoreFixtures.page("Old", teasers: 3), StoreFixtures.page("Old", teasers: 3)], feed: "f")
        let fresh = StoreFixtures.page("New", teasers: 1, from: 10)
        try store.savePages([fresh], feed: "f")
        #expect(try store.pages(feed: "f") == [fresh])
    }

    @Test("feeds are kept apart, and one never saved has no pages")
    func feedsApart() throws {
        let store = try OfflineStore.inMemory()
        let news = StoreFixtures.page("News", teasers: 2)
        let sport = StoreFixtures.page("Sport", teasers: 3, from: 5)
        try store.savePages([news], feed: "courier/news")
        try store.savePages([sport], feed: "https://courier.example/sport.rss")
        #expect(try store.pages(feed: "courier/news") == [news])
        #expect(try store.pages(feed: "https://courier.example/sport.rss") == [sport])
        #expect(try store.pages(feed: "courier/weather").isEmpty)
    }

    @Test("an empty page keeps its title, cursor and fetch time")
    func emptyPage() throws {
        let store = try OfflineStore.inMemory()
        let page = StoredPage(title: "Nothing yet", items: [], nextCursor: nil, fetchedAt: StoreFixtures.fetchedAt)
        try store.savePages([page], feed: "f")
        #expect(try store.pages(feed: "f") == [page])
    }
}
