import Foundation
import Testing
import TidingsTesting

@testable import ArticleExtraction

/// Each rule of the extractor on a tiny page made to show it (docs/extraction.md lists the rules).
@Suite("Extraction rules", .ownThreads)
struct ExtractionRuleTests {
    static let url = URL(string: "https://news.example/2026/story.html")!

    /// A paragraph long enough to score, with commas.
    static func prose(_ word: String) -> String {
        "<p>\(word) opens a paragraph long enough to count, with commas, clauses, and a full stop, so that it "
            + "scores like the body of an article does, sentence after sentence, until the end.</p>"
    }

    static let article = (1...6).map { prose("Para\($0)") }.joined()

    static func extract(_ body: String, head: String = "<title>A story about rules and pages</title>")
        -> ExtractedArticle
    {
        ArticleExtractor().extract(html: "<html><head>\(head)</head><body>\(body)</body></html>", url: url)
    }

    @Test("the article's paragraphs are kept and navigation, comments and footers around them dropped")
    func boilerplateAround() {
        let page = Self.extract(
            "<nav><a href=/>Home</a> <a href=/world>World</a></nav><div class=sidebar><p>Most read stories here and"
                + " there, a list of them, all of them links, more than enough text.</p></div>"
                + "<article><div class=content>\(Self.article)</div></article>"
                + "<div id=comments>\(Self.prose("Comment"))</div><footer>© News Example, all rights reserved</footer>")
        #expect(page.text.contains("Para1 opens"))
        #expect(page.text.contains("Para6 opens"))
        #expect(!page.text.contains("Home"))
        #expect(!page.text.contains("Most read"))
        #expect(!page.text.contains("Comment opens"))
        #expect(!page.text.contains("rights reserved"))
    }

    @Test("hidden elements and modal dialogs are never content")
    func hidden() {
        let page = Self.extract(
            "<div>\(Self.article)<p style=\"display: none\">Invisible one</p><p hidden>Invisible two</p>"
                + "<p aria-hidden=\"true\">Invisible three</p><div role=dialog aria-modal=true>\(Self.prose("Cookie"))</div></div>"
        )
        #expect(page.text.contains("Para3"))
        #expect(!page.text.contains("Invisible"))
        #expect(!page.text.contains("Cookie opens"))
    }

    @Test("a name saying boilerplate is dropped unless it also says content")
    func unlikelyNames() {
        let page = Self.extract(
            "<div>\(Self.article)<div class=\"share-tools social\">Share this on every network there is</div>"
                + "<div class=\"related-content\"><p>Kept: related but also content, long enough to stay in the text.</p></div></div>"
        )
        #expect(!page.text.contains("Share this"))
        #expect(page.text.contains("Kept: related but also content"))
    }

    @Test("a block of links inside the article is cleaned away; prose with a link stays")
    func linkDensity() {
        let links = (1...8).map { "<a href=/s\($0)>Another story number \($0)</a>" }.joined(separator: " · ")
        let page = Self.extract(
            "<div>\(Self.article)<div>\(links)</div><p>A sentence with <a href=/x>one link</a> in the middle of a"
                + " long line of ordinary prose, which is content.</p></div>")
        #expect(!page.text.contains("Another story number"))
        #expect(page.text.contains("one link"))
    }

    @Test("text split by double line breaks becomes paragraphs")
    func breakChains() {
        let text = (1...6).map {
            "Line\($0) is a paragraph written with line breaks, as old blogs did, long enough to score."
        }
        .joined(separator: "<br><br>")
        let page = Self.extract("<div class=post>\(text)</div>")
        #expect(page.html.contains("<p>Line1"))
        #expect(page.html.contains("<p>Line6"))
    }

    @Test("a heading repeating the title goes (shown apart), other headings stay, h1 becomes h2")
    func titleHeading() {
        let page = Self.extract(
            "<article><h1>A story about rules and pages</h1>\(Self.prose("First"))<h1>A section heading</h1>\(Self.article)</article>"
        )
        #expect(page.title == "A story about rules and pages")
        #expect(!page.text.contains("A story about rules"))
        #expect(page.html.contains("<h2>A section heading</h2>"))
    }

