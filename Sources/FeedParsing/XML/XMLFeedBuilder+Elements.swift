import Foundation

/// Which element starts which field or scope, for each scope.
extension XMLFeedBuilder {
    /// The fields the builder captures.
    enum Field {
        case title, link, description, descriptionFallback, language, updated, published, ttl, syPeriod,
            syFrequency
        case feedImageURL, logo, icon, author, personName, personEmail, personURI
        case mediaTitle, guid, atomID, dcIdentifier, content, category, comments
        // Podcasts (see XMLFeedBuilder+Podcast.swift).
        case itunesSubtitle, itunesImageText, ownerName, ownerEmail, explicit, showType, complete, duration
        case episodeNumber, season, episodeType, podcastGUID, locked, funding, person, podcastSeason, podcastEpisode
    }

    /// How captured text is to be read.
    enum MarkupKind {
        /// Plain text: escape it to show it as HTML.
        case text
        /// HTML, escaped in the XML or in CDATA.
        case html
        /// Markup that was written as elements (Atom XHTML, or HTML pasted in unescaped).
        case xhtml
    }

    /// Captured content and how to read it.
    struct Markup {
        /// The content as UTF-8. Kept as bytes: HTML goes to the sanitizer without first being
        /// made (and validated as) a String, which showed in profiles for large contents.
        var bytes: [UInt8]
        var kind: MarkupKind

        /// The content as a String, for the short fields that need one.
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Starts an Atom text construct (title, subtitle, summary, content) in `namespace`: read by its
    /// `type`, and decoded first when Atom 0.3's `mode` says base64, or when Atom 1.0's `type` is a
    /// media type that is neither text nor XML (RFC 4287 §4.1.3.3: such content is base64).
    mutating func beginAtomText(_ field: Field, _ namespace: XMLNamespace) {
        let type = scanner.attribute(.none, "type")
        begin(field, kind: scanner.atomKind(type: type))
        if namespace != .atom {
            if scanner.attribute(.none, "mode")?.lowercased() == "base64" { capture?.base64 = .mode }
        } else if let type, Self.isBinaryMediaType(type) {
            capture?.base64 = .mediaType
        }
    }

