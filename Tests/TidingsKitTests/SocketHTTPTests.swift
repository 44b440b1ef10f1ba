import Foundation
import Hummingbird
import Testing
import TidingsTesting

@testable import TidingsKit

/// The HTTP/1.1 framing Linux's requests and live streams are read with, and the socket client
/// itself over real loopback HTTP: answers, refusals, silence, cancellation, methods, redirects.
@Suite("HTTP on a socket of its own")
struct SocketHTTPTests {
    static let chunked = Array("5\r\nhello\r\n7;name=value\r\n, world\r\n0\r\nTrailer: x\r\n\r\n".utf8)

    static func decodeAll(_ decoder: inout BodyDecoder, _ parts: [[UInt8]]) throws -> [UInt8] {
        try parts.flatMap { try decoder.decode($0) }.flatMap { Array($0) }
    }

    @Test("a chunked body cut at any two places gives the same bytes and ends at its last chunk")
    func chunkedCutAnywhere() throws {
        let bytes = Self.chunked
        for first in 0...bytes.count {
            for second in first...bytes.count {
                var decoder = BodyDecoder(headers: ["transfer-encoding": "chunked"])
                let parts = [Array(bytes[..<first]), Array(bytes[first..<second]), Array(bytes[second...])]
                #expect(String(decoding: try Self.decodeAll(&decoder, parts), as: UTF8.self) == "hello, world")
                #expect(decoder.isComplete)
            }
        }
    }

    @Test("a stated length ends the body there; without length or chunks the connection's end does")
    func lengthAndClose() throws {
        var sized = BodyDecoder(headers: ["content-length": "4"])
        #expect(try Self.decodeAll(&sized, [Array("ab".utf8), Array("cdef".utf8)]) == Array("abcd".utf8))
        #expect(sized.isComplete)
        var open = BodyDecoder(headers: [:])
        #expect(try Self.decodeAll(&open, [Array("ab".utf8)]) == Array("ab".utf8))
        #expect(!open.isComplete && open.endsWithConnection)
    }

    @Test("a chunk size that is not hexadecimal is a bad response, not a guess")
    func badChunkSize() {
        var decoder = BodyDecoder(headers: ["transfer-encoding": "chunked"])
        #expect(throws: TidingsError.self) { try decoder.decode(Array("zz\r\nhello\r\n".utf8)) }
    }

