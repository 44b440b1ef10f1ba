import Foundation

// Reading back what `encode(to:)` writes. The encoders leave absent values and empty lists out,
// so every key but `format` (feed) and `id`, `id_source` (entry) may be missing.

extension ParsedFeed: Decodable {
    /// Reads a feed as `encode(to:)` writes it; missing lists are empty, missing values nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(format: try container.decode(Format.self, forKey: .format))
        title = try container.decodeIfPresent(String.self, forKey: .title)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        feedLink = try container.decodeIfPresent(String.self, forKey: .feedLink)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        updated = try container.decodeIfPresent(Date.self, forKey: .updated)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        icon = try container.decodeIfPresent(String.self, forKey: .icon)
        authors = try container.decodeIfPresent([ParsedAuthor].self, forKey: .authors) ?? []
        ttl = try container.decodeIfPresent(Int.self, forKey: .ttl)
        updatePeriod = try container.decodeIfPresent(Int.self, forKey: .updatePeriod)
        podcast = try container.decodeIfPresent(PodcastInfo.self, forKey: .podcast)
        entries = try container.decodeIfPresent([ParsedEntry].self, forKey: .entries) ?? []
        warnings = try container.decodeIfPresent([FeedWarning].self, forKey: .warnings) ?? []
    }
}

extension ParsedEntry: Decodable {
    /// Reads an entry as `encode(to:)` writes it; a missing `image_source` is `none`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            idSource: try container.decode(IDSource.self, forKey: .idSource))
        title = try container.decodeIfPresent(String.self, forKey: .title)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        summaryHTML = try container.decodeIfPresent(String.self, forKey: .summaryHTML)
        summaryText = try container.decodeIfPresent(String.self, forKey: .summaryText)
        contentHTML = try container.decodeIfPresent(String.self, forKey: .contentHTML)
        contentText = try container.decodeIfPresent(String.self, forKey: .contentText)
        authors = try container.decodeIfPresent([ParsedAuthor].self, forKey: .authors) ?? []
        published = try container.decodeIfPresent(Date.self, forKey: .published)
        updated = try container.decodeIfPresent(Date.self, forKey: .updated)
        categories = try container.decodeIfPresent([String].self, forKey: .categories) ?? []
        enclosures = try container.decodeIfPresent([ParsedEnclosure].self, forKey: .enclosures) ?? []
        image = try container.decodeIfPresent(String.self, forKey: .image)
        imageSource = try container.decodeIfPresent(ImageSource.self, forKey: .imageSource) ?? .none
        imageDetails = ImageDetails(
            width: try container.decodeIfPresent(Int.self, forKey: .imageWidth),
            height: try container.decodeIfPresent(Int.self, forKey: .imageHeight),
            alt: try container.decodeIfPresent(String.self, forKey: .imageAlt))
        comments = try container.decodeIfPresent(String.self, forKey: .comments)
        episode = try container.decodeIfPresent(EpisodeInfo.self, forKey: .episode)
    }
}
