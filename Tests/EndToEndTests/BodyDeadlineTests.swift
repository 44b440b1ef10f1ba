import Foundation
import Testing
import TidingsTesting

#if canImport(Glibc)
    import Glibc
#endif

/// `server.body_timeout`: a request body sent a byte at a time is answered 408 and its connection
/// closed once the deadline passes, whether a handler was reading it or had answered without it.
/// The built `tidings serve` and raw sockets on loopback (an HTTP client sends bodies whole).
@Suite("Request body deadline", .serialized)
struct BodyDeadlineTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("body")
    }

    /// A TCP connection to 127.0.0.1:`port`, with a receive timeout.
    final class Connection: @unchecked Sendable {
        let fd: Int32

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0, "connect: \(errno)")
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        /// Sends `text`; false once the server closed the connection.
        @discardableResult
        func send(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } > 0
        }

        /// What arrives until the server closes the connection or `limit` passes; whether it closed,
        /// and when this thread saw it (or gave up).
        func readUntilClosed(limit: Duration) -> (text: String, closed: Bool, at: ContinuousClock.Instant) {
            var received: [UInt8] = []
            let deadline = ContinuousClock.now + limit
            var buffer = [UInt8](repeating: 0, count: 4096)
            while ContinuousClock.now < deadline {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count == 0 { return (String(decoding: received, as: UTF8.self), true, .now) }
                if count > 0 { received += buffer[..<count] }
            }
            return (String(decoding: received, as: UTF8.self), false, .now)
        }
    }

    /// Sends `head` and then the body a byte every 300 ms (for at most 15 s), and returns what
    /// came back, whether the connection closed, and when.
    func trickle(port: Int, head: String) async throws -> (text: String, closed: Bool, after: Duration) {
        let connection = try Connection(port: port)
        let started = ContinuousClock.now
        connection.send(head + "{")
        let sender = Task {
            for _ in 0..<50 {
                try await Task.sleep(for: .milliseconds(300))
                guard connection.send(" ") else { return }
            }
        }
        // A blocking read: on a thread of its own, not one of the pool's two (the suite keeps them
        // busy, and the read would start, and time, late). The close is timed on that thread too:
        // under the whole suite's load, getting back onto the pool once it is over took 15 s in CI.
        let (text, closed, at) = try await withOwnThreads("trickle") { connection.readUntilClosed(limit: .seconds(15)) }
        sender.cancel()
        return (text, closed, at - started)
    }

    @Test("a body trickling in past server.body_timeout gets 408 and a closed connection")
    func slowBodies() async throws {
        let created = try await TidingsProcess.run(
            ["keys", "create", "--name", "slow", "--database", "sqlite:slow.sqlite"], in: folder)
        let key = String(try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }))
        let server = try TidingsProcess(
            ["serve", "--port", "0", "--no-demo", "--database", "sqlite:slow.sqlite"], in: folder,
            environment: ["TIDINGS_SERVER_BODY_TIMEOUT": "2s"])
        defer { server.process.terminate() }
        let port = try await server.waitForPort()
        let head = { (key: String?) in
            "POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + (key.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "Content-Length: 1000\r\n\r\n"
        }

        // The handler is reading the body: 408 at the deadline, then the connection closes.
        let reading = try await trickle(port: port, head: head(key))
        #expect(reading.text.hasPrefix("HTTP/1.1 408"), "\(reading.text)")
        #expect(reading.text.contains(#""code":"request_timeout""#))
        #expect(reading.closed)
        #expect(reading.after < .seconds(5), "\(reading.after)")

        // Answered at once without the body (no key: 401), the rest is still held to the deadline.
        let refused = try await trickle(port: port, head: head(nil))
        #expect(refused.text.hasPrefix("HTTP/1.1 401"), "\(refused.text)")
        // Not "408" anywhere: a random X-Request-Id can hold those digits (CI saw "…f1408b…").
        #expect(!refused.text.contains("HTTP/1.1 408"))
        #expect(!refused.text.contains("request_timeout"))
        #expect(refused.closed)
        #expect(refused.after < .seconds(5), "\(refused.after)")

        // A body that arrives in time is served as ever, on a connection that stays open.
        let connection = try Connection(port: port)
        let events = #"{"events":[]}"#
        connection.send(head(key).replacingOccurrences(of: "1000", with: "\(events.utf8.count)") + events)
        let answered = connection.readUntilClosed(limit: .seconds(3))
        #expect(answered.text.hasPrefix("HTTP/1.1 "), "\(answered.text)")
        #expect(!answered.text.contains("HTTP/1.1 408"))
        #expect(!answered.text.contains("request_timeout"))
        #expect(!answered.closed, "kept alive")
    }
}
