import FeedParsing
import Foundation

/// Finds the article in a web page: its content as safe HTML and as text, and what the page says
/// about it (title, author, date, image, site, language, direction). The content is chosen with
/// Readability's rules (Firefox's Reader View) and made safe by the feed parser's sanitizer:
/// relative URLs resolved, scripts, styles, forms and unknown embeds gone.
///
/// ```swift
/// let article = ArticleExtractor().extract(html: bytes, url: URL(string: "https://example.com/a")!)
/// print(article.title ?? "", article.text)
/// ```
public struct ArticleExtractor: Sendable {
    public var sanitizer: HTMLSanitizer

    public init(sanitizer: HTMLSanitizer = HTMLSanitizer()) {
        self.sanitizer = sanitizer
    }

    /// The article in `html` (a page's bytes, in any encoding its BOM, `httpCharset` or `<meta
    /// charset>` names), with relative URLs resolved against `url` (or the page's `<base href>`).
    public func extract(html: [UInt8], url: URL?, httpCharset: String? = nil) -> ExtractedArticle {
        extract(utf8: FeedTextDecoder.decode(html, httpCharset: httpCharset).utf8, url: url)
    }

    /// The same, from a page already in a `String`.
    public func extract(html: String, url: URL?) -> ExtractedArticle {
        extract(utf8: Array(html.utf8), url: url)
    }

    func extract(utf8 bytes: [UInt8], url: URL?) -> ExtractedArticle {
        // A script-drawn page's crawler view in a `noscript` is the page a reader without scripts
        // sees: its author, dates and text are read there, by every reader below.
        let tree = {
            var tree = HTMLTree(parsing: bytes)
            tree.unwrapNoscriptContent()
            return tree
        }()
        let jsonLD = JSONLDArticle.documents(in: tree)
        let metadata = PageMetadata(tree: tree, jsonLD: jsonLD, host: url?.host)
        let readerable = ReaderableCheck.isProbablyReaderable(tree)
        var finder = ArticleFinder(
            tree: tree, title: metadata.searchTitle ?? "", metadataHasByline: (metadata.byline ?? "").isEmpty == false)
        finder.prepare()
        var found = finder.find()
        var base = url.flatMap { HTTPURL($0.absoluteString) }
        if let href = tree.baseHref, let resolved = HTTPURL(tree.decoded(href), base: base) { base = resolved }
        let kind = PageKindReader(tree: tree, jsonLD: jsonLD, url: base.flatMap { URL(string: $0.serialized) })
            .kind(isArticle: readerable)
        // Readability's container, unless the page's main content taken whole has more than twice
        // its text outside links, or the page's kind is one that is never one container of prose
        // (a product, a shelf, a list, a service's page): then Readability's best container is one
        // card, one box or the reviews. A long text on an article's page of prose is trusted: the
        // rest of such a page is its chrome (docs/extraction.md, "Main content taken whole").
        let trusted = kind == .article && readerable && (found?.characters ?? 0) >= Self.trustedCharacters
        if !trusted {
            let main = MainContent(page: tree, kind: kind)
            let readable = found.map { Self.unlinked($0.tree, $0.article) } ?? 0
            let unlinked = Self.unlinked(main.tree, main.root)
            if unlinked > 2 * readable
                || (Self.wholePageKinds.contains(kind) && !Self.wrongMain(unlinked, readable: readable))
            {
                found = ArticleFinder.Found(tree: main.tree, article: main.root, characters: main.characters)
            }
        }

        var article = ExtractedArticle()
        article.canonicalURL = Self.ownAddress(metadata.canonical, base: base, page: url)
        article.title = metadata.title.flatMap(Self.nonEmpty)
        article.byline = (metadata.byline.flatMap(Self.nonEmpty) ?? finder.byline).flatMap(Self.nonEmpty)
        // The author: the metadata's, else the first the page shows in its markup — read with its
        // line breaks and by whole class words, which Readability's byline is not ("AuthorAnn
        // Lee", a log-in link classed "authorize"; docs/extraction.md, "Authors").
        // A publisher's name given as the author ("USA TODAY", "Cleveland Clinic") yields to a
        // person the page shows.
        let written = [metadata.byline, metadata.labelledAuthor].lazy.compactMap { Byline.author($0) }.first
        if let written, !metadata.site.isNamed(by: written) {
            article.author = written
        } else {
            article.author = PageAuthor.shown(in: tree, kind: kind) ?? written
        }
        article.excerpt = metadata.excerpt.flatMap(Self.nonEmpty)
        article.siteName = metadata.siteName.flatMap(Self.nonEmpty)
        // The page's date of publication, else a `<time>` in the content or its author line, one
        // elsewhere in the page (not in its navigation, asides or footer), the date shown beside
        // the main heading or in an element classed as a date, and last the date it was changed.
        // An empty value (`"datePublished": ""`) is none; each is read only when those before fail.
        let dates: [() -> String?] = [
            { metadata.published }, { Self.datePublished(in: tree) },
            { [found] in found.flatMap { Self.firstTime(in: $0.tree, under: $0.article) } },
            { [finder] in finder.bylineTime },
            { Self.pageTime(in: tree) }, { VisibleDate.near(mainHeadingOf: tree) },
            { VisibleDate.inDatedElement(of: tree) }, { metadata.modified },
        ]
        if let (written, date) = dates.lazy.compactMap({ $0().flatMap(Self.nonEmpty).flatMap(Self.readDate) }).first {
            article.publishedText = written
            article.published = date
        }
        article.language = metadata.language.flatMap(Self.nonEmpty)
        article.direction = finder.direction
        if var found {
            ContentNavigation.remove(in: &found.tree, under: found.article)
            RelatedShelves.remove(in: &found.tree, under: found.article)
            EmptySections.remove(in: &found.tree, under: found.article)
            let inner = found.tree.innerHTML(found.article)
            let sanitized = inner.withUnsafeBufferPointer { sanitizer.sanitizeWithText($0, base: base) }
            article.html = sanitized.html
            article.text = sanitized.text
            article.image = metadata.image.flatMap { HTTPURL($0, base: base)?.serialized } ?? sanitized.image
        } else {
            article.image = metadata.image.flatMap { HTTPURL($0, base: base)?.serialized }
        }
        // Not an article: say so, and why; the content found is still given (a caller may show it).
        if found == nil || article.text.isEmpty {
            article.notArticleReason = "no text found"
        } else if !readerable {
            article.notArticleReason =
                "no paragraphs of prose (a home page, a list of links, a search page or a form)"
        }
        article.isArticle = article.notArticleReason == nil
        article.kind = kind
        article.confidence =
            found.map { found in
                let stats = found.tree.stats[Int(found.article)]
                return ExtractionConfidence(
                    characters: Int(stats.solid), pageCharacters: Int(tree.stats[Int(tree.body)].solid),
                    linkCharacters: stats.linkCharacters, readerable: readerable
                ).value
            } ?? 0
        // Without a description: the first paragraph, as Readability does — not a picture's
        // caption, which is often the content's first line.
        if article.excerpt == nil, let found {
            article.excerpt = Self.firstParagraph(in: found.tree, under: found.article)
        }
        if article.excerpt == nil {
            article.excerpt = Self.nonEmpty(String(article.text.prefix { $0 != "\n" }))
        }
        return article
    }

