import Dispatch
import Metrics
import SQLKit
import Tracing

/// Measures and traces every call of another connection source, the same way for both backends:
/// a `db.read` or `db.write` span (a child of the request's or the poller's), how long each call
/// waited before its statements could run — a connection for a read; a connection, the turn and
/// the write locks for a write —, how long it took, and how many run now.
///
/// Metrics (`/metrics`): `tidings_db_wait_seconds` and `tidings_db_call_seconds` histograms and the
/// `tidings_db_calls_in_flight` gauge, each by `backend` and `use` (`read`, or `write` with the
/// locks it named: `write_exclusive`, `write_keyed`).
public struct InstrumentedSource<Base: SQLConnectionSource>: SQLConnectionSource {
    public let base: Base
    private let uses: [Use: Measures]

    enum Use: String, CaseIterable {
        case read
        case writeExclusive = "write_exclusive"
        case writeKeyed = "write_keyed"
    }

    struct Measures: Sendable {
        let wait: Timer
        let call: Timer
        let inFlight: Meter
    }

    /// Wraps `base`. Metric handles are made here: bootstrap the metrics system first.
    public init(_ base: Base) {
        self.base = base
        var uses: [Use: Measures] = [:]
        for use in Use.allCases {
            let dimensions = [("backend", base.kind.rawValue), ("use", use.rawValue)]
            uses[use] = Measures(
                wait: Timer(label: MetricCatalog.dbWait.name, dimensions: dimensions, preferredDisplayUnit: .seconds),
                call: Timer(label: MetricCatalog.dbCall.name, dimensions: dimensions, preferredDisplayUnit: .seconds),
                inFlight: Meter(label: MetricCatalog.dbCallsInFlight.name, dimensions: dimensions))
        }
        self.uses = uses
    }

    public var kind: SQLBackendKind { base.kind }
    public func runsAlone(_ locks: WriteLocks) -> Bool { base.runsAlone(locks) }
    public func isStatementTimeout(_ error: any Error) -> Bool { base.isStatementTimeout(error) }
    public func lock(_ keys: Set<String>, in db: any SQLDatabase) async throws { try await base.lock(keys, in: db) }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await measured(.read, span: "db.read") { started in
            try await base.read { db in try await started(db, body) }
        }
    }

    public func write<T: Sendable>(
        locking locks: WriteLocks, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        let use: Use
        let keys: Int
        switch locks {
        case .exclusive: (use, keys) = (.writeExclusive, 0)
        case .keys(let names): (use, keys) = (.writeKeyed, names.count)
        }
        return try await measured(use, span: "db.write", keys: keys) { started in
            try await base.write(locking: locks) { db in try await started(db, body) }
        }
    }

    /// Runs `call` in a span, timing it whole and until its body starts (`started`, which the call
    /// wraps around the body it hands the base source).
    private func measured<T: Sendable>(
        _ use: Use, span name: String, keys: Int? = nil,
        _ call: (
            _ started:
                @escaping @Sendable (any SQLDatabase, @Sendable (any SQLDatabase) async throws -> T) async throws
                -> T
        ) async throws -> T
    ) async throws -> T {
        let measures = uses[use]!
        let asked = DispatchTime.now().uptimeNanoseconds
        return try await withSpan(name, ofKind: .client) { span in
            span.attributes["db.system"] = kind == .postgres ? "postgresql" : "sqlite"
            if let keys { span.attributes["tidings.db.lock_keys"] = keys }
            defer { measures.call.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - asked)) }
            return try await call { db, body in
                measures.wait.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - asked))
                measures.inFlight.increment()
                defer { measures.inFlight.decrement() }
                return try await body(db)
            }
        }
    }

    public func announce(_ payload: String, in db: any SQLDatabase) async throws {
        try await base.announce(payload, in: db)
    }

    public func follow(listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void)
        async throws -> Bool
    { try await base.follow(listening: listening, heard: heard) }

    public func close() async throws { try await base.close() }
}