    /// A media type that is neither text (`text/…`) nor XML (`…/xml`, `…+xml`):
    /// `application/octet-stream`, `image/png`, `application/json`.
    static func isBinaryMediaType(_ type: String) -> Bool {
        // `html`, `text` and `xhtml`, what nearly every feed writes, have no "/": nothing to build.
        guard type.utf8.contains(UInt8(ascii: "/")) else { return false }
        let essence = String(type.lowercased().prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" })
        return !essence.hasPrefix("text/") && !essence.hasSuffix("+xml") && !essence.hasSuffix("/xml")
    }

    mutating func feedElement(_ name: XMLName) {
        let rss = isRSS(name.namespace)
        let atom = isAtom(name.namespace)
        switch (name.namespace, name.known) {
        case (_, .channel) where rss, (_, .feed) where atom:
            if let language = scanner.attribute(.xml, "lang") { feedDraft.language = feedDraft.language ?? language }
        case (_, .item) where rss, (_, .entry) where atom:
            beginEntry()
        case (_, .image) where rss:
            push(.image)
        case (_, .author) where atom:
            guard hasRoom(forAuthorIn: feedDraft.authors, at: scanner.tagStart, entry: nil) else { return push(.skip) }
            feedDraft.authors.append(ParsedAuthor())
            push(.feedPerson)
        case (_, .title) where atom:
            beginAtomText(.title, name.namespace)
        case (_, .title) where rss, (.dc, .title):
            begin(.title, kind: .html)
        case (_, .link) where rss:
            begin(.link, kind: .text)
        case (_, .link) where atom:
            atomLink(entry: false)
        case (_, .subtitle) where atom, (.atom03, .tagline):
            beginAtomText(.description, name.namespace)
        case (_, .description) where rss, (.dc, .description):
            begin(.description, kind: .html)
        case (.itunes, _):
            itunesFeedElement(name.local)
        case (.podcast, _):
            podcastElement(name.local, entry: false)
        case (_, .language) where rss, (.dc, .language):
            begin(.language, kind: .text)
        // The feed's dates; see docs/parsing.md for the precedence.
        case (_, .lastBuildDate) where rss, (_, .updated) where atom, (.atom03, .modified), (.dcterms, .modified):
            begin(.updated, kind: .text)
        case (.dc, .date):
            begin(.updated, kind: .text, rank: 1)
        case (_, .pubDate) where rss, (.dcterms, .issued):
            begin(.published, kind: .text)
        case (.dcterms, .created), (.atom03, .created):
            begin(.published, kind: .text, rank: 1)
        case (_, .ttl) where rss:
            begin(.ttl, kind: .text)
        case (.sy, .updatePeriod):
            begin(.syPeriod, kind: .text)
        case (.sy, .updateFrequency):
            begin(.syFrequency, kind: .text)
        case (_, .logo) where atom:
            begin(.logo, kind: .text)
        case (_, .icon) where atom:
            begin(.icon, kind: .text)
        case (_, .author) where rss, (_, .managingEditor) where rss, (_, .webMaster) where rss, (.dc, .creator),
            (.dc, .author):
            begin(.author, kind: .text)
        case (_, .entries) where rss, (_, .items) where rss, (_, .textinput) where rss,
            (_, .textInput) where rss, (.atom, _):
            push(.skip)
        case (.media, _):
            mediaElement(name)
        default:
            // Unknown elements with children (extensions we do not read) are skipped whole so
            // their own <title> or <link> is not taken for the feed's.
            if name.namespace != .none, !Self.isRSSNamespace(name.namespace) { push(.skip) }
        }
    }

    /// The rank of an item's `dc:date` among its publication dates: the last resort.
    static let dcDateRank: UInt8 = 2

    mutating func entryElement(_ name: XMLName) {
        let rss = isRSS(name.namespace)
        let atom = isAtom(name.namespace)
        // Every element of every entry is matched here: by `known` (an integer), not by string.
        switch (name.namespace, name.known) {
        case (_, .title) where rss || atom, (.dc, .title):
            if atom { beginAtomText(.title, name.namespace) } else { begin(.title, kind: .html) }
        case (_, .link) where rss:
            begin(.link, kind: .text)
        case (_, .link) where atom:
            atomLink(entry: true)
        case (_, .guid) where rss:
            draft?.guidIsPermaLink = scanner.attribute(.none, "isPermaLink")?.lowercased() != "false"
            begin(.guid, kind: .text)
        case (_, .id) where atom:
            begin(.atomID, kind: .text)
        case (.dc, .identifier):
            begin(.dcIdentifier, kind: .text)
        case (_, .description) where rss, (_, .summary) where atom, (.dc, .description):
            if atom { beginAtomText(.description, name.namespace) } else { begin(.description, kind: .html) }
        case (.itunes, _):
            itunesEntryElement(name.local)
        case (.podcast, _):
            podcastElement(name.local, entry: true)
        case (.content, .encoded):
            begin(.content, kind: .html)
        case (.xhtml, .body):
            begin(.content, kind: .xhtml)
        // The habits of RSS before `content:encoded` (2002): an item's XHTML in a `<body>` without
        // its namespace, and its HTML, escaped, in `<fullitem>`.
        case (_, .body) where rss:
            begin(.content, kind: .xhtml)
        case (_, .fullitem) where rss:
            begin(.content, kind: .html)
        case (_, .content) where atom:
            if let source = scanner.attribute(.none, "src") {
                let url = resolve(source, field: "content src", entry: draft?.index)
                draft?.contentSource = url
                push(.skip)
            } else {
                beginAtomText(.content, name.namespace)
            }
        case (_, .author) where rss, (.dc, .creator), (.dc, .author):
            begin(.author, kind: .text)
        case (_, .author) where atom:
            guard let draft, hasRoom(forAuthorIn: draft.authors, at: scanner.tagStart, entry: draft.index) else {
                return push(.skip)
            }
            draft.authors.append(ParsedAuthor())
            push(.entryPerson)
        // An entry's dates; see docs/parsing.md for the precedence.
        case (_, .pubDate) where rss, (_, .published) where atom, (.dc, .date), (.atom03, .issued),
            (.atom03, .created), (.dcterms, .issued), (.dcterms, .created):
            // Ranks: the publication date itself, then the creation date, then dc:date.
            let rank: UInt8 = name.namespace == .dc ? Self.dcDateRank : name.known == .created ? 1 : 0
            begin(.published, kind: .text, rank: rank)
        case (_, .updated) where atom, (.atom03, .modified), (.dcterms, .modified):
            begin(.updated, kind: .text)
        case (_, .category) where rss, (.dc, .subject):
            begin(.category, kind: .text)
        case (_, .categories) where rss:
            // A wrapper some feeds put around their categories: its children are read as the item's.
            break
        case (_, .category) where atom:
            if let term = scanner.attribute(.none, "label") ?? scanner.attribute(.none, "term") {
                addCategory(term, at: scanner.tagStart)
            } else {
                // No term: the element's text is the category, as some feeds write it.
                begin(.category, kind: .text)
            }
        case (_, .comments) where rss:
            begin(.comments, kind: .text)
        case (_, .enclosure) where rss:
            enclosure(url: scanner.attribute(.none, "url"))
        case (.media, .group):
            push(.media)
        case (.media, _):
            mediaElement(name)
        default:
            // Anything else with children (atom:source, atom:contributor, extensions) is skipped.
            push(.skip)
        }
    }

    mutating func personElement(_ name: XMLName) {
        guard isAtom(name.namespace) else { return push(.skip) }
        switch name.known {
        case .name: begin(.personName, kind: .text)
        case .email: begin(.personEmail, kind: .text)
        case .uri, .url: begin(.personURI, kind: .text)
        default: push(.skip)
        }
    }

    /// The `width` and `height` a Media RSS element gives its picture.
    private var mediaSize: ImageDetails {
        ImageDetails(
            width: scanner.attribute(.none, "width").flatMap { ImageDetails.pixels($0.utf8) },
            height: scanner.attribute(.none, "height").flatMap { ImageDetails.pixels($0.utf8) })
    }

    /// Media RSS inside an entry (or a `media:group` in one): thumbnails and image content feed the
    /// image cascade; a title stands in for a missing entry title.
    mutating func mediaElement(_ name: XMLName) {
        guard name.namespace == .media else { return push(.skip) }
        switch name.known {
        case .thumbnail:
            if let url = resolve(scanner.attribute(.none, "url"), field: "thumbnail", entry: draft?.index) {
                if let draft {
                    if draft.mediaThumbnail == nil {
                        (draft.mediaThumbnail, draft.mediaThumbnailSize) = (url, mediaSize)
                    }
                } else {
                    feedDraft.mediaThumbnail = feedDraft.mediaThumbnail ?? url
                }
            }
            push(.skip)
        case .content:
            let medium = scanner.attribute(.none, "medium")?.lowercased()
            let type = scanner.attribute(.none, "type")?.lowercased()
            if let draft, let url = resolve(scanner.attribute(.none, "url"), field: "media url", entry: draft.index),
                medium == "image" || type?.hasPrefix("image/") == true
                    || (medium == nil && type == nil && Self.looksLikeImage(url))
            {
                if draft.mediaContentImage == nil {
                    (draft.mediaContentImage, draft.mediaContentSize) = (url, mediaSize)
                }
            }
            push(.media)
        case .group:
            push(.media)
        case .title where draft != nil:
            begin(.mediaTitle, kind: scanner.atomKind(default: .text))
        case .description where draft != nil:
            begin(.descriptionFallback, kind: scanner.atomKind(default: .text))
        case .category where draft != nil:
            // Media RSS's taxonomy (`music/artist/album` under a `scheme`): its `label` when given,
            // else its text, as an Atom category's label comes before its term.
            if let label = scanner.attribute(.none, "label") {
                addCategory(label, at: scanner.tagStart)
                push(.skip)
            } else {
                begin(.category, kind: .text)
            }
        default:
            push(.skip)
        }
    }

    static func looksLikeImage(_ url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1).first?.lowercased() ?? ""
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif"].contains { path.hasSuffix($0) }
    }