    /// The address a page gives as its own (`written`: its `link rel=canonical`, else its
    /// `og:url`), absolute; nil when it gives none, or gives a page above it on its own site — its
    /// home page or a section (`/news` for `/news/2026/story`) — a template's mistake that would
    /// make every page of the site one page.
    static func ownAddress(_ written: String?, base: HTTPURL?, page: URL?) -> String? {
        guard let written = written.flatMap(nonEmpty), let resolved = HTTPURL(written, base: base)?.serialized,
            let address = URL(string: resolved)
        else { return nil }
        func site(_ url: URL) -> String? {
            url.host.map { $0.lowercased().hasPrefix("www.") ? String($0.lowercased().dropFirst(4)) : $0.lowercased() }
        }
        guard let page, site(address) == site(page) else { return resolved }
        func path(_ url: URL) -> String { url.path.hasSuffix("/") ? url.path : url.path + "/" }
        let above = path(page).hasPrefix(path(address)) && path(page) != path(address)
        return above && address.query == nil ? nil : resolved
    }

    /// Pages whose content is never one container of prose: Readability's best container there is
    /// one card of a shelf, one box of a service's page or a product's reviews.
    static let wholePageKinds: Set<PageKind> = [.product, .collection, .listing, .service]

    /// A main content with under a tenth of the text of an article-long container Readability
    /// found is not the page's content: a banner marked `main`, the content beside it. (On a page
    /// with next to nothing — a captcha, a shell its script fills — the little there is is not
    /// Readability's either.)
    static func wrongMain(_ unlinked: Double, readable: Double) -> Bool {
        readable >= Double(trustedCharacters) && unlinked * 10 < readable
    }

    /// Readability's text this long on an article's page of prose is the article.
    static let trustedCharacters: Int32 = 2_500

    /// Characters of a subtree's text outside links.
    static func unlinked(_ tree: HTMLTree, _ node: HTMLTree.Node) -> Double {
        let stats = tree.stats[Int(node)]
        return Double(stats.characters) - stats.linkCharacters
    }

    /// The page's own word for its date: the first element with `itemprop="datePublished"` (its
    /// `content` or `datetime`), else the first with `itemprop="dateCreated"` (a question's on a
    /// Q&A page, whose answers follow it with theirs).
    static func datePublished(in tree: HTMLTree) -> String? {
        var created: String?
        var current = tree.nextElement(after: tree.root)
        while let node = current {
            if let itemprop = tree.attribute(node, "itemprop") {
                let names = itemprop.split(separator: " ")
                let value = { tree.attribute(node, "content") ?? tree.attribute(node, "datetime") }
                if names.contains("datePublished"), let value = value() { return value }
                if created == nil, names.contains("dateCreated") { created = value() }
            }
            current = tree.nextElement(after: node)
        }
        return created
    }

