import Foundation
import SQLKit
import Testing
import TidingsModel
import TidingsStore
import TidingsStorePostgres
import TidingsTesting

/// `database.pool_size`: a process never holds more PostgreSQL connections than it says.
@Suite(
    "PostgreSQL pool size",
    .enabled(if: PrivatePostgres.skipReason == nil, Comment(rawValue: PrivatePostgres.skipReason ?? "")))
struct PostgresPoolTests {
    struct Count: Decodable { var count: Int }

    @Test("six reads at once through a pool of 2 run two at a time, on at most two connections")
    func poolBounds() async throws {
        try await PrivatePostgres.with { cluster in
            let source = try PostgresSource(url: cluster.url, timeout: .seconds(60), maximumConnections: 2)
            let seen = Locked<[Int]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await source.read { db in
                            // The connections of this database's clients now, this one included.
                            let row = try await db.raw(
                                """
                                SELECT count(*)::int AS count FROM pg_stat_activity
                                WHERE datname = current_database() AND backend_type = 'client backend'
                                """
                            ).first(decoding: Count.self)
                            seen.withLock { $0.append(row?.count ?? -1) }
                            try await db.raw("SELECT pg_sleep(0.2)").run()
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(seen.current.count == 6)
            #expect(seen.current.allSatisfy { (1...2).contains($0) }, "connections seen: \(seen.current)")
            try await source.close()
        }
    }
}
