import TidingsModel

/// HTML-ish strings from a fixed seed, for property tests: tags in and outside the sanitizer's
/// allow-list, hostile attributes and URLs, quotes, references, stray `<`, `>`, `&`, comments.
struct RandomHTML {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick(_ choices: [String]) -> String { choices[below(choices.count)] }

    /// A document of up to `pieces` random pieces.
    mutating func document(pieces: Int = 40) -> String {
        var html = ""
        for _ in 0..<(1 + below(pieces)) {
            switch below(10) {
            case 0...2: html += pick(Self.words)
            case 3: html += pick(Self.references)
            case 4: html += pick(Self.stray)
            case 5...7: html += startTag()
            case 8: html += "</" + casing(pick(Self.elements)) + pick(["", " ", " x"]) + ">"
            default: html += pick(Self.markup)
            }
        }
        return html
    }

    /// A document inside more open elements than the sanitizer keeps.
    mutating func deepDocument() -> String {
        let nesting = ["b", "i", "div", "span", "p", "li", "td", "tr", "em", "a", "q", "ul", "font"]
        return (0..<400).map { _ in "<" + pick(nesting) + pick([">", ">", ">", "/>", " title=x>"]) }.joined()
            + document()
    }

    private mutating func startTag() -> String {
        var tag = "<" + casing(pick(Self.elements))
        for _ in 0..<below(4) {
            tag += pick([" ", "  ", "\n", "/"]) + casing(pick(Self.attributes))
            switch below(5) {
            case 0: break
            case 1: tag += "=" + pick(Self.values).filter { $0 != " " && $0 != ">" }
            case 2: tag += "='" + pick(Self.values) + "'"
            default: tag += "=\"" + pick(Self.values) + "\""
            }
        }
        return tag + pick([">", ">", ">", "/>", " />", ""])
    }

    private mutating func casing(_ name: String) -> String {
        below(4) == 0 ? name.uppercased() : name
    }

    static let elements = [
        "a", "b", "i", "p", "div", "span", "img", "br", "hr", "ul", "li", "ol", "table", "tr", "td", "th", "pre",
        "code", "blockquote", "q", "del", "ins", "time", "video", "audio", "source", "track", "picture", "col",
        "colgroup", "figure", "h1", "h6", "em", "strong", "wbr", "details", "summary", "font", "center", "x-custom",
        "form", "object", "embed", "script", "style", "iframe", "svg", "math", "template", "noscript", "meta",
        "link", "base", "input", "button", "textarea", "title", "section", "article",
    ]

    static let attributes = [
        "href", "src", "srcset", "onclick", "onerror", "ONLOAD", "style", "class", "id", "target", "title", "alt",
        "width", "height", "rel", "formaction", "srcdoc", "controls", "cite", "poster", "datetime", "colspan",
        "type", "xlink:href", "data-x", "lang", "dir", "start", "reversed", "value", "span", "sandbox",
    ]

    static let values = [
        "https://example.org/a?b=1&c=2", "https://example.org/a?b=1&amp;c=2", "/relative/path", "pic.jpg",
        "//cdn.example.net/y.png", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#x09;script:alert(1)",
        "  javascript:alert(1)", "jav&#10;ascript:x", "vbscript:x", "data:image/png;base64,AAAA",
        "data:image/svg+xml;base64,AAAA", "data:text/html,<script>alert(1)</script>", "mailto:a@example.org",
        "https://www.youtube.com/embed/xyz", "http://www.youtube.com/embed/xyz", "https://evil.example/embed",
        "a.jpg 1x, b.jpg 2x", "x.jpg, https://e.org/y.jpg 100w, javascript:alert(1) 2x", "1", "0", "a > b",
        "it's", "&quot;q&quot;", "", "a b c", "https://e.org/with space", "https://e.org/caf\u{E9}", "%zz",
        "x\" onmouseover=\"alert(1)", "'", "\"", "&", "&lt;script&gt;", "http://[bad", "https://e.org/#a#b",
    ]

    static let words = [
        "hello", " ", "  ", "\n", "\t", "world", "caf\u{E9}", "\u{65E5}\u{672C}", "\u{1F600}", "\u{A0}", "\u{2009}",
        "javascript-free text", "1 < 2", "a > b", "AT&T", "x=y", "\r\n", "\u{0B}", "\u{0C}", "\u{1680}", "\u{3000}",
        "a\u{0}b", "ends with a space ", " starts with one", "two  spaces", "x >y", "\u{E2}\u{80}\u{A8}",
    ]

    static let references = [
        "&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;", "&#60;", "&#x3C;", "&eacute;", "&bogus;", "&amp", "&",
        "&#0;", "&#x09;", "&ampx", "&lt", "&#150;", "&amp;lt;", "&#32;", "&#xA0;", "&#x2028;", "&#11;",
    ]

    static let stray = ["<", ">", "&", "\"", "'", "=", "/", "< b>", "<3", "</", "</>", "<<b>>"]

    static let markup = [
        "<!-- comment <b>x</b> -->", "<!-->", "<!--", "<![CDATA[x<y]]>", "<!DOCTYPE html>", "<?xml x?>", "</script>",
        "<script>alert(1)</script>", "<style>p{}</style>", "</iframe>", "<br/>", "<p/>",
    ]
}
