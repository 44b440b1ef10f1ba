import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// A request's body must arrive whole within `timeout` of its head (`server.body_timeout`):
/// otherwise the connection is answered `408` when nothing was answered yet, and closed. The idle
/// timeout alone never ends a body sent a byte every few seconds, and neither does a handler that
/// answered without reading it (the server then reads the rest before the next request), so this
/// sits in the channel, below both.
final class RequestBodyDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let timeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Requests whose answer has not begun, and so could still be a 408.
    private var unanswered = 0

    init(timeout: TimeAmount) { self.timeout = timeout }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            unanswered += 1
            if Self.hasBody(head) {
                let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                timer = context.eventLoop.scheduleTask(in: timeout) {
                    let (handler, context) = loopBound.value
                    handler.expired(context: context)
                }
            }
        case .end:
            timer?.cancel()
            timer = nil
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) { unanswered = max(0, unanswered - 1) }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    private func expired(context: ChannelHandlerContext) {
        timer = nil
        guard context.channel.isActive else { return }
        guard unanswered > 0 else {
            context.close(promise: nil)
            return
        }
        unanswered = 0
        let body = ByteBuffer(
            string: #"{"error":{"code":"request_timeout","message":"api: the request body did not arrive in time"}}"#)
        let head = HTTPResponse(
            status: .requestTimeout,
            headerFields: [
                .contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes),
                .connection: "close",
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Whether a body follows the head: a length above zero, or chunks.
    static func hasBody(_ head: HTTPRequest) -> Bool {
        if let length = head.headerFields[.contentLength] { return length != "0" }
        return head.headerFields[.transferEncoding] != nil
    }
}