    #if canImport(Glibc)
        @Test("a header holding a line break is refused rather than splitting the request")
        func headerInjection() throws {
            let target = try SocketHTTP.Target(URL(string: "http://127.0.0.1:9/s?a=1")!)
            #expect(target.path == "/s?a=1" && target.hostHeader == "127.0.0.1:9")
            #expect(throws: TidingsError.self) {
                try SocketHTTP.Connection.request(target: target, headers: ["Last-Event-ID": "1\r\nX: y"])
            }
            #expect(throws: TidingsError.self) {
                try SocketHTTP.Connection.request(target: target, method: "GET / HTTP/1.0\r\nX:", headers: [:])
            }
            let ipv6 = try SocketHTTP.Target(URL(string: "http://[::1]:8080/")!)
            #expect(ipv6.host == "::1" && ipv6.hostHeader == "[::1]:8080")
        }

        @Test("https streams are polled on Linux, http streams are streamed")
        func schemes() {
            let transport = URLSessionTransport()
            #expect(transport.canStream(URL(string: "http://127.0.0.1/updates")!))
            #expect(!transport.canStream(URL(string: "https://news.example/updates")!))
        }

        static func request(_ port: Int, _ path: String) -> TransportRequest {
            TransportRequest(
                url: URL(string: "http://127.0.0.1:\(port)\(path)")!, headers: ["Accept": "text/event-stream"])
        }

        @Test("a streamed answer arrives piece by piece and ends with the server's end; a refusal keeps its body")
        func realServer() async throws {
            let router = Router()
            router.get("/events") { _, _ -> Response in
                let (pieces, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
                Task {
                    continuation.yield(ByteBuffer(string: "data: a\n\n"))
                    try await Task.sleep(for: .milliseconds(200))
                    continuation.yield(ByteBuffer(string: "data: b\n\n"))
                    continuation.finish()
                }
                return Response(
                    status: .ok, headers: [.contentType: "text/event-stream"], body: ResponseBody(asyncSequence: pieces)
                )
            }
            router.get("/gone") { _, _ -> Response in
                Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"gone"}"#)))
            }
            try await LoopbackServer.with(router) { port in
                // Generous: the pieces come from a task on the shared pool, which the suite keeps busy.
                let opened = try await SocketHTTP.open(Self.request(port, "/events"), timeout: 30)
                #expect(opened.status == 200 && opened.headers["content-type"] == "text/event-stream")
                var received = Data()
                for try await chunk in opened.body { received.append(chunk) }
                #expect(String(decoding: received, as: UTF8.self) == "data: a\n\ndata: b\n\n")

                let refused = try await SocketHTTP.open(Self.request(port, "/gone"), timeout: 30)
                #expect(refused.status == 404)
                var body = Data()
                for try await chunk in refused.body { body.append(chunk) }
                #expect(String(decoding: body, as: UTF8.self) == #"{"error":"gone"}"#)
            }
        }

        @Test("a 304, a 204 and a HEAD answer have no body whatever their headers say")
        func noBody() {
            for (status, method) in [(304, "GET"), (204, "GET"), (200, "HEAD"), (103, "GET")] {
                let decoder = BodyDecoder(headers: ["content-length": "10"], status: status, method: method)
                #expect(decoder.isComplete, "\(status) to \(method)")
            }
            #expect(!BodyDecoder(headers: ["content-length": "10"], status: 200, method: "GET").isComplete)
        }

        @Test("requests carry their method, headers and body; redirects are followed; a 304 ends at its head")
        func sending() async throws {
            let router = Router()
            router.post("/echo") { request, _ -> Response in
                let body = try await request.body.collect(upTo: 1 << 20)
                let tag = request.headers[.init("X-Tag")!] ?? ""
                return Response(
                    status: .created, headers: [.contentType: "text/plain"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "\(tag):\(String(buffer: body))")))
            }
            router.get("/moved") { _, _ -> Response in
                Response(status: .movedPermanently, headers: [.location: "/page?x=1"])
            }
            router.post("/seeother") { _, _ -> Response in Response(status: .seeOther, headers: [.location: "/page"]) }
            router.get("/page") { request, _ -> Response in
                if request.headers[.ifNoneMatch] == "\"v1\"" {
                    return Response(status: .notModified, headers: [.eTag: "\"v1\"", .contentLength: "5"])
                }
                return Response(
                    status: .ok, headers: [.eTag: "\"v1\""],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "page \(request.uri.query ?? "")")))
            }
            try await LoopbackServer.with(router) { port in
                let transport = URLSessionTransport(timeout: 60)
                let base = "http://127.0.0.1:\(port)"
                let echoed = try await transport.send(
                    TransportRequest(
                        method: "POST", url: URL(string: base + "/echo")!, headers: ["X-Tag": "t1"],
                        body: Data("hello".utf8)))
                #expect(echoed.status == 201 && String(decoding: echoed.body, as: UTF8.self) == "t1:hello")
                let moved = try await transport.send(TransportRequest(url: URL(string: base + "/moved")!))
                #expect(moved.status == 200 && String(decoding: moved.body, as: UTF8.self) == "page x=1")
                let seeOther = try await transport.send(
                    TransportRequest(method: "POST", url: URL(string: base + "/seeother")!, body: Data("x".utf8)))
                #expect(seeOther.status == 200 && String(decoding: seeOther.body, as: UTF8.self) == "page ")
                // A 304 with a stray Content-Length: answered at once, not after the timeout. The bound
                // is half the timeout, not what an idle machine takes: a loaded one resumes late.
                let started = ContinuousClock.now
                let notModified = try await transport.send(
                    TransportRequest(url: URL(string: base + "/page")!, headers: ["If-None-Match": "\"v1\""]))
                #expect(
                    notModified.status == 304 && notModified.body.isEmpty && notModified[header: "ETag"] == "\"v1\"")
                #expect(ContinuousClock.now - started < .seconds(30))
            }
        }

        @Test(
            "nobody listening is unreachable, not offline; a server that never answers times out; a caller can stop waiting"
        )
        func failures() async throws {
            let port = try LoopbackServer.freePort()
            await #expect(throws: TidingsError.unreachable) {
                _ = try await SocketHTTP.open(Self.request(port, "/"), timeout: 5)
            }
            let listener = try SilentListener()
            defer { listener.close() }
            await #expect(throws: TidingsError.timeout) {
                _ = try await SocketHTTP.open(Self.request(listener.port, "/"), timeout: 0.3)
            }
            let waiting = Task { try await SocketHTTP.open(Self.request(listener.port, "/"), timeout: 600) }
            try await Task.sleep(for: .milliseconds(200))
            let cancelled = ContinuousClock.now
            waiting.cancel()
            await #expect(throws: TidingsError.cancelled) { _ = try await waiting.value }
            // The connection's thread wakes at once; the awaiting task resumes when the cooperative
            // pool has a thread for it, which beside the whole suite took 20 s once. The bound tells
            // "cancelled" from "timed out" (600 s), not how fast an idle machine is.
            #expect(ContinuousClock.now - cancelled < .seconds(120), "cancelled at once, not at the timeout")
        }
    #endif
}
