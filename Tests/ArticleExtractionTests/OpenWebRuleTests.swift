import FeedParsing
import Foundation
import Testing

@testable import ArticleExtraction

/// The rules added for pages of the open web that Readability's own pages do not show: apps that
/// draw the page with scripts, text runs in tables, titles with the site's name (docs/extraction.md).
@Suite("Extraction rules for the open web", .ownThreads)
struct OpenWebRuleTests {
    static func extract(_ body: String, head: String = "<title>A thread about rules and pages</title>")
        -> ExtractedArticle
    {
        ExtractionRuleTests.extract(body, head: head)
    }

    @Test("a noscript holding the page's text (the crawler view of a script-drawn app) is the content")
    func noscriptContent() {
        let page = Self.extract(
            "<header><a href=/>Forum</a></header><div id=app>Loading…</div>"
                + "<noscript><div class=topic>\(ExtractionRuleTests.article)</div></noscript>")
        #expect(page.text.contains("Para1 opens"))
        #expect(page.text.contains("Para6 opens"))
        #expect(page.isArticle)
        // Its author line is read there too (Discourse's crawler view marks the first post's
        // author with microdata).
        let thread = Self.extract(
            "<div id=app>Loading…</div><noscript><div class=topic>"
                + "<span class=creator itemprop=author><a href=/u/pelex><span itemprop=name>pelex</span></a></span>"
                + "\(ExtractionRuleTests.article)</div></noscript>")
        #expect(thread.author == "pelex")
    }

    @Test("a noscript beside the article is not content, nor a short one on an empty page")
    func noscriptNotContent() {
        let beside = Self.extract(
            "<article>\(ExtractionRuleTests.article)</article>"
                + "<noscript><p>Turn on JavaScript to comment on this story, and to see the replies of others.</p></noscript>"
        )
        #expect(beside.text.contains("Para1 opens"))
        #expect(!beside.text.contains("Turn on JavaScript"))
        let empty = Self.extract(
            "<div id=root></div><noscript>You need to enable JavaScript to run this app.</noscript>")
        #expect(!empty.text.contains("enable JavaScript"))
        #expect(!empty.isArticle)
    }

    @Test("the main heading is the title when it says what the metadata's title says, without the site's name")
    func headingTitle() {
        let head =
            "<title>Ten tips for a tidy garden shed | Garden Weekly</title>"
            + "<meta property=\"og:title\" content=\"Ten tips for a tidy garden shed (2026) - Garden Weekly\">"
        let page = Self.extract(
            "<header><h1>Garden Weekly</h1></header><article><h1>Ten tips for a tidy shed</h1>"
                + "\(ExtractionRuleTests.article)</article>", head: head)
        // "Garden Weekly" has both its words in the title, but only in the part after a
        // separator: the site's name (a logo's h1), not the article's heading.
        #expect(page.title == "Ten tips for a tidy shed")
        let only = Self.extract(
            "<article><h1>Ten tips for a tidy shed</h1>\(ExtractionRuleTests.article)</article>", head: head)
        #expect(only.title == "Ten tips for a tidy shed")
        // A heading sharing too few words with the title (a section's name) leaves the title,
        // without the site's name.
        let other = Self.extract("<h1>Outdoor living and more</h1>\(ExtractionRuleTests.article)", head: head)
        #expect(other.title == "Ten tips for a tidy garden shed (2026)")
        // A hidden heading is not read.
        let hidden = Self.extract("<h1 hidden>Ten tips for sheds</h1>\(ExtractionRuleTests.article)", head: head)
        #expect(hidden.title == "Ten tips for a tidy garden shed (2026)")
        // A documentation generator's permalink at the heading's end is not part of the title;
        // a link that is words is.
        let anchored = Self.extract(
            "<h1>Ten tips for a tidy shed<a class=headerlink href='#ten-tips'>¶</a></h1>\(ExtractionRuleTests.article)",
            head: head)
        #expect(anchored.title == "Ten tips for a tidy shed")
        let linked = Self.extract(
            "<h1>Ten tips for a tidy <a href='#shed'>shed</a></h1>\(ExtractionRuleTests.article)", head: head)
        #expect(linked.title == "Ten tips for a tidy shed")
    }

