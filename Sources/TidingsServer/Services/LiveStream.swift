import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TidingsModel
import TidingsStore

/// The wire form of live updates (`…/sections/{section}/updates`, `/api/v1/news_items/updates`),
/// Server-Sent Events:
///
/// - `event: position` first, when the reader gave no position: where the feed stands
///   (`id:` and `{"position": …}`), so a reconnect resumes from there;
/// - `event: update` when items were added or changed since the reader's position:
///   `{"added": 3, "changed": 1, "position": "…"}` — fetch the feed's first page again to see
///   them; `id:` is the new position, which the browser (or the SDK) sends back as `Last-Event-ID`;
/// - `event: arranged` (sections) at the start when the newsroom has pinned or hidden stories,
///   and whenever it pins, unpins, hides or brings back one: `{"pinned": [ids], "hidden": [ids]}`,
///   what is in force from now on; no `id:` (the position does not move);
/// - a `: keep-alive` comment every 15 s, so proxies do not close an idle stream;
/// - `retry: 3000` at the start; the stream ends when the server stops.
enum LiveStream {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    static let heartbeat = Duration.seconds(15)
    static let keepAlive = ByteBuffer(string: ": keep-alive\n\n")

    static func frame(event: String, id: LivePosition, data: String) -> ByteBuffer {
        ByteBuffer(string: "event: \(event)\nid: \(id)\ndata: \(data)\n\n")
    }

    /// The position a request resumes from: its `Last-Event-ID`, or its `since` parameter; nil
    /// for none. Throws `invalid_position` for one `feed` never sent.
    static func resumption(_ request: Request, of feed: LiveFeed) throws -> LivePosition? {
        guard
            let text = request.headers[lastEventID] ?? request.uri.queryParameters["since"].map(String.init)
        else { return nil }
        guard let position = feed.position(text) else {
            let example = feed.scope == .catalog ? "1200:1204:1201" : "42.1793534400000"
            throw HTTPAPIError(
                .badRequest, code: "invalid_position",
                message: "api: Last-Event-ID (or since) must be an event id this stream sent, such as \(example)",
                field: "since")
        }
        return position
    }
}

extension LiveUpdates {
    /// A response streaming `feed`'s updates from `since` (from now, when nil) on the request's
    /// connection `channel`; with `arrangement` (a section's pins and hides as shown now), an
    /// `arranged` event whenever it changes.
    func response(
        _ feed: LiveFeed, since: LivePosition?, on channel: any Channel,
        arrangement: (@Sendable () -> LiveArrangement)? = nil
    ) -> Response {
        let live = self
        let body = ResponseBody { writer in
            // The head and `retry:` through Hummingbird; every frame after them the hub writes to
            // the connection itself, while this task waits: an idle reader costs its connection,
            // this suspended task and its place in the hub.
            try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
            guard let reader = live.register(feed, since: since, on: channel, arrangement: arrangement) else {
                try await writer.finish(nil)
                return
            }
            // The server's graceful shutdown waits for open responses: the stream ends when it
            // begins, not when the hub's own service is stopped after the server.
            await withGracefulShutdownHandler {
                await withTaskCancellationHandler {
                    await live.wait(reader)
                } onCancel: {
                    live.end(reader)
                }
            } onGracefulShutdown: {
                live.end(reader)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-cache",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: body)
    }
}
