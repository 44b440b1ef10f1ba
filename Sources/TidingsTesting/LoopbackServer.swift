import Hummingbird
import ServiceLifecycle

/// A Hummingbird app answering with a test's own router on 127.0.0.1 and a free port: feeds for
/// the poller, the fetcher and `tidings parse` to read.
public enum LoopbackServer {
    /// Runs `body` with the port of a server answering with `router`, then stops the server.
    public static func with(_ router: Router<BasicRequestContext>, _ body: (Int) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) })
        let services = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw LoopbackError() }
            do {
                try await body(port)
            } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
        }
    }

    struct LoopbackError: Error, CustomStringConvertible {
        var description: String { "the loopback test server did not start" }
    }
}
