import Foundation
import Hummingbird
import Testing
import TidingsTesting

@testable import TidingsKit

/// The HTTP/1.1 framing Linux's live streams are read with, and the socket stream itself over real
/// loopback HTTP: answers, refusals, silence, cancellation.
@Suite("Live streams on a socket of their own")
struct SocketEventStreamTests {
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
            let target = try SocketEventStream.Target(URL(string: "http://127.0.0.1:9/s?a=1")!)
            #expect(target.path == "/s?a=1" && target.hostHeader == "127.0.0.1:9")
            #expect(throws: TidingsError.self) {
                try SocketEventStream.Connection.request(target: target, headers: ["Last-Event-ID": "1\r\nX: y"])
            }
            let ipv6 = try SocketEventStream.Target(URL(string: "http://[::1]:8080/")!)
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
                let opened = try await SocketEventStream.open(Self.request(port, "/events"), timeout: 5)
                #expect(opened.status == 200 && opened.headers["content-type"] == "text/event-stream")
                var received = Data()
                for try await chunk in opened.body { received.append(chunk) }
                #expect(String(decoding: received, as: UTF8.self) == "data: a\n\ndata: b\n\n")

                let refused = try await SocketEventStream.open(Self.request(port, "/gone"), timeout: 5)
                #expect(refused.status == 404)
                var body = Data()
                for try await chunk in refused.body { body.append(chunk) }
                #expect(String(decoding: body, as: UTF8.self) == #"{"error":"gone"}"#)
            }
        }

        @Test("nobody listening is offline; a server that never answers times out; a caller can stop waiting")
        func failures() async throws {
            let port = try LoopbackServer.freePort()
            await #expect(throws: TidingsError.offline) {
                _ = try await SocketEventStream.open(Self.request(port, "/"), timeout: 5)
            }
            let listener = try SilentListener()
            defer { listener.close() }
            await #expect(throws: TidingsError.timeout) {
                _ = try await SocketEventStream.open(Self.request(listener.port, "/"), timeout: 0.3)
            }
            let waiting = Task { try await SocketEventStream.open(Self.request(listener.port, "/"), timeout: 600) }
            try await Task.sleep(for: .milliseconds(200))
            let cancelled = ContinuousClock.now
            waiting.cancel()
            await #expect(throws: TidingsError.cancelled) { _ = try await waiting.value }
            #expect(ContinuousClock.now - cancelled < .seconds(5), "cancelled at once, not at the timeout")
        }
    #endif
}
