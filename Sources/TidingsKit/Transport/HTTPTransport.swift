import Foundation
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request as the SDK makes it.
public struct TransportRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header names as written; the transport sends them as they are.
    public var headers: [String: String]
    public var body: Data?

    /// Creates a request.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// One HTTP response: the status, headers by lowercased name, and the body.
public struct TransportResponse: Sendable, Hashable {
    public var status: Int
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var body: Data

    /// Creates a response; header names are lowercased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
    }

    /// A header's value, by any capitalisation of its name.
    public subscript(header name: String) -> String? { headers[name.lowercased()] }
}

/// Sends requests. URLSession by default; an app (or a test) may plug in its own.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, or throws ``TidingsError``.
    func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse
}

/// The default transport over `URLSession`, with the HTTP cache left to ``ResponseCache``.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    /// The request timeout of a transport made with ``init(timeout:)``; nil for an app's own
    /// session, whose configuration (proxies, protocol classes) every request goes through.
    let socketTimeout: TimeInterval?

    /// A transport over an ephemeral session (no URLCache: TidingsKit caches itself) with a
    /// request timeout. Transports with the same timeout share one session, which lives as long
    /// as the process: on Linux, FoundationNetworking tears a session's sockets down racing their
    /// dispatch sources (swift-corelibs-foundation#4791; a crash in `_dispatch_event_loop_drain`
    /// seen in this suite), and a session per client made that teardown frequent.
    ///
    /// On Linux, its `http://` requests go over sockets of their own (`SocketHTTP`): a
    /// FoundationNetworking request keeps a core busy while it waits for its answer.
    public init(timeout: TimeInterval = 30) {
        socketTimeout = timeout
        session = Self.sessions.withLock { sessions in
            if let session = sessions[timeout] { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = timeout
            let session = URLSession(configuration: configuration)
            sessions[timeout] = session
            return session
        }
    }

    /// The shared sessions, by timeout.
    private static let sessions = Locked<[TimeInterval: URLSession]>([:])

    /// A transport over an app's own session.
    public init(session: URLSession) {
        self.session = session
        socketTimeout = nil
    }

    public func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
        #if canImport(Glibc)
            if let socketTimeout, request.url.scheme?.lowercased() == "http" {
                do {
                    return try await SocketHTTP.send(request, timeout: socketTimeout) { request in
                        try await sendThroughSession(request)
                    }
                } catch {
                    throw TidingsError(transportError: error)
                }
            }
        #endif
        return try await sendThroughSession(request)
    }

    private func sendThroughSession(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw TidingsError.badResponse("the response is not HTTP")
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return TransportResponse(status: http.statusCode, headers: headers, body: data)
        } catch {
            throw TidingsError(transportError: error)
        }
    }
}
