import Foundation
import GRDB
import TidingsModel

extension OfflineStore {
    /// Opens the file at `path` as a current store: rebuilt empty when it is not a valid one (the
    /// returned problem says why), then migrated. Other failures (permissions, disk full) throw.
    static func open(_ path: String) throws -> (queue: DatabaseQueue, tick: Int64, problem: OfflineStoreError?) {
        do {
            try OfflineStoreFile.createParent(of: path)
        } catch {
            throw OfflineStoreError.database("create the folder of \(path)", error)
        }
        var problem = OfflineStoreFile.problem(at: path)
        if problem == nil {
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                problem = try queue.read(OfflineStoreSchema.problem)
                if problem == nil { return try (queue, migrate(queue), nil) }
                try queue.close()
            } catch let error as DatabaseError where isCorruption(error) {
                problem = "is corrupt (\(error))"
            } catch {
                throw OfflineStoreError.database("open \(path)", error)
            }
        }
        do {
            try OfflineStoreFile.remove(at: path)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try (queue, migrate(queue), OfflineStoreError.rebuilt(path, problem ?? "is not a store"))
        } catch {
            throw OfflineStoreError.database("recreate \(path)", error)
        }
    }

    /// A new, migrated store in memory.
    static func openInMemory() throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            _ = try migrate(queue)
            return queue
        } catch {
            throw OfflineStoreError.database("open a store in memory", error)
        }
    }

    /// The pages in use, times the page size.
    static func size(_ db: Database) throws -> Int {
        let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        return try pages * (Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
    }

    // Applies pending migrations and returns the last recency stamp kept.
    private static func migrate(_ queue: DatabaseQueue) throws -> Int64 {
        try OfflineStoreSchema.migrator.migrate(queue)
        return try queue.read(OfflineStoreSchema.lastTick)
    }

    // WAL with synchronous NORMAL: a commit appends to the log without syncing (a rollback journal
    // costs two fsyncs per write, 10-15 ms here). Set by hand: GRDB's `.wal` option also commits a
    // dummy transaction at each open, to help pools we do not use. Incremental auto-vacuum (only
    // possible before the first table) lets eviction hand space back.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "TidingsKitStore"
        configuration.busyMode = .timeout(2)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The WAL keeps its largest size once checkpointed; this bounds what it keeps on disk.
            try db.execute(sql: "PRAGMA journal_size_limit = \(1 << 20)")
        }
        return configuration
    }
}
