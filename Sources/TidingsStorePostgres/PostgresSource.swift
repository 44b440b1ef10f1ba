import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresKit
import PostgresNIO
import TidingsModel
import TidingsStore

/// PostgreSQL backend: a `PostgresClient` pool. Writes take transaction-scoped advisory locks: a
/// shared hold on one database-wide key, which an exclusive write (a migration, a rebuild) takes
/// alone, and one exclusive lock per key the write names (its products, its streams), so several
/// `tidings serve` processes sharing one database write different products at the same time and
/// the same product one after another.
public final class PostgresSource: SQLConnectionSource {
    public var kind: SQLBackendKind { .postgres }
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    /// Longest a read or a write may take before the caller is answered with `StoreUnavailable`.
    private let timeout: Duration
    /// Where the pool connects, for ``checkAccess()``'s connection of its own.
    private let endpoint: Endpoint

    /// Key of the database-wide advisory lock: held shared by every keyed write, exclusively by
    /// an exclusive one. Key locks are `hashtextextended(key, 0)`; a collision with another key
    /// (or this one) only makes two writes take turns.
    static let writeLockKey: Int64 = 0x7469_6469_6E67  // "tiding"

    /// Connects to `postgres://user:password@host:port/database?sslmode=disable|prefer|require`.
    /// `?host=/path/to/socket/dir` selects a Unix socket.
    /// A call that has no answer within `timeout` (a connection half closed by a server restart was
    /// seen to hang for 20–50 minutes) fails with `StoreUnavailable`; the call is cancelled.
    /// At most `maximumConnections` connections are open at once (`database.pool_size`).
    public init(
        url: String, logger: Logger = Logger(label: "tidings.postgres"), timeout: Duration = .seconds(10),
        maximumConnections: Int = 10
    ) throws {
        endpoint = try Endpoint(url: url)
        client = PostgresClient(
            configuration: endpoint.clientConfiguration(maximumConnections: maximumConnections),
            backgroundLogger: logger)
        self.logger = logger
        self.timeout = timeout
        let client = self.client
        runner = Task { await client.run() }
    }

    /// What a `postgres://` URL names: the server, the user and the database.
    struct Endpoint: Sendable {
        enum TLSMode: Sendable { case disable, prefer, require }

        var user: String
        var password: String?
        var database: String?
        /// `?host=/path/to/socket/dir`: the socket's path; the host and TLS are then unused.
        var socketPath: String?
        var host: String
        var port: Int
        var tls: TLSMode

        init(url text: String) throws {
            guard let components = URLComponents(string: text),
                components.scheme == "postgres" || components.scheme == "postgresql"
            else { throw StoreError("postgres: not a postgres:// URL: \(text)") }
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
            password = components.password.flatMap { $0.removingPercentEncoding }
            database = components.path.isEmpty ? nil : String(components.path.dropFirst())
            let port = components.port ?? 5432
            self.port = port
            host = components.host ?? "127.0.0.1"
            socketPath = query["host"].flatMap { $0.hasPrefix("/") ? "\($0)/.s.PGSQL.\(port)" : nil }
            switch query["sslmode"] ?? "prefer" {
            case "disable": tls = .disable
            case "require", "verify-ca", "verify-full": tls = .require
            case "prefer", "allow": tls = .prefer
            case let mode: throw StoreError("postgres: unsupported sslmode \(mode)")
            }
        }

        func clientConfiguration(maximumConnections: Int) -> PostgresClient.Configuration {
            var configuration: PostgresClient.Configuration
            if let socketPath {
                configuration = .init(
                    unixSocketPath: socketPath, username: user, password: password, database: database)
            } else {
                let tls: PostgresClient.Configuration.TLS =
                    switch self.tls {
                    case .disable: .disable
                    case .prefer: .prefer(.makeClientConfiguration())
                    case .require: .require(.makeClientConfiguration())
                    }
                configuration = .init(
                    host: host, port: port, username: user, password: password, database: database, tls: tls)
            }
            configuration.options.maximumConnections = max(1, maximumConnections)
            return configuration
        }