    /// The text of the article's first `<p>` with text outside a `<figure>` or its caption.
    static func firstParagraph(in tree: HTMLTree, under article: HTMLTree.Node) -> String? {
        for paragraph in tree.descendants(of: article, where: { $0 == .p }) {
            var current = tree.parent[Int(paragraph)]
            var inFigure = false
            while current != HTMLTree.none, current != article {
                if [.figure, .figcaption].contains(tree.kind[Int(current)]) { inFigure = true }
                current = tree.parent[Int(current)]
            }
            if !inFigure, let text = nonEmpty(HTMLTree.collapsingSpaces(tree.textContent(paragraph))) { return text }
        }
        return nil
    }

    /// The first `<time>` of the article that gives a date.
    static func firstTime(in tree: HTMLTree, under article: HTMLTree.Node) -> String? {
        tree.descendants(of: article, where: { $0 == .time }).lazy.compactMap { timeValue($0, in: tree) }.first
    }

    /// A `<time>`'s date: its `datetime`, else — as HTML reads an element without one — its text,
    /// when that is short and holds a date ("August 12, 2025"; not "3 hours ago").
    static func timeValue(_ time: HTMLTree.Node, in tree: HTMLTree) -> String? {
        if let value = tree.attribute(time, "datetime") { return value }
        guard tree.stats[Int(time)].characters < 120 else { return nil }
        let text = tree.innerText(time)
        return VisibleDate.first(in: text) == nil ? nil : text
    }

    /// The first `<time>` of the page that gives a date, outside its navigation, asides and
    /// footers (a list of other stories' dates sits there).
    static func pageTime(in tree: HTMLTree) -> String? {
        for time in tree.descendants(of: tree.body, where: { $0 == .time }) {
            guard let value = timeValue(time, in: tree).flatMap(nonEmpty) else { continue }
            if !tree.hasAncestor(time, where: chrome.contains) { return value }
        }
        return nil
    }

    static let chrome = KindSet([.nav, .aside, .footer])

    /// A date as written and as read: the text when it parses as a feed's date does (ISO 8601,
    /// RFC 822 and their kin), else the first date a reader sees in it ("on Friday December 19,
    /// 2025 @08:00PM", "Thu, 09/25/2025 - 11:38") as `YYYY-MM-DD`; nil for text holding no date, so
    /// that the next source is read.
    static func readDate(_ text: String) -> (String, Date)? {
        if let date = FeedDate.parse(text) { return (text, date) }
        guard let day = VisibleDate.first(in: text), let date = FeedDate.parse(day) else { return nil }
        return (day, date)
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = ArticleFinder.trimmed(text)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// An article found in a page.
public struct ExtractedArticle: Sendable, Equatable, Codable {
    public var title: String?
    /// The author line: from the page's metadata, else the author line found in the content, as
    /// written ("By Jonas Berg · 27 November 2026", as Readability gives it).
    public var byline: String?
    /// The author's name alone, from the byline: without "By", dates or other parts ("Jonas Berg").
    public var author: String?
    public var excerpt: String?
    public var siteName: String?
    public var published: Date?
    /// The publication date as the page wrote it.
    public var publishedText: String?
    /// The lead image: the metadata's, else the first image of the content (absolute URL).
    public var image: String?
    /// The page's language (`html lang`), as written.
    public var language: String?
    /// The text direction (`ltr`, `rtl`) of the article or its ancestors, when the page says.
    public var direction: String?
    /// The content as sanitized HTML (empty when the page had no content).
    public var html = ""
    /// The content as plain text.
    public var text = ""
    /// Whether the page reads as an article: text was found, and the page has paragraphs of prose
    /// (Readability's reader-view test). Home pages, search pages and login walls do not.
    public var isArticle = false
    /// Why the page is not an article; nil for an article.
    public var notArticleReason: String?
    /// The kind of page the extractor believes it read (an article, a forum thread, a product…):
    /// the content of each kind is given the same way.
    public var kind = PageKind.article
    /// How likely `text` is the page's main content, whole and alone: 0 (nothing found) to 1
    /// (a long text, most of the page's, with few links, on a page of prose). A caller shows the
    /// content above a threshold of its choosing (the server's `full_text.min_confidence`).
    public var confidence = 0.0
    /// The address the page gives as its own (`link rel=canonical`, else `og:url`), absolute;
    /// nil when it gives none, or names its site's home page while it is not one.
    public var canonicalURL: String?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case title, byline, author, excerpt, published, image, language, direction, html, text, kind, confidence
        case siteName = "site_name"
        case publishedText = "published_text"
        case isArticle = "is_article"
        case notArticleReason = "not_article_reason"
        case canonicalURL = "canonical_url"
    }
}
