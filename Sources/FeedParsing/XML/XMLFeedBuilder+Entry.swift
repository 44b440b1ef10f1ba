import Foundation

/// Turning captured fields into entries: the id cascade, the image cascade, sanitizing.
extension XMLFeedBuilder {
    /// What an entry's elements said, before choosing among alternatives. A class: it is filled
    /// field by field while the builder is mutated, and copying a struct this size on every field
    /// showed in profiles.
    final class EntryDraft {
        var index: Int
        var offset: Int
        var base: HTTPURL?
        var title: Markup?
        var mediaTitle: Markup?
        var rssLink: String?
        var atomLink: String?
        /// Whether `atomLink` is a web page (HTML or untyped), which a later alternate does not replace.
        var atomLinkIsPage = false
        var guid: String?
        var guidIsPermaLink = true
        var atomID: String?
        var rdfAbout: String?
        var dcIdentifier: String?
        var summary: (Markup, HTTPURL?)?
        var summaryFallback: (Markup, HTTPURL?)?
        var content: (Markup, HTTPURL?)?
        var contentSource: String?
        var authors: [ParsedAuthor] = []
        var published: Date?
        var updated: Date?
        /// The rank of the elements `published` and `updated` came from (see `begin`).
        var publishedRank = UInt8.max
        var updatedRank = UInt8.max
        /// The item's `dc:date`, kept when a better published date wins, to stand in as updated.
        var dcDate: Date?
        var categories: [String] = []
        /// The names in `categories`, so that de-duplicating stays linear (a feed with 100,000
        /// categories in one entry took 38 s with `categories.contains`). Made at the 16th: fewer
        /// are compared one by one, cheaper than hashing each and a set for every entry.
        var categoryNames: Set<String>?
        var enclosures: [ParsedEnclosure] = []
        var mediaThumbnail: String?
        var mediaThumbnailSize: ImageDetails?
        var mediaContentImage: String?
        var mediaContentSize: ImageDetails?
        var itunesImage: String?
        /// `itunes:link rel="image"`, the podcast image before `itunes:image` (2005): used when the
        /// item has no `itunes:image`.
        var itunesLinkImage: String?
        var comments: String?
        var episode = EpisodeInfo()
        /// Whether the item has an `itunes:` or `podcast:` element: the others skip building `episode`.
        var sawPodcast = false
        /// `podcast:episode` and `podcast:season`, which stand in for the `itunes:` ones.
        var podcastEpisode: Int?
        var podcastSeason: Int?

        init(index: Int, offset: Int) {
            self.index = index
            self.offset = offset
        }

        /// Adds a category unless it is empty or a duplicate; false when it was left out because
        /// the entry has `limit` already.
        func addCategory(_ name: String, limit: Int) -> Bool {
            guard !name.isEmpty, !(categoryNames?.contains(name) ?? categories.contains(name)) else { return true }
            guard categories.count < limit else { return false }
            categories.append(name)
            if categoryNames != nil {
                categoryNames!.insert(name)
            } else if categories.count == 16 {
                categoryNames = Set(categories)
            }
            return true
        }
    }

    mutating func assignEntry(_ field: Field, _ markup: Markup, _ capture: Capture) {
        guard let draft else { return }
        // Markup fields are kept whole; only the short text fields below need trimming (trimming
        // content would copy all of it).
        switch field {
        case .title: if draft.title == nil { draft.title = markup }
        case .mediaTitle: if draft.mediaTitle == nil { draft.mediaTitle = markup }
        case .description: if draft.summary == nil { draft.summary = (markup, base) }
        case .descriptionFallback: if draft.summaryFallback == nil { draft.summaryFallback = (markup, base) }
        case .itunesSubtitle:
            // A summary when there is none, and the episode's subtitle.
            if draft.summaryFallback == nil { draft.summaryFallback = (markup, base) }
            if draft.episode.subtitle == nil {
                draft.episode.subtitle = lineText(markup, at: capture.tagOffset, entry: draft.index)
            }
        case .content: if draft.content == nil { draft.content = (markup, base) }
        default: assignEntryText(field, markup.text.trimmed, capture, draft)
        }
    }

    private mutating func assignEntryText(_ field: Field, _ text: String, _ capture: Capture, _ draft: EntryDraft) {
        let index = draft.index
        switch field {
        case .link:
            if draft.rssLink == nil { draft.rssLink = resolve(text, base: base, field: "link", capture, index) }
        case .guid: if !text.isEmpty { draft.guid = draft.guid ?? text }
        case .atomID: if !text.isEmpty { draft.atomID = draft.atomID ?? text }
        case .dcIdentifier: if !text.isEmpty { draft.dcIdentifier = draft.dcIdentifier ?? text }
        case .author:
            guard !text.isEmpty, hasRoom(forAuthorIn: draft.authors, at: capture.tagOffset, entry: index) else {
                return
            }
            draft.authors.append(person(text, at: capture.tagOffset, entry: index))
        case .personName, .personEmail, .personURI:
            guard var author = draft.authors.popLast() else { return }
            fill(&author, field, text, capture, entry: index)
            draft.authors.append(author)
        case .published:
            guard let date = date(text, capture, entry: index) else { return }
            if capture.rank == Self.dcDateRank, draft.dcDate == nil { draft.dcDate = date }
            if capture.rank < draft.publishedRank { (draft.published, draft.publishedRank) = (date, capture.rank) }
        case .updated:
            if capture.rank < draft.updatedRank, let date = date(text, capture, entry: index) {
                (draft.updated, draft.updatedRank) = (date, capture.rank)
            }
        case .category: addCategory(text, at: capture.tagOffset)
        case .comments:
            if draft.comments == nil {
                draft.comments = resolve(text, base: base, field: "comments", capture, index)
            }
        default: assignEpisode(field, text, capture, draft)
        }
    }

