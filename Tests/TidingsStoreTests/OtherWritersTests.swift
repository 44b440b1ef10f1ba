import Foundation
import Testing
import TidingsCatalog
import TidingsModel
import TidingsTesting

@testable import TidingsStore

@Suite("Catalog writes run alone while no other process writes")
struct OtherWritersTests {
    @Test("quiet only while listening, and once nothing was heard for the quiet time")
    func quiet() {
        let others = OtherWriters(quiet: .seconds(10))
        let start = ContinuousClock.now
        #expect(!others.quietSince(start + .seconds(100)), "not listening: nothing is known of the others")
        others.startedListening(at: start)
        #expect(!others.quietSince(start + .seconds(9)), "what was said before listening is unknown")
        #expect(others.quietSince(start + .seconds(10)))
        others.heard(at: start + .seconds(20))
        #expect(!others.quietSince(start + .seconds(25)))
        #expect(others.quietSince(start + .seconds(30)))
        others.stoppedListening()
        #expect(!others.quietSince(start + .seconds(100)))
    }

    @Test(
        "a following store takes the database-wide lock until another process is heard writing",
        .enabled(if: TestDatabase.postgresURL != nil, Comment(rawValue: TestDatabase.postgresSkipMessage)))
    func followingStore() async throws {
        try await TestDatabase.with(.postgres) { database in
            try await Self.following(source: try await database.openSource(), other: try await database.open())
        }
    }

    /// The check over an opened source (the existential opened for SQLStore's generic parameter).
    static func following(source: some SQLConnectionSource, other: any TidingsStorage) async throws {
        let quiet = Duration.seconds(60)
        let store = SQLStore(source: source, policy: NewsPolicy(), quiet: quiet)
        try await store.migrate()
        let events = try Events.validated([Events.price("e1", product: "p", price: "10", at: Events.at(minutes: 1))])
        #expect(store.catalogLocks(events, now: .now + quiet * 2) != .exclusive, "not following")

        let following = Task { try await store.followChanges { _ in } }
        defer { following.cancel() }
        #expect(await eventually { store.others.lastHeard != nil }, "the store listens")
        let listening = try #require(store.others.lastHeard)
        #expect(store.catalogLocks(events, now: listening + quiet / 2) != .exclusive)
        #expect(store.catalogLocks(events, now: listening + quiet) == .exclusive)

        // This process's own write is not another's (looked at after a while: it must not happen) …
        _ = try await store.ingest(
            try Events.validated([Events.created("c1", product: "p", price: "100")]),
            recordedAt: Events.at(minutes: 100_000))
        try await Task.sleep(for: .milliseconds(500))
        #expect(store.others.lastHeard == listening)
        // … another process's is heard, and writes go back to key locks for the quiet time.
        _ = try await other.ingest(
            try Events.validated([Events.created("c2", product: "q", price: "100")]),
            recordedAt: Events.at(minutes: 100_000))
        #expect(await eventually { store.others.lastHeard! > listening }, "the other process's write is heard")
        let heard = try #require(store.others.lastHeard)
        #expect(store.catalogLocks(events, now: heard + quiet / 2) != .exclusive)
        #expect(store.catalogLocks(events, now: heard + quiet) == .exclusive)
    }
}
