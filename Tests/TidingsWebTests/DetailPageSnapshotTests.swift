import Foundation
import SnapshotTesting
import Testing
import TidingsModel
import TidingsSections

@testable import TidingsWeb

@Suite("Brands, article, product and error page snapshots")
struct DetailPageSnapshotTests {
    typealias F = WebFixtures

    @Test("brands page lists every brand with its sections and colour")
    func brands() throws {
        assertSnapshot(of: try F.html(BrandsPage(context: try F.context(nil))), as: .lines)
    }

    @Test("article page: sanitized content inserted as is, original link, way back")
    func article() throws {
        let page = ArticlePage(
            context: try F.context(F.courier, path: "/courier/news/articles/t1"), teaser: F.teaser,
            contentHTML: "<p>The <em>ferry</em> is back.</p>", section: F.news)
        assertSnapshot(of: try F.html(page), as: .lines)
    }

    @Test("article without content shows its summary; without image the placeholder")
    func bareArticle() throws {
        var teaser = F.bareTeaser
        teaser.summary = "Only a summary."
        let html = try F.html(
            ArticlePage(
                context: try F.context(F.courier, path: "/courier/news/articles/t2"), teaser: teaser, contentHTML: nil,
                section: F.news))
        #expect(html.contains(#"<p class="content" dir="auto">Only a summary.</p>"#))
        #expect(html.contains(#"<div class="hero placeholder" aria-hidden="true"></div>"#))
        #expect(!html.contains("Read on the original site"))
    }

    @Test("the article's picture has its own size and alternative text when the feed gave them, escaped")
    func heroDetails() throws {
        var teaser = F.teaser
        (teaser.imageWidth, teaser.imageHeight) = (1200, 675)
        teaser.imageAlt = #"The harbour at dawn "><script>alert(1)</script>"#
        let html = try F.html(
            ArticlePage(
                context: try F.context(F.courier, path: "/courier/news/articles/t1"), teaser: teaser, contentHTML: nil,
                section: F.news))
        #expect(
            html.contains(
                #"alt="The harbour at dawn &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" width="1200" height="675""#),
            "\(html)")
        teaser.imageWidth = nil
        let half = try F.html(
            ArticlePage(
                context: try F.context(F.courier, path: "/courier/news/articles/t1"), teaser: teaser, contentHTML: nil,
                section: F.news))
        #expect(half.contains(#"width="800" height="600""#), "one side alone says no shape")
    }

    @Test("product page: price history newest first, with the change coloured by direction")
    func product() throws {
        let points = [
            ProductPage.Point(at: F.now.addingTimeInterval(-3 * 86_400), price: "100,00 ₽", minorUnits: 10_000),
            ProductPage.Point(at: F.now.addingTimeInterval(-2 * 86_400), price: "88,00 ₽", minorUnits: 8_800),
            ProductPage.Point(at: F.now.addingTimeInterval(-86_400), price: "92,40 ₽", minorUnits: 9_240),
        ]
        let page = ProductPage(
            context: try F.context(F.grocery, path: "/grocery/products/milk"),
            product: .init(id: "milk", name: "Молоко", size: "1 л", imageURL: nil, price: "92,40 ₽"), history: points,
            section: F.catalog)
        let html = try F.html(page)
        #expect(html.contains("−12%"), "one percent style with the cards (\"Скидка 12%\")")
        #expect(html.contains("+5%"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("error page: what went wrong, a retry link and the way home, apart")
    func error() throws {
        let page = ErrorPage(
            context: try F.context(F.courier, path: "/courier/news"), message: "The store is not answering.",
            kind: .failed(retryHref: "/courier/news"))
        let html = try F.html(page)
        #expect(html.contains(#"data-state="error""#) && html.contains("Try again"))
        assertSnapshot(of: html, as: .lines)
    }

    @Test("not-found page: what was not found and the way home, never \"Try again\"")
    func notFound() throws {
        let page = ErrorPage(
            context: try F.context(F.courier, path: "/courier/nope"), message: "No such section.", kind: .notFound)
        let html = try F.html(page)
        #expect(html.contains("Page not found") && html.contains(#"data-state="not-found""#))
        #expect(!html.contains("Try again") && !html.contains("Something went wrong") && !html.contains("data-reload"))
        #expect(html.contains(#"<a class="button" href="/courier">To the front page of The Courier</a>"#))
        assertSnapshot(of: html, as: .lines)
    }
}

@Suite("Escaping")
struct EscapingTests {
    typealias F = WebFixtures

