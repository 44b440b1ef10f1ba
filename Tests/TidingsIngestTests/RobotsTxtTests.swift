import Foundation
import Testing
import TidingsModel

@testable import TidingsIngest

/// RFC 9309's rules, mostly on the RFC's own examples: which group applies, which rule wins, how
/// paths are spelled, and what a failed fetch means.
@Suite("RobotsTxt: reading and matching a robots.txt")
struct RobotsTxtTests {
    static func robots(_ text: String, token: String = "Tidings") -> RobotsTxt {
        RobotsTxt(Array(text.utf8), productToken: token)
    }

    @Test("the longest matching rule wins, whatever the order")
    func longestMatch() {
        let robots = Self.robots(
            """
            User-agent: *
            Disallow: /example/page/disallowed.gif
            Allow: /example/page/
            Disallow: /example/
            """)
        #expect(robots.allows(path: "/example/page/"))
        #expect(robots.allows(path: "/example/page/other.html"))
        #expect(!robots.allows(path: "/example/page/disallowed.gif"))
        #expect(!robots.allows(path: "/example/other"))
        #expect(robots.allows(path: "/elsewhere"))
    }

    @Test("an allow and a disallow of the same length: allow wins")
    func allowWinsTies() {
        #expect(Self.robots("User-agent: *\nDisallow: /page\nAllow: /page\n").allows(path: "/page"))
        #expect(Self.robots("User-agent: *\nAllow: /page\nDisallow: /page\n").allows(path: "/page/x"))
        // Patterns are compared by length as written, wildcards included.
        let wildcards = Self.robots("User-agent: *\nDisallow: /*.php\nAllow: /a*.php\n")
        #expect(wildcards.allows(path: "/ab.php"))
        #expect(!wildcards.allows(path: "/b.php"))
    }

    @Test("* matches any run of bytes and a final $ the end of the path")
    func wildcards() {
        let robots = Self.robots(
            """
            User-agent: *
            Disallow: /*.gif$
            Disallow: /private*/
            Disallow: /*?sessionid=
            Disallow: /exact$
            Disallow: /a$b
            """)
        #expect(!robots.allows(path: "/images/cat.gif"))
        #expect(robots.allows(path: "/images/cat.gif?size=2"))
        #expect(robots.allows(path: "/images/cat.gifs"))
        #expect(!robots.allows(path: "/private-notes/today"))
        #expect(robots.allows(path: "/privately"))
        #expect(!robots.allows(path: "/news?sessionid=abc&page=2"))
        #expect(robots.allows(path: "/news?page=2&sessionid=abc"))
        #expect(!robots.allows(path: "/exact"))
        #expect(robots.allows(path: "/exact/more"))
        // A "$" that does not end the pattern is an ordinary character.
        #expect(!robots.allows(path: "/a$b"))
        #expect(robots.allows(path: "/a"))
    }

    @Test("the RFC's percent-encoding examples: one spelling for rule and path")
    func percentEncoding() {
        let robots = Self.robots(
            """
            User-agent: *
            Disallow: /foo/bar/ツ
            Disallow: /baz/%62%61%7A
            Disallow: /~user/
            Disallow: /a%2fb
            Disallow: /path/file-with-a-%2A.html
            Disallow: /path/foo-%24
            """)
        #expect(!robots.allows(path: "/foo/bar/%E3%83%84"))
        #expect(!robots.allows(path: "/foo/bar/%e3%83%84"))
        #expect(!robots.allows(path: "/baz/baz"))
        #expect(!robots.allows(path: "/%7Euser/notes"))
        #expect(!robots.allows(path: "/%7euser/notes"))
        // An encoded slash is not a slash.
        #expect(!robots.allows(path: "/a%2Fb"))
        #expect(robots.allows(path: "/a/b"))
        // "%2A" and "%24" are a literal "*" and "$".
        #expect(!robots.allows(path: "/path/file-with-a-*.html"))
        #expect(robots.allows(path: "/path/file-with-a-b.html"))
        #expect(!robots.allows(path: "/path/foo-$"))
    }

