import Foundation

/// The feed's own fields, chosen among the alternatives formats offer.
extension XMLFeedBuilder {
    /// What the feed-level elements said.
    struct FeedDraft {
        var title: Markup?
        var rssLink: String?
        var alternateLink: String?
        /// Whether `alternateLink` is a web page (HTML or untyped).
        var alternateIsPage = false
        var selfLink: String?
        var description: Markup?
        var descriptionFallback: Markup?
        var language: String?
        var updated: Date?
        var published: Date?
        /// The rank of the elements `updated` and `published` came from (see `begin`).
        var updatedRank = UInt8.max
        var publishedRank = UInt8.max
        var ttl: Int?
        var syPeriod: String?
        var syFrequency: Int?
        var imageURL: String?
        var logo: String?
        var icon: String?
        var itunesImage: String?
        var mediaThumbnail: String?
        var authors: [ParsedAuthor] = []
        /// The feed's own address (`rel="self"`), which stands in for the caller's base URL.
        var selfURL: HTTPURL?
        /// The home page as a URL, the last resort for resolving relative links.
        var linkURL: HTTPURL?

        func finish(into feed: inout ParsedFeed, builder: inout XMLFeedBuilder) {
            feed.title = title.map(XMLFeedBuilder.plainText).flatMap { $0.isEmpty ? nil : $0 }
                .map { builder.oneLine($0, at: nil, entry: nil) }
            feed.link = alternateLink ?? rssLink
            feed.feedLink = selfLink
            feed.description = (description ?? descriptionFallback).map(XMLFeedBuilder.plainText)
                .flatMap { $0.isEmpty ? nil : $0 }
            if let description = feed.description,
                let cut = TextCut.bytes(description, limit: builder.options.maxSummaryBytes)
            {
                feed.description = cut
                builder.warnings.reached(.summary, builder.options, entry: nil)
            }
            feed.language = language.flatMap {
                $0.isEmpty ? nil : ParsedFeed.languageTag(builder.oneLine($0, at: nil, entry: nil))
            }
            feed.updated = updated ?? published
            let itunesImage = self.itunesImage ?? builder.show.itunesLinkImage
            feed.image = imageURL ?? logo ?? itunesImage ?? mediaThumbnail
            feed.icon = icon
            feed.authors = XMLFeedBuilder.people(authors)
            feed.ttl = ttl
            var podcast = builder.show.podcast
            podcast.image = itunesImage
            if podcast.owner == ParsedAuthor() { podcast.owner = nil }
            feed.podcast = podcast == PodcastInfo() ? nil : podcast
            if let syFrequency, syFrequency > 0 {
                let seconds = [
                    "hourly": 3600, "daily": 86400, "weekly": 604_800, "monthly": 2_592_000, "yearly": 31_536_000,
                ]
                feed.updatePeriod = seconds[syPeriod?.lowercased() ?? "daily"].map { $0 / syFrequency }
            } else if let syPeriod {
                feed.updatePeriod = ["hourly": 3600, "daily": 86400, "weekly": 604_800][syPeriod.lowercased()]
            }
        }
    }

    /// What the channel's podcast elements said. Kept beside `FeedDraft`, not in it: the draft is
    /// read on every resolved link, and a larger one cost instructions on feeds that are not podcasts.
    struct ShowDraft {
        var podcast = PodcastInfo()
        /// The `itunes:category` being read, and the category paths listed (a set, so that
        /// de-duplicating stays linear).
        var categoryParent: String?
        var categoryPaths: Set<[String]> = []
        /// `itunes:link rel="image"`, the podcast image before `itunes:image` (2005): used when the
        /// channel has no `itunes:image`.
        var itunesLinkImage: String?
    }

    mutating func assignFeed(_ field: Field, _ markup: Markup, _ capture: Capture) {
        let text = markup.text.trimmed
        switch field {
        case .title: if feedDraft.title == nil { feedDraft.title = markup }
        case .link:
            guard feedDraft.rssLink == nil, let link = resolve(text, base: base, field: "link", capture, nil)
            else { return }
            feedDraft.rssLink = link
            if feedDraft.linkURL == nil { feedDraft.linkURL = HTTPURL(link) }
        case .description: if feedDraft.description == nil { feedDraft.description = markup }
        case .descriptionFallback: if feedDraft.descriptionFallback == nil { feedDraft.descriptionFallback = markup }
        case .itunesSubtitle:
            // A description when there is none, and the show's subtitle.
            if feedDraft.descriptionFallback == nil { feedDraft.descriptionFallback = markup }
            if show.podcast.subtitle == nil {
                show.podcast.subtitle = lineText(markup, at: capture.tagOffset, entry: nil)
            }
        case .language: if !text.isEmpty { feedDraft.language = feedDraft.language ?? text }
        case .updated:
            if capture.rank < feedDraft.updatedRank, let date = date(text, capture, entry: nil) {
                (feedDraft.updated, feedDraft.updatedRank) = (date, capture.rank)
            }
        case .published:
            if capture.rank < feedDraft.publishedRank, let date = date(text, capture, entry: nil) {
                (feedDraft.published, feedDraft.publishedRank) = (date, capture.rank)
            }
        case .ttl:
            if let minutes = Int(text), minutes > 0 {
                feedDraft.ttl = minutes
            } else if !text.isEmpty {
                warn("ttl \"\(text.prefix(20))\" is not a number of minutes", at: capture.tagOffset)
            }
        case .syPeriod: feedDraft.syPeriod = text
        case .syFrequency: feedDraft.syFrequency = Int(text)
        case .feedImageURL:
            if feedDraft.imageURL == nil {
                feedDraft.imageURL = resolve(text, base: base, field: "image", capture, nil)
            }
        case .logo:
            if feedDraft.logo == nil { feedDraft.logo = resolve(text, base: base, field: "logo", capture, nil) }
        case .icon:
            if feedDraft.icon == nil { feedDraft.icon = resolve(text, base: base, field: "icon", capture, nil) }
        case .author:
            guard !text.isEmpty, hasRoom(forAuthorIn: feedDraft.authors, at: capture.tagOffset, entry: nil) else {
                return
            }
            feedDraft.authors.append(person(text, at: capture.tagOffset, entry: nil))
        case .personName, .personEmail, .personURI:
            guard var author = feedDraft.authors.popLast() else { return }
            fill(&author, field, text, capture, entry: nil)
            feedDraft.authors.append(author)
        default: assignPodcast(field, text, capture)
        }
    }
}