        func connectionConfiguration() throws -> PostgresConnection.Configuration {
            if let socketPath {
                return .init(unixSocketPath: socketPath, username: user, password: password, database: database)
            }
            let tls: PostgresConnection.Configuration.TLS =
                switch self.tls {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
            return .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
    }

    /// Connects once outside the pool and fails at once, with the server's words, on what waiting
    /// will not mend: a database that does not exist, a user or password refused (SQLSTATE classes
    /// 3D and 28). The pool would retry those quietly until each call's timeout and then answer
    /// "no answer". Anything else — refused, unreachable, starting up — is left to the calls, which
    /// wait for the server up to the timeout; so is a server that does not answer this connection
    /// within the timeout. The check waits as long as a call would: a busy host can take seconds to
    /// answer (under a loaded CI, a 3 s patience let a refusal through as "no answer" after the
    /// pool's timeout). The cost is a server that never answers: opening waits the timeout here and
    /// again for the schema's check.
    public func checkAccess() async throws {
        let connection: PostgresConnection
        let patience = timeout
        do {
            connection = try await withDeadline(
                patience, timedOut: StoreUnavailable("postgres: no answer within \(patience)")
            ) { [endpoint, logger] in
                try await PostgresConnection.connect(
                    configuration: try endpoint.connectionConfiguration(), id: 0, logger: logger)
            }
        } catch let error as PSQLError where error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            guard state.hasPrefix("3D") || state.hasPrefix("28") else { return }
            let message = error.serverInfo?[.message] ?? "error \(state)"
            throw StoreError("postgres: \(message) (\(state))")
        } catch {
            return
        }
        // The check is done; a connection that fails to close cleanly is gone either way.
        try? await connection.close()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await bounded { [client] lease in
            try await client.withConnection { connection in
                lease.hold(connection)
                return try await body(connection.rowsOnEventLoop)
            }
        }
    }

    /// Exclusive writes, and those naming more keys than ``keyLimit``.
    public func runsAlone(_ locks: WriteLocks) -> Bool { Self.runsAloneStatically(locks) }

    static func runsAloneStatically(_ locks: WriteLocks) -> Bool { locks == .exclusive || locks.count > keyLimit }

    public func write<T: Sendable>(
        locking locks: WriteLocks, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await bounded { [client, logger] lease in
            do {
                return try await client.withConnection { connection in
                    lease.hold(connection)
                    return try await connection.withTransaction(logger: logger) { connection in
                        let db = connection.rowsOnEventLoop
                        try await db.raw(Self.lockStatement(locks)).run()
                        return try await body(db)
                    }
                }
            } catch let error as PostgresTransactionError {
                // Callers see their own error, as with SQLite; the wrapper only matters when rollback failed.
                if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
                throw error
            }
        }
    }

    /// The most key locks one write takes; a write naming more runs alone instead. PostgreSQL keeps
    /// advisory locks in one shared table of `max_locks_per_transaction` × `max_connections` slots
    /// (6,400 by default) for every session: ten pooled writers of a 1,000-event batch each (two
    /// keys an event) would fill it, and every write would fail "out of shared memory". At 64, a
    /// hundred concurrent writers use about a tenth of it.
    static let keyLimit = 64

    /// One statement taking `locks`: the database-wide key first, then the key locks in the order
    /// of their hashes, so two writes never wait for each other crosswise.
    static func lockStatement(_ locks: WriteLocks) -> SQLQueryString {
        if runsAloneStatically(locks) { return "SELECT pg_advisory_xact_lock(\(bind: writeLockKey))" }
        guard case .keys(let keys) = locks, !keys.isEmpty else {
            return "SELECT pg_advisory_xact_lock_shared(\(bind: writeLockKey))"
        }
        // An append runs its inputs in order.
        return "SELECT 1 FROM pg_advisory_xact_lock_shared(\(bind: writeLockKey)) UNION ALL \(keyLocks(keys))"
    }

    /// Exclusive locks on `keys`, one after another in the order of their hashes (the lateral call
    /// runs once per hash, in order).
    static func keyLocks(_ keys: Set<String>) -> SQLQueryString {
        """
        SELECT 1 FROM (SELECT DISTINCT hashtextextended(key, 0) AS hash
          FROM unnest(\(bind: keys.sorted())::text[]) AS key ORDER BY hash) AS wanted,
          LATERAL pg_advisory_xact_lock(wanted.hash)
        """
    }

    /// Key locks taken inside a write, as ``lockStatement(_:)`` takes them.
    public func lock(_ keys: Set<String>, in db: any SQLDatabase) async throws {
        guard !keys.isEmpty else { return }
        try await db.raw(Self.keyLocks(keys)).run()
    }

    /// The channel announcements travel on.
    static let channel = "tidings_changes"
    /// How often a follower sends itself an empty announcement to prove its connection alive; three
    /// unheard in a row and it gives the connection up (a half-open TCP connection never errors).
    static let ping = Duration.seconds(10)

    /// 57014 `query_canceled`, which a statement past `statement_timeout` fails with.
    public func isStatementTimeout(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.sqlState] == "57014"
    }

    /// `NOTIFY`, which PostgreSQL delivers to the listeners when the transaction commits.
    public func announce(_ payload: String, in db: any SQLDatabase) async throws {
        try await db.raw("SELECT pg_notify(\(bind: Self.channel), \(bind: payload))").run()
    }

