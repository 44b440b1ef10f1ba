#if canImport(Glibc)
    import Foundation
    import Glibc
    import TidingsModel

    /// Linux's `http://` requests and live streams, each on a socket and a thread of its own.
    ///
    /// FoundationNetworking's URLSession keeps a write-readiness source on a transfer's socket once
    /// the request is sent (curl then asks for reading only and the old source is never removed),
    /// so a connection that waits for its answer wakes the process thousands of times a second: a
    /// stream that is open for hours took 50–80 % of a core (`LiveStreamCPUTests`), and every
    /// request a slow server keeps waiting does the same while it waits. Here a connection waits in
    /// `poll(2)` and costs nothing. HTTP/1.1, one request per connection, no TLS (there is none in
    /// the SDK's dependencies on Linux) and no proxy: ``URLSessionTransport`` sends `https://`
    /// requests through URLSession and polls `https://` feeds instead of streaming them.
    enum SocketHTTP {
        /// The largest body ``send(_:timeout:)`` takes: far above any page or feed, far below what
        /// would hurt an app.
        static let maximumBody = 64 << 20

        /// Sends `request`, following up to 10 redirects (a 303, or a 301/302 after a POST, as a
        /// GET; an `https://` one through `fallback`), and returns the whole response.
        static func send(
            _ request: TransportRequest, timeout: TimeInterval,
            fallback: (TransportRequest) async throws -> TransportResponse
        ) async throws -> TransportResponse {
            var request = request
            for _ in 0...10 {
                guard request.url.scheme?.lowercased() == "http" else { return try await fallback(request) }
                let opened = try await open(request, timeout: timeout)
                var body = Data()
                for try await chunk in opened.body {
                    body.append(chunk)
                    guard body.count <= maximumBody else {
                        throw TidingsError.badResponse("the response is over \(maximumBody >> 20) MiB")
                    }
                }
                let response = TransportResponse(status: opened.status, headers: opened.headers, body: body)
                guard [301, 302, 303, 307, 308].contains(opened.status), let location = opened.headers["location"],
                    let next = URL(string: location, relativeTo: request.url)?.absoluteURL
                else { return response }
                let keepsMethod =
                    opened.status == 307 || opened.status == 308 || request.method == "GET"
                    || request.method == "HEAD"
                request = TransportRequest(
                    method: keepsMethod ? request.method : "GET", url: next,
                    headers: keepsMethod
                        ? request.headers : request.headers.filter { $0.key.lowercased() != "content-type" },
                    body: keepsMethod ? request.body : nil)
            }
            throw TidingsError.badResponse("more than 10 redirects from \(request.url.absoluteString)")
        }

        /// Sends `request` and returns once the response's head has arrived, its body to follow.
        /// A connection that takes longer than `timeout`, or a body quiet for longer (event
        /// streams carry a heartbeat every 15 s), fails with `.timeout`.
        static func open(_ request: TransportRequest, timeout: TimeInterval) async throws -> TransportStream {
            let target = try Target(request.url)
            let connection = try Connection()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { head in
                    let (stream, body) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
                    body.onTermination = { _ in connection.cancel() }
                    let thread = Thread {
                        connection.run(
                            target: target, request: request, timeout: timeout, head: head, body: body, stream: stream)
                    }
                    thread.name = "TidingsKit HTTP"
                    thread.start()
                }
            } onCancel: {
                connection.cancel()
            }
        }

        /// Where a request goes: host, port and the request target (path and query, as written).
        struct Target {
            var host: String
            var port: Int
            var path: String
            var hostHeader: String

            init(_ url: URL) throws {
                guard url.scheme?.lowercased() == "http",
                    let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                    var host = components.host, !host.isEmpty
                else { throw TidingsError.badResponse("\(url.absoluteString) is not an http:// URL") }
                if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
                self.host = host
                port = components.port ?? 80
                let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
                path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
                let shown = host.contains(":") ? "[\(host)]" : host
                hostHeader = components.port.map { "\(shown):\($0)" } ?? shown
            }
        }

        /// One connection: a socket and the pipe that wakes its thread when the stream is cancelled.
        final class Connection: @unchecked Sendable {
            /// Written to (once) when the reader goes away; read end polled beside the socket.
            private let wake: (read: Int32, write: Int32)
            private let state = Locked((cancelled: false, closed: false))

            init() throws {
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { throw TidingsError.offline }
                for fd in fds {
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(fd, F_SETFL, O_NONBLOCK)
                }
                wake = (fds[0], fds[1])
            }

            /// Wakes the thread, which then closes everything; safe from any thread, any number of times.
            func cancel() {
                state.withLock { state in
                    guard !state.cancelled, !state.closed else { return }
                    state.cancelled = true
                    var byte: UInt8 = 1
                    _ = Glibc.write(wake.write, &byte, 1)
                }
            }

            var isCancelled: Bool { state.withLock { $0.cancelled } }

            /// The thread's whole life: connect, send, read the head, hand the body over, close.
            func run(
                target: Target, request: TransportRequest, timeout: TimeInterval,
                head: CheckedContinuation<TransportStream, any Error>,
                body: AsyncThrowingStream<Data, any Error>.Continuation, stream: AsyncThrowingStream<Data, any Error>
            ) {
                var socket: Int32 = -1
                var headPending = true
                defer {
                    if socket >= 0 { Glibc.close(socket) }
                    state.withLock { state in
                        state.closed = true
                        Glibc.close(wake.read)
                        Glibc.close(wake.write)
                    }
                }
                do {
                    let milliseconds = Int32(clamping: Int((timeout * 1000).rounded()))
                    socket = try connect(to: target, waitingAtMost: milliseconds)
                    try send(
                        Self.request(
                            target: target, method: request.method, headers: request.headers, body: request.body),
                        on: socket, waitingAtMost: milliseconds)
                    var reader = Reader(socket: socket, connection: self, timeout: milliseconds)
                    let (status, fields, rest) = try reader.head()
                    headPending = false
                    head.resume(returning: TransportStream(status: status, headers: fields, body: stream))
                    var decoder = BodyDecoder(headers: fields, status: status, method: request.method)
                    for piece in try decoder.decode(rest) { body.yield(piece) }
                    while !decoder.isComplete, let bytes = try reader.next() {
                        for piece in try decoder.decode(bytes) { body.yield(piece) }
                    }
                    guard decoder.isComplete || decoder.endsWithConnection else {
                        throw TidingsError.offline  // the connection closed mid-body
                    }
                    body.finish()
                } catch {
                    let error = isCancelled ? TidingsError.cancelled : error
                    if headPending { head.resume(throwing: error) } else { body.finish(throwing: error) }
                }
            }

            /// The request's bytes; a method or header that would split the request is refused.
            static func request(target: Target, method: String = "GET", headers: [String: String], body: Data? = nil)
                throws -> [UInt8]
            {
                guard !method.isEmpty, method.utf8.allSatisfy({ (65...90).contains($0) || $0 == 45 }) else {
                    throw TidingsError.badResponse("\(method) is not a method")
                }
                var text = "\(method) \(target.path) HTTP/1.1\r\nHost: \(target.hostHeader)\r\nConnection: close\r\n"
                for (name, value) in headers.sorted(by: { $0.key < $1.key })
                where !["host", "connection", "content-length"].contains(name.lowercased()) {
                    guard !"\(name)\(value)".utf8.contains(where: { $0 == 13 || $0 == 10 }) else {
                        throw TidingsError.badResponse("header \(name) holds a line break")
                    }
                    text += "\(name): \(value)\r\n"
                }
                if body != nil || ["POST", "PUT", "PATCH"].contains(method) {
                    text += "Content-Length: \(body?.count ?? 0)\r\n"
                }
                return Array((text + "\r\n").utf8) + (body.map(Array.init) ?? [])
            }

            /// A connected non-blocking socket to the first of the host's addresses that answers.
            private func connect(to target: Target, waitingAtMost timeout: Int32) throws -> Int32 {
                var hints = addrinfo()
                hints.ai_family = AF_UNSPEC
                hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
                var list: UnsafeMutablePointer<addrinfo>?
                let resolved = getaddrinfo(target.host, String(target.port), &hints, &list)
                guard resolved == 0, let first = list else {
                    // A name the resolver says does not exist is the server's problem; a resolver
                    // that cannot be asked (EAI_AGAIN, no network) is the device's.
                    throw resolved == EAI_NONAME ? TidingsError.unreachable : TidingsError.offline
                }
                defer { freeaddrinfo(list) }
                var lastError = TidingsError.offline
                var next: UnsafeMutablePointer<addrinfo>? = first
                while let address = next {
                    next = address.pointee.ai_next
                    let fd = Glibc.socket(
                        address.pointee.ai_family,
                        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                            | Int32(SOCK_NONBLOCK.rawValue), 0)
                    guard fd >= 0 else { continue }
                    if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
                    // Refused (at once, or once the connection attempt ends) means a host answered:
                    // `init(socketErrno:)` tells that from the device's network failing.
                    if errno != EINPROGRESS {
                        lastError = TidingsError(socketErrno: errno)
                    } else {
                        do {
                            try wait(for: Int16(POLLOUT), on: fd, waitingAtMost: timeout)
                            var failure: Int32 = 0
                            var length = socklen_t(MemoryLayout<Int32>.size)
                            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                            if failure == 0 { return fd }
                            lastError = TidingsError(socketErrno: failure)
                        } catch let error as TidingsError {
                            lastError = error
                            Glibc.close(fd)
                            if error == .cancelled { throw error }
                            continue
                        }
                    }
                    Glibc.close(fd)
                }
                throw lastError
            }

            private func send(_ bytes: [UInt8], on socket: Int32, waitingAtMost timeout: Int32) throws {
                var sent = 0
                while sent < bytes.count {
                    let count = bytes[sent...].withUnsafeBytes {
                        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if count > 0 {
                        sent += count
                    } else if count < 0, errno == EAGAIN || errno == EINTR {
                        try wait(for: Int16(POLLOUT), on: socket, waitingAtMost: timeout)
                    } else {
                        throw TidingsError(socketErrno: errno)
                    }
                }
            }

            /// Waits until `socket` is ready for `events`: throws `.cancelled` when woken, `.timeout`
            /// after `timeout` ms of nothing.
            func wait(for events: Int16, on socket: Int32, waitingAtMost timeout: Int32) throws {
                var fds = [
                    pollfd(fd: socket, events: events, revents: 0),
                    pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                ]
                while true {
                    let ready = poll(&fds, 2, timeout)
                    if ready < 0, errno == EINTR { continue }
                    guard ready >= 0 else { throw TidingsError.offline }
                    guard ready > 0 else { throw TidingsError.timeout }
                    if fds[1].revents != 0 || isCancelled { throw TidingsError.cancelled }
                    return  // ready, or an error or hang-up the next call reports
                }
            }
        }

        /// Reads what the socket has, waiting no longer than the timeout.
        struct Reader {
            let socket: Int32
            let connection: Connection
            let timeout: Int32
            private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

            init(socket: Int32, connection: Connection, timeout: Int32) {
                self.socket = socket
                self.connection = connection
                self.timeout = timeout
            }

            /// The next bytes; nil once the server has closed the connection.
            mutating func next() throws -> [UInt8]? {
                while true {
                    let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
                    if count > 0 { return Array(buffer[0..<count]) }
                    if count == 0 { return nil }
                    guard errno == EAGAIN || errno == EINTR else { throw TidingsError(socketErrno: errno) }
                    try connection.wait(for: Int16(POLLIN), on: socket, waitingAtMost: timeout)
                }
            }

            /// The status, the header fields by lowercased name, and the body's first bytes; an
            /// interim answer (`100 Continue`, `103 Early Hints`) is passed over.
            mutating func head() throws -> (Int, [String: String], [UInt8]) {
                var carried: [UInt8] = []
                while true {
                    let (status, fields, rest) = try oneHead(startingWith: carried)
                    guard (100..<200).contains(status), status != 101 else { return (status, fields, rest) }
                    carried = rest
                }
            }

            private mutating func oneHead(startingWith carried: [UInt8]) throws -> (Int, [String: String], [UInt8]) {
                var bytes = carried
                var end = Self.headEnd(bytes, from: 0) ?? -1
                while end < 0 {
                    guard let more = try next() else {
                        throw TidingsError.badResponse("the stream ended before its head")
                    }
                    let searchFrom = max(0, bytes.count - 3)
                    bytes += more
                    if let found = Self.headEnd(bytes, from: searchFrom) {
                        end = found
                        break
                    }
                    guard bytes.count <= 64 * 1024 else {
                        throw TidingsError.badResponse("the stream's head is over 64 KiB")
                    }
                }
                let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let statusLine = lines[0].split(separator: " ", maxSplits: 2)
                guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                    throw TidingsError.badResponse("the stream's status line is \(lines[0].prefix(80))")
                }
                var fields: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let name = line[..<colon].lowercased()
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    fields[name] = fields[name].map { "\($0), \(value)" } ?? value
                }
                return (status, fields, Array(bytes[(end + 4)...]))
            }

            /// Where the blank line that ends a head starts.
            static func headEnd(_ bytes: [UInt8], from start: Int) -> Int? {
                guard bytes.count >= 4 else { return nil }
                for index in start...(bytes.count - 4)
                where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
                    return index
                }
                return nil
            }
        }
    }
