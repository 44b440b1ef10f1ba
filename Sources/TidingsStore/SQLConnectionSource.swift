import SQLKit

/// Which SQL dialect a backend speaks, for the few statements that differ.
public enum SQLBackendKind: String, Sendable {
    case sqlite
    case postgres
}

/// What a storage backend provides to ``SQLStore``: connections for reads, and serialized
/// write transactions (one writer at a time, across processes for PostgreSQL).
public protocol SQLConnectionSource: Sendable {
    var kind: SQLBackendKind { get }
    /// Runs `body` on a connection for reading.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// Tells every other connection following the database, when the transaction `db` belongs to
    /// commits, that `payload` happened; nothing when the transaction rolls back. A backend with no
    /// other processes to tell (SQLite) sends nothing.
    func announce(_ payload: String, in db: any SQLDatabase) async throws
    /// Calls `heard` with every payload announced on the database from then on, until the task is
    /// cancelled (returns true) or the connection is lost (throws); `listening` is called once
    /// announcements are being heard. Returns false at once when the backend has no announcements.
    func follow(listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void)
        async throws -> Bool
    /// Closes every connection.
    func close() async throws
}