    @Test(
        "a title loses the site's name, first or last, known from og:site_name or the host",
        arguments: [
            (
                "Online Tuition and Financing | Liberty University", "Liberty University", "www.liberty.edu",
                "Online Tuition and Financing"
            ),
            ("Leadfeeder | State of SEO in 2026: Trends", "", "www.leadfeeder.com", "State of SEO in 2026: Trends"),
            ("Best Movers 2026 | Move.org", "", "www.move.org", "Best Movers 2026"),
            ("Best Cloud Stocks of 2025 | The Motley Fool", "", "www.fool.com", "Best Cloud Stocks of 2025"),
            (
                "Best Movers in NYC 2025 | Top 19 Companies | Supermove", "", "www.supermove.com",
                "Best Movers in NYC 2025"
            ),
            ("Tom & Jerry's day", "", "example.com", "Tom & Jerry's day"),
            ("Minecraft 1.8 - The Bountiful Update", "", "example.com", "Minecraft 1.8 - The Bountiful Update"),
            ("Mozilla - Wikipedia", "Wikipedia", "en.wikipedia.org", "Mozilla"),
            ("Best Movers 2026 | Moving Guides", "", "example.com", "Best Movers 2026"),
            ("Spider-Man: a review", "", "example.com", "Spider-Man: a review"),
            ("Garden Weekly | Garden Weekly", "Garden Weekly", "example.com", "Garden Weekly | Garden Weekly"),
        ])
    func siteNameOutOfTitle(title: String, siteName: String, host: String, expected: String) {
        #expect(ArticleTitle.withoutSiteName(title, site: .init(siteName: siteName, host: host)) == expected)
    }

    @Test("table cells are words apart in the text, rows lines apart")
    func tableCells() {
        let page = Self.extract(
            "<article>\(ExtractionRuleTests.article)<table><tr><th>Plan</th><th>Price</th></tr>"
                + "<tr><td>yes</td><td>no</td></tr></table></article>")
        #expect(page.text.contains("Plan Price\nyes no") || page.text.contains("Plan Price\n\nyes no"), "\(page.text)")
        #expect(!page.text.contains("yesno"))
    }

