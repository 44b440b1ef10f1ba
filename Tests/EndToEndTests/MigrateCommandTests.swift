import Foundation
import Testing
import TidingsStore
import TidingsStoreSQLite
import TidingsTesting

/// `tidings migrate` and `serve --no-migrate`, as processes over a real SQLite file.
@Suite("tidings migrate and serve --no-migrate, end to end", .serialized)
struct MigrateCommandTests {
    @Test("a dry run on no file makes none; migrate makes the schema; again says it is current")
    func migrate() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let database = ["--database", "sqlite:tidings.sqlite"]
        let dry = try await TidingsProcess.run(["migrate", "--dry-run"] + database, in: files.folder)
        #expect(dry.status == 0, "\(dry.output)")
        #expect(dry.output.contains("\(Migrations.all.count) migration(s) would make it (nothing changed: --dry-run)"))
        #expect(dry.output.contains("-- 1: catalog and news") && dry.output.contains("CREATE TABLE events"))
        #expect(files.listing.isEmpty, "a dry run creates no file: \(files.listing)")

        let first = try await TidingsProcess.run(["migrate"] + database, in: files.folder)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("applied 1: catalog and news"))
        #expect(first.output.contains("the schema is at version \(Migrations.latest) (it was at 0)"))

        for arguments in [["migrate"], ["migrate", "--dry-run"]] {
            let again = try await TidingsProcess.run(arguments + database, in: files.folder)
            #expect(again.status == 0, "\(again.output)")
            #expect(again.output.contains("the schema is current (version \(Migrations.latest)); nothing to do."))
        }

        // A newer tidings migrated it: every command refuses, and nothing changes.
        let source = try await SQLiteSource.open(path: files.path("tidings.sqlite"))
        try await source.write { db in
            try await db.raw("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)")
                .run()
        }
        try await source.close()
        let before = try DatabaseFiles.Snapshot(files.path("tidings.sqlite"))
        for arguments in [["migrate"], ["migrate", "--dry-run"], ["serve", "--port", "0"]] {
            let refused = try await TidingsProcess.run(arguments + database, in: files.folder)
            #expect(refused.status == 1, "\(arguments): \(refused.output)")
            #expect(
                refused.output.contains(
                    "store: sqlite:tidings.sqlite: the schema is at version 999, newer than this tidings knows (\(Migrations.latest))"
                ), "\(arguments): \(refused.output)")
        }
        #expect(try DatabaseFiles.Snapshot(files.path("tidings.sqlite")) == before, "nothing was changed")
    }

    @Test("serve --no-migrate refuses an empty database, naming the command to run, and serves a migrated one")
    func noMigrate() async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let database = ["--database", "sqlite:tidings.sqlite"]
        try await files.tidingsSchema("tidings.sqlite", upTo: 5)
        let before = try DatabaseFiles.Snapshot(files.path("tidings.sqlite"))
        let refused = try await TidingsProcess.run(
            ["serve", "--port", "0", "--no-migrate"] + database, in: files.folder)
        #expect(refused.status != 0)
        #expect(
            refused.output.contains(
                "the schema is at version 5 and this tidings needs \(Migrations.latest) (\(Migrations.latest - 5) migration(s) pending); run `tidings migrate` first"
            ), "\(refused.output)")
        #expect(!refused.output.contains("listening"))
        #expect(try DatabaseFiles.Snapshot(files.path("tidings.sqlite")) == before, "nothing was changed")

        let dry = try await TidingsProcess.run(["migrate", "--dry-run"] + database, in: files.folder)
        #expect(dry.output.contains("the schema is at version 5; \(Migrations.latest - 5) migration(s) would run"))
        #expect(dry.output.contains("-- 6: entry identity and retention"))
        #expect(!dry.output.contains("-- 5:"))
        #expect(try DatabaseFiles.Snapshot(files.path("tidings.sqlite")) == before, "a dry run changes nothing")

        let migrated = try await TidingsProcess.run(["migrate"] + database, in: files.folder)
        #expect(migrated.output.contains("applied 6: entry identity and retention"), "\(migrated.output)")
        #expect(!migrated.output.contains("applied 5:"))
        let server = try TidingsProcess(
            ["serve", "--port", "0", "--no-migrate", "--no-demo"] + database, in: files.folder)
        _ = try await server.waitForPort()
        server.process.terminate()
        #expect(try await server.waitForExit() == 0, "\(server.text)")
    }
}
