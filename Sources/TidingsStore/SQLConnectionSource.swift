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
    /// Closes every connection.
    func close() async throws
}
