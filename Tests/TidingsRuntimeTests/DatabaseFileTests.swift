import Foundation
import Testing
import TidingsCatalog
import TidingsRuntime
import TidingsStore
import TidingsStorePostgres
import TidingsStoreSQLite
import TidingsTesting

/// Start-up checks of the database: Tidings writes only to its own, healthy databases, and
/// creates a file only where none is. Refused files are left exactly as they were.
@Suite("Database files at start-up")
struct DatabaseFileTests {
    /// Opens `sqlite:path` and expects a refusal that names the file and says `reason`, with the
    /// file and the folder unchanged.
    static func expectRefused(_ files: DatabaseFiles, _ path: String, saying reason: String) async throws {
        let before = try DatabaseFiles.Snapshot(path)
        let listing = files.listing
        let error = await #expect(throws: StoreError.self) {
            try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        }
        let message = error?.description ?? ""
        #expect(message.contains(path), "names the file: \(message)")
        #expect(message.contains(reason), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        #expect(try DatabaseFiles.Snapshot(path) == before, "the file is unchanged")
        #expect(files.listing == listing, "no side file appears beside it")
    }

    @Test("a start that fails after the database opened closes it and says why (no crash hiding the reason)")
    func failedStartCloses() async throws {
        let database = try await TestDatabase.make(.sqlite)
        try await database.open().close()
        let source = try await database.openSource()
        // A table grouping needs, gone (as a development build's schema once lacked it), and a
        // stored rule that makes the start group again.
        try await source.write { db in
            try await db.raw("DROP TABLE story_streams").run()
            try await db.raw("UPDATE story_grouping SET rule = 'another rule' WHERE id = 1").run()
        }
        try await source.close()
        var settings = Settings()
        settings.server.database = database.url
        let error = await #expect(throws: (any Error).self) { _ = try await Runtime.open(settings) }
        #expect("\(error.map { String(describing: $0) } ?? "")".contains("story_streams"))
        await database.remove()
    }

    @Test("a 0-byte file is refused, not made into a database")
    func emptyFile() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = files.path("tidings.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        try await Self.expectRefused(files, path, saying: "is an empty file (0 bytes), not a Tidings database")
    }

    @Test("a text file is refused")
    func textFile() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = files.path("notes.txt")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(String(repeating: "My notes, not a database.\n", count: 200).utf8))
        try await Self.expectRefused(files, path, saying: "is not an SQLite database")
    }

    @Test("another program's SQLite database is refused, in either journal mode", arguments: ["DELETE", "WAL"])
    func foreignSQLite(journalMode: String) async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = try await files.foreignSQLite("app.db", journalMode: journalMode)
        try await Self.expectRefused(files, path, saying: "is another program's SQLite database (it has customers")
    }

    @Test(
        "a database with a damaged page is refused at start-up, not by a route later",
        arguments: [nil, 12])
    func corruptPage(length: Int?) async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = try await files.tidings("tidings.sqlite")
        #expect(files.listing == ["tidings.sqlite"], "closed cleanly: no side files")
        try DatabaseFiles.corruptMiddlePage(path, length: length)
        try await Self.expectRefused(files, path, saying: "is damaged: ")
    }

    @Test("a folder is refused")
    func folder() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = files.path("data")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = await #expect(throws: StoreError.self) {
            try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        }
        #expect(error?.description == "store: sqlite: \(path) is a folder, not a database file")
    }

    @Test("a WAL file whose database is gone is refused; no new database is made under it")
    func orphanedWAL() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = files.path("tidings.sqlite")
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 7, count: 4096))
        let error = await #expect(throws: StoreError.self) {
            try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        }
        #expect(error?.description.contains("\(path) does not exist but \(path)-wal does") == true)
        #expect(files.listing == ["tidings.sqlite-wal"])
    }

    @Test("a new database is made where nothing is, by one of several openers starting together")
    func createsOnlyWhereNothingIs() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let path = files.path("tidings.sqlite")
        // Each result is kept, so no opened source is dropped unclosed when another fails.
        let results = await withTaskGroup(of: Result<SQLiteSource, any Error>.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    do { return .success(try await SQLiteSource.open(path: path)) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for case .failure(let error) in results { Issue.record(error, "every opener opens the new file") }
        let sources = results.compactMap { try? $0.get() }
        let inodes = try sources.map { _ in try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] }
        for source in sources { try await source.close() }
        #expect(Set(inodes.map { "\($0 ?? "")" }).count == 1)
        #expect(files.listing == ["tidings.sqlite"], "no temporary file is left behind")
        let store = try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        _ = try await store.ingest(
            Events.validated([Events.created("c", product: "p", price: "1")]), recordedAt: Date())
        try await store.close()
        // Reopening the database it made works, and keeps what was written.
        let reopened = try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        #expect(try await reopened.counts().events == 1)
        try await reopened.close()
    }

    @Test("an SQLite database with nothing in it at all is set up")
    func emptySQLite() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        // A database another tool created and left without a single table: nothing to lose.
        let path = try await files.foreignSQLite("blank.sqlite", tables: false)
        let store = try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        #expect(try await store.counts().events == 0)
        try await store.close()
    }

    @Test("a PostgreSQL database with another program's tables is refused and left without schema_migrations")
    func foreignPostgres() async throws {
        guard TestDatabase.postgresURL != nil else { return }
        try await TestDatabase.with(.postgres) { database in
            let source = try PostgresSource(url: database.url, timeout: TestDatabase.patientTimeout)
            try await source.write { db in
                try await db.raw("CREATE TABLE customers (id BIGINT PRIMARY KEY, name TEXT)").run()
            }
            let error = await #expect(throws: StoreError.self) { try await database.open() }
            #expect(error?.description.contains("is not a Tidings database: it has tables (customers)") == true)
            let tables = try await source.read { db in
                try await db.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").all().map {
                    try $0.decode(column: "tablename", as: String.self)
                }
            }
            #expect(tables == ["customers"])
            try await source.close()
        }
    }
}

/// A PostgreSQL database that cannot be opened for good is refused at once, in the server's words,
/// not after each call's timeout as "no answer".
@Suite(
    "PostgreSQL refusals at start-up",
    .enabled(if: TestDatabase.postgresURL != nil, Comment(rawValue: TestDatabase.postgresSkipMessage)))
struct PostgresRefusalTests {
    /// The test server's URL with `change` applied.
    static func url(_ change: (inout URLComponents) -> Void) throws -> String {
        var components = try #require(TestDatabase.postgresURL.flatMap { URLComponents(string: $0) })
        change(&components)
        return try #require(components.string)
    }

    static func expectRefusedAtOnce(_ url: String, saying words: String, state: String) async throws {
        // Without the check, the same open waits out its timeout and throws `StoreUnavailable`
        // ("no answer"): the type and the server's words are what tell them apart, not a time.
        let error = await #expect(throws: StoreError.self) {
            try await DatabaseURL.postgres(url: url).open(policy: NewsPolicy(), timeout: .seconds(20))
        }
        let message = error?.description ?? ""
        #expect(message.contains(words) && message.contains(state), "\(message)")
    }

    @Test("a database that does not exist")
    func missingDatabase() async throws {
        let url = try Self.url { $0.path = "/tidings_no_such_database" }
        try await Self.expectRefusedAtOnce(url, saying: "does not exist", state: "3D000")
    }

    @Test("a user the server does not know")
    func unknownUser() async throws {
        let url = try Self.url { $0.user = "tidings_no_such_user" }
        try await Self.expectRefusedAtOnce(url, saying: "tidings_no_such_user", state: "28")
    }
}
