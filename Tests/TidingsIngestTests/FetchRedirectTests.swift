import Foundation
import Hummingbird
import Testing
import TidingsIngest

/// Redirects are followed by hand, each hop checked like the first URL.
@Suite("SourceFetcher: redirects")
struct FetchRedirectTests {
    /// `/hop/N` redirects (relative Location) to `/hop/N-1`; `/hop/0` answers. `/redirect?to=URL` redirects to URL.
    static func router(_ seen: Seen) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("hop/:n") { _, context in
            let n = try context.parameters.require("n", as: Int.self)
            seen.record("hop/\(n)")
            guard n > 0 else { return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "done"))) }
            return Response(
                status: n.isMultiple(of: 2) ? .movedPermanently : .found, headers: [.location: "../hop/\(n - 1)"])
        }
        router.get("redirect") { request, _ in
            seen.record("redirect")
            return Response(
                status: .temporaryRedirect,
                headers: [.location: request.uri.queryParameters["to"].map(String.init) ?? "/"])
        }
        router.get("loop") { _, _ in Response(status: .found, headers: [.location: "/loop"]) }
        router.get("target") { _, _ in
            seen.record("target")
            return Response(status: .ok)
        }
        return router
    }

    static func redirect(_ port: Int, to target: String) -> String {
        "http://127.0.0.1:\(port)/redirect?to=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
    }

    @Test("a chain of 3 redirects is followed; the final URL and the count are reported")
    func three() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let response = try await fetcher.fetch(
                    FetchRequest(url: URL(string: "http://127.0.0.1:\(port)/hop/3")!))
                #expect(String(decoding: response.body, as: UTF8.self) == "done")
                #expect(response.redirects == 3)
                #expect(response.finalURL.absoluteString == "http://127.0.0.1:\(port)/hop/0")
            }
        }
        #expect(seen.count("hop/0") == 1)
    }

    @Test("a chain of 6 redirects is refused at the 6th, which is never requested; so is a loop")
    func six() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let error = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/hop/6")
                #expect(error?.kind == .tooManyRedirects)
                #expect(
                    error?.message.hasPrefix("fetch: http://127.0.0.1:\(port)/hop/6 redirects more than 5 times")
                        == true)
                let loop = await FetchTestServer.failure(fetcher, "http://127.0.0.1:\(port)/loop")
                #expect(loop?.kind == .tooManyRedirects)
            }
        }
        #expect(seen.count("hop/1") == 1)
        #expect(seen.count("hop/0") == 0)
    }

    @Test("a redirect to localhost is refused: 127.0.0.1 is allowed as written, not the name resolving to it")
    func localhost() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let error = await FetchTestServer.failure(
                    fetcher, Self.redirect(port, to: "http://localhost:\(port)/target"))
                #expect(error?.kind == .blockedAddress)
                #expect(error?.message.contains("http://localhost:\(port)/target resolves to") == true)
                #expect(error?.message.contains("a loopback address (allow it with fetch.allow_hosts)") == true)
            }
        }
        #expect(seen.count("redirect") == 1)
        #expect(seen.count("target") == 0, "no request reached the refused hop")
    }

    @Test("a redirect to the metadata address is refused before any connection")
    func metadata() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                for target in [
                    "http://169.254.169.254/latest/meta-data/", "http://[fd00:ec2::254]/", "http://[::ffff:a9fe:a9fe]/",
                ] {
                    let error = await FetchTestServer.failure(fetcher, Self.redirect(port, to: target))
                    // .blockedAddress rather than .connect or .timeout: nothing was dialled.
                    #expect(error?.kind == .blockedAddress, "\(target)")
                    #expect(error?.message.contains("a metadata address") == true, "\(target)")
                }
            }
        }
    }

    @Test("a redirect to another scheme or with user info is refused")
    func badTargets() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                let file = await FetchTestServer.failure(fetcher, Self.redirect(port, to: "file:///etc/passwd"))
                #expect(file?.kind == .badURL)
                let user = await FetchTestServer.failure(
                    fetcher, Self.redirect(port, to: "http://me:secret@127.0.0.1:\(port)/target"))
                #expect(user?.kind == .badURL)
                #expect(user?.message.contains("secret") == false, "credentials stay out of logs")
            }
        }
        #expect(seen.count("target") == 0)
    }

    /// Issue 12: `302 Location: http://example.com:99999/` trapped inside NIO and took the server down.
    @Test("a port outside 1…65535, in the URL or in a redirect, is a bad URL and nothing is dialled")
    func badPorts() async throws {
        let seen = Seen()
        try await FetchTestServer.with(Self.router(seen)) { port in
            try await FetchTestServer.withFetcher { fetcher in
                for target in [
                    "http://127.0.0.1:99999/target", "http://127.0.0.1:65536/target", "http://127.0.0.1:0/target",
                    "http://127.0.0.1:99999999999999999999999/target", "http://[::1]:70000/target",
                ] {
                    let redirected = await FetchTestServer.failure(fetcher, Self.redirect(port, to: target))
                    #expect(redirected?.kind == .badURL, "\(target)")
                    #expect(redirected?.message.contains("not 1…65535") == true, "\(target)")
                    let direct = await FetchTestServer.failure(fetcher, target)
                    #expect(direct?.kind == .badURL, "\(target)")
                }
                let fine = try await fetcher.fetch(
                    FetchRequest(url: URL(string: Self.redirect(port, to: "http://127.0.0.1:\(port)/target"))!))
                #expect(fine.status == 200)
            }
        }
        #expect(seen.count("target") == 1)
    }
}
