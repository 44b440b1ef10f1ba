import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsServer
import TidingsStore
import TidingsTesting

/// Issue 38: the newsroom console at `/admin` — a session opened with an admin key, forms that
/// carry its token, every change through the admin API's rules and into the audit log.
@Suite("Newsroom console")
struct ConsoleRouteTests {
    /// A client's view of one response.
    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var text: String
        var location: String? { headers[.location] }
        /// The `Set-Cookie` of the console's session.
        var cookie: String? { headers[values: .setCookie].first { $0.hasPrefix("tidings_console=") } }
    }

    static func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, cookie: String? = nil,
        form: [(String, String)]? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let cookie { headers[.cookie] = cookie }
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            body = ByteBuffer(
                string: form.map {
                    "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
                }.joined(separator: "&"))
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body) {
            Answer(status: $0.status, headers: $0.headers, text: String(buffer: $0.body))
        }
    }

    /// Signs in with `secret`; the session's cookie (`name=value`).
    static func signIn(_ client: any TestClientProtocol, _ secret: String) async throws -> String {
        let answer = try await send(client, .post, "/admin/sign-in", form: [("key", secret)])
        #expect(answer.status == .seeOther, "\(answer.text)")
        let cookie = try #require(answer.cookie)
        return String(cookie.prefix { $0 != ";" })
    }

    /// The form token on a console page.
    static func csrf(_ page: String) throws -> String {
        let match = try #require(page.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/))
        return String(match.1)
    }

    static func with(_ body: @Sendable (TestApp, any TestClientProtocol, String) async throws -> Void) async throws {
        try await EditorialRouteTests.with { app, client, _ in
            let secret = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "night <desk>", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
            try await body(app, client, secret)
        }
    }

    @Test("signing in: an admin key opens a session cookie (HttpOnly, SameSite=Strict); others are refused")
    func signIn() async throws {
        try await Self.with { app, client, secret in
            let form = try await Self.send(client, .get, "/admin")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"name="key" type="password""#))
            #expect(form.headers[.cacheControl] == "no-store")
            let events = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "shop", hash: APIKeys.hash(events), scope: .write, at: TestApp.now)
            for wrong in ["", "tid_nothing", events] {
                let refused = try await Self.send(client, .post, "/admin/sign-in", form: [("key", wrong)])
                #expect(refused.status == .unauthorized, "\(wrong)")
                #expect(refused.text.contains("role=\"alert\""))
                #expect(refused.cookie == nil)
            }
            let opened = try await Self.send(client, .post, "/admin/sign-in", form: [("key", secret)])
            #expect(opened.status == .seeOther)
            #expect(opened.location == "/admin")
            let cookie = try #require(opened.cookie)
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/admin", "Max-Age=43200"] {
                #expect(cookie.contains(attribute), "\(cookie)")
            }
            #expect(!cookie.contains("Secure"), "plain HTTP: \(cookie)")
            let behindTLS = try await Self.send(
                client, .post, "/admin/sign-in", form: [("key", secret)],
                headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(behindTLS.cookie?.contains("Secure") == true)
            let crossSite = try await Self.send(
                client, .post, "/admin/sign-in", form: [("key", secret)],
                headers: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.cookie == nil)
            // Signed in: the brands and sections, who is signed in (escaped), the sign-out form.
            let home = try await Self.send(client, .get, "/admin", cookie: String(cookie.prefix { $0 != ";" }))
            #expect(home.status == .ok)
            #expect(home.text.contains("Signed in as night &lt;desk&gt;."))
            #expect(!home.text.contains("night <desk>"))
            #expect(home.text.contains(#"href="/admin/daily/news""#))
            #expect(home.text.contains(#"href="/admin/daily/shop""#), "a catalog section has a schedule too")
            #expect(home.text.contains(#"action="/admin/sign-out""#))
            #expect(home.text.contains("<td>native list</td>"), "how each section is shown, in words")
        }
    }

    @Test("a story pinned, hidden and brought back through forms: token checked, refusals in words, all audited")
    func decisions() async throws {
        try await Self.with { app, client, secret in
            let cookie = try await Self.signIn(client, secret)
            let page = try await Self.send(client, .get, "/admin/daily/news", cookie: cookie)
            #expect(page.status == .ok, "\(page.text)")
            #expect(page.text.contains("Story 12"))
            let token = try Self.csrf(page.text)
            let admin = try await AdminKey.make(app)
            let ids = try await EditorialRouteTests.stories(client, admin)
            let top = try #require(ids["Story 3"])
            let other = try #require(ids["Story 5"])
            let path = "/admin/daily/news/stories/\(top)"
            // Without the token, or with another, nothing is done.
            for form in [
                [("do", "pin"), ("position", "1")], [("csrf", String(repeating: "0", count: 64)), ("do", "pin")],
            ] {
                let refused = try await Self.send(client, .post, path, cookie: cookie, form: form)
                #expect(refused.status == .forbidden)
            }
            #expect(try await app.store.storedBrands().actions.isEmpty)
            // Pinned at the top until a time given as the browser's local date and time (UTC).
            let pinned = try await Self.send(
                client, .post, path, cookie: cookie,
                form: [("csrf", token), ("do", "pin"), ("position", "1"), ("until", "2099-12-24T18:00")])
            #expect(pinned.status == .seeOther, "\(pinned.text)")
            #expect(pinned.location == "/admin/daily/news?done=pin")
            let after = try await Self.send(client, .get, pinned.location!, cookie: cookie)
            #expect(after.text.contains("The story is pinned."))
            #expect(after.text.contains("Pinned at position 1"))
            let first = try await SectionRouteTests.page(client, "/api/v1/brands/daily/sections/news?limit=5")
            let titles = SectionRouteTests.items(first).compactMap { item -> String? in
                if case .teaser(let teaser) = item { teaser.title } else { nil }
            }
            #expect(titles.first == "Story 3", "\(titles)")
            // The same place for another story: refused, said in words, nothing changed.
            let clash = try await Self.send(
                client, .post, "/admin/daily/news/stories/\(other)", cookie: cookie,
                form: [("csrf", token), ("do", "pin"), ("position", "1")])
            #expect(clash.status == .conflict)
            #expect(clash.text.contains("That position already holds a pinned story"))
            for (form, words) in [
                ([("csrf", token), ("do", "pin"), ("position", "0")], "Choose a position from 1 to 1000"),
                (
                    [("csrf", token), ("do", "pin"), ("position", "2"), ("until", "2001-01-01T00:00")],
                    "A pin ends at a time in the future"
                ),
                ([("csrf", token), ("do", "hide"), ("reason", "  ")], "Say why the story is hidden"),
            ] {
                let refused = try await Self.send(
                    client, .post, "/admin/daily/news/stories/\(other)", cookie: cookie, form: form)
                #expect(refused.status == .unprocessableContent, "\(form)")
                #expect(refused.text.contains(words), "\(form)")
            }
            let missing = try await Self.send(
                client, .post, "/admin/daily/news/stories/no-such-story", cookie: cookie,
                form: [("csrf", token), ("do", "hide"), ("reason", "legal")])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("The story is no longer in this section."))
            #expect(try await app.store.storedBrands().actions.count == 1)
            // Hidden with a reason that is markup: shown as text wherever it appears.
            let reason = #"<script>alert("court")</script>"#
            let hidden = try await Self.send(
                client, .post, "/admin/daily/news/stories/\(other)", cookie: cookie,
                form: [("csrf", token), ("do", "hide"), ("reason", reason)])
            #expect(hidden.status == .seeOther)
            let shown = try await Self.send(client, .get, "/admin/daily/news", cookie: cookie)
            #expect(shown.text.contains("Hidden: &lt;script&gt;"))
            #expect(!shown.text.contains("<script>alert"))
            let reader = try await Self.send(client, .get, "/daily/news")
            #expect(!reader.text.contains("Story 5<"), "hidden from readers")
            // Brought back and unpinned; each decision in the audit log, by the key's name.
            for (item, what) in [(other, "unhide"), (top, "unpin")] {
                let undone = try await Self.send(
                    client, .post, "/admin/daily/news/stories/\(item)", cookie: cookie,
                    form: [("csrf", token), ("do", what)])
                #expect(undone.status == .seeOther, "\(what): \(undone.text)")
            }
            let again = try await Self.send(
                client, .post, "/admin/daily/news/stories/\(top)", cookie: cookie,
                form: [("csrf", token), ("do", "unpin")])
            #expect(again.status == .notFound, "nothing left to unpin")
            #expect(again.text.contains("The story changed meanwhile"))
            #expect(try await app.store.storedBrands().actions.isEmpty)
            let entries = try await app.store.auditEntries(AuditQuery())
            #expect(entries.filter { $0.kind == "pin" || $0.kind == "hide" }.count == 4)
            #expect(entries.allSatisfy { $0.actor == "night <desk>" || $0.kind == "brand" || $0.kind == "section" })
            #expect(entries.contains { $0.action.hasPrefix("console: hide daily/news/") })
            let audit = try await Self.send(client, .get, "/admin/audit", cookie: cookie)
            #expect(audit.status == .ok)
            #expect(audit.text.contains("night &lt;desk&gt;"))
            #expect(audit.text.contains("daily/news/\(other)"))
        }
    }

    @Test("the native/web switch: the section's version in the form, refusals in words, audited")
    func renderSwitch() async throws {
        try await Self.with { app, client, secret in
            let cookie = try await Self.signIn(client, secret)
            let page = try await Self.send(client, .get, "/admin/daily/news", cookie: cookie)
            let token = try Self.csrf(page.text)
            #expect(page.text.contains(#"<option value="native" selected>"#))
            #expect(!page.text.contains(#"value="auto""#), "auto is for legacy_json sources")
            // Shown natively: previewed as the reader shows it, and followed live by the page's script.
            #expect(page.text.contains(#"<iframe src="/daily/news" title="The section in the reader""#))
            #expect(page.text.contains(#"data-updates="/api/v1/brands/daily/sections/news/updates""#))
            let version = String(try #require(page.text.firstMatch(of: /name="version" value="(\d+)"/)).1)
            let path = "/admin/daily/news/render"
            func render() async throws -> String? {
                try await client.execute(uri: "/api/v1/brands/daily/sections/news", method: .get) { response in
                    switch try response.json(Feed.self).content {
                    case .native: "native"
                    case .web(let url): "web \(url.absoluteString)"
                    }
                }
            }
            for (form, status, words) in [
                (
                    [("csrf", token), ("version", version), ("render", "web"), ("web_url", "")],
                    HTTPResponse.Status.unprocessableContent, "To show the section as a web page"
                ),
                (
                    [
                        ("csrf", token), ("version", version), ("render", "web"),
                        ("web_url", "https://daily.example:99999/"),
                    ], .unprocessableContent, "To show the section as a web page"
                ),
                (
                    [("csrf", token), ("version", version), ("render", "auto")], .unprocessableContent,
                    "To show the section as a web page"
                ),
                (
                    [("csrf", token), ("version", version), ("render", "sideways")], .unprocessableContent,
                    "To show the section as a web page"
                ),
                (
                    [
                        ("csrf", token), ("version", "999"), ("render", "web"),
                        ("web_url", "https://daily.example/news"),
                    ], .preconditionFailed, "The section was changed meanwhile"
                ),
            ] {
                let refused = try await Self.send(client, .post, path, cookie: cookie, form: form)
                #expect(refused.status == status, "\(form): \(refused.text.prefix(300))")
                #expect(refused.text.contains(words), "\(form)")
            }
            #expect(try await render() == "native", "nothing changed")
            let switched = try await Self.send(
                client, .post, path, cookie: cookie,
                form: [
                    ("csrf", token), ("version", version), ("render", "web"), ("web_url", "https://daily.example/news"),
                ])
            #expect(switched.status == .seeOther, "\(switched.text.prefix(300))")
            #expect(try await render() == "web https://daily.example/news")
            let after = try await Self.send(client, .get, switched.location!, cookie: cookie)
            #expect(after.text.contains("The section is shown the new way now."))
            #expect(after.text.contains(#"<option value="web" selected>"#))
            #expect(!after.text.contains("<iframe"), "a section shown as a web page is not framed in the console")
            let next = String(try #require(after.text.firstMatch(of: /name="version" value="(\d+)"/)).1)
            #expect(next != version)
            let back = try await Self.send(
                client, .post, path, cookie: cookie, form: [("csrf", token), ("version", next), ("render", "native")])
            #expect(back.status == .seeOther)
            #expect(try await render() == "native")
            let entries = try await app.store.auditEntries(AuditQuery(target: "daily/news"))
            #expect(entries.filter { $0.action.hasPrefix("console: render") }.count == 2)
        }
    }

    @Test("sources: each with the sections reading it and how its fetching goes; fetch now makes it due")
    func sources() async throws {
        try await Self.with { app, client, secret in
            let cookie = try await Self.signIn(client, secret)
            let page = try await Self.send(client, .get, "/admin/sources", cookie: cookie)
            #expect(page.status == .ok)
            #expect(page.text.contains("news.rss"))
            #expect(page.text.contains("Sections: daily/news"))
            #expect(page.text.contains("Working"))
            #expect(page.text.contains(#"aria-current="page">Sources<"#))
            let token = try Self.csrf(page.text)
            let state = try #require(try await app.store.sourceStates().first)
            #expect(page.text.contains(#"name="source" value="\#(state.id)""#))
            #expect(
                try await Self.send(
                    client, .post, "/admin/sources", cookie: cookie, form: [("source", state.id)]
                ).status == .forbidden)
            let unknown = try await Self.send(
                client, .post, "/admin/sources", cookie: cookie,
                form: [("csrf", token), ("source", "file:/etc/passwd")])
            #expect(unknown.status == .notFound)
            let fetched = try await Self.send(
                client, .post, "/admin/sources", cookie: cookie, form: [("csrf", token), ("source", state.id)])
            #expect(fetched.status == .seeOther)
            #expect(fetched.location == "/admin/sources?done=fetch")
            let due = try #require(try await app.store.sourceStates().first { $0.id == state.id })
            #expect(due.nextFetchAt <= TestApp.now, "due at once: \(due.nextFetchAt)")
            let after = try await Self.send(client, .get, fetched.location!, cookie: cookie)
            #expect(after.text.contains("The source is fetched in full"))
        }
    }

    @Test("the schedule: each card, widget and ad rule with its start and end; kept whole, checked by the reader")
    func schedule() async throws {
        try await Self.with { app, client, secret in
            let cookie = try await Self.signIn(client, secret)
            let page = try await Self.send(client, .get, "/admin/daily/news", cookie: cookie)
            #expect(page.text.contains("Card push"))
            #expect(page.text.contains(#"name="start.card.0""#) && page.text.contains(#"name="end.ads""#))
            let token = try Self.csrf(page.text)
            let version = String(try #require(page.text.firstMatch(of: /name="version" value="(\d+)"/)).1)
            func cards() async throws -> Int {
                let feed = try await SectionRouteTests.page(client, "/api/v1/brands/daily/sections/news?limit=5")
                return SectionRouteTests.items(feed).filter { $0.type == "notification" }.count
            }
            #expect(try await cards() == 1)
            let backwards = try await Self.send(
                client, .post, "/admin/daily/news/schedule", cookie: cookie,
                form: [
                    ("csrf", token), ("version", version), ("start.card.0", "2099-01-02T00:00"),
                    ("end.card.0", "2099-01-01T00:00"),
                ])
            #expect(backwards.status == .unprocessableContent)
            #expect(backwards.text.contains("Each rule must end after it starts"))
            #expect(backwards.text.contains("placement.notifications[0].end"), "the field named")
            let stale = try await Self.send(
                client, .post, "/admin/daily/news/schedule", cookie: cookie,
                form: [("csrf", token), ("version", "999"), ("start.card.0", "2099-01-01T00:00")])
            #expect(stale.status == .preconditionFailed)
            #expect(try await cards() == 1, "nothing changed")
            let embargoed = try await Self.send(
                client, .post, "/admin/daily/news/schedule", cookie: cookie,
                form: [
                    ("csrf", token), ("version", version), ("start.card.0", "2099-01-01T18:00"), ("end.card.0", ""),
                    ("start.ads", ""), ("end.ads", ""),
                ])
            #expect(embargoed.status == .seeOther, "\(embargoed.text.prefix(400))")
            #expect(embargoed.location == "/admin/daily/news?done=schedule")
            #expect(try await cards() == 0, "the card waits for its start")
            let after = try await Self.send(client, .get, embargoed.location!, cookie: cookie)
            #expect(after.text.contains("The schedule is saved."))
            #expect(after.text.contains(#"name="start.card.0" type="datetime-local" value="2099-01-01T18:00""#))
            let kept = try await app.store.storedBrands().brands.first { $0.id == "daily" }?.sections.first {
                $0.id == "news"
            }
            #expect(kept?.document.contains("2099-01-01T18:00:00Z") == true, "\(kept?.document ?? "")")
            let next = String(try #require(after.text.firstMatch(of: /name="version" value="(\d+)"/)).1)
            let cleared = try await Self.send(
                client, .post, "/admin/daily/news/schedule", cookie: cookie,
                form: [("csrf", token), ("version", next), ("start.card.0", "")])
            #expect(cleared.status == .seeOther)
            #expect(try await cards() == 1)
            let catalog = try await Self.send(client, .get, "/admin/daily/shop", cookie: cookie)
            #expect(catalog.status == .ok)
            #expect(!catalog.text.contains(#"name="do""#), "no stories to pin in a catalog section")
            let entries = try await app.store.auditEntries(AuditQuery(target: "daily/news"))
            #expect(entries.filter { $0.action.hasPrefix("console: schedule") }.count == 2)
        }
    }

    @Test("signing out, or revoking the key, ends the session; a cross-site form does nothing")
    func sessionEnds() async throws {
        try await Self.with { app, client, secret in
            let cookie = try await Self.signIn(client, secret)
            let home = try await Self.send(client, .get, "/admin", cookie: cookie)
            let token = try Self.csrf(home.text)
            let crossSite = try await Self.send(
                client, .post, "/admin/sign-out", cookie: cookie, form: [("csrf", token)],
                headers: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(crossSite.status == .forbidden)
            #expect(try await Self.send(client, .get, "/admin/audit", cookie: cookie).text.contains("csrf"))
            let out = try await Self.send(client, .post, "/admin/sign-out", cookie: cookie, form: [("csrf", token)])
            #expect(out.status == .seeOther)
            #expect(out.cookie?.contains("Max-Age=0") == true)
            let after = try await Self.send(client, .get, "/admin/audit", cookie: cookie)
            #expect(after.status == .unauthorized, "the old cookie opens nothing")
            #expect(after.text.contains("Your session has ended."))
            #expect(!after.text.contains("csrf"))
            // A session of a key revoked later ends with it.
            let second = try await Self.signIn(client, secret)
            #expect(try await Self.send(client, .get, "/admin", cookie: second).text.contains("csrf"))
            let key = try #require(try await app.store.apiKeys().first { $0.name == "night <desk>" })
            _ = try await app.store.revokeAPIKey(id: key.id, at: TestApp.now)
            let revoked = try await Self.send(client, .get, "/admin", cookie: second)
            #expect(revoked.status == .unauthorized)
            #expect(!revoked.text.contains("csrf"))
        }
    }

    @Test("the console speaks the editor's language")
    func language() async throws {
        try await Self.with { _, client, secret in
            let signIn = try await Self.send(client, .get, "/admin?locale=nb")
            #expect(signIn.text.contains("Redaksjonskonsoll"))
            #expect(signIn.text.contains(#"action="/admin/sign-in?locale=nb""#))
            let opened = try await Self.send(client, .post, "/admin/sign-in?locale=nb", form: [("key", secret)])
            #expect(opened.location == "/admin?locale=nb")
            let cookie = String(try #require(opened.cookie).prefix { $0 != ";" })
            let page = try await Self.send(client, .get, "/admin/daily/news?locale=sv", cookie: cookie)
            #expect(page.text.contains("Fäst"))
            #expect(page.text.contains("lang=\"sv\""))
        }
    }
}

/// An admin key's headers for the JSON API, made for a test.
enum AdminKey {
    static func make(_ app: TestApp) async throws -> HTTPFields {
        let secret = APIKeys.generate()
        _ = try await app.store.createAPIKey(name: "api", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
        return [.authorization: "Bearer \(secret)", .contentType: "application/json"]
    }
}
