import Foundation

/// A database that holds tables but no `schema_migrations`: another program's, never migrated.
public struct ForeignDatabase: Error, CustomStringConvertible {
    /// Its tables, sorted.
    public var tables: [String]
    /// The first few tables, for a message.
    public var listed: String { tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "") }
    public var description: String {
        "store: the database has tables (\(listed)) but no schema_migrations: it is not a Tidings database"
    }
}

/// Where a database's schema stands against this build's migrations.
public struct SchemaStatus: Sendable, Equatable {
    /// The database's dialect (a dry run prints the statements it would run).
    public var kind: SQLBackendKind
    /// The versions recorded as applied, sorted; empty for an empty database.
    public var applied: [Int]

    public init(kind: SQLBackendKind, applied: [Int]) {
        self.kind = kind
        self.applied = applied
    }

    /// The newest version applied; 0 for an empty database.
    public var version: Int { applied.last ?? 0 }
    /// The newest version this build knows.
    public var known: Int { Migrations.latest }
    /// Migrations this build has that the database has not had, in order.
    public var pending: [Migration] { Migrations.all.filter { !applied.contains($0.version) } }
    /// Whether a newer build migrated the database past what this one knows.
    public var isNewer: Bool { version > known }
    /// Whether the schema is exactly this build's.
    public var isCurrent: Bool { !isNewer && pending.isEmpty }

    /// Throws ``SchemaTooNew`` when a newer build migrated the database.
    public func refuseIfNewer() throws {
        if isNewer { throw SchemaTooNew(version: version, known: known) }
    }
}

/// A database migrated by a newer tidings than this one: refused, never migrated or served.
public struct SchemaTooNew: Error, CustomStringConvertible {
    /// The newest version the database records.
    public var version: Int
    /// The newest version this build knows.
    public var known: Int

    public init(version: Int, known: Int) {
        self.version = version
        self.known = known
    }

    public var description: String {
        "the schema is at version \(version), newer than this tidings knows (\(known)): a newer tidings migrated it;"
            + " run that version or a later one, or restore a backup taken before the upgrade"
    }
}
