import NIOCore
import NIOPosix
import TidingsModel

/// A bare HTTP/1.1 origin that answers the first request on each connection and keeps the
/// connection open, then closes it without an answer when a second request arrives on it: what an
/// origin whose keep-alive timer fires does to a pooled connection just as a client reuses it.
final class ClosingOrigin: Sendable {
    private let channel: any Channel
    private let counts: Counts
    /// The port it listens on (127.0.0.1).
    let port: Int

    /// Connections accepted and requests answered so far.
    var connections: Int { counts.connections.current }

    /// Its own event loop, as LoopbackServer's: the shared group is busy with the rest of the suite.
    private let group: MultiThreadedEventLoopGroup

    private init(channel: any Channel, counts: Counts, group: MultiThreadedEventLoopGroup) {
        self.channel = channel
        self.counts = counts
        self.group = group
        self.port = channel.localAddress?.port ?? 0
    }

    /// Listens on a free loopback port, answering with `body`.
    static func start(body: String) async throws -> ClosingOrigin {
        let counts = Counts()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counts.connections.withLock { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Handler(body: body))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ClosingOrigin(channel: channel, counts: counts, group: group)
    }

    /// Stops listening.
    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    private final class Counts: Sendable {
        let connections = Locked(0)
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let body: String
        var received = ""
        var answered = false

        init(body: String) { self.body = body }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received += buffer.readString(length: buffer.readableBytes) ?? ""
            guard let end = received.range(of: "\r\n\r\n") else { return }
            received.removeSubrange(..<end.upperBound)
            guard !answered else {
                context.close(promise: nil)
                return
            }
            answered = true
            let response =
                "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
        }
    }
}