    @Test("the page's kind: schema.org types first, then og:type, the URL's words, prices in a list")
    func kinds() {
        func kind(_ head: String, _ body: String, url: String = "https://site.example/about") -> PageKind {
            ArticleExtractor().extract(
                html: "<html><head><title>A page</title>\(head)</head><body>\(body)</body></html>",
                url: URL(string: url)!
            ).kind
        }
        let prose = ExtractionRuleTests.article
        func jsonLD(_ type: String) -> String {
            "<script type=\"application/ld+json\">{\"@context\": \"https://schema.org\", \"@graph\": [{\"@type\": \"WebPage\"}, {\"@type\": \(type)}]}</script>"
        }
        #expect(kind(jsonLD("\"DiscussionForumPosting\""), prose) == .forum)
        #expect(kind(jsonLD("[\"Product\", \"Thing\"]"), prose) == .product)
        #expect(kind(jsonLD("\"NewsArticle\""), prose) == .article)
        #expect(kind("", "<div itemscope itemtype=\"https://schema.org/QAPage\">\(prose)</div>") == .forum)
        #expect(kind("<meta property=\"og:type\" content=\"product\">", prose) == .product)
        #expect(kind("", prose, url: "https://forum.example/t/a-question/123") == .forum)
        #expect(kind("", prose, url: "https://site.example/docs/install") == .documentation)
        #expect(kind("", prose, url: "https://site.example/2026/11/a-story") == .article)
        // What the page says it is comes before what its address suggests: a post at /p/ (Substack)
        // is no product, a guide in /topics/ no forum thread.
        #expect(kind(jsonLD("\"NewsArticle\""), prose, url: "https://writer.example/p/a-post") == .article)
        #expect(
            kind(
                "<meta property=\"og:type\" content=\"article\">", prose, url: "https://gear.example/topics/best-tents")
                == .article)
        #expect(kind(jsonLD("\"Product\""), prose, url: "https://shop.example/blog/a-thing") == .product)
        let shelf = (1...8).map { "<li><a href=/p\($0)>Thing \($0)</a> $\($0)9.99</li>" }.joined()
        #expect(kind("", "<ul>\(shelf)</ul>", url: "https://shop.example/collections/things") == .collection)
        #expect(kind("", "<ul>\(shelf)</ul>", url: "https://shop.example/kitchen") == .collection)
        #expect(
            kind("", "<ul><li><a href=/a>A story</a></li></ul>", url: "https://news.example/category/world") == .listing
        )
        #expect(kind("", "<h1>We build bridges</h1><p>Call us.</p>", url: "https://bridges.example/") == .service)
        #expect(kind("", prose, url: "https://site.example/") == .service)
    }

    @Test(
        "confidence: nothing found is 0; a long article alone on its page is near 1; a fragment or a list of links is low"
    )
    func confidence() {
        let empty = Self.extract("<div id=root></div>")
        #expect(empty.confidence == 0)
        let whole = Self.extract("<article>\(String(repeating: ExtractionRuleTests.article, count: 3))</article>")
        #expect(whole.confidence > 0.9, "\(whole.confidence)")
        let menu = (1...40).map { "<li><a href=/s\($0)>Another story with a long headline number \($0)</a></li>" }
            .joined()
        let crowded = Self.extract(
            "<ul>\(menu)</ul><div>\(ExtractionRuleTests.prose("Only"))</div><ul>\(menu)</ul><ul>\(menu)</ul>")
        #expect(crowded.confidence < whole.confidence / 2, "\(crowded.confidence) against \(whole.confidence)")
        let short = Self.extract("<div><p>A line.</p></div>")
        #expect(short.confidence < 0.3, "\(short.confidence)")
    }

    @Test("a thread's posts are taken whole, without the page's navigation, asides, banners and short forms")
    func mainContentWhole() {
        // Readability takes the first post (the best-scored container); the replies, as long
        // together as twice that, say the page is a thread.
        let replies = (1...6).map { index in
            "<div class=reply><header><b>member\(index)</b> wrote:</header>"
                + ExtractionRuleTests.prose("Reply\(index)") + ExtractionRuleTests.prose("More\(index)") + "</div>"
        }.joined()
        let page = ArticleExtractor().extract(
            html: "<html><head><title>How do I start?</title></head><body>"
                + "<header><a href=/>Forum</a> <a href=/latest>Latest</a></header>"
                + "<div class=cookie-consent><p>We use cookies to make this forum work, and to count visits.</p></div>"
                + "<nav><a href=/c/help>Help</a> <a href=/c/news>News</a></nav>"
                + "<main><h1>How do I start?</h1><div class=topic><div class=post>\(ExtractionRuleTests.article)</div>"
                + "\(replies)</div><form><input name=q><button>Search the forum</button></form></main>"
                + "<aside><h3>Related topics</h3><a href=/t/1>Where to begin</a></aside>"
                + "<footer>Powered by a forum, all rights reserved</footer></body></html>",
            url: URL(string: "https://forum.example/t/how-do-i-start/1")!)
        #expect(page.kind == .forum)
        #expect(page.text.contains("Para1 opens"))
        for index in 1...6 { #expect(page.text.contains("Reply\(index) opens"), "\(page.text)") }
        #expect(page.text.contains("member3 wrote"), "a post's header is the post's")
        for boilerplate in ["Latest", "cookies", "Help", "Search the forum", "Related topics", "rights reserved"] {
            #expect(!page.text.contains(boilerplate), "\(boilerplate)")
        }
    }

    @Test("a long article on a page of prose keeps Readability's answer, long comments under it left out")
    func longArticleTrusted() {
        let comments = (1...24).map { "<div class=comment>\(ExtractionRuleTests.prose("Comment\($0)"))</div>" }
        let page = Self.extract(
            "<article>\(String(repeating: ExtractionRuleTests.article, count: 3))</article>"
                + "<section id=comments>\(comments.joined())</section>",
            head: "<title>A story</title><meta property=\"og:type\" content=\"article\">")
        #expect(page.kind == .article)
        #expect(page.text.contains("Para1 opens"))
        #expect(!page.text.contains("Comment1 opens"), "\(page.text.prefix(300))")
    }

    /// A product's page: schema.org says so, which makes its main content the answer.
    static func product(_ main: String, around: String = "") -> ExtractedArticle {
        let jsonLD =
            #"<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"}</script>"#
        return ArticleExtractor().extract(
            html: "<html><head><title>A kettle | Shop</title>\(jsonLD)</head><body>"
                + "<header><a href=/>Shop</a> <a href=/cart>Cart</a></header><main><h1>A kettle</h1>\(main)</main>"
                + "\(around)<footer>Shop Ltd, all rights reserved</footer></body></html>",
            url: URL(string: "https://shop.example/p/kettle")!)
    }

    @Test("what a script reveals is content: the largest hidden part of the page holding more than all that is visible")
    func revealedByScript() {
        let menu = (1...12).map { "<li><a href=/c/\($0)>Category number \($0) of the shop</a></li>" }.joined()
        let page = Self.extract(
            "<header><nav>Menu</nav><div class=mega style=\"display:none\"><ul>\(menu)</ul></div></header>"
                + "<main><p>Loading the page…</p><div class=locked style=\"display: none\">\(ExtractionRuleTests.article)</div>"
                + "<div hidden><p>\(ExtractionRuleTests.prose("Other"))</p></div></main>")
        #expect(page.text.contains("Para1 opens"), "\(page.text.prefix(200))")
        #expect(!page.text.contains("Category number"))
        #expect(!page.text.contains("Other opens"), "only the largest hidden part is what the script shows")
    }

    @Test("a collapsed panel of text (a tab, an accordion's section) is content; a hidden menu of links is not")
    func collapsedPanels() {
        let links = (1...8).map { "<a href=/c/\($0)>Another category \($0)</a>" }.joined(separator: " ")
        let page = Self.product(
            ExtractionRuleTests.prose("Description")
                + "<button aria-controls=\"shipping\" aria-expanded=false>Shipping</button>"
                + "<div id=shipping aria-hidden=true>\(ExtractionRuleTests.prose("Shipping"))</div>"
                + "<div role=tabpanel hidden>\(ExtractionRuleTests.prose("Specs"))</div>"
                + "<button aria-controls=\"more\">More</button><div id=more hidden>\(links)</div>")
        #expect(page.kind == .product)
        for word in ["Description", "Shipping", "Specs"] { #expect(page.text.contains("\(word) opens"), "\(word)") }
        #expect(!page.text.contains("Another category"))
    }

    @Test("a product's reviews, related products, share bars and skip links are not its content")
    func productBoilerplate() {
        let page = Self.product(
            "<a href=\"#content\">Skip to main content</a><div id=content>\(ExtractionRuleTests.prose("Description"))"
                + "<p>Fill it to the line; see <a href=\"#care\">care notes</a> below.</p></div>"
                + "<ul class=toc><li><a href=\"#care\">Jump to the care notes</a></li></ul>"
                + "<h2 id=care>Care</h2>\(ExtractionRuleTests.prose("Care"))"
                + "<section class=productReviews>\(ExtractionRuleTests.prose("Review"))</section>"
                + "<div class=\"related-products\"><a href=/p/2>A teapot</a> $30 <a href=/p/3>A mug</a> $9</div>"
                + "<div class=share-bar><a href=/share>Share this kettle with a friend</a></div>")
        for word in ["Description", "Care"] { #expect(page.text.contains("\(word) opens"), "\(word)") }
        #expect(page.text.contains("see care notes below"), "a link inside a sentence stays: \(page.text)")
        for boilerplate in [
            "Skip to main content", "Jump to the care", "Review opens", "A teapot", "Share this kettle",
        ] {
            #expect(!page.text.contains(boilerplate), "\(boilerplate)")
        }
    }

    @Test("readers' comments leave the main content, unless they are the page: a forum, a link's discussion")
    func comments() {
        func mainText(_ body: String, kind: PageKind) -> String {
            let content = MainContent(page: HTMLTree(parsing: Array("<body><main>\(body)</main>".utf8)), kind: kind)
            return content.tree.textContent(content.root)
        }
        let article = ExtractionRuleTests.article
        let thread =
            "<ol id=comments><li class=comment>\(ExtractionRuleTests.prose("Reply"))</li>"
            + "<li class=comment>\(ExtractionRuleTests.prose("Answer"))</li></ol>"
            + "<div id=respond><form>Leave a comment</form></div>"
        let withComments = mainText(article + thread, kind: .article)
        #expect(withComments.contains("Para6 opens"))
        #expect(!withComments.contains("Reply opens"))
        #expect(!withComments.contains("Leave a comment"))
        // On a forum's page the comments are the posts.
        #expect(mainText(article + thread, kind: .forum).contains("Reply opens"))
        // A link and its discussion (Lobsters, Hacker News): the page's own text is a title.
        let discussion = mainText("<h1><a href=https://e.com/>A link</a></h1>\(thread)", kind: .article)
        #expect(discussion.contains("Reply opens"))
        #expect(discussion.contains("Answer opens"))
    }

    @Test("class words read on bytes are nameWords' words: whole, camel case split, any case")
    func nameWordsOnBytes() {
        let values = [
            "productReviews related-posts", "shareholders", "c-meta__date", "authorDateBlock_authorName__N6j3Y",
            "POST_AUTHOR", "ABCTitle", "x2share 3col", "entry-date published", "Kommentar-Liste", "",
        ]
        let candidates = [
            "product", "reviews", "related", "posts", "share", "date", "author", "name", "abctitle",
            "x2share", "published", "post", "col", "kommentar", "liste", "block",
        ]
        for value in values {
            let words = Set(MainContent.nameWords(value))
            for candidate in candidates {
                #expect(
                    NameWords([candidate]).contains(ArraySlice(Array(value.utf8))) == words.contains(candidate),
                    "\(candidate) in \(value)")
            }
        }
    }

    @Test("a class's words are whole words, camel case split; an id naming a heading's words is no verdict on reviews")
    func classWords() {
        #expect(MainContent.nameWords("productReviews related-posts") == ["product", "reviews", "related", "posts"])
        #expect(MainContent.nameWords("shareholders") == ["shareholders"])
        let page = Self.product(
            "<div id=kettles-we-reviewed>\(ExtractionRuleTests.prose("Kept"))</div>"
                + "<div class=shareholders-note>\(ExtractionRuleTests.prose("Holders"))</div>")
        #expect(page.text.contains("Kept opens"))
        #expect(page.text.contains("Holders opens"))
    }

    @Test("without a date in metadata or markup, the date shown beside the main heading is read")
    func visibleDate() {
        func date(_ body: String) -> String? {
            Self.extract(body, head: "<title>A story</title>").publishedText
        }
        let article = ExtractionRuleTests.article
        #expect(date("<div>Last updated:</div><div>Dec 12, 2025</div><h1>A story</h1>\(article)") == "2025-12-12")
        #expect(date("<h1>A story</h1><p>Posted on 5th of March, 2025 by Ann</p>\(article)") == "2025-03-05")
        #expect(date("<h1>A story</h1><span>Updated 2025-03-05</span>\(article)") == "2025-03-05")
        #expect(date("<h1>A story</h1><span>Sept. 9 2024</span>\(article)") == "2024-09-09")
        // Numbers alone are not read (day or month first?), nor a date far below the heading.
        #expect(date("<h1>A story</h1><span>03/05/2025</span>\(article)") == nil)
        #expect(date("<h1>A story</h1>\(article)\(article)<p>March 5, 2025</p>") == nil)
        // A <time> outside the content counts, unless in navigation, an aside or a footer.
        #expect(date("<aside><time datetime=2020-01-01>old</time></aside><h1>A story</h1>\(article)") == nil)
        #expect(
            date("<header><time datetime=2024-02-03>3 Feb</time></header><h1>A story</h1>\(article)")
                == "2024-02-03")
        // Dotted dates are day first; slashes only when day and month cannot be mistaken.
        #expect(date("<h1>A story</h1><span>17.05.2021</span>\(article)") == "2021-05-17")
        #expect(date("<h1>A story</h1><span>Updated: 10/31/2024</span>\(article)") == "2024-10-31")
        #expect(date("<h1>A story</h1><span>Posted on the 15/12/2025 at 19:00</span>\(article)") == "2025-12-15")
        #expect(date("<h1>A story</h1><span>2025/12/20</span>\(article)") == "2025-12-20")
        // A <time> whose datetime is no machine's date is read as a person reads it; one holding
        // no date at all gives way to the next source.
        #expect(
            date("<h1>A story</h1><time datetime='on Friday December 19, 2025 @08:00PM'>x</time>\(article)")
                == "2025-12-19")
        #expect(
            date("<h1>A story</h1><time datetime=soon>x</time><p class=date>Dec. 19, 2025</p>\(article)")
                == "2025-12-19")
        // An element classed as a date, far below the heading, outside navigation and comments.
        let far = "\(article)\(article)"
        #expect(date("<h1>A story</h1>\(far)<div class=post-date>May 31, 2024</div>") == "2024-05-31")
        #expect(date("<h1>A story</h1>\(far)<div class=comment><span class=date>May 31, 2024</span></div>") == nil)
        #expect(date("<h1>A story</h1>\(far)<nav><span class=date>May 31, 2024</span></nav>") == nil)
        #expect(date("<h1>A story</h1>\(far)<div class=update>May 31, 2024</div>") == nil)
    }

    @Test("dates shown in the page's own language: month names of many languages, dashes, East Asian marks")
    func visibleDatesInOtherLanguages() {
        func date(_ line: String) -> String? {
            Self.extract("<h1>A story</h1><p>\(line)</p>\(ExtractionRuleTests.article)", head: "<title>A story</title>")
                .publishedText
        }
        #expect(date("Av Kari Nordmann · 4. desember 2026") == "2026-12-04")  // Norwegian
        #expect(date("Publicerad 3 februari 2026 kl. 08.15") == "2026-02-03")  // Swedish
        #expect(date("Veröffentlicht am 4. März 2026") == "2026-03-04")  // German
        #expect(date("Publié le 1er décembre 2025") == "2025-12-01")
        #expect(date("Publié le 12 DÉCEMBRE 2025") == "2025-12-12")  // French, upper case
        #expect(date("Publicado el 4 de diciembre de 2026") == "2026-12-04")  // Spanish
        #expect(date("Julkaistu 4. joulukuuta 2026") == "2026-12-04")  // Finnish
        #expect(date("Opublikowano 7 września 2025") == "2025-09-07")  // Polish
        #expect(date("Опубликовано 4 декабря 2026") == "2026-12-04")  // Russian
        #expect(date("Posted 11-29-2024, 08:15 PM") == "2024-11-29")  // a forum's month-day with dashes
        #expect(date("29-11-2024") == "2024-11-29")
        #expect(date("03-05-2025") == nil)  // March or May
        #expect(date("公開日：2026年12月4日") == "2026-12-04")
        #expect(date("입력 2026년 12월 4일 오후 3:00") == "2026-12-04")
        // Whole words only: a marathon is no month, nor "des" alone between numbers of another kind.
        #expect(date("Ran 5 marathons 2024 and 3 desserts") == nil)
        #expect(date("Read 12 des 20000 mots") == nil)
        #expect(MonthName.number("Desember") == 12)
        #expect(MonthName.number("marathon") == nil)
    }

    @Test("headings left without a section go; a list written in headings and cards' titles stay")
    func emptySections() {
        let prose = ExtractionRuleTests.article
        let page = Self.extract(
            "<article><h2>Table of Contents</h2><h2>Intro</h2>\(prose)"
                + "<h2>Materials</h2><h3>organic cotton</h3><h3>hemp</h3><h3>recycled</h3>"
                + "<p>All of them are sold in the shop in the harbour, which opens at nine every morning.</p>"
                + "<h3><a href=/a>A card</a></h3><h3><a href=/b>Another card</a></h3>"
                + "<p>More prose about the harbour and its walls, built of stone from the quarry.</p>"
                + "<h2>Related Articles</h2><h3>You may also like</h3></article>")
        #expect(!page.text.contains("Table of Contents"))
        #expect(page.text.contains("Intro"))
        #expect(page.text.contains("organic cotton"))
        #expect(page.text.contains("hemp"))
        #expect(page.text.contains("recycled"))
        #expect(page.text.contains("A card"))
        #expect(page.text.contains("Another card"))
        #expect(!page.text.contains("Related Articles"))
        #expect(!page.text.contains("You may also like"))
        // A heading element wrapping more than a line is content, not a title.
        let wrapped = Self.extract(
            "<article>\(prose)<h2><div>\(ExtractionRuleTests.prose("Wrapped"))</div></h2></article>")
        #expect(wrapped.text.contains("Wrapped opens"))
    }

    /// The text of `html`'s body after `clean` ran over it.
    static func bodyText(after clean: (inout HTMLTree, HTMLTree.Node) -> Void, _ html: String) -> String {
        var tree = HTMLTree(parsing: Array(html.utf8))
        clean(&tree, tree.body)
        return tree.innerText(tree.body)
    }

    @Test(
        "a shelf of other pages under a heading that offers them goes; prose under such a heading, and a page's own list, stay"
    )
    func relatedShelves() {
        let cards = "<ul><li><a href=/p/2>A teapot of cast iron</a> $30</li><li><a href=/p/3>A mug</a> $9</li></ul>"
        let text = Self.bodyText(
            after: RelatedShelves.remove,
            "<body><div><h1>The kettle</h1><p>The kettle boils a litre of water in four minutes flat.</p>"
                + "<section><h2>You may also like</h2>\(cards)</section>"
                + "<div><h2>Les også</h2><ul><li><a href=/a/1>Fergen går igjen fra mandag</a></li></ul></div>"
                + "<div><h3>Related reading</h3><p>Water boils at a lower heat in the mountains, as the "
                + "<a href=/alt>altitude guide</a> explains at some length for climbers.</p></div>"
                + "<div><h2>Latest news</h2><ul><li><a href=/n/1>The harbour opens</a></li></ul></div>"
                + "<div><h2>See also</h2><ul><li><a href=/k/1>Kettles of the world</a></li></ul></div>"
                + "</div>")
        for gone in ["You may also like", "A teapot", "Les også", "Fergen"] { #expect(!text.contains(gone), "\(gone)") }
        for kept in [
            "boils a litre", "Related reading", "altitude guide", "Latest news", "The harbour opens", "See also",
        ] {
            #expect(text.contains(kept), "\(kept)")
        }
        #expect(RelatedShelves.offers("People who viewed this item also viewed"))
        #expect(RelatedShelves.offers("  Related  "))
        #expect(!RelatedShelves.offers("Related work in the harbour district, 1850 to 1900, and what it meant"))
    }

    @Test("a menu left inside the content goes; a table of contents of in-page links and a nav of prose stay")
    func navigationInContent() {
        let text = Self.bodyText(
            after: ContentNavigation.remove,
            "<body><div><header><nav><a href=/about>About</a> <a href=/blog>Blog</a> <a href=/shop>Shop</a></nav>"
                + "</header><ul role=menubar><li><a href=/a>Services</a></ul>"
                + "<nav><a href=#one>The first part of it</a> <a href=#two>The second part</a></nav>"
                + "<nav><p>Read on below, where the <a href=/x>harbour</a> and its walls are described.</p></nav>"
                + "<p>The harbour was built of stone from the quarry.</p></div>")
        #expect(!text.contains("About"))
        #expect(!text.contains("Services"))
        #expect(text.contains("The first part of it"))
        #expect(text.contains("Read on below"))
        #expect(text.contains("built of stone"))
    }

    @Test("dates in meta tags by any attribute, and in any schema.org node when the article has none")
    func metaDates() {
        func date(_ head: String) -> String? {
            Self.extract("<h1>A story</h1>\(ExtractionRuleTests.article)", head: "<title>A story</title>" + head)
                .publishedText
        }
        #expect(
            date("<meta name=article:published_time content=2023-12-08T10:18:00-05:00>") == "2023-12-08T10:18:00-05:00")
        #expect(date("<meta name=date content=2023-11-02>") == "2023-11-02")
        #expect(date("<meta name=DC.date.issued content=2021-02-03>") == "2021-02-03")
        #expect(date("<meta name=published-date content=2021-02-16>") == "2021-02-16")
        #expect(date("<meta name=ms.date content=2025-03-06T00:00:00Z>") == "2025-03-06T00:00:00Z")
        #expect(date("<meta property=og:updated_time content='Thu, 09/25/2025 - 00:00'>") == "2025-09-25")
        let graph = """
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
            {"@type":"WebPage","@id":"#page","datePublished":"2024-03-17T19:47:39+00:00"}]}</script>
            """
        #expect(date(graph) == "2024-03-17T19:47:39+00:00")
        // A publication date before a date of change, whatever their order in the page.
        #expect(
            date("<meta property=article:modified_time content=2025-01-01><meta name=pubdate content=2020-01-01>")
                == "2020-01-01")
        // A forum thread as the main entity of its page: its date and author.
        let thread = Self.extract(
            "<h1>A story</h1>\(ExtractionRuleTests.article)",
            head: """
                <title>A story</title><script type="application/ld+json">{"@context":"https://schema.org",
                "@type":"WebPage","mainEntity":{"@type":"DiscussionForumPosting","headline":"A story",
                "datePublished":"2024-01-10T17:47:16+00:00","author":{"@type":"Person","name":"Kevin"}}}</script>
                """)
        #expect(thread.publishedText == "2024-01-10T17:47:16+00:00")
        #expect(thread.author == "Kevin")
        // A question's date on a Q&A page, not its answer's, which comes first in the content.
        let question = Self.extract(
            "<div itemscope itemtype=https://schema.org/Question><h1>A story</h1>"
                + "<time itemprop=dateCreated datetime='2018-06-08 09:28:03Z'>7 years ago</time><p>How?</p></div>"
                + "<div itemscope itemtype=https://schema.org/Answer><time itemprop=dateCreated "
                + "datetime='2018-11-21 21:15:51Z'></time>\(ExtractionRuleTests.article)</div>")
        #expect(question.publishedText == "2018-06-08 09:28:03Z")
        // A <time> without `datetime` gives its text, when that holds a date; an element classed
        // "pub-dates" is a dated one. Both after the text, far from the heading.
        let shown = Self.extract(
            "<h1>A story</h1>\(ExtractionRuleTests.article)"
                + "<p class=meta><time>3 hours ago</time> · <time>August 12, 2025</time></p>")
        #expect(shown.publishedText == "August 12, 2025")
        let classed = Self.extract(
            "<h1>A story</h1>\(ExtractionRuleTests.article)<p class=article-byline__pub-dates>March 13, 2024</p>")
        #expect(classed.publishedText == "2024-03-13")
    }

    @Test("the author from JSON-LD by @id, Twitter's card labels, and the page's markup")
    func authors() {
        let article = ExtractionRuleTests.article
        func author(_ body: String, head: String = "") -> String? {
            Self.extract(body + article, head: "<title>A story</title>" + head).author
        }
        let yoast = """
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
            {"@type":"Article","headline":"A story","author":{"@id":"https://e.com/#/schema/person/1"}},
            {"@type":"Person","@id":"https://e.com/#/schema/person/1","name":"Shivkumar M"}]}</script>
            """
        #expect(author("", head: yoast) == "Shivkumar M")
        let strings = """
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting",
            "author":["Ann Lee","Bo Berg"]}</script>
            """
        #expect(author("", head: strings) == "Ann Lee, Bo Berg")
        #expect(
            author(
                "",
                head: "<meta name=twitter:label1 content='Written by'><meta name=twitter:data1 content='Jayesh Shinde'>"
            )
                == "Jayesh Shinde")
        #expect(
            author(
                "",
                head: "<meta name=twitter:label1 content='Est. reading time'><meta name=twitter:data1 content='Ann'>")
                == nil)
        // Markup: a label before the name, microdata, a thread's first post, not a log-in link.
        #expect(
            author("<div class=the-author><span>Author</span><span>Isaiah Shelton</span></div>") == "Isaiah Shelton")
        #expect(
            author("<div class=by-author><span itemprop=author><span itemprop=name>Sam O'Brien</span></span></div>")
                == "Sam O'Brien")
        #expect(author("<div class=authorize><a>Sign In</a></div>") == nil)
        #expect(author("<div class=author><a>Yucy</a><a>Yucy</a></div>") == "Yucy")
        #expect(author("<p class=author-bio>Jane writes about gardens and sheds</p>") == nil)
        #expect(author("<p class=author>Marna van der Merwe</p>") == "Marna van der Merwe")
        #expect(author("<div class=comments><span class=comment-author>Troll</span></div>") == nil)
        #expect(author("<p class=author>This post was written by Danielle Padula</p>") == "Danielle Padula")
        #expect(author("<article class=message data-author=pelex>Hi</article>") == "pelex")
        // A line that opens as a byline does, in markup that says nothing (utility classes).
        #expect(author("<div class='flex gap-2'><span>By Ann Lee</span> · <span>May 6, 2025</span></div>") == "Ann Lee")
        #expect(
            author("<div class=d-flex>By Matt Rich ⋅ Review Editor ⋅ Updated November 18, 2025</div>") == "Matt Rich")
        #expect(author("<p class=text-sm>Written by Cassidy Horton</p>") == "Cassidy Horton")
        #expect(author("<div class=mb-50>Author: Lisa D. Ellis</div>") == "Lisa D. Ellis")
        // Not a byline: a heading, a menu's link, a teaser card, lower-case words, a name particle.
        #expect(author("<h3>By Industry</h3><ul><li>Retail</li></ul>") == nil)
        #expect(author("<ul class=menu><li><a href=/browse>By Role</a></li></ul>") == nil)
        #expect(author("<a href=/story/1><p>A teaser</p><p>By Clare Duffy</p></a>") == nil)
        #expect(author("<div class=text-sm>Published by our engineering team</div>") == nil)
        #expect(author("<p class=caption>Da Silva, scoring in the final</p>") == nil)
    }
}

extension MainContent {
    /// The words of a class or id as a `String` split gives them: runs of letters and digits,
    /// split where a lower-case letter meets an upper-case one (`relatedPosts` is "related",
    /// "posts"), lower-cased — the reference `NameWords` is checked against.
    static func nameWords(_ value: String) -> [String] {
        var words: [String] = []
        var word = ""
        var previousLower = false
        for character in value {
            guard character.isLetter || character.isNumber else {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower, !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
            word.append(character)
            previousLower = character.isLowercase
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }
}