    /// `LISTEN` on one connection of the pool, held while following.
    public func follow(listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void)
        async throws -> Bool
    {
        let lastHeard = Locked(ContinuousClock.now)
        do {
            try await client.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    listening()
                    try await withThrowingDiscardingTaskGroup { group in
                        group.addTask {
                            for try await notification in notifications {
                                lastHeard.withLock { $0 = .now }
                                if !notification.payload.isEmpty { heard(notification.payload) }
                            }
                            try Task.checkCancellation()
                            throw StoreUnavailable("postgres: the notification connection closed")
                        }
                        group.addTask {
                            while true {
                                try await Task.sleep(for: Self.ping)
                                let quiet = ContinuousClock.now - lastHeard.current
                                if quiet > Self.ping * 3 {
                                    throw StoreUnavailable("postgres: no notification heard for \(quiet)")
                                }
                                // Outside a transaction, so it neither waits for the write lock nor for a commit.
                                try await self.read { db in try await self.announce("", in: db) }
                            }
                        }
                    }
                }
            }
        } catch {
            if Task.isCancelled { return true }
            throw Self.classified(error)
        }
        return true
    }

    /// `operation` within `timeout`, its failures classified. The operation tells its lease which
    /// connection it runs on; once that connection has been closed for a second with the
    /// operation still waiting, the caller is answered: PostgresNIO 1.33 writes a statement to the
    /// channel without a promise, and one written after the server closed the connection (a
    /// connection leased in the moment of a restart) is never answered.
    private func bounded<T: Sendable>(_ operation: @escaping @Sendable (Lease) async throws -> T) async throws -> T {
        let timeout = self.timeout
        let lease = Lease()
        do {
            return try await withDeadline(
                timeout, timedOut: StoreUnavailable("postgres: no answer within \(timeout)"),
                watch: DeadlineWatch(every: .seconds(1), verdict: lease.verdict)
            ) { try await operation(lease) }
        } catch {
            throw Self.classified(error)
        }
    }

    /// The connection a call runs on, for its watch: the first look that finds it closed notes it,
    /// the next one gives up on it (PostgresNIO fails the statements it did send as it closes, so
    /// those have answered by then).
    final class Lease: Sendable {
        private let state = Locked<(connection: PostgresConnection?, seenClosed: Bool)>((nil, false))

        func hold(_ connection: PostgresConnection) {
            state.withLock { $0 = (connection, false) }
        }

        @Sendable func verdict() -> (any Error)? {
            state.withLock { state in
                guard let connection = state.connection, connection.isClosed else { return nil }
                if state.seenClosed { return StoreUnavailable("postgres: the connection closed under the call") }
                state.seenClosed = true
                return nil
            }
        }
    }

    /// `StoreUnavailable` for what passes with time (the server restarting or unreachable, a lost
    /// connection, a full disk, a serialization failure); every other error as it is.
    static func classified(_ error: any Error) -> any Error {
        if error is StoreUnavailable || error is CancellationError { return error }
        if let transaction = error as? PostgresTransactionError {
            // A connection lost mid-transaction fails the statement and the rollback alike.
            let parts: [(any Error)?] = [
                transaction.beginError, transaction.closureError, transaction.commitError, transaction.rollbackError,
            ]
            let unavailable = parts.lazy.compactMap { $0.map(classified) }.first { $0 is StoreUnavailable }
            return unavailable ?? transaction.closureError ?? error
        }
        if let error = error as? PSQLError {
            switch error.code {
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                let message = error.serverInfo?[.message] ?? "error \(state)"
                // 08 connection, 53 resources (disk full), 57P0x shutting down or starting,
                // 40001/40P01 serialization and deadlock, 55P03 lock not available, 57014 cancelled.
                let transient =
                    ["08", "53"].contains(String(state.prefix(2)))
                    || ["57P01", "57P02", "57P03", "40001", "40P01", "55P03", "57014"].contains(state)
                return transient ? StoreUnavailable("postgres: \(message) (\(state))") : error
            case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
                .queryCancelled:
                return StoreUnavailable("postgres: \(error.code)")
            default:
                return error
            }
        }
        // Connecting failed below PostgresNIO (refused, reset, unreachable).
        if error is IOError || error is ChannelError {
            return StoreUnavailable("postgres: \(error)")
        }
        return error
    }

    public func close() async throws {
        runner.cancel()
        await runner.value
    }
}

extension PostgresConnection {
    /// The connection's `SQLDatabase`, handing rows over on the event loop (``EventLoopRowsDatabase``
    /// says why): every statement Tidings runs on PostgreSQL goes through it.
    var rowsOnEventLoop: some SQLDatabase { EventLoopRowsDatabase(base: sql()) }
}