    @Test("the group naming our token applies, merged when repeated, matched case-insensitively")
    func groups() {
        let text = """
            User-agent: *
            Disallow: /

            User-agent: tidings
            Disallow: /a

            User-agent: Other
            User-agent: someone-else
            Disallow: /b

            User-agent: TIDINGS/2.0
            Disallow: /c
            """
        let ours = Self.robots(text)
        #expect(!ours.allows(path: "/a/1"))
        #expect(!ours.allows(path: "/c/1"))
        #expect(ours.allows(path: "/b/1"))
        #expect(ours.allows(path: "/d"), "our group applies, not the * one")
        let other = Self.robots(text, token: "someone-else")
        #expect(!other.allows(path: "/b") && other.allows(path: "/a"))
        let anyone = Self.robots(text, token: "Crawler")
        #expect(!anyone.allows(path: "/anything"), "no group of its own: the * group")
        // A token is matched whole, not as a prefix.
        #expect(Self.robots("User-agent: TidingsBot\nDisallow: /\n").allows(path: "/x"))
        // Several user-agent lines share the rules that follow them.
        #expect(!Self.robots("User-agent: a\nUser-agent: Tidings\nDisallow: /x\n").allows(path: "/x"))
    }

    @Test("a group of ours without rules allows everything; no group at all does too")
    func emptyGroups() {
        #expect(Self.robots("User-agent: *\nDisallow: /\n\nUser-agent: Tidings\n").allows(path: "/x"))
        #expect(Self.robots("User-agent: Other\nDisallow: /\n").allows(path: "/x"))
        #expect(Self.robots("").allows(path: "/x"))
        // Rules before any user-agent line belong to no group.
        #expect(Self.robots("Disallow: /\nUser-agent: *\nDisallow: /y\n").allows(path: "/x"))
    }

    @Test("comments, CR, LF and CRLF line ends, a BOM, spacing and unknown lines")
    func syntax() {
        let text =
            "\u{FEFF}User-agent: * # everyone\r\nDisallow: /a # not /a\rAllow: /a/b\nSitemap: https://example.com/s.xml\n"
            + "this line means nothing\nDisallow:\n  disallow  :   /c  \n# Disallow: /d\nCRAWL-DELAY: 3\n"
        let robots = RobotsTxt(Array(text.utf8), productToken: "Tidings")
        #expect(!robots.allows(path: "/a/x"))
        #expect(robots.allows(path: "/a/b/c"))
        #expect(!robots.allows(path: "/c"))
        #expect(robots.allows(path: "/d"))
        #expect(robots.allows(path: "/"))
        #expect(robots.crawlDelay == .seconds(3))
    }

    @Test("crawl-delay: seconds, fractions, the applying group's, the largest")
    func crawlDelay() {
        #expect(Self.robots("User-agent: *\nCrawl-delay: 2.5\n").crawlDelay == .milliseconds(2_500))
        #expect(Self.robots("User-agent: *\nDisallow: /\n").crawlDelay == nil)
        #expect(Self.robots("User-agent: *\nCrawl-delay: soon\n").crawlDelay == nil)
        #expect(Self.robots("User-agent: *\nCrawl-delay: -1\n").crawlDelay == nil)
        let groups = "User-agent: *\nCrawl-delay: 30\n\nUser-agent: Tidings\nCrawl-delay: 2\nCrawl-delay: 4\n"
        #expect(Self.robots(groups).crawlDelay == .seconds(4))
        #expect(Self.robots(groups, token: "Other").crawlDelay == .seconds(30))
    }

    @Test("/robots.txt itself is always allowed")
    func robotsTxtAllowed() {
        #expect(Self.robots("User-agent: *\nDisallow: /\n").allows(path: "/robots.txt"))
        #expect(RobotsTxt.disallowAll.allows(path: "/robots.txt"))
        #expect(!RobotsTxt.disallowAll.allows(path: "/"))
        #expect(RobotsTxt.allowAll.allows(path: "/anything"))
    }

    @Test("only the first 500 KiB are read, and a line the cap cuts is dropped")
    func sizeCap() {
        let head = "User-agent: *\nDisallow: /\nAllow: /early\n"
        let comment = "#" + String(repeating: "x", count: 98) + "\n"
        var text = head + String(repeating: comment, count: (RobotsTxt.maxBytes - 11 - head.utf8.count) / 100)
        text += "#" + String(repeating: "x", count: RobotsTxt.maxBytes - 11 - text.utf8.count) + "\n"
        #expect(text.utf8.count == RobotsTxt.maxBytes - 9)
        // The cap falls after "Allow: /a": read as a rule, that would allow everything under /a.
        let tail = "Allow: /archive\nAllow: /late\n"
        let robots = Self.robots(text + tail)
        #expect(robots.allows(path: "/early"))
        #expect(!robots.allows(path: "/archive"))
        #expect(!robots.allows(path: "/a"))
        #expect(!robots.allows(path: "/late"))
        // The same rules within the cap are read.
        let short = Self.robots(head + tail)
        #expect(short.allows(path: "/archive") && short.allows(path: "/late"))
    }

