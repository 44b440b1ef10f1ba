import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A Hummingbird app answering with a test's own router on 127.0.0.1 (or another loopback address)
/// and a free port: feeds for the poller, the fetcher and `tidings parse` to read.
public enum LoopbackServer {
    /// Runs `body` with the port of a server answering with `router` on `host` (a loopback
    /// address: Linux answers all of 127.0.0.0/8, so 127.0.0.2 is a second host), then stops it.
    public static func with<Context: RequestContext>(
        _ router: Router<Context>, host: String = "127.0.0.1", _ body: (Int) async throws -> Void
    ) async throws where Context.Source == ApplicationRequestContextSource {
        // On threads of its own, so it answers while other tests keep the shared pool busy.
        try await withOwnThreads("loopback server") { try await run(router, host: host, body) }
    }

    private static func run<Context: RequestContext>(
        _ router: Router<Context>, host: String, _ body: (Int) async throws -> Void
    ) async throws where Context.Source == ApplicationRequestContextSource {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // An event loop of its own too: NIO's shared group (two threads) carries every server,
        // client and database connection of the test process, and a loop busy elsewhere made
        // fetches from this server wait 15 s for bytes it had written.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { group.shutdownGracefully { _ in } }
        let app = Application(
            router: router, configuration: .init(address: .hostname(host, port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(group))
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

    /// A loopback port nothing listens on now: bind port 0, read it, close.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw TidingsProcess.ProcessError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A free port on 127.0.0.1 below the kernel's ephemeral range (32768 and up on Linux), for a
    /// server that stops and starts again on it: a port picked by the kernel is one an outgoing
    /// connection may take while the server is down (a PostgreSQL restart then cannot bind).
    public static func freeFixedPort() throws -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: 10_000..<32_000)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                    bind(fd, raw, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if bound { return port }
        }
        return try freePort()
    }

    struct LoopbackError: Error, CustomStringConvertible {
        var description: String { "the loopback test server did not start" }
    }
}

/// A request context that knows the peer's address: a test server telling its clients apart
/// (`LoopbackServer.owner(ofPeerPort:among:)`).
public struct PeerRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

extension LoopbackServer {
    /// Which of `pids` holds the TCP socket whose local port is `port` (a client connected to a
    /// loopback server, seen from the server as its peer's port): the socket's inode from
    /// `/proc/net/tcp` (and `tcp6`), then the process with a descriptor on it. Nil when none does,
    /// or when /proc does not tell (not on Linux; seen once in a loaded test run): a diagnostic,
    /// not a proof.
    public static func owner(ofPeerPort port: Int, among pids: [Int32]) -> Int32? {
        let hex = String(format: "%04X", port)
        var inodes: Set<String> = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // Read to the end: the kernel hands /proc's tables out a page at a time, and a
            // process with many sockets has more than one (a single read saw only the first).
            guard let handle = FileHandle(forReadingAtPath: table) else { continue }
            defer { try? handle.close() }
            guard let bytes = try? handle.readToEnd() else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                guard fields.count > 9, fields[1].hasSuffix(":" + hex) else { continue }
                inodes.insert("socket:[\(fields[9])]")
            }
        }
        guard !inodes.isEmpty else { return nil }
        for pid in pids {
            let folder = "/proc/\(pid)/fd"
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for descriptor in descriptors {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)"),
                    inodes.contains(target)
                {
                    return pid
                }
            }
        }
        return nil
    }
}
