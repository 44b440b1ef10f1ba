import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsServer
import TidingsTesting

/// Issue 38: every name an editor types (through the admin API or the console) is escaped wherever
/// it is shown — the web reader, the console, the feeds — so a brand name or a card's text cannot
/// become markup in a reader's or another editor's browser.
@Suite("Editor text is escaped")
struct EditorTextEscapingTests {
    /// Markup in text, and a quote that would end an attribute.
    static let markup = #"<img src=x onerror=alert(1)>"#
    static let attribute = #"x" autofocus onfocus="alert(2)"#

    /// Whether `text` carries `typed` as markup a browser would run.
    static func isRaw(_ typed: String, in text: String) -> Bool {
        typed == markup ? text.contains("<img src=x") : text.contains(#"" autofocus onfocus=""#)
    }

    @Test("brand names, section titles and descriptions, cards, widget titles: escaped on every page and feed")
    func everywhere() async throws {
        try await EditorialRouteTests.with { app, client, admin in
            let brand = try await AdminRouteTests.send(
                client, .patch, "/api/v1/admin/brands/daily", admin, ifMatch: "*",
                body: #"{"name":"Daily \#(Self.json(Self.markup))"}"#)
            #expect(brand.status == .ok, "\(brand.text)")
            let section = try await AdminRouteTests.send(
                client, .patch, "/api/v1/admin/brands/daily/sections/news", admin, ifMatch: "*",
                body: """
                    {"title": {"en": "News \(Self.json(Self.markup))", "nb": "Nyheter \(Self.json(Self.attribute))"},
                     "description": "About \(Self.json(Self.attribute))",
                     "placement": {
                       "notifications": [{"id": "push", "kind": "enable_push", "text": "On? \(Self.json(Self.markup))"}],
                       "widgets": [{"position": 5, "kind": "weather", "location": {"city": "Bergen"},
                                    "title": "More \(Self.json(Self.attribute))"}]}}
                    """)
            #expect(section.status == .ok, "\(section.text)")

            let secret = APIKeys.generate()
            _ = try await app.store.createAPIKey(
                name: "desk", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
            let cookie = try await ConsoleRouteTests.signIn(client, secret)
            let pages = [
                "/daily", "/daily/news", "/daily/news?locale=nb", "/daily/shop",
                "/feeds/daily/news.rss", "/feeds/daily/news.atom", "/feeds/daily/news.rss?locale=nb",
                "/admin", "/admin/daily/news", "/admin/sources", "/admin/audit",
            ]
            var seen: Set<String> = []
            for page in pages {
                let answer = try await ConsoleRouteTests.send(
                    client, .get, page, cookie: page.hasPrefix("/admin") ? cookie : nil)
                #expect(answer.status == .ok, "\(page): \(answer.status)")
                // A quote is harmless in a feed's text; markup is not.
                for typed in page.hasPrefix("/feeds") ? [Self.markup] : [Self.markup, Self.attribute] {
                    #expect(!Self.isRaw(typed, in: answer.text), "\(page) shows \(typed) as markup")
                    if answer.text.contains(Self.escaped(typed)) { seen.insert(typed) }
                }
                if page == "/admin/daily/news" || page == "/daily/news" {
                    #expect(answer.text.contains(Self.escaped(Self.markup)), "\(page) shows the title")
                }
            }
            #expect(seen.count == 2, "both texts were shown somewhere, escaped: \(seen)")
        }
    }

    /// `text` inside a JSON string.
    static func json(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// `text` as HTML and XML escape it (the quote escaped either way).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
