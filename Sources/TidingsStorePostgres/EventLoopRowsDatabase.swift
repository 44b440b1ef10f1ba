import Logging
import NIOCore
import SQLKit

/// A connection's `SQLDatabase` whose queries hand their rows over on the connection's event loop,
/// as they arrive, instead of through an async sequence that a task drains.
///
/// Why (issue 33): PostgresKit's `PostgresConnection.sql()` runs an `async` query as a
/// `PostgresRowSequence`, which holds back the socket's reads while its consumer is behind. When
/// the server closes such a connection (a restart, a failover), NIO drains the socket without
/// asking, and PostgresNIO 1.33.2 traps on the read it did not ask for
/// (`RowStreamStateMachine.channelReadComplete`: "How can we receive a body part, after a
/// channelReadComplete, but no read has been forwarded yet") — every server on the database died
/// at a restart under load. The `EventLoopFuture` path (`PSQLRowStream.onRow`) asks for more rows
/// as soon as it has passed the last ones on, so no read is ever held back and the close fails the
/// query instead. Rows are few per query here (pages, batches), so nothing is lost by not pacing
/// them. Remove once PostgresNIO tolerates the unrequested read (docs/architecture.md).
struct EventLoopRowsDatabase<Base: SQLDatabase>: SQLDatabase {
    let base: Base

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void)
        -> EventLoopFuture<Void>
    {
        base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await base.execute(sql: query, onRow).get()
    }
}
