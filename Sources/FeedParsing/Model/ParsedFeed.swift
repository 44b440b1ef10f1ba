import Foundation

/// A feed as read from any supported format: plain values, every URL absolute where a base was
/// known, every date in UTC, HTML sanitized. What could not be read is in `warnings`.
public struct ParsedFeed: Sendable, Equatable, Encodable {
    /// The format family a document was detected as (from its content, never its name).
    public enum Format: String, Sendable, Codable {
        /// RSS 0.91–0.94 and 2.0.
        case rss2
        /// RSS 1.0 and 0.90 (RDF).
        case rss1
        /// Atom 1.0 and 0.3.
        case atom
        /// JSON Feed 1.0 and 1.1.
        case json
    }

    /// The detected format.
    public var format: Format
    /// The feed's title as plain text.
    public var title: String?
    /// The home page the feed belongs to.
    public var link: String?
    /// The feed's own URL, when it names one (Atom `rel="self"`, JSON Feed `feed_url`).
    public var feedLink: String?
    /// The feed's description or subtitle as plain text.
    public var description: String?
    /// The language code the feed declares, as written but for `_` written as `-` (`en_US` is
    /// `en-US`, a BCP 47 tag); its case is kept.
    public var language: String?
    /// When the feed says it last changed.
    public var updated: Date?
    /// A logo or image for the feed.
    public var image: String?
    /// A small icon (Atom `icon`, JSON Feed `favicon`).
    public var icon: String?
    /// The feed's authors.
    public var authors: [ParsedAuthor] = []
    /// RSS `ttl`: minutes the feed may be cached.
    public var ttl: Int?
    /// Seconds between updates the publisher announces (`sy:updatePeriod` / `sy:updateFrequency`).
    public var updatePeriod: Int?
    /// Podcast fields of the show (`itunes:`, `podcast:`); nil when the document has none.
    public var podcast: PodcastInfo?
    /// The entries in document order.
    public var entries: [ParsedEntry] = []
    /// What was wrong with the document but did not stop it from being read.
    public var warnings: [FeedWarning] = []
    /// Entries left out as older than those kept (`FeedParser.Options.keepNewest`).
    var olderLeftOut = 0

    /// Creates an empty feed of a format.
    public init(format: Format) {
        self.format = format
    }

    /// The shortest refresh interval the publisher asks for, in seconds (TTL or syndication hints).
    public var refreshHint: Int? {
        [ttl.map { $0 * 60 }, updatePeriod].compactMap { $0 }.max()
    }

    enum CodingKeys: String, CodingKey {
        case format, title, link, description, language, updated, image, icon, authors, ttl, podcast, entries, warnings
        case feedLink = "feed_link"
        case updatePeriod = "update_period"
    }

    /// Absent values and empty author lists are left out; `entries` and `warnings` are always there.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(feedLink, forKey: .feedLink)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(updated, forKey: .updated)
        try container.encodeIfPresent(image, forKey: .image)
        try container.encodeIfPresent(icon, forKey: .icon)
        if !authors.isEmpty { try container.encode(authors, forKey: .authors) }
        try container.encodeIfPresent(ttl, forKey: .ttl)
        try container.encodeIfPresent(updatePeriod, forKey: .updatePeriod)
        try container.encodeIfPresent(podcast, forKey: .podcast)
        try container.encode(entries, forKey: .entries)
        try container.encode(warnings, forKey: .warnings)
    }
}

/// One entry (item, article, episode) of a feed.
public struct ParsedEntry: Sendable, Equatable, Encodable {
    /// Where an entry's id came from.
    public enum IDSource: String, Sendable, Codable {
        /// RSS `guid`.
        case guid
        /// Atom `id`.
        case atomID = "atom_id"
        /// JSON Feed `id`.
        case jsonID = "json_id"
        /// RSS 1.0 `rdf:about` or Dublin Core `dc:identifier`.
        case rdfAbout = "rdf_about"
        /// The entry had no id; its link stands in.
        case link
        /// No id and no link: a stable hash of title and date.
        case hash
    }

