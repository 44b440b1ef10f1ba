import Foundation
import TidingsModel

extension TidingsClient {
    /// Follows a feed's live stream (a first page's `updates`) from `position`: its `update`
    /// events, and its `arranged` events as updates adding nothing with an `arrangement`, until the server ends the stream (it is stopping) or the task is cancelled; nil
    /// when this client's transport cannot stream, or not this link at no cost
    /// (``EventStreamTransport/canStream(_:)``): poll the first page then. Throws the server's
    /// refusal (a 404 for a feed without a stream) as any request's.
    public func liveUpdates(_ link: LiveUpdatesLink, from position: String) async throws(TidingsError)
        -> AsyncThrowingStream<LiveUpdate, any Error>?
    {
        guard let streaming = transport as? any EventStreamTransport else { return nil }
        guard let url = URL(string: link.href, relativeTo: baseURL)?.absoluteURL else {
            throw TidingsError.badResponse("updates link \(link.href) is not a URL")
        }
        guard streaming.canStream(url) else { return nil }
        let request = TransportRequest(
            url: url, headers: ["Accept": "text/event-stream", "Last-Event-ID": position, "Cache-Control": "no-cache"])
        let opened = try await streaming.stream(request)
        guard opened.status == 200 else {
            var body = Data()
            do {
                for try await chunk in opened.body where body.count < 64 * 1024 { body.append(chunk) }
            } catch {}
            throw Self.serverError(TransportResponse(status: opened.status, headers: opened.headers, body: body))
        }
        return AsyncThrowingStream { continuation in
            let reading = Task {
                var parser = ServerSentEventParser()
                let decoder = JSONDecoder()
                do {
                    for try await chunk in opened.body {
                        for event in parser.consume(chunk) {
                            switch event.name {
                            case "update":
                                if let update = try? decoder.decode(LiveUpdate.self, from: Data(event.data.utf8)) {
                                    continuation.yield(update)
                                }
                            case "arranged":
                                // The position does not move: nothing was added.
                                if let arrangement = try? decoder.decode(
                                    LiveArrangement.self, from: Data(event.data.utf8))
                                {
                                    continuation.yield(
                                        LiveUpdate(
                                            added: 0, changed: 0, position: event.id ?? "", arrangement: arrangement))
                                }
                            default: break
                            }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: TidingsError(transportError: error))
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }
}