    @Test("the author line is metadata: found, reported and taken out of the text")
    func byline() {
        let page = Self.extract(
            "<article><p class=byline>By <span itemprop=name>Ann Writer</span></p>\(Self.article)</article>")
        #expect(page.byline == "Ann Writer")
        #expect(!page.text.contains("Ann Writer"))
    }

    /// Issue 34: a plain page without `<meta>` gave the byline "By Jonas Berg · 27 November 2026,
    /// 14:18", no date though the byline held a `<time datetime>`, and the photo caption as excerpt.
    @Test("a byline with its date: the author alone, the date from its <time>, the excerpt from prose")
    func bylineWithDate() {
        let page = Self.extract(
            """
            <article><figure><img src="/storm.jpg" alt=""><figcaption><p>Waves over the pier at dawn.</p>\
            </figcaption></figure><p class="byline">By Jonas Berg · <time datetime="2026-11-27T14:18:00+01:00">\
            27 November 2026, 14:18</time></p>\(Self.article)</article>
            """)
        #expect(page.byline == "By Jonas Berg · 27 November 2026, 14:18", "as written, as Readability gives it")
        #expect(page.author == "Jonas Berg")
        #expect(page.publishedText == "2026-11-27T14:18:00+01:00")
        #expect(page.published == Date(timeIntervalSince1970: 1_795_785_480))
        #expect(page.excerpt?.hasPrefix("Para1 opens a paragraph") == true)
    }

    @Test(
        "the author in a byline: without By (or Written by, by:), dates, titles of the line, labels",
        arguments: [
            ("By Jonas Berg · 27 November 2026, 14:18", "Jonas Berg"),
            ("Par Sébastien Farcis", "Sébastien Farcis"),
            ("By Brenda  Goodman, MA\n   WebMD Health News", "Brenda Goodman, MA"),
            ("Av Kari Nordmann | NTB", "Kari Nordmann"),
            ("Last Updated: January 7, 2025", nil),
            ("April 28, 2019 at 6:01 am Updated April 29, 2019 at 3:33 pm", nil),
            ("Ann, Bob", "Ann, Bob"),
            ("Written By Tyler King", "Tyler King"),
            ("Posted by:Idle Cartulary", "Idle Cartulary"),
            ("Written byAAA Travel Editor", "AAA Travel Editor"),
            ("\"David Kim\"", "David Kim"),
            ("About the Author", nil),
            ("Byron Katie", "Byron Katie"),
            ("Text by Hunter Dukes", "Hunter Dukes"),
        ] as [(String, String?)])
    func author(byline: String, expected: String?) {
        #expect(Byline.author(byline) == expected)
    }

    @Test("relative links and images resolve against the page, or its base; javascript: links lose their href")
    func urls() {
        let page = Self.extract(
            "<article>\(Self.article)<p>See <a href=\"../more.html\">more</a> and <a href=\"javascript:go()\">this</a>,"
                + " a sentence long enough to be a paragraph.<img src=\"/img/a.jpg\" width=\"640\" height=\"480\"></p></article>"
        )
        #expect(page.html.contains("href=\"https://news.example/more.html\""))
        #expect(page.html.contains("src=\"https://news.example/img/a.jpg\""))
        #expect(page.html.contains("width=\"640\""))
        #expect(!page.html.contains("javascript"))
        let based = Self.extract(
            "<article>\(Self.article)<p><a href=x.html>x</a> a sentence long enough to be a paragraph, surely.</p></article>",
            head: "<title>T</title><base href=\"https://cdn.example/base/\">")
        #expect(based.html.contains("href=\"https://cdn.example/base/x.html\""))
    }

    @Test("figures keep their image and caption; a lazy image takes its real source")
    func figures() {
        let page = Self.extract(
            "<article>\(Self.article)<figure><img class=lazy data-src=\"/photos/big.jpg\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\">"
                + "<figcaption>The harbour at dawn</figcaption></figure>\(Self.prose("After"))</article>")
        #expect(page.html.contains("<figure>"))
        #expect(page.html.contains("https://news.example/photos/big.jpg"))
        #expect(page.html.contains("<figcaption>The harbour at dawn</figcaption>"))
    }