    /// Where an entry's representative image came from; `none` means callers show a placeholder.
    public enum ImageSource: String, Sendable, Codable {
        case mediaThumbnail = "media_thumbnail"
        case mediaContent = "media_content"
        case itunesImage = "itunes_image"
        case enclosure
        case content
        case jsonImage = "json_image"
        case none
    }

    /// A stable identifier, unique within the feed in well-formed feeds.
    public var id: String
    /// Where `id` came from.
    public var idSource: IDSource
    /// The title as plain text.
    public var title: String?
    /// The entry's web page, absolute.
    public var link: String?
    /// The summary as sanitized HTML.
    public var summaryHTML: String?
    /// The summary as plain text.
    public var summaryText: String?
    /// The full content as sanitized HTML.
    public var contentHTML: String?
    /// The full content as plain text.
    public var contentText: String?
    /// The entry's authors.
    public var authors: [ParsedAuthor] = []
    /// When the entry was first published (UTC).
    public var published: Date?
    /// When the entry last changed (UTC).
    public var updated: Date?
    /// Category names in document order, without duplicates.
    public var categories: [String] = []
    /// Attached media: podcast episodes, images, documents.
    public var enclosures: [ParsedEnclosure] = []
    /// One representative image URL, or nil (see `imageSource`).
    public var image: String?
    /// How `image` was chosen.
    public var imageSource: ImageSource = .none
    /// `image`'s size and alternative text, when the feed says them; nil when it says none.
    public var imageDetails: ImageDetails? {
        get { imageDetailsBox?.value }
        set { imageDetailsBox = newValue.flatMap { $0.isEmpty ? nil : ImageDetailsBox($0) } }
    }
    /// Behind a reference for the same reason as `episode`.
    private var imageDetailsBox: ImageDetailsBox?
    /// A page with the entry's comments.
    public var comments: String?
    /// Podcast fields of the episode (`itunes:`, `podcast:`); nil when the entry has none.
    public var episode: EpisodeInfo? {
        get { episodeBox?.value }
        set { episodeBox = newValue.map(EpisodeBox.init) }
    }
    /// `episode` behind one reference: entries of feeds that are not podcasts (most) stay as small
    /// as they were, and copying an entry copies a pointer.
    private var episodeBox: EpisodeBox?

    enum CodingKeys: String, CodingKey {
        case id, title, link, authors, published, updated, categories, enclosures, image, comments, episode
        case idSource = "id_source"
        case summaryHTML = "summary_html"
        case summaryText = "summary_text"
        case contentHTML = "content_html"
        case contentText = "content_text"
        case imageSource = "image_source"
        case imageWidth = "image_width"
        case imageHeight = "image_height"
        case imageAlt = "image_alt"
    }

    /// Absent values and empty lists are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(idSource, forKey: .idSource)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(summaryHTML, forKey: .summaryHTML)
        try container.encodeIfPresent(summaryText, forKey: .summaryText)
        try container.encodeIfPresent(contentHTML, forKey: .contentHTML)
        try container.encodeIfPresent(contentText, forKey: .contentText)
        if !authors.isEmpty { try container.encode(authors, forKey: .authors) }
        try container.encodeIfPresent(published, forKey: .published)
        try container.encodeIfPresent(updated, forKey: .updated)
        if !categories.isEmpty { try container.encode(categories, forKey: .categories) }
        if !enclosures.isEmpty { try container.encode(enclosures, forKey: .enclosures) }
        try container.encodeIfPresent(image, forKey: .image)
        try container.encode(imageSource, forKey: .imageSource)
        try container.encodeIfPresent(imageDetails?.width, forKey: .imageWidth)
        try container.encodeIfPresent(imageDetails?.height, forKey: .imageHeight)
        try container.encodeIfPresent(imageDetails?.alt, forKey: .imageAlt)
        try container.encodeIfPresent(comments, forKey: .comments)
        try container.encodeIfPresent(episode, forKey: .episode)
    }
}