    /// `atom:link`: the alternate page, the feed itself, enclosures and comment pages. Of several
    /// alternates the first web page wins (no type, or an HTML one) over a first of another type;
    /// a link without a usable `href` is skipped.
    mutating func atomLink(entry: Bool) {
        let rel = Self.linkRelation(scanner.attribute(.none, "rel"))
        let href = resolve(scanner.attribute(.none, "href"), field: "link", entry: entry ? draft?.index : nil)
        push(.skip)
        guard let href else { return }
        let isPage = Self.isPageType(scanner.attribute(.none, "type"))
        switch (rel, entry) {
        case ("alternate", false):
            if feedDraft.alternateLink == nil || (isPage && !feedDraft.alternateIsPage) {
                (feedDraft.alternateLink, feedDraft.alternateIsPage) = (href, isPage)
            }
            if feedDraft.linkURL == nil { feedDraft.linkURL = HTTPURL(href) }
        case ("self", false):
            if feedDraft.selfLink == nil {
                feedDraft.selfLink = href
                feedDraft.selfURL = HTTPURL(href)
            }
        case ("alternate", true):
            guard let draft else { return }
            if draft.atomLink == nil || (isPage && !draft.atomLinkIsPage) {
                (draft.atomLink, draft.atomLinkIsPage) = (href, isPage)
            }
        case ("enclosure", true):
            enclosure(url: href)
        case ("replies", true) where isPage:
            let value = href
            if draft?.comments == nil { draft?.comments = value }
        default:
            break
        }
    }