#endif

/// An HTTP/1.1 body as it arrives: chunked, of a stated length, or up to the connection's end.
/// Hands back the body's own bytes, piece by piece, however the transfer cut them.
struct BodyDecoder {
    private enum Framing {
        case chunked
        case length(Int)
        case untilClose
    }

    private enum ChunkState {
        case size(String)
        case data(Int)
        /// The CRLF after a chunk's data (`left` bytes of it still to come).
        case dataEnd(left: Int)
        case trailers(String)
        case done
    }

    private let framing: Framing
    private var chunk = ChunkState.size("")
    private var remaining: Int

    /// The framing `headers` give a response with `status` to a `method` request: none for a
    /// `HEAD`, a 1xx, a 204 or a 304, whatever the headers say.
    init(headers: [String: String], status: Int = 200, method: String = "GET") {
        if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 {
            framing = .length(0)
            remaining = 0
        } else if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            framing = .chunked
            remaining = 0
        } else if let length = headers["content-length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            length >= 0
        {
            framing = .length(length)
            remaining = length
        } else {
            framing = .untilClose
            remaining = 0
        }
    }

    /// Whether the body is over by its own framing.
    var isComplete: Bool {
        switch framing {
        case .chunked: if case .done = chunk { return true } else { return false }
        case .length: return remaining == 0
        case .untilClose: return false
        }
    }

