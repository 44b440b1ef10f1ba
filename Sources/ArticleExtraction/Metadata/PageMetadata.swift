import FeedParsing
import Foundation

/// What a page says about itself, read in a documented order (docs/extraction.md): schema.org
/// JSON-LD of an article type first, then `meta` tags (Dublin Core, Open Graph, Twitter, Parse.ly,
/// plain names), then the page's own `title`, `html lang` and content.
struct PageMetadata: Sendable {
    var title: String?
    /// The title Readability's container search compares headings with: the main heading, or
    /// the title as the metadata writes it (with the site's name).
    var searchTitle: String?
    var byline: String?
    /// The author Twitter's card data names (`twitter:label1` "Written by", `twitter:data1`).
    var labelledAuthor: String?
    var excerpt: String?
    var siteName: String?
    /// The site, to know its name in a title or an author (`og:site_name`, publisher, host).
    var site: ArticleTitle.SiteName
    var published: String?
    /// The date the page was last changed (JSON-LD `dateModified`, `article:modified_time`).
    var modified: String?
    var image: String?
    var language: String?
    var locale: String?
    /// The address the page gives as its own, as written: `link rel=canonical`, else `og:url`.
    var canonical: String?

    /// What `tree` says of itself; `jsonLD` is its parsed JSON-LD (`JSONLDArticle.documents(in:)`);
    /// `host` is the page's host, to know the site's name in its title.
    init(tree: HTMLTree, jsonLD documents: [JSONNode], host: String? = nil) {
        let jsonLD = JSONLDArticle.first(in: documents)
        var values: [String: String] = [:]
        for meta in tree.metas {
            guard let content = tree.attribute(meta, "content").map(ArticleFinder.trimmed), !content.isEmpty else {
                continue
            }
            var matched = false
            if let property = tree.attribute(meta, "property") {
                for name in Self.propertyNames(property) {
                    values[name] = content
                    matched = true
                }
            }
            if !matched, let name = tree.attribute(meta, "name"), let key = Self.metaName(name) {
                values[key] = content
            }
            // Beyond Readability's names: images and locales.
            for attribute in ["property", "name", "itemprop"] {
                guard let name = tree.attribute(meta, attribute)?.lowercased() else { continue }
                for key in name.split(separator: " ") where Self.extraNames.contains(String(key)) {
                    if values[String(key)] == nil { values[String(key)] = content }
                }
            }
        }
        func first(_ keys: [String]) -> String? {
            for key in keys { if let value = values[key], !value.isEmpty { return value } }
            return nil
        }
        func first(_ keys: String...) -> String? { first(keys) }
        let pageTitle = ArticleTitle.fromPage(tree)
        title =
            jsonLD?.title(comparedWith: pageTitle)
            ?? first(
                "dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                "twitter:title", "parsely-title") ?? pageTitle
        let written = [title, tree.titleRange.map { tree.decoded($0) }].compactMap(\.self)
        let heading = ArticleTitle.mainHeading(in: tree, matching: written)
        siteName = (jsonLD?.publisher ?? first("og:site_name")).map(Self.unescaped)
        site = ArticleTitle.SiteName(siteName: siteName, host: host)
        // Readability's container search compares headings with the title as written; readers
        // get it without the site's name.
        searchTitle = heading ?? title
        title = heading ?? title.map { ArticleTitle.withoutSiteName($0, site: site) }
        // article:author is often a profile URL: a name only.
        let articleAuthor = first("article:author").flatMap { URL(string: $0)?.scheme == nil ? $0 : nil }
        byline = jsonLD?.byline ?? first("dc:creator", "dcterm:creator", "author", "parsely-author") ?? articleAuthor
        excerpt =
            jsonLD?.description
            ?? first(
                "dc:description", "dcterm:description", "og:description", "weibo:article:description",
                "weibo:webpage:description", "description", "twitter:description")
        published =
            jsonLD?.datePublished ?? first("parsely-pub-date") ?? first(Self.publicationNames)
            ?? JSONLDArticle.anyDate("datePublished", in: documents)
        modified =
            jsonLD?.dateModified ?? first(Self.changeNames) ?? JSONLDArticle.anyDate("dateModified", in: documents)
        image =
            jsonLD?.image
            ?? first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
        locale = first("og:locale")
        canonical = tree.canonicalHref.map { tree.decoded($0) } ?? first("og:url")
        if let html = tree.firstElementChild(tree.root), tree.kind[Int(html)] == .html,
            let lang = tree.attribute(html, "lang")
        {
            language = lang
        }
        // Pages escape entities in meta values that the HTML parser already decoded: once more.
        title = title.map(Self.unescaped)
        searchTitle = searchTitle.map(Self.unescaped)
        byline = byline.map(Self.unescaped)
        excerpt = excerpt.map(Self.unescaped)
        labelledAuthor =
            ["1", "2"].lazy.compactMap { index -> String? in
                guard let label = values["twitter:label" + index]?.lowercased(),
                    Self.authorLabels.contains(ArticleFinder.trimmed(label.replacingOccurrences(of: ":", with: "")))
                else { return nil }
                return values["twitter:data" + index].map(Self.unescaped)
            }.first
        published = published.map(Self.unescaped)
        modified = modified.map(Self.unescaped)
    }

    static let extraNames = Set<String>([
        "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "og:locale", "og:url",
        "twitter:label1", "twitter:data1", "twitter:label2", "twitter:data2",
    ]).union(publicationNames).union(changeNames)

    /// Names of `meta` tags (in `property`, `name` or `itemprop`) whose content is the date of
    /// publication, in the order they are trusted: Open Graph's, Dublin Core's, citation and
    /// publishing systems' own; a page whose JSON-LD names no date often has one of these.
    static let publicationNames = [
        "article:published_time", "og:published_time", "datepublished", "dc.date.issued", "dcterms.issued",
        "citation_publication_date", "citation_date", "publish-date", "publish_date", "publishdate",
        "published-date", "published_date",
        "published", "pubdate", "sailthru.date", "dc.date", "dcterms.date", "dcterms.created", "date",
        "datecreated",
    ]

    /// Names of `meta` tags whose content is the date the page last changed.
    static let changeNames = [
        "article:modified_time", "og:updated_time", "datemodified", "dc.date.modified", "dcterms.modified",
        "last-modified", "ms.date",
    ]

    /// The labels before an author's name in Twitter's card data (`twitter:label1` "Written by",
    /// `twitter:data1` the name, as Yoast SEO writes them), in the languages of its translations
    /// the write-ups' readers read.
    static let authorLabels: Set<String> = [
        "written by", "author", "by", "geschrieben von", "autor", "escrito por", "écrit par", "auteur",
        "skrevet av", "skriven av", "skrevet af", "scritto da", "geschreven door", "napisane przez", "автор",
        "kirjoittanut",
    ]

    /// The names in a `property` attribute (several may share one tag: "og:title twitter:title").
    static func propertyNames(_ property: String) -> [String] {
        var names: [String] = []
        let prefixes = ["article", "dc", "dcterm", "og", "twitter"]
        let suffixes = ["author", "creator", "description", "published_time", "title", "site_name"]
        // Found anywhere in a word, as Readability's unanchored pattern does: "og:article:author"
        // holds "article:author".
        for word in property.lowercased().split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: ":").map(String.init)
            for index in parts.indices.dropLast() where prefixes.contains(parts[index]) {
                if suffixes.contains(parts[index + 1]) {
                    names.append(parts[index] + ":" + parts[index + 1])
                    break
                }
            }
        }
        return names
    }

    /// A `name` attribute as Readability keys it ("DC.title" → "dc:title"), or nil for names it
    /// does not read.
    static func metaName(_ name: String) -> String? {
        let key = name.lowercased().filter { !$0.isWhitespace }.replacingOccurrences(of: ".", with: ":")
        if metaSuffixes.contains(key) { return key }
        // A prefix, "-" or ":", a suffix: looked up by the suffix, without building each name.
        for suffix in metaSuffixes where key.hasSuffix(suffix) {
            let head = key.dropLast(suffix.count)
            if let separator = head.last, separator == "-" || separator == ":",
                metaPrefixes.contains(String(head.dropLast()))
            {
                return key
            }
        }
        return nil
    }

    static let metaSuffixes = ["author", "creator", "pub-date", "description", "title", "site_name"]
    static let metaPrefixes: Set<String> = [
        "dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage",
    ]

    /// Character references decoded (a second time for values the parser decoded already).
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return HTMLEntities.decode(text)
    }
}
