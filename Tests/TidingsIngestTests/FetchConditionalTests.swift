import Foundation
import Hummingbird
import Testing
import TidingsIngest

/// Conditional GET, the headers sent, compression and what the response reports, against a live server.
@Suite("SourceFetcher: conditional GET and responses")
struct FetchConditionalTests {
    static let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Shop</title></channel></rss>"

    @Test("a 200 with an ETag, then a 304 for If-None-Match that costs no body")
    func etag() async throws {
        let seen = Seen()
        let router = Router()
        router.get("feed.rss") { request, _ in
            seen.record("if-none-match", request.headers[.ifNoneMatch] ?? "-")
            seen.record("user-agent", request.headers[.userAgent] ?? "-")
            seen.record("accept", request.headers[.accept] ?? "-")
            seen.record("accept-encoding", request.headers[.acceptEncoding] ?? "-")
            if request.headers[.ifNoneMatch] == "\"v1\"" {
                return Response(status: .notModified, headers: [.eTag: "\"v1\"", .cacheControl: "max-age=60"])
            }
            return Response(
                status: .ok,
                headers: [
                    .eTag: "\"v1\"", .contentType: "application/RSS+xml; charset=\"UTF-8\"",
                    .cacheControl: "public, max-age=300",
                ],
                body: .init(byteBuffer: ByteBuffer(string: Self.feed)))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let url = URL(string: "http://127.0.0.1:\(port)/feed.rss")!
                let first = try await fetcher.fetch(FetchRequest(url: url))
                #expect(first.status == 200)
                #expect(String(decoding: first.body, as: UTF8.self) == Self.feed)
                #expect(first.etag == "\"v1\"")
                #expect(first.contentType == "application/rss+xml")
                #expect(first.charset == "UTF-8")
                #expect(first.freshness == 300)
                #expect(first.finalURL == url)
                #expect(first.redirects == 0)
                #expect(!first.noStore)
                let second = try await fetcher.fetch(FetchRequest(url: url, etag: first.etag))
                #expect(second.status == 304)
                #expect(second.notModified)
                #expect(second.body.isEmpty)
                #expect(second.etag == "\"v1\"")
                #expect(second.freshness == 60)
            }
        }
        #expect(seen.values("if-none-match") == ["-", "\"v1\""], "the server saw the conditional request")
        #expect(seen.values("user-agent").first == FetchPolicy().userAgent)
        #expect(seen.values("accept").first?.hasPrefix("application/rss+xml, application/atom+xml") == true)
        #expect(seen.values("accept-encoding").first == "gzip, deflate")
    }

    @Test("Last-Modified comes back as If-Modified-Since; a 304 without validators keeps the request's")
    func lastModified() async throws {
        let stamp = "Sat, 21 Nov 2026 10:00:00 GMT"
        let seen = Seen()
        let router = Router()
        router.get("feed.rss") { request, _ in
            seen.record("if-modified-since", request.headers[.ifModifiedSince] ?? "-")
            if request.headers[.ifModifiedSince] == stamp { return Response(status: .notModified) }
            return Response(
                status: .ok, headers: [.lastModified: stamp, .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: Self.feed)))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let url = URL(string: "http://127.0.0.1:\(port)/feed.rss")!
                let first = try await fetcher.fetch(FetchRequest(url: url))
                #expect(first.lastModified == stamp)
                #expect(first.etag == nil)
                #expect(first.noStore)
                let second = try await fetcher.fetch(FetchRequest(url: url, lastModified: first.lastModified))
                #expect(second.status == 304)
                #expect(second.lastModified == stamp)
            }
        }
        #expect(seen.values("if-modified-since") == ["-", stamp])
    }

    @Test("a gzip body is decompressed")
    func gzip() async throws {
        let compressed = try FetchTestServer.gzip(Array(Self.feed.utf8))
        let router = Router()
        router.get("feed.rss.gz") { _, _ in
            Response(
                status: .ok, headers: [.contentEncoding: "gzip", .contentType: "application/rss+xml"],
                body: .init(byteBuffer: ByteBuffer(bytes: compressed)))
        }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let url = URL(string: "http://127.0.0.1:\(port)/feed.rss.gz")!
                let response = try await fetcher.fetch(FetchRequest(url: url))
                #expect(String(decoding: response.body, as: UTF8.self) == Self.feed)
            }
        }
    }

    @Test("404 and 500 are .http(status); a 503's Retry-After: 120 is reported")
    func statuses() async throws {
        let router = Router()
        router.get("missing") { _, _ in Response(status: .notFound) }
        router.get("broken") { _, _ in Response(status: .internalServerError) }
        router.get("busy") { _, _ in Response(status: .serviceUnavailable, headers: [.retryAfter: "120"]) }
        router.get("slow-down") { _, _ in Response(status: .tooManyRequests, headers: [.retryAfter: "soon"]) }
        try await FetchTestServer.with(router) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let base = "http://127.0.0.1:\(port)"
                let missing = await FetchTestServer.failure(fetcher, "\(base)/missing")
                #expect(missing?.kind == .http(404))
                #expect(missing?.message == "fetch: \(base)/missing answered 404 Not Found")
                #expect(missing?.retryAfter == nil)
                #expect(await FetchTestServer.failure(fetcher, "\(base)/broken")?.kind == .http(500))
                let busy = await FetchTestServer.failure(fetcher, "\(base)/busy")
                #expect(busy?.kind == .http(503))
                #expect(busy?.retryAfter == 120)
                let slowDown = await FetchTestServer.failure(fetcher, "\(base)/slow-down")
                #expect(slowDown?.kind == .http(429))
                #expect(slowDown?.retryAfter == nil, "an unreadable Retry-After is no hint")
            }
        }
    }
}
