import Foundation
import Testing
import TidingsTesting

@testable import ArticleExtraction

/// The metadata order: JSON-LD of an article type, then meta tags, then the page's own title.
@Suite("Extraction metadata", .ownThreads)
struct ExtractionMetadataTests {
    static func extract(head: String, body: String = ExtractionRuleTests.article) -> ExtractedArticle {
        ArticleExtractor().extract(
            html: "<html><head>\(head)</head><body><article>\(body)</article></body></html>",
            url: ExtractionRuleTests.url)
    }

    @Test("JSON-LD comes first: headline, authors joined, publisher, date, image")
    func jsonLD() {
        let page = Self.extract(
            head: """
                <title>Site | Page</title><meta property="og:title" content="From Open Graph">
                <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",
                "headline":"From JSON-LD","author":[{"name":"Ann"},{"name":"Bob"}],"publisher":{"name":"Example News"},
                "datePublished":"2026-11-20T08:00:00Z","image":{"url":"/lead.jpg"}}</script>
                """)
        #expect(page.title == "From JSON-LD")
        #expect(page.byline == "Ann, Bob")
        #expect(page.siteName == "Example News")
        #expect(page.published == Date(timeIntervalSince1970: 1_795_161_600))
        #expect(page.image == "https://news.example/lead.jpg")
    }

    @Test(
        "the page's own address: rel=canonical first, else og:url, made absolute; a page above it on its site is none"
    )
    func canonical() {
        let linked = Self.extract(
            head: """
                <meta property="og:url" content="https://news.example/og">
                <link rel="alternate" href="/feed.xml"><link REL="Canonical stylesheet" href="/2026/harbour">
                <link rel="canonical" href="/second">
                """)
        #expect(linked.canonicalURL == "https://news.example/2026/harbour")
        #expect(
            Self.extract(head: #"<meta property="og:url" content="https://news.example/og">"#).canonicalURL
                == "https://news.example/og")
        #expect(Self.extract(head: "<title>No address</title>").canonicalURL == nil)
        #expect(Self.extract(head: #"<link rel="canonical" href="https://news.example/">"#).canonicalURL == nil)
        #expect(Self.extract(head: #"<link rel="canonical" href="">"#).canonicalURL == nil)
        #expect(Self.extract(head: #"<link rel="canonical" href="javascript:alert(1)">"#).canonicalURL == nil)
        // A section above the page is no address of its own; a page beside it is.
        #expect(Self.extract(head: #"<link rel="canonical" href="/2026/">"#).canonicalURL == nil)
        #expect(Self.extract(head: #"<link rel="canonical" href="https://www.news.example/2026">"#).canonicalURL == nil)
        #expect(Self.extract(head: #"<link rel="canonical" href="/2026/story">"#).canonicalURL != nil)
        #expect(
            Self.extract(head: #"<link rel="canonical" href="https://other.example/">"#).canonicalURL
                == "https://other.example/", "another site's: the link rules decide")
        // A home page may name itself.
        let home = ArticleExtractor().extract(
            html: #"<html><head><link rel="canonical" href="https://news.example/"></head><body></body></html>"#,
            url: URL(string: "https://www.news.example/?ref=app"))
        #expect(home.canonicalURL == "https://news.example/", "the same page without its query")
        let root = ArticleExtractor().extract(
            html: #"<html><head><link rel="canonical" href="https://news.example/"></head><body></body></html>"#,
            url: URL(string: "https://www.news.example/"))
        #expect(root.canonicalURL == "https://news.example/")
    }

    @Test("a context object with @vocab and an article in @graph count; other types and bad JSON do not")
    func jsonLDShapes() {
        let graph = Self.extract(
            head: """
                <script type="application/ld+json">{not json</script>
                <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Org"}</script>
                <script type="application/ld+json">{"@context":{"@vocab":"http://schema.org/"},"@graph":[
                {"@type":"WebPage","name":"Page"},{"@type":"BlogPosting","name":"The post"}]}</script>
                """)
        #expect(graph.title == "The post")
    }

    @Test("meta tags in Readability's order; several names in one property")
    func metaOrder() {
        let page = Self.extract(
            head: """
                <title>Plain title of the page here</title>
                <meta name="twitter:title" content="Twitter title">
                <meta property="og:title twitter:title" content="OG &amp; title">
                <meta name="author" content="Meta Author"><meta property="og:site_name" content="Site">
                <meta property="article:published_time" content="2026-01-02T03:04:05Z">
                <meta property="og:image" content="https://img.example/x.png"><meta property="og:locale" content="en_GB">
                """)
        #expect(page.title == "OG & title")
        #expect(page.byline == "Meta Author")
        #expect(page.siteName == "Site")
        #expect(page.publishedText == "2026-01-02T03:04:05Z")
        #expect(page.image == "https://img.example/x.png")
    }

    @Test("the page title loses the site's name after a separator, unless too few words remain")
    func titleSeparators() {
        #expect(
            ArticleTitle.choose("How the harbour was rebuilt – Example News", headings: { [] }, onlyH1: { nil })
                == "How the harbour was rebuilt")
        #expect(
            ArticleTitle.choose("Example News | How the harbour was rebuilt", headings: { [] }, onlyH1: { nil })
                == "Example News | How the harbour was rebuilt")
        #expect(
            ArticleTitle.choose("News: How the harbour was rebuilt", headings: { [] }, onlyH1: { nil })
                == "How the harbour was rebuilt")
        // A very short title gives way to the page's only h1.
        #expect(
            ArticleTitle.choose("Home", headings: { [] }, onlyH1: { "The real heading of the story" })
                == "The real heading of the story")
    }

    @Test("without metadata, the date comes from itemprop=datePublished, else the article's first <time>")
    func contentDates() {
        let itemprop = Self.extract(
            head: "<title>T</title>",
            body: "<span itemprop=\"datePublished\" content=\"2026-03-04T05:06:07Z\"></span>"
                + ExtractionRuleTests.article)
        #expect(itemprop.publishedText == "2026-03-04T05:06:07Z")
        #expect(itemprop.published == Date(timeIntervalSince1970: 1_772_600_767))
        let time = Self.extract(
            head: "<title>T</title>",
            body: "<p>Posted <time datetime=\"2026-01-02\">2 Jan</time>, a sentence long"
                + " enough to be prose, with commas, in the article.</p>" + ExtractionRuleTests.article)
        #expect(time.publishedText == "2026-01-02")
    }

    @Test("entities in metadata values are decoded")
    func entities() {
        let page = Self.extract(head: #"<meta property="og:title" content="Tom &amp;amp; Jerry&#39;s day">"#)
        #expect(page.title == "Tom & Jerry's day")
    }
}
