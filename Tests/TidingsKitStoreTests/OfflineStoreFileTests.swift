import Foundation
import Testing
import TidingsKitStore

@Suite("Offline store files and concurrency")
struct OfflineStoreFileTests {
    @Test("a second instance on the same file sees what the first saved")
    func reopenSeesData() throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        let page = StoredPage(title: "News", items: StoreFixtures.everyKind, fetchedAt: StoreFixtures.fetchedAt)
        let first = try OfflineStore(path: path)
        try first.savePages([page], feed: "courier/news")
        try first.saveArticle(OfflineStoreArticlesTests.article)
        try first.saveResponse(OfflineStoreArticlesTests.response)
        #expect(try OfflineStore(path: path).pages(feed: "courier/news") == [page])
        _ = consume first
        let reopened = try OfflineStore(path: path)
        #expect(try reopened.pages(feed: "courier/news") == [page])
        #expect(try reopened.article(id: "t1") == OfflineStoreArticlesTests.article)
        #expect(
            try reopened.response(url: OfflineStoreArticlesTests.response.url) == OfflineStoreArticlesTests.response)
    }

    @Test("several tasks using one store at once each see their own writes")
    func concurrentTasks() async throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        let store = try OfflineStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let feed = "feed-\(task)"
                    try store.savePages([StoreFixtures.page("P", teasers: 5, from: task * 100)], feed: feed)
                    for round in 1..<10 {
                        try store.appendPage(StoreFixtures.page("P", teasers: 5, from: task * 100 + round), feed: feed)
                        _ = try store.pages(feed: "feed-\((task + 1) % 8)")
                        try store.saveArticle(StoredArticle(id: "\(task)-\(round)", title: "A", fetchedAt: .now))
                        _ = try store.article(id: "\(task)-\(round - 1)")
                    }
                    #expect(try store.pages(feed: feed).count == 10)
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.article(id: "7-9") != nil)
    }

    @Test("the store creates the folders of its path")
    func createsFolders() throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        try OfflineStore(path: path).saveArticle(OfflineStoreArticlesTests.article)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("the cold-open benchmark loads every item of its section")
    func benchmarkRuns() throws {
        let runs = try OfflineStoreBenchmark.coldOpen(items: 120, runs: 2)
        #expect(runs.count == 2)
        #expect(OfflineStoreBenchmark.sampleItems(120).count == 120)
    }
}
