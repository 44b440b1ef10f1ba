import SQLKit

/// Which SQL dialect a backend speaks, for the few statements that differ.
public enum SQLBackendKind: String, Sendable {
    case sqlite
    case postgres
}

/// What a write transaction must not run beside, across every process writing the database.
public enum WriteLocks: Sendable, Hashable {
    /// No other write at all: migrations, and rebuilding news from the log.
    case exclusive
    /// No other write naming one of these keys ("product:44957", "stream:grocery/news"), and no
    /// exclusive write; writes with no key in common run side by side. A backend may run a write
    /// naming many keys alone instead (PostgreSQL: more than 64).
    case keys(Set<String>)

    /// How many keys it names (none for exclusive).
    public var count: Int {
        switch self {
        case .exclusive: 0
        case .keys(let keys): keys.count
        }
    }
}

/// What a storage backend provides to ``SQLStore``: connections for reads, and write transactions
/// that take turns as their ``WriteLocks`` say — across processes for PostgreSQL, where several
/// servers share the database; SQLite runs one write at a time whatever they say.
public protocol SQLConnectionSource: Sendable {
    var kind: SQLBackendKind { get }
    /// Whether a write taking `locks` runs alone — no other write of any process beside it (every
    /// SQLite write; a PostgreSQL write that is exclusive or names many keys). Such a write may
    /// trust what it read in an earlier write when nothing was written since (``ProductStateCache``).
    func runsAlone(_ locks: WriteLocks) -> Bool
    /// Runs `body` on a connection for reading.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws,
    /// once no other write holds what `locks` names.
    func write<T: Sendable>(locking locks: WriteLocks, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T)
        async throws -> T
    /// Takes `keys` too, in the transaction `db` belongs to, until it ends: for what a write finds
    /// it touches only as it goes (the news windows it regroups). A write calls it at most once, after
    /// its own locks, with keys no write names up front, so two writes never wait for each other
    /// crosswise. A backend whose writes run one at a time (SQLite) takes nothing.
    func lock(_ keys: Set<String>, in db: any SQLDatabase) async throws
    /// Tells every other connection following the database, when the transaction `db` belongs to
    /// commits, that `payload` happened; nothing when the transaction rolls back. A backend with no
    /// other processes to tell (SQLite) sends nothing.
    func announce(_ payload: String, in db: any SQLDatabase) async throws
    /// Calls `heard` with every payload announced on the database from then on, until the task is
    /// cancelled (returns true) or the connection is lost (throws); `listening` is called once
    /// announcements are being heard. Returns false at once when the backend has no announcements.
    func follow(listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void)
        async throws -> Bool
    /// Whether `error`, thrown by a read's statement, is that statement cancelled by a
    /// `statement_timeout` the reader set (PostgreSQL's 57014); SQLite has no such timeout.
    func isStatementTimeout(_ error: any Error) -> Bool
    /// Closes every connection.
    func close() async throws
}

extension SQLConnectionSource {
    /// A write that runs alone (``WriteLocks/exclusive``).
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await write(locking: .exclusive, body)
    }
}