    /// A date field's value; nil with a warning when the text is not a date (never "now").
    mutating func date(_ text: String, _ capture: Capture, entry: Int?) -> Date? {
        guard !text.isEmpty else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warn("unreadable date \"\(text.prefix(60))\" was left out", at: capture.tagOffset, entry: entry)
        return nil
    }

    mutating func finishEntry(_ draft: EntryDraft) {
        let fallbackBase = documentBase ?? feedDraft.selfURL ?? feedDraft.linkURL
        var link = draft.atomLink ?? draft.rssLink
        // A permalink guid, or an Atom id that is a web address, is the link when there is no other.
        if link == nil, draft.guidIsPermaLink, let guid = draft.guid, guid.lowercased().hasPrefix("http") {
            link = Self.webAddress(guid, options)
        }
        if link == nil, let id = draft.atomID, id.lowercased().hasPrefix("http") { link = Self.webAddress(id, options) }
        let title = (draft.title ?? draft.mediaTitle).map(Self.plainText).flatMap { $0.isEmpty ? nil : $0 }
            .map { oneLine($0, at: draft.offset, entry: draft.index) }
        let published = draft.published
        let (candidate, source) = Self.identify(draft, link: link)
        let id = warnings.boundedID(candidate, options, at: draft.offset)
        var content = RenderedField()
        if let (markup, base) = draft.content {
            let rendered = Self.render(
                markup, base: base ?? fallbackBase, limit: options.maxContentBytes, sanitizer: options.sanitizer,
                scratch: sanitizerScratch)
            warnings.note(rendered, .content, options, at: draft.offset, entry: draft.index)
            content = RenderedField(rendered)
        }
        var summary = RenderedField()
        if let (markup, base) = draft.summary ?? draft.summaryFallback {
            let rendered = Self.render(
                markup, base: base ?? fallbackBase, limit: options.maxSummaryBytes, sanitizer: options.sanitizer,
                scratch: sanitizerScratch)
            warnings.note(rendered, .summary, options, at: draft.offset, entry: draft.index)
            summary = RenderedField(rendered)
        }
        let itunesImage = draft.itunesImage ?? draft.itunesLinkImage
        var episode: EpisodeInfo?
        if draft.sawPodcast {
            var fields = draft.episode
            fields.image = itunesImage
            fields.episode = fields.episode ?? draft.podcastEpisode
            fields.season = fields.season ?? draft.podcastSeason
            if fields != EpisodeInfo() { episode = fields }
        }
        // The image cascade, first found wins.
        var image: (url: String, source: ParsedEntry.ImageSource, details: ImageDetails?)?
        if let url = draft.mediaThumbnail {
            image = (url, .mediaThumbnail, draft.mediaThumbnailSize)
        } else if let url = draft.mediaContentImage {
            image = (url, .mediaContent, draft.mediaContentSize)
        } else if let url = itunesImage {
            image = (url, .itunesImage, nil)
        } else if let enclosure = draft.enclosures.first(where: {
            $0.type?.lowercased().hasPrefix("image/") ?? Self.looksLikeImage($0.url)
        }) {
            image = (enclosure.url, .enclosure, nil)
        } else if let url = content.image {
            image = (url, .content, content.details)
        } else if let url = summary.image {
            image = (url, .content, summary.details)
        }
        // Assembled where it is appended: built in a local `var`, the entry was copied whole.
        feed.append(
            ParsedEntry.assembled(
                id: id, idSource: source, title: title,
                link: link ?? draft.contentSource, summaryHTML: summary.html, summaryText: summary.text,
                contentHTML: content.html, contentText: content.text, authors: Self.people(draft.authors),
                published: published,
                // A dc:date beside a better publication date that says another time is when the
                // item changed.
                updated: draft.updated ?? draft.dcDate.flatMap { $0 == published ? nil : $0 },
                categories: draft.categories, enclosures: draft.enclosures, image: image?.url,
                imageSource: image?.source ?? .none, imageDetails: image?.details, comments: draft.comments,
                episode: episode),
            keepingNewest: options.keepNewest)
    }

    /// An id that is an absolute http(s) URL, serialized; else nil (an id need not be a link).
    static func webAddress(_ id: String, _ options: FeedParser.Options) -> String? {
        guard case .url(let url) = FeedURL.resolve(id, base: nil, maxLength: options.maxURLLength) else { return nil }
        return url
    }

    /// The id cascade: guid, atom:id, rdf:about / dc:identifier, link, then a hash of the content
    /// (left empty here; `ParsedFeed.identifyByContent` fills it once the entry is complete).
    static func identify(_ draft: EntryDraft, link: String?) -> (String, ParsedEntry.IDSource) {
        if let guid = draft.guid { return (guid, .guid) }
        if let id = draft.atomID { return (id, .atomID) }
        if let about = draft.rdfAbout ?? draft.dcIdentifier, !about.isEmpty { return (about, .rdfAbout) }
        if let link { return (link, .link) }
        return ("", .hash)
    }
}
