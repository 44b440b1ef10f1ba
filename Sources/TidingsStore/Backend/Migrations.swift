import Foundation
import SQLKit
import TidingsModel

/// The schema, as an append-only numbered list. Never edit a shipped migration: add one.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var statements: @Sendable (SQLBackendKind) -> [String]
    /// Rows rewritten by code after the statements, in the same transaction: what SQL alone cannot
    /// compute (an entry's image places need its JSON decoded).
    public var conversion: Conversion?

    /// A step of a migration that rewrites rows.
    public struct Conversion: Sendable {
        /// What it does, for `tidings migrate --dry-run`.
        public var description: String
        public var run: @Sendable (any SQLDatabase) async throws -> Void
    }

    public init(
        version: Int, name: String, conversion: Conversion? = nil,
        statements: @escaping @Sendable (SQLBackendKind) -> [String]
    ) {
        self.version = version
        self.name = name
        self.statements = statements
        self.conversion = conversion
    }
}

public enum Migrations {
    /// Every migration, in order.
    public static let all: [Migration] = first + stories + search

    /// The newest schema version this build knows.
    public static var latest: Int { all.last?.version ?? 0 }

    /// The table recording applied migrations: what marks a database as a Tidings database.
    public static let ledger =
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"

    /// Applies every migration newer than the database's version, up to `version`, each in its own
    /// transaction. Returns the versions applied. A database that has tables but no
    /// `schema_migrations` is another program's: it is refused with ``ForeignDatabase`` and
    /// nothing is written to it.
    @discardableResult
    public static func migrate(_ source: some SQLConnectionSource, upTo version: Int = .max, now: Date = Date())
        async throws -> [Int]
    {
        let kind = source.kind
        try await source.write { db in
            // A newer tidings migrated this database: running our migrations (or serving over
            // tables we do not know) could damage what it wrote.
            try SchemaStatus(kind: kind, applied: try await Self.recorded(db, kind: kind)).refuseIfNewer()
            try await db.raw(SQLQueryString(Self.ledger)).run()
        }
        var applied: [Int] = []
        for migration in all where migration.version <= version {
            let ran = try await source.write { db -> Bool in
                // Checked inside the transaction: with PostgreSQL the write lock makes concurrent
                // start-ups of several servers take turns.
                let rows = try await db.raw(
                    "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)"
                ).all()
                guard rows.isEmpty else { return false }
                for statement in migration.statements(source.kind) {
                    try await db.raw(SQLQueryString(statement)).run()
                }
                try await migration.conversion?.run(db)
                try await db.raw(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: now.millisecondsSince1970))"
                ).run()
                return true
            }
            if ran { applied.append(migration.version) }
        }
        return applied
    }

    /// Where the database's schema stands, read without writing anything. A database with tables
    /// but no `schema_migrations` is refused with ``ForeignDatabase``.
    public static func status(_ source: some SQLConnectionSource) async throws -> SchemaStatus {
        let kind = source.kind
        return SchemaStatus(kind: kind, applied: try await source.read { try await Self.recorded($0, kind: kind) })
    }

    /// The versions `schema_migrations` records, sorted; none for an empty database. One with
    /// tables but no `schema_migrations` is another program's: ``ForeignDatabase``.
    static func recorded(_ db: any SQLDatabase, kind: SQLBackendKind) async throws -> [Int] {
        let tables = try await Self.tables(db, kind: kind)
        if tables.isEmpty { return [] }
        guard tables.contains("schema_migrations") else { throw ForeignDatabase(tables: tables) }
        return try await db.raw("SELECT version FROM schema_migrations").all()
            .map { Int(try $0.decode(column: "version", as: Int64.self)) }.sorted()
    }

    /// The tables of the database (PostgreSQL: of the schema tables are created in).
    static func tables(_ db: any SQLDatabase, kind: SQLBackendKind) async throws -> [String] {
        let query =
            switch kind {
            case .sqlite: "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_'"
            case .postgres: "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()"
            }
        return try await db.raw(SQLQueryString(query)).all().map { try $0.decode(column: "name", as: String.self) }
            .sorted()
    }
}