    /// Whether the connection's end is the body's end.
    var endsWithConnection: Bool {
        if case .untilClose = framing { return true }
        return false
    }

    mutating func decode(_ bytes: [UInt8]) throws -> [Data] {
        switch framing {
        case .untilClose:
            return bytes.isEmpty ? [] : [Data(bytes)]
        case .length:
            let taken = bytes.prefix(remaining)
            remaining -= taken.count
            return taken.isEmpty ? [] : [Data(taken)]
        case .chunked:
            return try decodeChunks(bytes[...])
        }
    }

    private mutating func decodeChunks(_ input: ArraySlice<UInt8>) throws -> [Data] {
        var pieces: [Data] = []
        var bytes = input
        while !bytes.isEmpty {
            switch chunk {
            case .done:
                return pieces
            case .size(var line):
                guard let newline = bytes.firstIndex(of: 10) else {
                    line += String(decoding: bytes, as: UTF8.self)
                    guard line.count <= 1024 else {
                        throw TidingsError.badResponse("a chunk's size line is over 1 KiB")
                    }
                    chunk = .size(line)
                    return pieces
                }
                line += String(decoding: bytes[..<newline], as: UTF8.self)
                bytes = bytes[(newline + 1)...]
                let digits = line.split(separator: ";", maxSplits: 1).first.map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                guard let digits, let size = Int(digits, radix: 16), size >= 0 else {
                    throw TidingsError.badResponse("a chunk's size is \(line.prefix(40))")
                }
                chunk = size == 0 ? .trailers("") : .data(size)
            case .data(let left):
                let taken = bytes.prefix(left)
                pieces.append(Data(taken))
                bytes = bytes.dropFirst(taken.count)
                chunk = left == taken.count ? .dataEnd(left: 2) : .data(left - taken.count)
            case .dataEnd(let left):
                let taken = bytes.prefix(left)
                bytes = bytes.dropFirst(taken.count)
                // A bare LF after the data is taken as well as CRLF.
                if left == 2, taken.first == 10 {
                    chunk = .size("")
                    bytes = input[(taken.startIndex + 1)...]
                } else {
                    chunk = left == taken.count ? .size("") : .dataEnd(left: left - taken.count)
                }
            case .trailers(var line):
                guard let newline = bytes.firstIndex(of: 10) else {
                    line += String(decoding: bytes, as: UTF8.self)
                    chunk = .trailers(line)
                    return pieces
                }
                line += String(decoding: bytes[..<newline], as: UTF8.self)
                bytes = bytes[(newline + 1)...]
                chunk = line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .done : .trailers("")
            }
        }
        return pieces
    }
}

#if canImport(Glibc)
    extension TidingsError {
        /// A socket's failure: the server's end refusing or dropping the connection (the network
        /// works) is `.unreachable`; anything else, the device's network, is `.offline`.
        init(socketErrno code: Int32) {
            let underlying = POSIXErrorCode(rawValue: code).map { POSIXError($0) as any Error }
            switch code {
            case ECONNREFUSED, ECONNRESET, EPIPE: self.init(.unreachable, underlying: underlying)
            default: self.init(.offline, underlying: underlying)
            }
        }
    }
#endif
