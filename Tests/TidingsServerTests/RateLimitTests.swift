import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsTesting

@testable import TidingsServer

@Suite("Rate limits: 429 with Retry-After per API key and per client")
struct RateLimitTests {
    @Test("a bucket gives its burst, then one request per 1/rate seconds, and says how long to wait")
    func bucket() {
        let limiter = RateLimiter(rate: 2, burst: 3)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<3 { #expect(limiter.take("a", now: start) == nil) }
        #expect(limiter.take("a", now: start) == .milliseconds(500))
        #expect(limiter.take("b", now: start) == nil, "each key has its own bucket")
        #expect(limiter.take("a", now: start.addingTimeInterval(0.25)) == .milliseconds(250))
        #expect(limiter.take("a", now: start.addingTimeInterval(0.5)) == nil)
        #expect(limiter.take("a", now: start.addingTimeInterval(0.5)) != nil)
        #expect(
            limiter.take("a", now: start.addingTimeInterval(60)) == nil, "a bucket refills to its burst, no further")
        for _ in 0..<3 { #expect(limiter.take("c", now: start) == nil) }
        #expect(limiter.take("c", now: start.addingTimeInterval(-30)) != nil, "a clock stepping back refills nothing")
        for _ in 0..<2 { #expect(limiter.take("a", now: start.addingTimeInterval(60)) == nil) }
        #expect(limiter.take("a", now: start.addingTimeInterval(60)) != nil)
    }

    @Test("buckets of clients gone quiet are forgotten once there are many")
    func pruning() {
        let limiter = RateLimiter(rate: 10, burst: 5)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0...RateLimiter.pruneAbove { _ = limiter.take("client-\(index)", now: start) }
        #expect(limiter.count == RateLimiter.pruneAbove + 1, "every bucket was just used: none is dropped")
        _ = limiter.take("late", now: start.addingTimeInterval(1))
        #expect(limiter.count < 10, "full buckets were dropped: \(limiter.count)")
    }

    @Test("a key over limits.key_rate gets 429 with Retry-After; another key is not held back")
    func perKey() async throws {
        var configuration = TidingsConfiguration()
        configuration.limits.keyRate = 1
        configuration.limits.keyBurst = 2
        try await TestApp.with(configuration: configuration) { app, client in
            func body(_ index: Int) -> String {
                #"{"events":[{"id":"r\#(index)","type":"product_created","product_id":"p\#(index)","name":"x","store_price":"1"}]}"#
            }
            for (index, expected) in [HTTPResponse.Status.ok, .ok, .tooManyRequests].enumerated() {
                try await client.execute(
                    uri: "/api/v1/events", method: .post, headers: app.writeHeaders, body: .json(body(index))
                ) { response throws in
                    #expect(response.status == expected, "\(response.text)")
                    if expected == .tooManyRequests {
                        #expect(response.headers[.retryAfter] == "1")
                        #expect(response.apiError?.code == "rate_limited")
                        #expect(response.apiError?.message.contains("API key") == true)
                    }
                }
            }
            let other = APIKeys.generate()
            _ = try await app.store.createAPIKey(name: "other", hash: APIKeys.hash(other), at: TestApp.now)
            try await client.execute(
                uri: "/api/v1/events", method: .post,
                headers: [.authorization: "Bearer \(other)", .contentType: "application/json"], body: .json(body(9))
            ) { response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                #expect(response.status == .ok, "reads are not held to the key's limit")
            }
        }
    }

    @Test("a client over limits.client_rate gets 429 on every route but /health")
    func perClient() async throws {
        var configuration = TidingsConfiguration()
        configuration.limits.clientRate = 1
        configuration.limits.clientBurst = 2
        try await TestApp.with(configuration: configuration, testing: .live) { _, client in
            for expected in [HTTPResponse.Status.ok, .ok, .tooManyRequests] {
                try await client.execute(uri: "/api/v1/news_items", method: .get) { response throws in
                    #expect(response.status == expected)
                    if expected == .tooManyRequests { #expect(response.headers[.retryAfter] == "1") }
                }
            }
            for path in ["/health", "/health/live", "/health/ready"] {
                try await client.execute(uri: path, method: .get) { response throws in
                    #expect(response.status == .ok, "\(path) is for load balancers, never limited")
                }
            }
        }
    }

    @Test("behind a trusted proxy, the client is the last X-Forwarded-For address")
    func forwardedFor() async throws {
        var configuration = TidingsConfiguration()
        configuration.limits.clientRate = 1
        configuration.limits.clientBurst = 1
        configuration.limits.trustForwardedFor = true
        try await TestApp.with(configuration: configuration, testing: .live) { _, client in
            let first: HTTPFields = [.init("X-Forwarded-For")!: "203.0.113.9, 198.51.100.1"]
            let second: HTTPFields = [.init("X-Forwarded-For")!: "198.51.100.2"]
            for (headers, expected) in [
                (first, HTTPResponse.Status.ok), (first, .tooManyRequests), (second, .ok), (second, .tooManyRequests),
            ] {
                try await client.execute(uri: "/api/v1/news_items", method: .get, headers: headers) { response throws in
                    #expect(response.status == expected)
                }
            }
        }
    }
}
