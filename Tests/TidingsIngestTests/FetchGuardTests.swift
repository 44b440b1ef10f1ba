import Foundation
import Hummingbird
import NIOCore
import Testing

@testable import TidingsIngest

/// The SSRF guard, URL checks, DNS and connection failures, against a live server where one is needed.
@Suite("SourceFetcher: address guard and failures")
struct FetchGuardTests {
    @Test("the default policy refuses 127.0.0.1, [::1] and localhost before connecting")
    func defaultPolicy() async throws {
        let seen = Seen()
        let router = Router()
        router.get("feed") { _, _ in
            seen.record("feed")
            return Response(status: .ok)
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(FetchPolicy()) { fetcher in
                let direct = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/feed")
                #expect(direct?.kind == .blockedAddress)
                #expect(
                    direct?.message
                        == "fetch: http://127.0.0.1:\(port)/feed resolves to 127.0.0.1, a loopback address "
                        + "(allow it with fetch.allow_hosts)")
                #expect(await FetchTestServer.failure(fetcher, "http://[::1]:\(port)/feed")?.kind == .blockedAddress)
                #expect(
                    await FetchTestServer.failure(fetcher, "http://localhost:\(port)/feed")?.kind == .blockedAddress)
                #expect(await FetchTestServer.failure(fetcher, "http://127.1:\(port)/feed")?.kind == .blockedAddress)
            }
        }
        #expect(seen.count("feed") == 0, "the server saw no request")
    }

    @Test("allowing the name localhost lets it through")
    func allowByName() async throws {
        let router = Router()
        router.get("feed") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok"))) }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher(FetchTestServer.policy(allowing: ["LocalHost"])) { fetcher in
                for host in ["localhost", "LOCALHOST"] {
                    let url = URL(string: "http://\(host):\(port)/feed")!
                    let response = try await fetcher.fetch(FetchRequest(url: url))
                    #expect(response.body == Array("ok".utf8))
                }
            }
        }
    }

    @Test("a connection whose peer is not the checked address is dropped before the request is sent")
    func unexpectedPeer() async throws {
        let seen = Seen()
        let router = Router()
        router.get("feed") { _, _ in
            seen.record("feed")
            return Response(status: .ok)
        }
        try await FetchTestServer.with(router) { port in
            let fetcher = SourceFetcher(policy: FetchTestServer.policy)
            let clients = ClientCache(policy: FetchTestServer.policy)
            let url = URL(string: "http://127.0.0.1:\(port)/feed")!
            // Pretend the check approved 127.0.0.2 while AHC dials 127.0.0.1: the backstop must refuse.
            let checked = try #require(IPAddress("127.0.0.2"))
            var failure: FetchError?
            do {
                _ = try await clients.withClient(.init(host: "127.0.0.1", address: checked)) {
                    client throws(FetchError) in
                    try await fetcher.exchange(
                        client, url, address: checked, FetchRequest(url: url), deadline: .now() + .seconds(10))
                }
            } catch let error as FetchError {
                failure = error
            }
            #expect(failure?.kind == .blockedAddress)
            #expect(failure?.message.contains("instead of the checked 127.0.0.2") == true)
            try await clients.shutdown()
            try await fetcher.shutdown()
        }
        #expect(seen.count("feed") == 0)
    }

    @Test("only http and https, with a host and without user info")
    func badURLs() async throws {
        try await FetchTestServer.withFetcher { fetcher in
            for url in ["ftp://example.com/feed", "file:///etc/passwd", "http://user:pw@example.com/", "mailto:a@b.c"] {
                #expect(await FetchTestServer.failure(fetcher, url)?.kind == .badURL, "\(url)")
            }
        }
    }

    @Test("a name that does not resolve is .dns")
    func dns() async throws {
        try await FetchTestServer.withFetcher { fetcher in
            let error = await FetchTestServer.failure(fetcher, "http://tidings-fetch-test.invalid/feed")
            #expect(error?.kind == .dns)
            #expect(error?.message.hasPrefix("fetch: http://tidings-fetch-test.invalid/feed: ") == true)
        }
    }

    @Test("a refused connection is .connect")
    func refused() async throws {
        try await FetchTestServer.withFetcher { fetcher in
            let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:1/feed")
            #expect(error?.kind == .connect)
            #expect(
                error?.message == "fetch: http://127.0.0.1:1/feed: could not connect to 127.0.0.1 (connection refused)")
        }
    }

    @Test("after shutdown, fetches are .cancelled")
    func afterShutdown() async throws {
        let fetcher = SourceFetcher(policy: FetchTestServer.policy)
        try await fetcher.shutdown()
        #expect(await FetchTestServer.failure(fetcher, "http://127.0.0.1:1/feed")?.kind == .cancelled)
    }

    /// Issue 12: a pooled connection the origin had closed failed the fetch as "could not connect".
    @Test("a pooled connection the origin closes as it is reused is retried once on a new connection")
    func closedPooledConnection() async throws {
        let origin = try await ClosingOrigin.start(body: "<rss><channel><title>T</title></channel></rss>")
        do {
            try await FetchTestServer.withFetcher { fetcher in
                let url = URL(string: "http://127.0.0.1:\(origin.port)/feed")!
                for _ in 1...3 {
                    let response = try await fetcher.fetch(FetchRequest(url: url))
                    #expect(response.status == 200)
                }
            }
            #expect(origin.connections == 3, "the second and third fetch each met a closed connection first")
        } catch {
            try await origin.stop()
            throw error
        }
        try await origin.stop()
    }
}