// The initializers live in an extension so that the struct keeps its memberwise initializer
// (private, for `episodeBox`), which `assembled` uses.
extension ParsedEntry {
    /// Creates an entry with an id.
    public init(id: String, idSource: IDSource) {
        self.id = id
        self.idSource = idSource
    }

    /// An entry with every field, as the readers make them. Through the memberwise initializer
    /// and inlined, an entry made and appended to an array moves there; one made by an
    /// initializer of ours, or in a local `var`, was copied whole (the compiler keeps `self` of a
    /// large struct in a stack slot and copies out of it).
    @inline(__always)
    static func assembled(
        id: String, idSource: IDSource, title: String?, link: String?, summaryHTML: String?, summaryText: String?,
        contentHTML: String?, contentText: String?, authors: [ParsedAuthor], published: Date?, updated: Date?,
        categories: [String], enclosures: [ParsedEnclosure], image: String?, imageSource: ImageSource,
        imageDetails: ImageDetails? = nil, comments: String?, episode: EpisodeInfo?
    ) -> ParsedEntry {
        ParsedEntry(
            id: id, idSource: idSource, title: title, link: link, summaryHTML: summaryHTML, summaryText: summaryText,
            contentHTML: contentHTML, contentText: contentText, authors: authors, published: published,
            updated: updated, categories: categories, enclosures: enclosures, image: image, imageSource: imageSource,
            imageDetailsBox: imageDetails.flatMap { $0.isEmpty ? nil : ImageDetailsBox($0) }, comments: comments,
            episodeBox: episode.map(EpisodeBox.init))
    }
}

/// An immutable episode behind a reference (see `ParsedEntry.episode`). Not a generic box: a
/// generic class's metadata and conformances are looked up at run time, measurably on every entry.
final class EpisodeBox: Sendable, Equatable {
    let value: EpisodeInfo

    init(_ value: EpisodeInfo) {
        self.value = value
    }

    static func == (lhs: EpisodeBox, rhs: EpisodeBox) -> Bool { lhs.value == rhs.value }
}

/// Image details behind a reference, as `EpisodeBox`.
final class ImageDetailsBox: Sendable, Equatable {
    let value: ImageDetails

    init(_ value: ImageDetails) {
        self.value = value
    }

    static func == (lhs: ImageDetailsBox, rhs: ImageDetailsBox) -> Bool { lhs.value == rhs.value }
}

/// A person credited in a feed or entry.
public struct ParsedAuthor: Sendable, Equatable, Codable {
    /// Display name.
    public var name: String?
    /// Email address.
    public var email: String?
    /// Home page.
    public var url: String?

    /// Creates an author.
    public init(name: String? = nil, email: String? = nil, url: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
    }
}

/// A media file attached to an entry.
public struct ParsedEnclosure: Sendable, Equatable, Codable {
    /// Absolute URL of the file.
    public var url: String
    /// MIME type, when given.
    public var type: String?
    /// Size in bytes, when given.
    public var length: Int?

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// Something wrong with a document that did not stop it from being read.
public struct FeedWarning: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// 1-based line in the document, when known.
    public var line: Int?
    /// 1-based column (in characters), when known.
    public var column: Int?
    /// Index of the entry it concerns, when it concerns one.
    public var entry: Int?

    /// Creates a warning.
    public init(message: String, line: Int? = nil, column: Int? = nil, entry: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.entry = entry
    }

    /// "line:column: message (entry N)".
    public var description: String {
        var text = line.map { "\($0):\(column ?? 1): " } ?? ""
        text += message
        if let entry { text += " (entry \(entry))" }
        return text
    }
}

extension ParsedFeed {
    /// A declared language as a BCP 47 tag: `en_US` (a POSIX locale, as feeds written by some
    /// systems give it) is `en-US`. Case is kept.
    static func languageTag(_ text: String) -> String {
        text.contains("_") ? text.replacingOccurrences(of: "_", with: "-") : text
    }
}
