import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsCatalog
import TidingsStore
import TidingsTesting

@testable import TidingsIngest
@testable import TidingsServer

@Suite("Health: live and ready")
struct HealthTests {
    struct Ready: Decodable {
        struct Check: Decodable {
            var status: String
            var error: String?
            var version: Int?
            var expected: Int?
            var failures: Int?
        }
        var status: String
        var checks: [String: Check]
    }

    @Test("live answers ok; ready checks the database and the schema, the poller off when none runs")
    func liveAndReady() async throws {
        try await TestApp.with { _, client in
            for path in ["/health", "/health/live"] {
                try await client.execute(uri: path, method: .get) { response throws in
                    #expect(response.status == .ok)
                    #expect(response.text == #"{"status":"ok"}"#)
                    #expect(response.headers[.cacheControl] == "no-store")
                }
            }
            try await client.execute(uri: "/health/ready", method: .get) { response throws in
                #expect(response.status == .ok)
                let ready = try JSONDecoder().decode(Ready.self, from: Data(response.text.utf8))
                #expect(ready.status == "ready")
                #expect(ready.checks["database"]?.status == "ok")
                #expect(ready.checks["migrations"]?.status == "ok")
                #expect(ready.checks["migrations"]?.version == Migrations.latest)
                #expect(ready.checks["poller"]?.status == "off")
            }
        }
    }

    @Test("ready is 503 while a migration is pending, and notes (not fails) a schema a newer build migrated")
    func schema() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let source = try await database.openSource()
            try await Migrations.migrate(source, upTo: 5)
            let store = Self.store(over: source)
            let checks = HealthChecks(store: store, poller: nil, timeout: TestDatabase.patientTimeout)
            var report = await checks.ready()
            #expect(!report.ok)
            #expect(report.report.checks["database"]?.status == "ok")
            #expect(report.report.checks["migrations"]?.status == "failed")
            #expect(
                report.report.checks["migrations"]?.error
                    == "\(Migrations.latest - 5) migration(s) pending; run `tidings migrate`")
            #expect(report.report.checks["migrations"]?.version == 5)

            try await store.migrate()
            try await source.write { db in
                try await db.raw("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)")
                    .run()
            }
            report = await checks.ready()
            #expect(report.ok, "a rolling upgrade must not take the old instances out of the pool")
            #expect(report.report.checks["migrations"]?.status == "ok")
            #expect(report.report.checks["migrations"]?.version == 999)
            #expect(report.report.checks["migrations"]?.note?.contains("a newer tidings migrated the schema") == true)
            try await store.close()
        }
    }

    /// A store over an opened source (the existential opened for SQLStore's generic parameter).
    static func store(over source: some SQLConnectionSource) -> any TidingsStorage {
        SQLStore(source: source, policy: NewsPolicy())
    }

    @Test("ready fails naming the database when it does not answer")
    func databaseDown() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            try await store.close()
            let (ok, report) = await HealthChecks(store: store, poller: nil).ready()
            #expect(!ok)
            #expect(report.status == "unavailable")
            #expect(report.checks["database"]?.status == "failed")
            #expect(report.checks["database"]?.error?.isEmpty == false)
            #expect(report.checks["migrations"]?.status == "unknown")
        }
    }

    @Test("the poller check follows the heartbeat: not started, running, backing off, stalled, stopped")
    func pollerStates() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let beat = PollerHeartbeat()
            let checks = HealthChecks(store: store, poller: beat, timeout: TestDatabase.patientTimeout)
            let now = Date()
            var poller = await checks.ready(now: now).report.checks["poller"]
            #expect(poller?.status == "failed" && poller?.error == "the poller has not started")
            beat.started(at: now)
            #expect(await checks.ready(now: now.addingTimeInterval(5)).ok)
            beat.round(at: now.addingTimeInterval(10), failures: 2, error: StoreError("the database refused"))
            poller = await checks.ready(now: now.addingTimeInterval(11)).report.checks["poller"]
            #expect(poller?.status == "ok" && poller?.failures == 2)
            #expect(poller?.error?.contains("the database refused") == true)
            let stalled = await checks.ready(now: now.addingTimeInterval(11 + PollerHeartbeat.stallAfter))
            #expect(!stalled.ok)
            #expect(stalled.report.checks["poller"]?.error?.hasPrefix("the poller's loop has not gone round") == true)
            beat.round(at: now.addingTimeInterval(12), failures: 0, error: nil)
            poller = await checks.ready(now: now.addingTimeInterval(13)).report.checks["poller"]
            #expect(poller?.status == "ok" && poller?.error == nil && poller?.failures == 0)
            beat.stopped()
            poller = await checks.ready(now: now.addingTimeInterval(13)).report.checks["poller"]
            #expect(poller?.status == "failed" && poller?.error == "the poller stopped")
            try await store.close()
        }
    }
}