    @Test("feed text is escaped in text and attributes; script URLs never become links or images")
    func hostileTeaser() throws {
        let hostile = Teaser(
            id: #"x" onmouseover="alert(1)"#, title: #"<script>alert("t")</script>"#,
            summary: "<img src=x onerror=alert(2)>", imageURL: URL(string: "javascript:alert(3)"),
            url: URL(string: "javascript:alert(4)"), publishedAt: nil, source: #"A & "B""#)
        let context = try F.context(F.courier, path: "/courier/news")
        let html = try F.html(
            SectionPage(
                context: context, section: F.news, feed: F.feed([.teaser(hostile)]), cursor: nil, sourceFailure: nil))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains(#"onmouseover="alert"#))
        #expect(html.contains("A &amp; &quot;B&quot;"))
        let article = try F.html(
            ArticlePage(context: context, teaser: hostile, contentHTML: nil, section: F.news))
        #expect(!article.contains("javascript:"))
        #expect(!article.contains("<script>alert"))
    }

    /// Issue 34: a feed's description (or an extracted page) that starts with the lead picture
    /// showed it twice, and an extracted article opening with its byline showed the byline twice.
    @Test("the lead picture and the byline are shown once when the article's own HTML has them")
    func noDuplicates() throws {
        let context = try F.context(F.courier, path: "/courier/news")
        func teaser(_ image: String?) -> Teaser {
            Teaser(
                id: "t", title: "Storm", summary: "s", imageURL: image.flatMap(URL.init(string:)),
                url: URL(string: "https://a.example/1"), publishedAt: nil, source: "Courier")
        }
        func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }
        let body = #"<p><img src="https://cdn.a.example/2026/storm-800x600.jpg" alt="Storm"></p><p>Wind.</p>"#
        // The same picture, another rendition: the content shows it, the page adds no hero.
        let same = try F.html(
            ArticlePage(
                context: context, teaser: teaser("https://CDN.a.example/2026/storm.jpg?w=1200"), contentHTML: body,
                section: F.news))
        #expect(!same.contains(#"class="hero"#), "no hero and no placeholder")
        #expect(count("<img", in: same) == 1)
        // Another picture: both.
        let other = try F.html(
            ArticlePage(
                context: context, teaser: teaser("https://cdn.a.example/2026/crowd.jpg"), contentHTML: body,
                section: F.news))
        #expect(other.contains(#"<img class="hero""#) && count("<img", in: other) == 2)
        // No picture anywhere: the placeholder.
        let none = try F.html(
            ArticlePage(context: context, teaser: teaser(nil), contentHTML: "<p>Wind.</p>", section: F.news))
        #expect(none.contains(#"class="hero placeholder""#))

        var opening = ArticlePage(
            context: context, teaser: teaser(nil),
            contentHTML: "<p>By <a href=\"https://a.example/ih\">Ingrid Holm</a> · 27 November</p><p>Wind.</p>",
            section: F.news)
        opening.byline = "By Ingrid Holm"
        #expect(!(try F.html(opening)).contains(#"class="byline""#), "the article's first line says it")
        var later = ArticlePage(
            context: context, teaser: teaser(nil), contentHTML: "<p>Wind over the coast.</p>", section: F.news)
        later.byline = "Ingrid Holm"
        #expect(try F.html(later).contains(#"<bdi class="byline">Ingrid Holm</bdi>"#))
    }

    /// Issue 13: a right-to-left override in a feed title reversed the rest of the page title.
    @Test("feed text is isolated: dir=auto or <bdi> in the page, U+2068…U+2069 in the <title>")
    func textDirection() throws {
        let rlo = Teaser(
            id: "t", title: "abc\u{202E}def", summary: "\u{202E}summary", imageURL: nil,
            url: URL(string: "https://a.example/1"), publishedAt: nil, source: "\u{202E}Source")
        let context = try F.context(F.courier, path: "/courier/news")
        let section = try F.html(
            SectionPage(
                context: context, section: F.news, feed: F.feed([.teaser(rlo)]), cursor: nil, sourceFailure: nil))
        #expect(section.contains("data-open dir=\"auto\">abc\u{202E}def</a>"))
        #expect(section.contains("<p class=\"summary\" dir=\"auto\">\u{202E}summary</p>"))
        #expect(section.contains("<bdi class=\"source\">\u{202E}Source</bdi>"))
        let article = try F.html(ArticlePage(context: context, teaser: rlo, contentHTML: nil, section: F.news))
        #expect(article.contains("<title>\u{2068}abc\u{202E}def\u{2069} · "))
        #expect(article.contains("<h1 dir=\"auto\">abc\u{202E}def</h1>"))
    }

    @Test(
        "links built from the request's path never leave the site",
        arguments: [
            ("/courier/news", "/courier/news"), ("//evil.example/x", "/"), ("/\\evil.example", "/"),
            ("evil.example", "/"), ("/courier/\u{0A}x", "/"), ("/a\u{85}b", "/"), ("/a\u{7F}", "/"), ("", "/"),
            ("/nyheter/øst\u{A0}é", "/nyheter/øst\u{A0}é"),
        ])
    func localPaths(path: String, expected: String) throws {
        let context = try F.context(F.courier, path: path)
        #expect(context.path == expected)
        let html = try F.html(
            ErrorPage(context: context, message: "x", kind: .failed(retryHref: context.link(context.path))))
        #expect(!html.contains("evil.example"))
    }

    @Test("the CSP names the script's integrity and the theme's hash, read from the head alone")
    func contentSecurityPolicy() throws {
        let renderer = try F.renderer()
        let page = renderer.render(BrandsPage(context: try F.context(nil)))
        let script = try #require(renderer.assets.files["reader.js"]?.integrity)
        #expect(script.hasPrefix("sha256-") && script.count == 51)
        #expect(page.html.contains(#"integrity="\#(script)""#))
        #expect(page.contentSecurityPolicy.contains("script-src '\(script)';"))
        let theme = RenderedPage.hashSource(Array(".brand-courier{--primary:#0b3d91}".utf8))
        #expect(page.contentSecurityPolicy.contains("style-src 'self' '\(theme)';"))
        // An article's markup is the body's: a style or script in it is never allowed.
        let hostile = ArticlePage(
            context: try F.context(F.courier), teaser: F.teaser,
            contentHTML: "<style>body{display:none}</style><script integrity=\"sha256-evil\"></script>",
            section: F.news)
        let article = renderer.render(hostile)
        #expect(!article.contentSecurityPolicy.contains(RenderedPage.hashSource(Array("body{display:none}".utf8))))
        #expect(!article.contentSecurityPolicy.contains("evil"))
        #expect(article.contentSecurityPolicy.components(separatedBy: "sha256-").count - 1 == 2)
        // A page without a theme allows no inline style at all.
        let plain = renderer.render(ErrorPage(context: try F.context(F.grocery), message: "x", kind: .notFound))
        #expect(plain.contentSecurityPolicy.contains("style-src 'self';"))
    }

    @Test("a theme becomes CSS custom properties; no theme, no style element")
    func theme() throws {
        let html = try F.html(BrandsPage(context: try F.context(nil)))
        #expect(html.contains(".brand-courier{--primary:#0b3d91}"))
        let plain = try F.html(
            ErrorPage(context: try F.context(F.grocery), message: "x", kind: .notFound))
        #expect(!plain.contains("<style"))
    }
}
