import Foundation
import NIOCore
import NIOPosix
import SQLiteKit
import TidingsModel
import TidingsStore

/// SQLite backend: one file in WAL mode, one writer connection (SQLite allows one writer at a
/// time anyway; taking turns here avoids busy retries) and a few reader connections, each with a
/// thread of its own. SQLite's calls block (a write waiting out another process's lock blocks for
/// up to `busyTimeout`): on the process-wide pool of one thread per core that wait held up every
/// read, and every other store's calls, for its whole length.
public final class SQLiteSource: SQLConnectionSource {
    public var kind: SQLBackendKind { .sqlite }
    public let path: String
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let writeLock = AsyncLock()
    private let nextReader = Locked(0)
    /// How long a statement waits for a lock another process holds, and a write for its turn here.
    private let busyTimeout: Duration
    /// The writer's `busy_timeout` now, in milliseconds (changed only while holding `writeLock`).
    private let writerBusy: Locked<Int>
    /// The connections' threads, one each.
    private let threads: NIOThreadPool
    private let closed = Locked(false)

    private init(
        path: String, writer: SQLiteConnection, readers: [SQLiteConnection], busyTimeout: Duration,
        threads: NIOThreadPool
    ) {
        self.path = path
        self.threads = threads
        self.writer = writer
        self.readers = readers
        self.busyTimeout = busyTimeout
        self.writerBusy = Locked(Int(busyTimeout / .milliseconds(1)))
    }

