import Testing
import TidingsTesting

@Suite("SQLite store")
struct SQLiteStoreTests {
    @Test(
        "conforms",
        arguments: StoreCheck.all + StoreCheck.eventTime + StoreCheck.groupCommit + StoreCheck.sections
            + StoreCheck.aggregates + StoreCheck.stories
            + StoreCheck.articles + StoreCheck.brands + StoreCheck.search)
    func conforms(_ check: StoreCheck) async throws {
        try await TestDatabase.with(.sqlite) { try await check.run($0) }
    }
}

@Suite(
    "PostgreSQL store",
    .enabled(if: TestDatabase.postgresURL != nil, Comment(rawValue: TestDatabase.postgresSkipMessage)))
struct PostgresStoreTests {
    @Test(
        "conforms",
        arguments: StoreCheck.all + StoreCheck.eventTime + StoreCheck.groupCommit + StoreCheck.sections
            + StoreCheck.aggregates + StoreCheck.stories
            + StoreCheck.articles + StoreCheck.brands + StoreCheck.search)
    func conforms(_ check: StoreCheck) async throws {
        try await TestDatabase.with(.postgres) { try await check.run($0) }
    }
}
