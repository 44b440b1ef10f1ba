import Foundation
import GRDB
import Testing
import TidingsKitStore
import TidingsModel

/// A file that is not a valid store opens as an empty, usable one, says so, and never crashes.
@Suite("Offline store recovery")
struct OfflineStoreRecoveryTests {
    /// Opens `path`, checks the store is empty and usable, and returns what `onRecover` heard.
    static func openRecovered(_ path: String) throws -> [String] {
        let heard = Locked<[String]>([])
        let store = try OfflineStore(path: path) { error in heard.withLock { $0.append(error.description) } }
        #expect(store.recovered)
        #expect(try store.pages(feed: "courier/news").isEmpty)
        let page = StoreFixtures.page("News", teasers: 3)
        try store.savePages([page], feed: "courier/news")
        #expect(try store.pages(feed: "courier/news") == [page])
        return heard.current
    }

    /// A store file at a new path holding `teasers` teasers, closed.
    static func filledStore(teasers: Int = 1_000) throws -> String {
        let path = StoreFixtures.temporaryPath()
        let pages = (0..<teasers / 50).map { StoreFixtures.page("News", teasers: 50, from: $0 * 50) }
        try OfflineStore(path: path).savePages(pages, feed: "courier/news")
        return path
    }

    /// A bare GRDB connection on `path`; it waits while a closing store checkpoints its WAL.
    static func plainQueue(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    @Test("a file of garbage bytes is rebuilt")
    func garbage() throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: path))
        let heard = try Self.openRecovered(path)
        #expect(heard.count == 1)
        #expect(heard.first?.hasPrefix("offline store: ") == true)
        #expect(heard.first?.contains("not a SQLite database") == true)
    }

    @Test("a store file truncated half-way is rebuilt")
    func truncated() throws {
        let path = try Self.filledStore()
        defer { StoreFixtures.remove(path) }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        #expect(try Self.openRecovered(path).first?.contains("truncated") == true)
    }

    @Test("a valid SQLite database with foreign tables is rebuilt, its tables gone")
    func foreignTables() throws {
        let path = StoreFixtures.temporaryPath()
        defer { StoreFixtures.remove(path) }
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
        }
        #expect(try Self.openRecovered(path).first?.contains("foreign database (tables: contacts)") == true)
        let tables = try Self.plainQueue(path).read { try $0.tableExists("contacts") }
        #expect(!tables)
    }

    @Test("a store written by a newer schema is rebuilt")
    func newerSchema() throws {
        let path = try Self.filledStore(teasers: 50)
        defer { StoreFixtures.remove(path) }
        try Self.plainQueue(path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        #expect(try Self.openRecovered(path).first?.contains("newer schema") == true)
    }

    @Test("a file corrupted while the store is open is rebuilt on the next read")
    func corruptedWhileOpen() throws {
        let path = try Self.filledStore()
        defer { StoreFixtures.remove(path) }
        let store = try OfflineStore(path: path)
        #expect(!store.recovered)
        // Keep the header page; overwrite the rest, where the items live, before they are read.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()
        #expect(try store.pages(feed: "courier/news").isEmpty)
        #expect(store.recovered)
        try store.savePages([StoreFixtures.page("News", teasers: 2)], feed: "courier/news")
        #expect(try OfflineStore(path: path).pages(feed: "courier/news").first?.items.count == 2)
    }

    @Test("a valid store reopens without recovery")
    func validStoreNotRecovered() throws {
        let path = try Self.filledStore(teasers: 50)
        defer { StoreFixtures.remove(path) }
        #expect(try !OfflineStore(path: path).recovered)
    }
}