    @Test("allows(url) reads the path and query of a URL")
    func url() throws {
        let robots = Self.robots("User-agent: *\nDisallow: /a/b?x\nDisallow: /%7Euser\n")
        #expect(!robots.allows(try #require(URL(string: "https://example.com/a/b?x=1"))))
        #expect(robots.allows(try #require(URL(string: "https://example.com/a/b"))))
        #expect(!robots.allows(try #require(URL(string: "https://example.com/~user/"))))
        #expect(robots.allows(try #require(URL(string: "https://example.com"))))
    }

    @Test(
        "a fetch's status decides: 2xx read, 4xx allow all, 5xx and 429 disallow all",
        arguments: [
            (200, "read"), (204, "read"), (400, "allow all"), (401, "allow all"), (403, "allow all"),
            (404, "allow all"), (410, "allow all"), (429, "disallow all"), (500, "disallow all"),
            (503, "disallow all"), (304, "disallow all"),
        ])
    func statuses(_ status: Int, _ meaning: String) {
        let body = Array("User-agent: *\nDisallow: /x\n".utf8)
        let outcome = RobotsTxt.FetchOutcome(status: status, body: body)
        let rules = RobotsTxt(outcome, productToken: "Tidings")
        switch meaning {
        case "read":
            #expect(outcome == .fetched(body))
            #expect(!rules.allows(path: "/x") && rules.allows(path: "/y"))
        case "allow all":
            #expect(outcome == .unavailable)
            #expect(rules.allows(path: "/x") && rules.allows(path: "/y"))
        default:
            #expect(outcome == .unreachable)
            #expect(!rules.allows(path: "/x") && !rules.allows(path: "/y"))
        }
    }

    @Test("a fetcher's errors: an HTTP status as above, too many redirects allow all, no answer disallows all")
    func fetchErrors() {
        func outcome(_ kind: FetchError.Kind) -> RobotsTxt.FetchOutcome {
            RobotsTxt.FetchOutcome(.failure(FetchError(kind, "fetch: test")))
        }
        #expect(outcome(.http(404)) == .unavailable)
        #expect(outcome(.http(451)) == .unavailable)
        #expect(outcome(.http(502)) == .unreachable)
        #expect(outcome(.http(429)) == .unreachable)
        #expect(outcome(.tooManyRedirects) == .unavailable)
        for kind in [FetchError.Kind.dns, .connect, .timeout, .tls, .blockedAddress, .other, .cancelled] {
            #expect(outcome(kind) == .unreachable)
        }
        let response = FetchResponse(
            status: 200, body: Array("User-agent: *\nDisallow: /\n".utf8),
            finalURL: URL(string: "https://example.com/robots.txt")!, etag: nil, lastModified: nil,
            contentType: "text/plain", charset: nil, freshness: nil, noStore: false, redirects: 1)
        #expect(RobotsTxt.FetchOutcome(.success(response)) == .fetched(response.body))
    }
}

/// The cache asks each origin once a day, keeps the last rules it read while a site is down, and
/// shares one fetch between callers.
@Suite("RobotsTxtCache: one fetch per origin and day")
struct RobotsTxtCacheTests {
    /// A fetch that answers from `answers` by URL and counts what it was asked.
    final class Origin: Sendable {
        private let state = Locked<(asked: [String], answers: [String: RobotsTxt.FetchOutcome])>(([], [:]))

        func answer(_ url: String, _ outcome: RobotsTxt.FetchOutcome) { state.withLock { $0.answers[url] = outcome } }

        var asked: [String] { state.current.asked }

        func fetch(_ url: URL) -> RobotsTxt.FetchOutcome {
            state.withLock { state in
                state.asked.append(url.absoluteString)
                return state.answers[url.absoluteString] ?? .unavailable
            }
        }
    }

