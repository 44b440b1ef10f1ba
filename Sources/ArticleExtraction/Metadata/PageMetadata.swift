import FeedParsing
import Foundation

/// What a page says about itself, read in a documented order (docs/extraction.md): schema.org
/// JSON-LD of an article type first, then `meta` tags (Dublin Core, Open Graph, Twitter, Parse.ly,
/// plain names), then the page's own `title`, `html lang` and content.
struct PageMetadata: Sendable {
    var title: String?
    var byline: String?
    var excerpt: String?
    var siteName: String?
    var published: String?
    /// The date the page was last changed (JSON-LD `dateModified`, `article:modified_time`).
    var modified: String?
    var image: String?
    var language: String?
    var locale: String?

    /// What `tree` says of itself; `jsonLD` is its parsed JSON-LD (`JSONLDArticle.documents(in:)`).
    init(tree: HTMLTree, jsonLD documents: [JSONNode]) {
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
        func first(_ keys: String...) -> String? {
            for key in keys { if let value = values[key], !value.isEmpty { return value } }
            return nil
        }
        let pageTitle = ArticleTitle.fromPage(tree)
        title =
            jsonLD?.title(comparedWith: pageTitle)
            ?? first(
                "dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                "twitter:title", "parsely-title") ?? pageTitle
        let written = [title, tree.titleRange.map { tree.decoded($0) }].compactMap(\.self)
        title = ArticleTitle.mainHeading(in: tree, matching: written) ?? title
        // article:author is often a profile URL: a name only.
        let articleAuthor = first("article:author").flatMap { URL(string: $0)?.scheme == nil ? $0 : nil }
        byline = jsonLD?.byline ?? first("dc:creator", "dcterm:creator", "author", "parsely-author") ?? articleAuthor
        excerpt =
            jsonLD?.description
            ?? first(
                "dc:description", "dcterm:description", "og:description", "weibo:article:description",
                "weibo:webpage:description", "description", "twitter:description")
        siteName = jsonLD?.publisher ?? first("og:site_name")
        published = jsonLD?.datePublished ?? first("article:published_time", "parsely-pub-date")
        modified = jsonLD?.dateModified ?? first("article:modified_time", "og:updated_time")
        image =
            jsonLD?.image
            ?? first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
        locale = first("og:locale")
        if let html = tree.firstElementChild(tree.root), tree.kind[Int(html)] == .html,
            let lang = tree.attribute(html, "lang")
        {
            language = lang
        }
        // Pages escape entities in meta values that the HTML parser already decoded: once more.
        title = title.map(Self.unescaped)
        byline = byline.map(Self.unescaped)
        excerpt = excerpt.map(Self.unescaped)
        siteName = siteName.map(Self.unescaped)
        published = published.map(Self.unescaped)
        modified = modified.map(Self.unescaped)
    }

    static let extraNames: Set<String> = [
        "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "og:locale",
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
        let suffixes = ["author", "creator", "pub-date", "description", "title", "site_name"]
        let prefixes = ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"]
        if suffixes.contains(key) { return key }
        for prefix in prefixes {
            for separator in ["-", ":"] {
                for suffix in suffixes where key == prefix + separator + suffix { return key }
            }
        }
        return nil
    }

    /// Character references decoded (a second time for values the parser decoded already).
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return HTMLEntities.decode(text)
    }
}
