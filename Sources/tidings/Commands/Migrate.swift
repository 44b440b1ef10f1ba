import ArgumentParser
import Foundation
import TidingsRuntime
import TidingsStore

/// `tidings migrate [--dry-run]`: brings the schema up to this build's, as `serve` does at start
/// unless `--no-migrate`. Several processes migrating one PostgreSQL database at once take turns
/// under the write lock, and each migration runs once.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Bring the database's schema up to this version of tidings (serve does it at start unless --no-migrate).")

    @OptionGroup var database: DatabaseOption
    @OptionGroup var config: ConfigOption
    @Flag(help: "List the migrations that would run, with their SQL, and change nothing.") var dryRun = false

    func run() async throws {
        let settings = try resolveSettings(config: config, database: database)
        let url = try DatabaseURL(settings.server.database)
        if dryRun, url.isAbsentFile {
            // Opening would create the file: say what would happen without making it.
            say(
                "\(url): no database yet; \(Migrations.all.count) migration(s) would make it (nothing changed: --dry-run):"
            )
            Self.print(Migrations.all, kind: .sqlite)
            return
        }
        let store = try await url.open(
            policy: settings.server.newsPolicy, logger: quietLogger(.warning), schema: .asIs,
            poolSize: settings.server.databasePoolSize)
        do {
            try await migrate(store, url)
        } catch {
            try? await store.close()
            guard let refusal = DatabaseURL.refusal(error, name: "\(url)") else { throw error }
            printError("\(refusal)")
            throw ExitCode(1)
        }
        try await store.close()
    }

    private func migrate(_ store: any TidingsStorage, _ url: DatabaseURL) async throws {
        let before = try await store.schemaStatus()
        try before.refuseIfNewer()
        if before.pending.isEmpty {
            say("\(url): the schema is current (version \(before.version)); nothing to do.")
            return
        }
        if dryRun {
            say(
                "\(url): the schema is at version \(before.version); \(before.pending.count) migration(s) would run (nothing changed: --dry-run):"
            )
            Self.print(before.pending, kind: before.kind)
            return
        }
        // Another process may migrate at the same moment; each migration still runs once, and
        // what this one applied is what it says.
        let applied = try await store.migrate()
        let names = Dictionary(uniqueKeysWithValues: Migrations.all.map { ($0.version, $0.name) })
        for version in applied { say("applied \(version): \(names[version] ?? "")") }
        say("\(url): the schema is at version \(Migrations.latest) (it was at \(before.version)).")
    }

    /// Each migration's number, name and statements, as SQL a reader could run by hand.
    static func print(_ migrations: [Migration], kind: SQLBackendKind) {
        for migration in migrations {
            say("-- \(migration.version): \(migration.name)")
            for statement in migration.statements(kind) { say(statement + ";") }
            if let conversion = migration.conversion { say("-- then: \(conversion.description)") }
        }
    }
}
