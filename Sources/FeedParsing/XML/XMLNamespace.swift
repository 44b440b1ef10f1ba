/// The XML namespaces feed readers act on; every other namespace is `.unknown`.
enum XMLNamespace: UInt8, Sendable {
    case none, unknown
    /// `rss` is RSS 0.91–2.0 put in a namespace of its own (Userland's and Harvard's URIs, which
    /// some feeds declare as the default namespace): read as RSS without one.
    case atom, atom03, rdf, rss, rss1, rss090
    case dc, dcterms, content, media, itunes, podcast, sy, xml, xhtml, wfw, slash, feedburner, georss

    /// The namespace named by `uri`. Trailing slashes and case differences are forgiven: feeds
    /// write "http://search.yahoo.com/mrss" and "…/mrss/" alike.
    init(uri: String) {
        var key = uri.lowercased()
        while key.hasSuffix("/") || key.hasSuffix("#") { key.removeLast() }
        if key.hasPrefix("https://") { key = "http://" + key.dropFirst(8) }
        self = Self.byURI[key] ?? .unknown
    }

    private static let byURI: [String: XMLNamespace] = [
        "http://www.w3.org/2005/atom": .atom,
        "http://purl.org/atom/ns": .atom03,
        "http://www.w3.org/1999/02/22-rdf-syntax-ns": .rdf,
        "http://purl.org/rss/1.0": .rss1,
        "http://backend.userland.com/rss2": .rss,
        "http://backend.userland.com/rss": .rss,
        "http://blogs.law.harvard.edu/tech/rss": .rss,
        "http://purl.org/rss/1.0/modules/rss091": .rss,
        "http://my.netscape.com/rdf/simple/0.9": .rss090,
        "http://purl.org/dc/elements/1.1": .dc,
        "http://purl.org/dc/terms": .dcterms,
        "http://purl.org/rss/1.0/modules/content": .content,
        "http://search.yahoo.com/mrss": .media,
        "http://www.itunes.com/dtds/podcast-1.0.dtd": .itunes,
        // Podcasting 2.0: the namespace, and the document address early adopters declared.
        "http://podcastindex.org/namespace/1.0": .podcast,
        "http://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md": .podcast,
        "http://purl.org/rss/1.0/modules/syndication": .sy,
        "http://www.w3.org/xml/1998/namespace": .xml,
        "http://www.w3.org/1999/xhtml": .xhtml,
        "http://wellformedweb.org/commentapi": .wfw,
        "http://purl.org/rss/1.0/modules/slash": .slash,
        "http://rssnamespace.org/feedburner/ext/1.0": .feedburner,
        "http://www.georss.org/georss": .georss,
    ]

    /// The namespace a prefix conventionally means, for feeds that use a prefix without declaring
    /// it (`dc:creator` with no `xmlns:dc` is common); nil for prefixes with no convention.
    static func conventional(prefix: String) -> XMLNamespace? {
        switch prefix {
        case "xml": .xml
        case "dc": .dc
        case "dcterms": .dcterms
        case "content": .content
        case "media": .media
        case "itunes": .itunes
        case "podcast": .podcast
        case "sy": .sy
        case "atom", "atom10": .atom
        case "rdf": .rdf
        case "xhtml": .xhtml
        case "wfw": .wfw
        case "slash": .slash
        case "feedburner": .feedburner
        case "georss": .georss
        default: nil
        }
    }
}

/// An element or attribute name with its namespace resolved.
struct XMLName: Equatable, Sendable {
    var namespace: XMLNamespace
    var local: String
    /// `local` when the builder's tables name it; what their switches match.
    var known: XMLLocal

    init(_ namespace: XMLNamespace, _ local: String, known: XMLLocal) {
        self.namespace = namespace
        self.local = local
        self.known = known
    }
}

/// The local names the builder's element tables match, found once per element: a switch over them
/// compares small integers, where matching `local` against string patterns called the string
/// comparison for every pattern an element passed (a twentieth of reading a content-heavy feed).
/// Case-sensitive, as XML is; any other name is `.other`.
enum XMLLocal: String, CaseIterable, Sendable {
    case other = ""
    case about, author, base, body, categories, category, channel, comments, content, created, creator, date
    case description, email, enclosure, encoded, entries, entry, feed, fullitem, group, guid, href, icon, id
    case identifier, image, img, isPermaLink, issued, item, items, label, lang, language, lastBuildDate
    case length, link, logo, managingEditor, medium, mode, modified, name, pubDate, published, rel, src
    case subject, subtitle, summary, tagline, term, textInput, textinput, thumbnail, title, ttl, type
    case updateFrequency, updatePeriod, updated, uri, url, webMaster

    private static let table = NameTable(
        Dictionary(
            uniqueKeysWithValues: allCases.dropFirst().map { name in
                (Array(name.rawValue.utf8).withUnsafeBufferPointer { PackedName($0)! }, name)
            }))

    /// The name in `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self = PackedName(bytes).flatMap { Self.table[$0] } ?? .other
    }
}
