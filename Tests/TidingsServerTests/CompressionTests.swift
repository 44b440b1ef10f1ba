import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TidingsTesting

@testable import TidingsServer

@Suite("Compression: gzip and deflate for text responses")
struct CompressionTests {
    typealias Middleware = CompressionMiddleware<TidingsRequestContext>

    @Test("Accept-Encoding picks gzip, else deflate; q=0 refuses one; * takes gzip")
    func negotiation() {
        let cases: [([String], String?)] = [
            (["gzip, deflate, br"], "gzip"), (["deflate"], "deflate"), (["gzip;q=0, deflate"], "deflate"),
            (["gzip;q=0", "deflate;q=0.5"], "deflate"), (["*"], "gzip"), (["identity"], nil), (["br"], nil),
            (["gzip;q=0"], nil), ([], nil), (["GZIP"], "gzip"), (["*;q=0"], nil),
            (["gzip ; Q=0.8"], "gzip"), ([" deflate ;q=0 ,\tgzip;q=0.001"], "gzip"),
            (["gzip;q=bogus, deflate"], "deflate"),
            (["x-gzip, gzipx"], nil), (["gzip;level=9"], "gzip"), (["*;q=0.5, gzip;q=0"], nil), ([",,gzip"], "gzip"),
        ]
        for (header, expected) in cases {
            #expect(Middleware.encoding(accepted: header) == expected, "\(header)")
        }
        #expect(Middleware.isCompressible("application/json; charset=utf-8"))
        #expect(Middleware.isCompressible("text/html; charset=utf-8"))
        #expect(Middleware.isCompressible("application/rss+xml"))
        #expect(!Middleware.isCompressible("image/png"))
        #expect(!Middleware.isCompressible(nil))
    }

    @Test("a large text response is compressed for a client that accepts it, and decompresses to the same bytes")
    func compressesSpec() async throws {
        try await TestApp.with { _, client in
            var plain = ByteBuffer()
            try await client.execute(uri: "/openapi.yaml", method: .get) { response throws in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == "Accept-Encoding")
                plain = response.body
            }
            for (coding, algorithm) in [("gzip", CompressionAlgorithm.gzip()), ("deflate", .zlib())] {
                try await client.execute(
                    uri: "/openapi.yaml", method: .get, headers: [.acceptEncoding: "\(coding), br"]
                ) { response throws in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentEncoding] == coding)
                    #expect(response.headers[.vary] == "Accept-Encoding")
                    var body = response.body
                    #expect(
                        body.readableBytes < plain.readableBytes / 3, "\(body.readableBytes) of \(plain.readableBytes)")
                    #expect(response.headers[.contentLength] == String(body.readableBytes))
                    let inflated = try body.decompress(with: algorithm)
                    #expect(inflated == plain)
                }
            }
            try await client.execute(uri: "/openapi.yaml", method: .head, headers: [.acceptEncoding: "gzip"]) {
                response throws in
                #expect(response.headers[.contentEncoding] == nil, "HEAD is left alone")
            }
        }
    }

    @Test("compressed bodies are kept by their plain bytes and coding, the oldest dropped past the limit")
    func keptBodies() {
        let cache = CompressedBodies(limitBytes: 100, maxBodyBytes: 40)
        let a = ByteBuffer(string: String(repeating: "a", count: 30))
        let b = ByteBuffer(string: String(repeating: "b", count: 30))
        cache[a, "gzip", etag: "\"1\""] = ByteBuffer(string: "A-gzip")
        cache[a, "deflate", etag: "\"1\""] = ByteBuffer(string: "A-zlib")
        #expect(cache[a, "gzip", etag: "\"1\""] == ByteBuffer(string: "A-gzip"))
        #expect(cache[a, "deflate", etag: "\"1\""] == ByteBuffer(string: "A-zlib"))
        // Two bodies with one ETag (a version number two resources share) are still two bodies.
        #expect(cache[b, "gzip", etag: "\"1\""] == nil)
        cache[b, "gzip", etag: "\"1\""] = ByteBuffer(string: "B-gzip")  // 3 × 36 bytes > 100: the oldest goes
        #expect(cache.count == 2)
        #expect(cache[a, "gzip", etag: "\"1\""] == nil)
        #expect(cache[b, "gzip", etag: "\"1\""] == ByteBuffer(string: "B-gzip"))
        #expect(cache[a, "deflate", etag: "\"1\""] == ByteBuffer(string: "A-zlib"))
        let large = ByteBuffer(string: String(repeating: "c", count: 41))
        cache[large, "gzip", etag: "\"2\""] = ByteBuffer(string: "C")
        #expect(cache[large, "gzip", etag: "\"2\""] == nil, "bodies over maxBodyBytes are not kept")
    }

    @Test("a compressed page's ETag is weak, and If-None-Match with it still answers 304")
    func weakETag() async throws {
        try await TestApp.with { app, client in
            let events = (0..<20).map {
                #"{"id":"c\#($0)","type":"product_created","product_id":"product-number-\#($0)","name":"A product with a long name \#($0)","store_price":"10"}"#
            }
            try await client.execute(
                uri: "/api/v1/events", method: .post, headers: app.writeHeaders,
                body: .json(#"{"events":["# + events.joined(separator: ",") + "]}")
            ) { response throws in #expect(response.status == .ok) }
            var etag = ""
            try await client.execute(uri: "/api/v1/news_items", method: .get, headers: [.acceptEncoding: "gzip"]) {
                response throws in
                #expect(response.headers[.contentEncoding] == "gzip")
                etag = response.headers[.eTag] ?? ""
                #expect(etag.hasPrefix("W/\""), "\(etag)")
            }
            try await client.execute(
                uri: "/api/v1/news_items", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: etag]
            ) { response throws in
                #expect(response.status == .notModified)
                #expect(response.headers[.contentEncoding] == nil)
            }
        }
    }

    @Test("small responses, images and other types are sent as they are")
    func leftAlone() async throws {
        try await TestApp.with { _, client in
            try await client.execute(uri: "/health/ready", method: .get, headers: [.acceptEncoding: "gzip"]) {
                response throws in
                #expect(response.headers[.contentEncoding] == nil, "under 1 KB")
                #expect(response.status == .ok)
            }
        }
        var configuration = TidingsConfiguration()
        configuration.compress = false
        try await TestApp.with(configuration: configuration) { _, client in
            try await client.execute(uri: "/openapi.yaml", method: .get, headers: [.acceptEncoding: "gzip"]) {
                response throws in
                #expect(response.headers[.contentEncoding] == nil, "server.compress: false")
                #expect(response.headers[.vary] == nil)
            }
        }
    }
}
