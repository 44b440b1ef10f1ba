import Foundation
import PostgresNIO
import TidingsCatalog
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsStorePostgres
import TidingsStoreSQLite

/// A throwaway database for one test: a new SQLite file in a temporary folder, or a new database
/// on the PostgreSQL server named by `TIDINGS_TEST_POSTGRES_URL`.
public struct TestDatabase: Sendable {
    public enum Backend: String, Sendable, CaseIterable {
        case sqlite
        case postgres
    }

    public let backend: Backend
    /// The database URL `tidings` accepts.
    public let url: String
    private let cleanup: @Sendable () async -> Void
    /// What `open` and `openSource` opened, closed by `with` when the test ends however it ends:
    /// a test that stopped at a failed `#require` left its store open, and SQLite's connections
    /// trap when they are freed open — the whole runner went down with one failed test.
    private let opened = Locked<[@Sendable () async -> Void]>([])

    /// The PostgreSQL server for tests, when one is configured.
    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["TIDINGS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why PostgreSQL tests skip, shown by the test runner.
    public static let postgresSkipMessage =
        "TIDINGS_TEST_POSTGRES_URL is unset: PostgreSQL tests skipped (.ci/run starts a server and sets it)"

    /// Makes a fresh, empty database.
    public static func make(_ backend: Backend) async throws -> TestDatabase {
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tidings-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return TestDatabase(
                backend: .sqlite, url: "sqlite:\(folder.appendingPathComponent("test.sqlite").path)",
                cleanup: { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            guard let base = postgresURL, var components = URLComponents(string: base) else {
                throw StoreError(postgresSkipMessage)
            }
            let name =
                "tidings_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased())"
            try await admin(base) { connection in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: .init(label: "test"))
            }
            components.path = "/" + name
            let url = components.string!
            return TestDatabase(
                backend: .postgres, url: url,
                cleanup: {
                    try? await admin(base) { connection in
                        try await connection.query(
                            PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"),
                            logger: .init(label: "test"))
                    }
                })
        }
    }

    /// Opens the store with `policy`; `timeout` bounds waiting for a lock (SQLite) or any call
    /// (PostgreSQL). A minute by default: a test of something else must not fail because a loaded
    /// machine (the whole suite, a browser and a database on two cores) made a write wait its turn
    /// longer than a server would; tests of the bound itself pass their own.
    public func open(policy: NewsPolicy = NewsPolicy(), timeout: Duration = Self.patientTimeout) async throws
        -> any TidingsStorage
    {
        let store = try await DatabaseURL(url).open(policy: policy, timeout: timeout)
        opened.withLock { $0.append { try? await store.close() } }
        return store
    }

    /// How long a test's store waits for a lock or an answer unless the test says otherwise.
    public static let patientTimeout: Duration = .seconds(60)

    /// Closes what was opened through this database and not closed yet (closing twice is harmless).
    func closeOpened() async {
        for close in opened.withLock({ $0 }) { await close() }
    }

    /// Removes the database.
    public func remove() async { await cleanup() }

    private static func admin(_ url: String, _ body: @Sendable (PostgresConnection) async throws -> Void) async throws {
        guard let components = URLComponents(string: url) else { throw StoreError("bad TIDINGS_TEST_POSTGRES_URL") }
        let configuration = PostgresConnection.Configuration(
            host: components.host ?? "127.0.0.1", port: components.port ?? 5432,
            username: components.user ?? "postgres", password: components.password,
            database: components.path.isEmpty ? "postgres" : String(components.path.dropFirst()), tls: .disable)
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: .init(label: "tidings.test"))
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

extension TestDatabase {
    /// The backend's raw connection source, for tests of transaction behaviour itself.
    public func openSource(timeout: Duration = Self.patientTimeout) async throws -> any SQLConnectionSource {
        let source: any SQLConnectionSource =
            switch try DatabaseURL(url) {
            case .sqlite(let path): try await SQLiteSource.open(path: path, busyTimeout: timeout)
            case .postgres(let url): try PostgresSource(url: url, timeout: timeout)
            }
        opened.withLock { $0.append { try? await source.close() } }
        return source
    }

    /// Runs `body` with a fresh database of `backend`, removing it afterwards.
    public static func with(_ backend: Backend, _ body: (TestDatabase) async throws -> Void) async throws {
        let database = try await make(backend)
        do {
            try await body(database)
        } catch {
            await database.closeOpened()
            await database.remove()
            throw error
        }
        await database.closeOpened()
        await database.remove()
    }
}