    @Test("a video from a known player stays; other iframes, forms and buttons go")
    func embeds() {
        let page = Self.extract(
            "<article>\(Self.article)<iframe src=\"https://www.youtube.com/embed/abc\"></iframe>"
                + "<iframe src=\"https://ads.example/frame\"></iframe><form><input name=q><button>Search</button></form></article>"
        )
        #expect(page.html.contains("youtube.com/embed/abc"))
        #expect(!page.html.contains("ads.example"))
        #expect(!page.text.contains("Search"))
    }

    @Test("a data table is kept whole; a table of one cell is its content")
    func tables() {
        let rows = (1...4).map { "<tr><td>r\($0)</td><td>\($0 * 10)</td><td>\($0 * 100)</td></tr>" }.joined()
        let page = Self.extract(
            "<article>\(Self.article)<table><thead><tr><th>Row</th><th>Tens</th><th>Hundreds</th></tr></thead>\(rows)</table>"
                + "<table><tr><td>Single cell text, long enough to be a paragraph of its own.</td></tr></table></article>"
        )
        #expect(page.html.contains("<th>Hundreds</th>"))
        #expect(page.html.contains("r4"))
        #expect(page.text.contains("Single cell text"))
    }

    @Test("when pruning leaves too little, the page is read again with fewer removals")
    func retries() {
        // The only text sits in a container named like a comment section.
        let page = Self.extract("<div class=comment-body>\(Self.article)</div>")
        #expect(page.text.contains("Para1 opens"))
        #expect(page.text.contains("Para6 opens"))
    }

    @Test("text direction comes from the article's ancestors; language from html lang")
    func directionAndLanguage() {
        let page = ArticleExtractor().extract(
            html:
                "<html lang=ar dir=rtl><head><title>عنوان</title></head><body><main>\(Self.article)</main></body></html>",
            url: Self.url)
        #expect(page.direction == "rtl")
        #expect(page.language == "ar")
    }

    @Test("an empty or script-only page gives no content, without failing")
    func empty() {
        #expect(Self.extract("").text.isEmpty)
        #expect(Self.extract("<script>document.write('<p>' + 'x'.repeat(5000) + '</p>')</script>").text.isEmpty)
    }
}

/// Pages that are not articles say so (and why), keeping what was found for a caller that wants it.
@Suite("Not an article", .ownThreads)
struct NotAnArticleTests {
    @Test("an article is one")
    func article() {
        let page = ExtractionRuleTests.extract("<article>\(ExtractionRuleTests.article)</article>")
        #expect(page.isArticle)
        #expect(page.notArticleReason == nil)
    }

    @Test("a home page of headlines, a search page and a login form are not")
    func notArticles() {
        let headlines = (1...40).map {
            "<div class=teaser><h3><a href=/s\($0)>Headline number \($0) of the day</a></h3><p>A line of teaser.</p></div>"
        }.joined()
        let home = ExtractionRuleTests.extract("<main>\(headlines)</main>")
        #expect(!home.isArticle)
        #expect(home.notArticleReason?.contains("no paragraphs of prose") == true)

        let results = (1...10).map { "<li><a href=/r\($0)>Result \($0)</a> <span>matching words</span></li>" }.joined()
        let search = ExtractionRuleTests.extract("<form><input name=q value=harbour></form><ol>\(results)</ol>")
        #expect(!search.isArticle)

        let login = ExtractionRuleTests.extract(
            "<div class=login><h1>Sign in to keep reading</h1><p>Subscribers read every story.</p><form>"
                + "<input type=email><input type=password><button>Sign in</button></form></div>")
        #expect(!login.isArticle)
    }

    @Test("a short teaser behind a wall is not an article, though prose")
    func teaser() {
        let long = String(repeating: "A first paragraph of real prose that goes on, ", count: 6)
        let page = ExtractionRuleTests.extract(
            "<div class=story><p>\(long)</p><div class=paywall>Subscribe to continue</div></div>")
        #expect(!page.isArticle)
        #expect(page.text.contains("A first paragraph"))
    }
}
