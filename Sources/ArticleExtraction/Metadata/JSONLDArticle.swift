import FeedParsing

/// The first schema.org article in a page's JSON-LD: a script whose `@context` is schema.org (a
/// URL, or an object whose `@vocab` is), whose `@type` (or an item of its `@graph`) is an Article
/// type, or whose `mainEntity` is one. Invalid JSON is skipped.
struct JSONLDArticle {
    var name: String?
    var headline: String?
    var byline: String?
    var description: String?
    var publisher: String?
    var datePublished: String?
    /// When the page was last changed: a fallback for pages that give no date of publication.
    var dateModified: String?
    var image: String?

    /// At most this many bytes of one script are read (a page's JSON-LD is a few kilobytes).
    static let maximumBytes = 1 << 20

    /// The page's JSON-LD scripts that parse (within `maximumBytes`), each read once for the
    /// article (`first(in:)`) and the page's kind (`PageKindReader`).
    static func documents(in tree: HTMLTree) -> [JSONNode] {
        tree.jsonLD.compactMap { range in
            guard range.count <= maximumBytes else { return nil }
            var bytes = Array(tree.bytes[range])
            stripCDATA(&bytes)
            return JSONNode(parsing: bytes)
        }
    }

    static func first(in documents: [JSONNode]) -> JSONLDArticle? {
        for root in documents {
            for candidate in [root] + (root.array ?? []) {
                guard isSchemaOrg(candidate["@context"]) else { continue }
                let graph = candidate["@graph"]?.array ?? []
                let nodes = candidate["@type"] == nil ? graph : [candidate]
                guard let node = nodes.lazy.compactMap(article(in:)).first else { continue }
                return JSONLDArticle(node, graph: graph)
            }
        }
        return nil
    }

    /// The node itself when it is an Article, else its `mainEntity` when that is one (a `WebPage`
    /// around a forum's `DiscussionForumPosting`).
    static func article(in node: JSONNode) -> JSONNode? {
        if isArticle(node["@type"]) { return node }
        guard let entity = node["mainEntity"] else { return nil }
        return (entity.array ?? [entity]).first { isArticle($0["@type"]) }
    }

    /// The article `node`; `graph` is the `@graph` it came from, where the nodes its `author`
    /// names by `@id` are (Yoast's `"author": {"@id": "…#/schema/person/…"}`).
    init(_ node: JSONNode, graph: [JSONNode] = []) {
        name = node["name"]?.string.map(ArticleFinder.trimmed)
        headline = node["headline"]?.string.map(ArticleFinder.trimmed)
        if let author = node["author"] {
            let names = (author.array ?? [author]).compactMap { Self.personName($0, graph: graph) }
            if !names.isEmpty { byline = names.joined(separator: ", ") }
        }
        description = node["description"]?.string.map(ArticleFinder.trimmed)
        publisher = node["publisher"]?["name"]?.string.map(ArticleFinder.trimmed)
        datePublished = node["datePublished"]?.string.map(ArticleFinder.trimmed)
        dateModified = (node["dateModified"] ?? node["uploadDate"])?.string.map(ArticleFinder.trimmed)
        if let image = node["image"] {
            self.image =
                image.string ?? image["url"]?.string ?? image.array?.first?.string
                ?? image.array?.first?["url"]?.string
        }
    }

    /// The first `key` ("datePublished") of any schema.org node of the page — a `WebPage`, an
    /// item of a `@graph` — for pages whose article node gives none or is not an Article type.
    static func anyDate(_ key: String, in documents: [JSONNode]) -> String? {
        for root in documents {
            for candidate in [root] + (root.array ?? []) where isSchemaOrg(candidate["@context"]) {
                for node in [candidate] + (candidate["@graph"]?.array ?? []) {
                    if let date = node[key]?.string.map(ArticleFinder.trimmed), !date.isEmpty { return date }
                }
            }
        }
        return nil
    }

    /// A person's (or an organization's) name: a string, an object's `name`, or the `name` of the
    /// node of `graph` whose `@id` an object without a name gives.
    static func personName(_ person: JSONNode, graph: [JSONNode]) -> String? {
        if let text = person.string { return ArticleFinder.trimmed(text) }
        if let name = person["name"]?.string { return ArticleFinder.trimmed(name) }
        guard let id = person["@id"]?.string else { return nil }
        return graph.first { $0["@id"]?.string == id }?["name"]?.string.map(ArticleFinder.trimmed)
    }

    /// The title: `name` and `headline` should agree, but some sites put their own name in `name`;
    /// when they differ, the one close to the page's `<title>` wins, `name` otherwise.
    func title(comparedWith pageTitle: String) -> String? {
        if let name, let headline, name != headline {
            let nameMatches = ArticleFinder.similarity(name, pageTitle) > 0.75
            let headlineMatches = ArticleFinder.similarity(headline, pageTitle) > 0.75
            return headlineMatches && !nameMatches ? headline : name
        }
        return name ?? headline
    }

    static func stripCDATA(_ bytes: inout [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = ArticleFinder.trimmed(text)
        guard trimmed.hasPrefix("<![CDATA[") else { return }
        var inner = trimmed.dropFirst(9)
        if inner.hasSuffix("]]>") { inner = inner.dropLast(3) }
        bytes = Array(inner.utf8)
    }

    static func isSchemaOrg(_ context: JSONNode?) -> Bool {
        guard let context else { return false }
        if let url = context.string { return isSchemaOrgURL(url) }
        if let vocab = context["@vocab"]?.string { return isSchemaOrgURL(vocab) }
        return false
    }

    static func isSchemaOrgURL(_ url: String) -> Bool {
        ["http://schema.org", "https://schema.org", "http://schema.org/", "https://schema.org/"].contains(url)
    }

    static let articleTypes = [
        "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle",
    ]

    /// An Article type of schema.org, or a list holding one.
    static func isArticle(_ type: JSONNode?) -> Bool {
        if let list = type?.array { return list.contains { isArticle($0) } }
        guard let type = type?.string else { return false }
        return type.hasPrefix("Article") || type.hasSuffix("APIReference")
            || articleTypes.contains { type.contains($0) }
    }
}