    /// Opens the Tidings database at `path`, creating one when nothing is there. An existing file
    /// is first checked read-only (``SQLiteFileCheck``): one that is empty, not SQLite, another
    /// program's database or damaged is refused with a `StoreError` naming it, and left as it was.
    /// A write that cannot get the lock within `busyTimeout` (another process holds it: a backup,
    /// a `sqlite3` shell) fails with `StoreUnavailable`, as does one that finds the disk full.
    public static func open(
        path: String, readers: Int = 2, busyTimeout: Duration = .seconds(10)
    ) async throws -> SQLiteSource {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory) else {
            throw StoreError("sqlite: folder \(directory) does not exist (database \(path))")
        }
        if try await SQLiteFileCheck.inspect(path) == .absent {
            try await SQLiteFileCheck.create(path)
        }
        let threads = NIOThreadPool(numberOfThreads: max(1, readers) + 1)
        threads.start()
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        func connect() async throws -> SQLiteConnection {
            try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, on: loop)
        }
        let writer: SQLiteConnection
        do {
            writer = try await connect()
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
        do {
            // WAL with synchronous=NORMAL: commits do not fsync, checkpoints do. A 64 MB page cache
            // and checkpoints every 16 MB of WAL (not 4 MB) keep 1,000-event batches fast
            // (docs/benchmarks.md); readers in WAL mode never wait for the writer.
            let busy = "PRAGMA busy_timeout = \(Int(busyTimeout / .milliseconds(1)))"
            let pragmas = [
                "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", busy,
                "PRAGMA cache_size = -65536", "PRAGMA wal_autocheckpoint = 4000",
            ]
            for pragma in pragmas {
                try await writer.sql().raw(SQLQueryString(pragma)).run()
            }
            var readerConnections: [SQLiteConnection] = []
            for _ in 0..<max(1, readers) {
                let reader = try await connect()
                // Readers map the file (up to 1 GiB) instead of copying its pages into each
                // connection's cache: one-word searches of 1M entries 1.4× as many a second
                // (docs/benchmarks.md). A read error of a mapped page is a signal, not an error code
                // (sqlite.org/mmap.html): the file is local, on a disk the server owns.
                for pragma in [busy, "PRAGMA cache_size = -32768", "PRAGMA mmap_size = 1073741824"] {
                    try await reader.sql().raw(SQLQueryString(pragma)).run()
                }
                readerConnections.append(reader)
            }
            return SQLiteSource(
                path: path, writer: writer, readers: readerConnections, busyTimeout: busyTimeout, threads: threads)
        } catch {
            try? await writer.close()
            try? await threads.shutdownGracefully()
            throw StoreError("sqlite: cannot open \(path): \(error)")
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let index = nextReader.withLock { value in
            value = (value + 1) % readers.count
            return value
        }
        do {
            return try await body(readers[index].sql())
        } catch {
            throw Self.classified(error)
        }
    }

    /// One writer at a time: `BEGIN IMMEDIATE` takes the file's write lock, across processes too.
    public func runsAlone(_ locks: WriteLocks) -> Bool { true }

    /// Nothing to take: one write at a time already.
    public func lock(_ keys: Set<String>, in db: any SQLDatabase) async throws {}

    /// `locks` changes nothing: every write runs alone.
    public func write<T: Sendable>(
        locking locks: WriteLocks, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        let db = writer.sql()
        let busyTimeout = busyTimeout
        let queued = ContinuousClock.now
        do {
            return try await writeLock.withLock(timeout: busyTimeout) {
                // One budget for the turn here and the database lock: what the wait for the turn
                // used is not waited again, so no write takes much longer than `busyTimeout`. A
                // write that did not wait (under a millisecond) keeps the full timeout, so the
                // pragma is sent only when a queue formed, not with every write.
                let full = Int(busyTimeout / .milliseconds(1))
                let left = max(1, Int((busyTimeout - (ContinuousClock.now - queued)) / .milliseconds(1)))
                let wanted = left >= full - 1 ? full : left
                if self.writerBusy.current != wanted {
                    try await db.raw("PRAGMA busy_timeout = \(unsafeRaw: String(wanted))").run()
                    self.writerBusy.withLock { $0 = wanted }
                }
                try await db.raw("BEGIN IMMEDIATE").run()
                do {
                    let result = try await body(db)
                    try await db.raw("COMMIT").run()
                    return result
                } catch {
                    try? await db.raw("ROLLBACK").run()
                    throw error
                }
            }
        } catch is AsyncLock.Timeout {
            throw StoreUnavailable(
                "sqlite: writes are queued behind one waiting for the database lock", cause: Self.lockedCause)
        } catch {
            throw Self.classified(error)
        }
    }

    /// The one cause of every lock wait that failed, however it was worded.
    static let lockedCause = "sqlite: the database is locked"

    /// `StoreUnavailable` for what passes with time (a lock another process holds, a full disk, an
    /// I/O error); every other error as it is.
    static func classified(_ error: any Error) -> any Error {
        guard let error = error as? SQLiteError else { return error }
        switch error.reason {
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .lockedBySharedCache:
            return StoreUnavailable("sqlite: \(error.message) (another process holds the lock)", cause: lockedCause)
        case .full:
            return StoreUnavailable("sqlite: \(error.message)", retryAfter: 30)
        case .noMemory, .interrupt, .cantOpen, .readOnly, .readonlyCantLock, .readonlyInRecovery:
            return StoreUnavailable("sqlite: \(error.message)", retryAfter: 30)
        default:
            return "\(error.reason)".hasPrefix("ioError")
                ? StoreUnavailable("sqlite: \(error.message)", retryAfter: 30) : error
        }
    }

    /// One process serves a SQLite file, and it hears its own writes directly: nothing to send.
    public func announce(_ payload: String, in db: any SQLDatabase) async throws {}

    /// SQLite statements have no timeout.
    public func isStatementTimeout(_ error: any Error) -> Bool { false }

    /// No announcements to follow (see ``announce(_:in:)``).
    public func follow(listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void)
        async throws -> Bool
    { false }

    /// Closes the connections and stops their threads; closing again does nothing.
    public func close() async throws {
        guard
            closed.withLock({ closed in
                defer { closed = true }
                return !closed
            })
        else { return }
        do {
            for reader in readers { try await reader.close() }
            try await writer.close()
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
        try await threads.shutdownGracefully()
    }
}
