import Foundation
import Hummingbird
import Testing
import TidingsIngest

/// Timeouts and the body cap, against a live server that stalls or sends too much.
@Suite("SourceFetcher: timeouts and size limits")
struct FetchLimitTests {
    @Test("headers then a stalled body end with .timeout after the read timeout")
    func stalledBody() async throws {
        let gate = Gate()
        let router = Router()
        router.get("slow") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "<rss>"))
                    await gate.wait()
                    try await writer.finish(nil)
                })
        }
        var policy = FetchTestServer.policy
        policy.readTimeout = .milliseconds(300)
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(policy) { fetcher in
                let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/slow")
                gate.open()
                #expect(error?.kind == .timeout)
                // "…in the middle of the body" normally; on a loaded machine the head itself may be late.
                #expect(error?.message.contains("nothing arrived for") == true, "\(String(describing: error))")
            }
        }
    }

    /// Issue 12: the total limit was checked only as bytes arrived, so an origin that trickled
    /// slower than the read timeout (or stalled under a long one) held the fetch far past it.
    @Test("a body that trickles or stalls ends at the total timeout, however long the read timeout")
    func trickle() async throws {
        let gate = Gate()
        let router = Router()
        router.get("trickle") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "<rss>"))
                    for _ in 0..<100 {
                        try await Task.sleep(for: .milliseconds(400))
                        try await writer.write(ByteBuffer(string: " "))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("stall") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "<rss>"))
                    await gate.wait()
                    try await writer.finish(nil)
                })
        }
        var policy = FetchTestServer.policy
        policy.readTimeout = .seconds(60)
        policy.totalTimeout = .seconds(1)
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(policy) { fetcher in
                for path in ["trickle", "stall"] {
                    let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/\(path)")
                    #expect(error?.kind == .timeout, "\(path)")
                    #expect(error?.message.contains("took longer than 1") == true, "\(String(describing: error))")
                }
                gate.open()
            }
        }
    }

    @Test("a 1 MiB streamed body against a 64 KiB cap ends with .tooLarge; so does a Content-Length over it")
    func oversized() async throws {
        let router = Router()
        router.get("big") { _, _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<64 { try await writer.write(ByteBuffer(repeating: 0x41, count: 16 << 10)) }
                    try await writer.finish(nil)
                })
        }
        router.get("announced") { _, _ in
            Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x41, count: 1 << 20)))
        }
        var policy = FetchTestServer.policy
        policy.maxBodyBytes = 64 << 10
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(policy) { fetcher in
                let streamed = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/big")
                #expect(streamed?.kind == .tooLarge)
                #expect(streamed?.message == "fetch: http://127.0.0.1:\(port)/big sent a body over 65536 bytes")
                #expect(await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/announced")?.kind == .tooLarge)
            }
        }
    }

    @Test("a gzip bomb (10 MB of zeros in about 10 KB) ends with .tooLarge")
    func gzipBomb() async throws {
        let bomb = try FetchTestServer.gzip([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 64 << 10)
        let router = Router()
        router.get("bomb") { _, _ in
            Response(
                status: .ok, headers: [.contentEncoding: "gzip"], body: .init(byteBuffer: ByteBuffer(bytes: bomb)))
        }
        var policy = FetchTestServer.policy
        policy.maxBodyBytes = 1 << 20
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(policy) { fetcher in
                let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/bomb")
                #expect(error?.kind == .tooLarge)
            }
        }
    }

    @Test("an encoding Tidings did not ask for is refused rather than passed on compressed")
    func unknownEncoding() async throws {
        let router = Router()
        router.get("br") { _, _ in
            Response(status: .ok, headers: [.contentEncoding: "br"], body: .init(byteBuffer: ByteBuffer(string: "x")))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/br")
                #expect(error?.kind == .other)
                #expect(error?.message.contains("Content-Encoding br") == true)
            }
        }
    }
}
