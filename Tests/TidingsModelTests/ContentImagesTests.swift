import Foundation
import Testing

import TidingsModel

/// Article HTML loads its images through the proxy like the rest of the page.
@Suite("Article images through the proxy")
struct ContentImagesTests {
    static let links = ImageLinks { "/img/" + $0.host()! + $0.path() }

    @Test("img src and srcset, picture source srcset and video poster are proxied; the rest is left as it was")
    func rewrites() {
        let html = """
            <p>Text <a href="https://a.example/x?a=1&amp;b=2">link</a></p>\
            <img src="https://a.example/one.png?a=1&amp;b=2" alt="One &quot;1&quot;" width="10">\
            <picture><source srcset="https://b.example/w.webp 1x, https://b.example/w2.webp 2x" type="image/webp">\
            <img src="https://b.example/w.jpg" srcset="https://b.example/s.jpg 640w, https://b.example/l.jpg 1280w" sizes="100vw"></picture>\
            <video src="https://c.example/v.mp4" poster="https://c.example/p.jpg" controls></video>\
            <imgx src="https://d.example/no.png"><p>&lt;img src="https://e.example/text.png"&gt;</p>
            """
        let expected = """
            <p>Text <a href="https://a.example/x?a=1&amp;b=2">link</a></p>\
            <img src="/img/a.example/one.png" alt="One &quot;1&quot;" width="10">\
            <picture><source srcset="/img/b.example/w.webp 1x, /img/b.example/w2.webp 2x" type="image/webp">\
            <img src="/img/b.example/w.jpg" srcset="/img/b.example/s.jpg 640w, /img/b.example/l.jpg 1280w" sizes="100vw"></picture>\
            <video src="https://c.example/v.mp4" poster="/img/c.example/p.jpg" controls></video>\
            <imgx src="https://d.example/no.png"><p>&lt;img src="https://e.example/text.png"&gt;</p>
            """
        #expect(ContentImages.rewrite(html, Self.links) == expected)
    }

    @Test("an image the proxy cannot serve loses its src; a set keeps what it can")
    func drops() {
        let html =
            #"<img src="data:image/png;base64,AAAA" alt="x"><img srcset="javascript:x 1x, https://a.example/b.png 2x">"#
        #expect(
            ContentImages.rewrite(html, Self.links) == #"<img alt="x"><img srcset="/img/a.example/b.png 2x">"#)
        #expect(ContentImages.rewrite(html, .none) == #"<img alt="x"><img>"#)
        #expect(ContentImages.rewrite("<p>no images</p>", Self.links) == "<p>no images</p>")
    }
}