    /// A link's `rel`, lower-cased: absent or blank is "alternate" (RFC 4287), and the IANA
    /// registry's URI form of a registered relation is its short name.
    static func linkRelation(_ rel: String?) -> String {
        guard let rel, !rel.isEmpty else { return "alternate" }
        var name = rel.trimmed.lowercased()
        let registry = "http://www.iana.org/assignments/relation/"
        if name.hasPrefix(registry) { name.removeFirst(registry.count) }
        return name.isEmpty ? "alternate" : name
    }

    /// Whether a link's `type` says a web page: none given, or an HTML type.
    static func isPageType(_ type: String?) -> Bool {
        guard let type = type?.trimmed.lowercased(), !type.isEmpty else { return true }
        return type.hasPrefix("text/html") || type.hasPrefix("application/xhtml+xml")
    }

    mutating func enclosure(url: String?) {
        push(.skip)
        guard let draft, let url = resolve(url, field: "enclosure url", entry: draft.index) else { return }
        guard draft.enclosures.count < options.maxEnclosures else {
            return warnings.reached(.enclosures, options, at: scanner.tagStart, entry: draft.index)
        }
        let type = scanner.attribute(.none, "type").flatMap {
            $0.isEmpty ? nil : oneLine($0, at: scanner.tagStart, entry: draft.index)
        }
        let length = scanner.attribute(.none, "length").flatMap { Int($0.trimmed) }
        draft.enclosures.append(ParsedEnclosure(url: url, type: type, length: length.flatMap { $0 > 0 ? $0 : nil }))
    }

    mutating func beginEntry() {
        push(.entry)
        guard entryCount < options.maxEntries else {
            if entryCount == options.maxEntries {
                warn("entries beyond the first \(options.maxEntries) were ignored", at: scanner.tagStart)
            }
            entryCount += 1
            scopes[scopes.count - 1].scope = .skip
            return
        }
        let draft = EntryDraft(index: entryCount, offset: scanner.tagStart)
        draft.rdfAbout = scanner.attribute(.rdf, "about")
        draft.base = base
        self.draft = draft
        entryCount += 1
    }
}

extension XMLScanner {
    /// The kind an Atom text construct declares with `type` on the current start tag; Atom 0.3's
    /// `mode="escaped"` makes XHTML escaped HTML. (On the scanner: a builder method reading only
    /// the scanner made Swift copy the whole builder, 1.5 KB, for every call.)
    func atomKind(default kind: XMLFeedBuilder.MarkupKind = .text) -> XMLFeedBuilder.MarkupKind {
        atomKind(type: attribute(.none, "type"), default: kind)
    }

    /// The same, for a `type` already read.
    func atomKind(type: String?, default kind: XMLFeedBuilder.MarkupKind = .text) -> XMLFeedBuilder.MarkupKind {
        switch type?.lowercased() {
        case "html", "text/html", "escaped": return .html
        case "xhtml", "application/xhtml+xml":
            return attribute(.none, "mode")?.lowercased() == "escaped" ? .html : .xhtml
        case "text", "text/plain": return .text
        default: return kind
        }
    }
}
