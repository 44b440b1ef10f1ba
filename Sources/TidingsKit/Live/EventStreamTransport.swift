import Foundation
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body arrives as it is sent: a Server-Sent Events stream.
public struct TransportStream: Sendable {
    public var status: Int
    /// Header values by lowercased name.
    public var headers: [String: String]
    /// The body's bytes as they come; iterating no more closes the connection.
    public var body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A transport that can also hold a response open and hand its body over as it arrives — what
/// live updates need. ``URLSessionTransport`` can; a transport that cannot leaves the SDK polling.
public protocol EventStreamTransport: HTTPTransport {
    /// Sends `request` and returns once the response's head has arrived.
    func stream(_ request: TransportRequest) async throws(TidingsError) -> TransportStream

    /// Whether a stream at `url` can be held open at no cost while it is quiet; the SDK polls
    /// where not. True unless a transport says otherwise.
    func canStream(_ url: URL) -> Bool
}

extension EventStreamTransport {
    public func canStream(_ url: URL) -> Bool { true }
}

extension URLSessionTransport: EventStreamTransport {
    /// On Linux, `http://` streams are read on a socket of their own (`SocketHTTP`) and
    /// `https://` feeds are polled: FoundationNetworking's URLSession keeps a waiting connection's
    /// process busy (50–80 % of a core for as long as a stream is open). Elsewhere, URLSession.
    public func canStream(_ url: URL) -> Bool {
        #if canImport(Glibc)
            url.scheme?.lowercased() == "http"
        #else
            true
        #endif
    }

    public func stream(_ request: TransportRequest) async throws(TidingsError) -> TransportStream {
        #if canImport(Glibc)
            guard request.url.scheme?.lowercased() == "http" else { return try await streamThroughSession(request) }
            do {
                return try await SocketHTTP.open(request, timeout: EventSession.idleTimeout)
            } catch {
                throw TidingsError(transportError: error)
            }
        #else
            return try await streamThroughSession(request)
        #endif
    }

    private func streamThroughSession(_ request: TransportRequest) async throws(TidingsError) -> TransportStream {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            return try await EventSession.shared.open(urlRequest)
        } catch {
            throw TidingsError(transportError: error)
        }
    }
}

/// The one URLSession streams go through: a data delegate hands each task's bytes to its stream as
/// they arrive (FoundationNetworking has no `bytes(for:)`). A stream is idle at most 60 s between
/// bytes (servers send a heartbeat every 15 s) before it fails and is reconnected.
final class EventSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let shared = EventSession()
    /// The longest a stream may be quiet (servers send a heartbeat every 15 s).
    static let idleTimeout: TimeInterval = 60

    private struct Open {
        var head: CheckedContinuation<TransportStream, any Error>?
        var body: AsyncThrowingStream<Data, any Error>.Continuation
        var stream: AsyncThrowingStream<Data, any Error>
    }

    private let tasks = Locked<[Int: Open]>([:])
    private var session: URLSession!

    override private init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = Self.idleTimeout
        configuration.timeoutIntervalForResource = 365 * 86_400
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func open(_ request: URLRequest) async throws -> TransportStream {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                let (stream, body) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
                body.onTermination = { [weak task] _ in task?.cancel() }
                tasks.withLock { $0[id] = Open(head: head, body: body, stream: stream) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let open = tasks.withLock { tasks -> Open? in
            defer { tasks[dataTask.taskIdentifier]?.head = nil }
            return tasks[dataTask.taskIdentifier]
        }
        guard let open, let head = open.head else { return completionHandler(.allow) }
        var headers: [String: String] = [:]
        let http = response as? HTTPURLResponse
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        head.resume(returning: TransportStream(status: http?.statusCode ?? 0, headers: headers, body: open.stream))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let body = tasks.withLock { $0[dataTask.taskIdentifier]?.body }
        body?.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let open = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let head = open.head {
            head.resume(throwing: error ?? TidingsError.badResponse("the stream ended before its head"))
        }
        open.body.finish(throwing: error)
    }
}
