import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

private let base = URL(string: "https://example.com/blog/post.html")

@Suite("HTML sanitizer: URLs and images", .ownThreads)
struct HTMLSanitizerURLTests {
    let sanitizer = HTMLSanitizer()

    @Test(
        "drops links that are not http, https or mailto, however disguised",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#x09;script:alert(1)", "jav&#x0A;ascript:alert(1)",
            "  &#x20;javascript:alert(1)", "java\u{0}script:alert(1)", "&#106;avascript:alert(1)", "vbscript:x",
            "data:text/html,<script>alert(1)</script>", "data:image/png;base64,AAAA", "file:///etc/passwd", "",
            "feed:https://x.org/",
        ])
    func badLinks(_ href: String) {
        #expect(sanitizer.sanitize("<a href=\"\(href)\">x</a>", base: base) == "<a>x</a>")
    }

    @Test(
        "keeps http, https and mailto links, resolving relative ones",
        arguments: [
            ("https://x.org/a?b=1&amp;c=2", "https://x.org/a?b=1&amp;c=2"),
            (" HTTP://X.org ", "http://x.org/"),
            ("mailto:a@example.org", "mailto:a@example.org"),
            ("/about", "https://example.com/about"),
            ("../up", "https://example.com/up"),
            ("next.html#top", "https://example.com/blog/next.html#top"),
            ("//cdn.example.net/y", "https://cdn.example.net/y"),
            ("https://x.org/a b", "https://x.org/a%20b"),
            ("java&#x09;script.html", "https://example.com/blog/javascript.html"),
        ])
    func goodLinks(_ href: String, _ expected: String) {
        #expect(
            sanitizer.sanitize("<a href=\"\(href)\">x</a>", base: base)
                == "<a href=\"\(expected)\" rel=\"noopener noreferrer\">x</a>")
    }

    @Test(
        "resolves http(s) URLs as browsers do, the same rule as the parser's links",
        arguments: [
            ("<a href=\"https:evil/c\">x</a>", "https://example.com/blog/evil/c"),
            ("<a href=\"http:/evil/d\">x</a>", "http://evil/d"),
            ("<a href=\"\\\\cdn.example.net\\y\">x</a>", "https://cdn.example.net/y"),
            ("<a href=\"http://0x7f.1:80/a\">x</a>", "http://127.0.0.1/a"),
            ("<a href=\"https://Bücher.example/%7e?a b\">x</a>", "https://xn--bcher-kva.example/%7e?a%20b"),
            (
                "<a href=\"https://en.wikipedia.org/wiki/Anton%C3%ADn\">x</a>",
                "https://en.wikipedia.org/wiki/Anton%C3%ADn"
            ),
            ("<a href=\"mailto:Jo Smith <jo@e.com>\">x</a>", "mailto:Jo%20Smith%20%3Cjo@e.com%3E"),
        ])
    func whatwg(_ html: String, _ expected: String) {
        #expect(
            sanitizer.sanitize(html, base: base) == "<a href=\"\(expected)\" rel=\"noopener noreferrer\">x</a>")
    }

    @Test("drops URLs browsers refuse, and relative ones against a base that is not http(s)")
    func refused() {
        #expect(sanitizer.sanitize("<a href=\"http://example.com:65536/\">x</a>", base: base) == "<a>x</a>")
        #expect(sanitizer.sanitize("<img src=\"http://a b/c.png\">", base: base) == "<img>")
        #expect(sanitizer.sanitize("<a href=\"/x\">x</a>", base: URL(string: "javascript:alert(1)")) == "<a>x</a>")
    }

    @Test("keeps iframes by the host browsers would load, never with user info")
    func frames() {
        let frame = { (src: String) in HTMLSanitizer().sanitize("<iframe src=\"\(src)\"></iframe>", base: nil) }
        #expect(frame("https://www.YouTube.com/embed/x").hasPrefix("<iframe src=\"https://www.youtube.com/embed/x\""))
        #expect(frame("https://evil.example\\@youtube.com/").isEmpty)
        #expect(frame("https://youtube.com.evil.example/").isEmpty)
        #expect(frame("https://user@youtube.com/").isEmpty)
    }

    @Test("drops relative URLs when there is no base, keeps absolute ones")
    func noBase() {
        #expect(sanitizer.sanitize("<a href=/x>x</a><img src=a.png>", base: nil) == "<a>x</a><img>")
        #expect(sanitizer.sanitize("<img src=https://x.org/a.png>", base: nil) == #"<img src="https://x.org/a.png">"#)
    }

    @Test(
        "allows data: only for raster images in img src",
        arguments: [
            ("<img src=\"data:image/png;base64,AAAA\">", #"<img src="data:image/png;base64,AAAA">"#),
            ("<img src=\"data:image/svg+xml;base64,AAAA\">", "<img>"),
            ("<img src=\"DATA:IMAGE/SVG+XML,<svg onload=x>\">", "<img>"),
            ("<img src=\"data:text/html,x\">", "<img>"),
            ("<video poster=\"data:image/png;base64,AA\"></video>", "<video></video>"),
            ("<img srcset=\"data:image/png;base64,AA 1x\">", "<img>"),
            ("<img src=\"mailto:a@example.org\">", "<img>"),
        ])
    func dataURLs(_ html: String, _ expected: String) {
        #expect(sanitizer.sanitize(html, base: base) == expected)
    }

    @Test("keeps the good srcset candidates only, written canonically")
    func srcset() {
        let html =
            "<img srcset=\"a.jpg 1x,https://x.org/b.jpg  2X , javascript:alert(1) 3x,"
            + " data:image/png;base64,AA 4x, c.jpg, d.jpg 1y, https://x.org/w_100,h_50/e.jpg 100w\">"
        #expect(
            sanitizer.sanitize(html, base: base)
                == "<img srcset=\"https://example.com/blog/a.jpg 1x, https://x.org/b.jpg 2x,"
                + " https://example.com/blog/c.jpg, https://x.org/w_100,h_50/e.jpg 100w\">")
        #expect(sanitizer.sanitize("<img srcset=\"javascript:x 1x, a.jpg\">", base: nil) == "<img>")
    }

    @Test(
        "finds the first usable image",
        arguments: [
            (
                "<p>t</p><img src=https://x.org/pixel.gif width=1 height=1><img src=\"data:image/png;base64,AA\">"
                    + "<img src=photo.jpg alt=\"\"><img src=second.jpg>",
                "https://example.com/blog/photo.jpg"
            ),
            ("<img height=\"1px\" src=https://x.org/a.png><img src=https://x.org/b.png>", "https://x.org/b.png"),
            ("<IMG SRC=\" https://x.org/a.png \">", "https://x.org/a.png"),
            ("<img src=javascript:x><img src=mailto:a@b.c><script><img src=https://x.org/s.png></script>", nil),
            ("<video poster=https://x.org/p.png></video><p>no image</p>", nil),
        ] as [(String, String?)])
    func firstImage(_ html: String, _ expected: String?) {
        #expect(sanitizer.firstImage(in: html, base: base) == expected)
        #expect(sanitizer.sanitizeAndFindImage(html, base: base).image == expected)
    }

    @Test("finds no image with relative sources and no base")
    func firstImageWithoutBase() {
        #expect(sanitizer.firstImage(in: "<img src=/a.png>", base: nil) == nil)
    }
}

@Suite("HTML sanitizer: root-relative URLs", .ownThreads)
struct RootRelativeURLTests {
    @Test(
        "root-relative paths join the base's origin",
        arguments: [
            ("/news/1", "/news/1"), ("/a/b?x=1#top", "/a/b?x=1#top"), ("/a/./b", "/a/b"), ("/a/../b", "/b"),
            ("/with space", "/with%20space"), ("/ü", "/%C3%BC"), ("/p%20q", "/p%20q"),
        ])
    func origin(_ path: String, _ expected: String) throws {
        let base = try #require(URL(string: "https://example.com:8443/dir/page.html"))
        let html = HTMLSanitizer().sanitize("<a href=\"\(path)\">x</a>", base: base)
        #expect(html.contains("href=\"https://example.com:8443\(expected)\""), "\(html)")
    }
}
