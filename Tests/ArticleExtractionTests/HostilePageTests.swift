import Foundation
import Testing
import TidingsTesting

@testable import ArticleExtraction

/// Pages made to hurt: each must finish (linear work, bounded memory) with a sane answer. Their
/// speed is measured by `tidings bench extract`, not here; a quadratic pass would take minutes.
@Suite("Hostile pages", .ownThreads)
struct HostilePageTests {
    static func extract(_ html: String) -> ExtractedArticle {
        ArticleExtractor().extract(html: html, url: ExtractionRuleTests.url)
    }

    @Test("50,000 nested divs, open and closed, then an article")
    func nestedDivs() {
        let deep = String(repeating: "<div>", count: 50_000) + "deep text" + String(repeating: "</div>", count: 50_000)
        let page = Self.extract("<body>\(deep)<article>\(ExtractionRuleTests.article)</article></body>")
        #expect(page.text.contains("Para6"))
        let unclosed = Self.extract("<body>" + String(repeating: "<div>", count: 50_000) + ExtractionRuleTests.article)
        #expect(unclosed.text.contains("Para1"))
    }

    @Test("10 MB of text in one paragraph, and in 1,000,000 paragraphs")
    func hugeText() {
        // Twenty seconds of work on a debug build (the suite runs on threads of its own).
        let (one, many) = {
            let sentence = "All work and no play makes a dull page, said the fuzzer. "
            let one = String(repeating: sentence, count: 10_000_000 / sentence.utf8.count)
            let many = String(repeating: "<p>Ten bytes</p>", count: 1_000_000)
            return (
                Self.extract("<body><p>\(one)</p></body>").text.utf8.count,
                Self.extract("<body><div>\(many)</div></body>").text.utf8.count
            )
        }()
        #expect(one > 9_000_000)
        #expect(many > 0)
    }

    @Test("a page that is only scripts, or only a paywall, gives little or nothing")
    func scriptsAndPaywalls() {
        let scripts = String(repeating: "<script>var a = '<p>not text</p>';</script>", count: 10_000)
        #expect(Self.extract("<body>\(scripts)</body>").text.isEmpty)
        let paywall = Self.extract(
            "<body><div class=paywall><h2>Subscribe to read</h2><p>Log in or subscribe.</p><form><input type=email>"
                + "<button>Subscribe</button></form></div></body>")
        #expect(paywall.text.utf8.count < 200)
    }

    @Test("huge attributes, many attributes, many links and breaks, many copies of the title, many hidden panels")
    func manyThings() {
        let classes = String(repeating: "comment share ", count: 80_000)
        #expect(
            Self.extract("<body><div class=\"\(classes)\">\(ExtractionRuleTests.article)</div></body>").text.contains(
                "Para1"))
        let attributes = (0..<100_000).map { " a\($0)=x" }.joined()
        #expect(!Self.extract("<body><div\(attributes)>\(ExtractionRuleTests.article)</div></body>").text.isEmpty)
        let links = String(repeating: "<a href=#x>link</a> ", count: 100_000)
        _ = Self.extract("<body><div>\(links)</div>\(ExtractionRuleTests.article)</body>")
        let breaks = String(repeating: "word<br>", count: 100_000)
        #expect(!Self.extract("<body><div>\(breaks)</div></body>").text.isEmpty)
        let hidden = String(repeating: "<span hidden>gone</span><button aria-controls=p>open</button>", count: 50_000)
        #expect(
            Self.extract("<body><main>\(hidden)<div hidden id=p>\(ExtractionRuleTests.article)</div></main></body>")
                .text.contains("Para1"))
        let titles = String(repeating: "<h2>The title</h2>", count: 10_000)
        _ = Self.extract("<head><title>The title</title></head><body>\(titles)\(ExtractionRuleTests.article)</body>")
    }

    @Test("deep JSON-LD, 10,000 nested tables, an unclosed comment or script")
    func brokenStructures() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let page = Self.extract(
            "<head><script type=application/ld+json>\(json)</script></head><body>\(ExtractionRuleTests.article)</body>")
        #expect(page.text.contains("Para1"))
        let tables = String(repeating: "<table><tr><td>", count: 10_000) + "cell"
        _ = Self.extract("<body>\(tables)</body>")
        #expect(
            Self.extract("<body>\(ExtractionRuleTests.article)<!-- never closed <p>hidden</p>").text.contains("Para1"))
        #expect(Self.extract("<body><script>never closed <p>x</p>").text.isEmpty)
    }
}
