import Foundation
import Logging
import SQLKit
import TidingsCatalog
import TidingsModel

/// The one store: a database holding the catalog (`SQLStore+Catalog`, `+CatalogRows`,
/// `+History`), the sections (`SQLStore+Sections`, `+Entries`), the article pages
/// (`SQLStore+Articles`) and the keys (`SQLStore+Keys`, `+CursorSecret`), written once in SQL
/// both SQLite and PostgreSQL accept. Backends differ only in their ``SQLConnectionSource``.
public final class SQLStore<Source: SQLConnectionSource>: Sendable, TidingsStorage {
    public let source: Source
    public let policy: NewsPolicy
    let cache = ProductStateCache()
    /// Each stream's story keys folded, as this process's last write left them.
    let storyWindows = StoryWindows()
    /// Whether other processes write the database, as heard while following changes.
    let others: OtherWriters
    /// Names this store in its announcements, so it does not hear its own writes back.
    let origin = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    /// Wraps a connection source; call ``migrate()`` before use.
    /// `quiet`: how long no other process must have been heard writing before catalog writes run
    /// alone (``OtherWriters`` says why two seconds).
    public init(source: Source, policy: NewsPolicy, quiet: Duration = .seconds(2)) {
        self.source = source
        self.policy = policy
        others = OtherWriters(quiet: quiet)
    }

    /// Applies pending migrations and makes the cursor secret if there is none yet, so serving
    /// pages never has to write (a read must work while another process holds the write lock).
    @discardableResult
    public func migrate() async throws -> [Int] {
        let applied = try await Migrations.migrate(source)
        _ = try await cursorSecret()
        return applied
    }

    /// Where the schema stands, read without writing: also what readiness checks ask the
    /// database.
    public func schemaStatus() async throws -> SchemaStatus { try await Migrations.status(source) }

    public func followChanges(_ heard: @escaping @Sendable (StoreChange) -> Void) async throws -> Bool {
        let origin = origin
        let others = others
        defer { others.stoppedListening() }
        return try await source.follow(
            listening: {
                others.startedListening()
                heard(.everything)
            },
            heard: { payload in
                guard let change = StoreChange(payload: payload, ignoring: origin), !change.isEmpty else { return }
                others.heard()
                heard(change)
            })
    }

    /// Announces `change` to the other processes when the transaction of `db` commits.
    func announce(_ change: StoreChange, in db: any SQLDatabase) async throws {
        guard !change.isEmpty else { return }
        try await source.announce(change.payload(origin: origin), in: db)
    }

    public func close() async throws { try await source.close() }

    /// Rows in one of our tables (the name is ours, never input).
    static func count(_ table: String, _ db: any SQLDatabase) async throws -> Int {
        let row = try await db.raw("SELECT COUNT(*) AS c FROM \(unsafeRaw: table)").first()
        return Int(try row?.decode(column: "c", as: Int64.self) ?? 0)
    }
}