    static let disallowX = RobotsTxt.FetchOutcome.fetched(Array("User-agent: *\nDisallow: /x\n".utf8))

    @Test("one fetch per origin: scheme, host and port; the robots.txt asked for is the origin's")
    func perOrigin() async throws {
        let origin = Origin()
        origin.answer("https://example.com:443/robots.txt", Self.disallowX)
        let cache = RobotsTxtCache(productToken: "Tidings") { origin.fetch($0) }
        #expect(!(await cache.rules(for: URL(string: "https://example.com/x/1")!)).allows(path: "/x/1"))
        #expect(!(await cache.rules(for: URL(string: "https://EXAMPLE.com:443/x/2?q")!)).allows(path: "/x/2"))
        #expect(origin.asked == ["https://example.com:443/robots.txt"])
        #expect((await cache.rules(for: URL(string: "http://example.com/x")!)).allows(path: "/x"))
        #expect((await cache.rules(for: URL(string: "https://example.com:8443/x")!)).allows(path: "/x"))
        #expect(
            origin.asked == [
                "https://example.com:443/robots.txt", "http://example.com:80/robots.txt",
                "https://example.com:8443/robots.txt",
            ])
        #expect((await cache.rules(for: URL(string: "file:///etc/passwd")!)).allows(path: "/etc/passwd"))
        #expect(origin.asked.count == 3)
    }

    @Test("rules are kept 24 hours, then fetched again")
    func expiry() async throws {
        let origin = Origin()
        origin.answer("https://example.com:443/robots.txt", Self.disallowX)
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = RobotsTxtCache(productToken: "Tidings", now: { now.current }, fetch: { origin.fetch($0) })
        let url = URL(string: "https://example.com/x")!
        _ = await cache.rules(for: url)
        now.withLock { $0 += 86_399 }
        _ = await cache.rules(for: url)
        #expect(origin.asked.count == 1)
        now.withLock { $0 += 2 }
        origin.answer("https://example.com:443/robots.txt", .unavailable)
        #expect((await cache.rules(for: url)).allows(url))
        #expect(origin.asked.count == 2)
    }

    @Test("an unreachable robots.txt disallows everything and is asked for again after ten minutes")
    func unreachable() async throws {
        let origin = Origin()
        origin.answer("https://down.example:443/robots.txt", .unreachable)
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = RobotsTxtCache(productToken: "Tidings", now: { now.current }, fetch: { origin.fetch($0) })
        let url = URL(string: "https://down.example/page")!
        #expect(!(await cache.rules(for: url)).allows(url))
        now.withLock { $0 += 599 }
        #expect(!(await cache.rules(for: url)).allows(url))
        #expect(origin.asked.count == 1)
        now.withLock { $0 += 2 }
        origin.answer("https://down.example:443/robots.txt", Self.disallowX)
        #expect((await cache.rules(for: url)).allows(url))
        #expect(origin.asked.count == 2)
    }

    @Test("while a site that had rules is unreachable, its last rules stay in force")
    func lastKnownRules() async throws {
        let origin = Origin()
        origin.answer("https://example.com:443/robots.txt", Self.disallowX)
        let now = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = RobotsTxtCache(productToken: "Tidings", now: { now.current }, fetch: { origin.fetch($0) })
        let page = URL(string: "https://example.com/page")!
        #expect((await cache.rules(for: page)).allows(page))
        now.withLock { $0 += 86_401 }
        origin.answer("https://example.com:443/robots.txt", .unreachable)
        let rules = await cache.rules(for: page)
        #expect(rules.allows(page) && !rules.allows(path: "/x"))
        #expect(origin.asked.count == 2)
        now.withLock { $0 += 601 }
        _ = await cache.rules(for: page)
        #expect(origin.asked.count == 3, "retried sooner than a day")
    }

    @Test("callers asking for one origin at once share one fetch")
    func sharedFetch() async throws {
        let origin = Origin()
        let latch = Latch()
        let cache = RobotsTxtCache(productToken: "Tidings") { url in
            await latch.wait()
            return origin.fetch(url)
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<10 {
                group.addTask { await cache.rules(for: URL(string: "https://example.com/\(index)")!).allows(path: "/") }
            }
            try await Task.sleep(for: .milliseconds(50))
            latch.open()
            for try await allowed in group { #expect(allowed) }
        }
        #expect(origin.asked.count == 1)
    }
}
