import Foundation

/// What a podcast feed says about the show: Apple's `itunes:` elements and the Podcasting 2.0
/// namespace (`podcast:`). ``ParsedFeed/podcast`` is nil when a document has none of them.
public struct PodcastInfo: Sendable, Equatable {
    /// How episodes are meant to be listed (`itunes:type`).
    public enum ShowType: String, Sendable, Codable {
        /// Newest first; the default when absent.
        case episodic
        /// Oldest first, in seasons.
        case serial
    }

    /// Categories as paths, in document order without duplicates: `["Technology"]`, or
    /// `["Society & Culture", "History"]` for a subcategory (its parent is not listed again).
    public var categories: [[String]] = []
    /// `itunes:explicit`: true for "yes"/"true"/"explicit", false for "no"/"false"/"clean".
    public var explicit: Bool?
    /// `itunes:type`.
    public var type: ShowType?
    /// `itunes:owner`: the person to contact about the show.
    public var owner: ParsedAuthor?
    /// `itunes:image`, absolute (the feed's `image` prefers RSS `image/url`, see docs/parsing.md).
    public var image: String?
    /// `itunes:subtitle` as plain text.
    public var subtitle: String?
    /// `itunes:complete`: no more episodes will be published.
    public var complete: Bool?
    /// `podcast:guid`: the show's global identifier (a UUID v5 by the spec).
    public var guid: String?
    /// `podcast:locked`: the owner forbids moving the feed to another host.
    public var locked: Bool?
    /// `podcast:funding`: where listeners can support the show.
    public var funding: [PodcastFunding] = []
    /// `podcast:person` on the channel: people of the whole show.
    public var persons: [PodcastPerson] = []

    /// Creates an empty description.
    public init() {}
}

/// What a podcast feed says about one episode. ``ParsedEntry/episode`` is nil when the entry has
/// none of it.
public struct EpisodeInfo: Sendable, Equatable {
    /// What an episode is (`itunes:episodeType`).
    public enum EpisodeType: String, Sendable, Codable {
        /// A regular episode; the default when absent.
        case full
        /// A short preview of the show or a season.
        case trailer
        /// Extra content.
        case bonus
    }

    /// `itunes:duration` in seconds (`HH:MM:SS`, `MM:SS` or seconds, fractions kept).
    public var duration: Double?
    /// `itunes:explicit`, read as for the show.
    public var explicit: Bool?
    /// `itunes:episode`, else a whole `podcast:episode`.
    public var episode: Int?
    /// `itunes:season`, else `podcast:season`.
    public var season: Int?
    /// The name `podcast:season` gives its season.
    public var seasonName: String?
    /// `itunes:episodeType`.
    public var episodeType: EpisodeType?
    /// The episode's `itunes:image`, absolute.
    public var image: String?
    /// `itunes:subtitle` as plain text.
    public var subtitle: String?
    /// `podcast:transcript`s in document order.
    public var transcripts: [PodcastTranscript] = []
    /// `podcast:chapters` (the first, when several).
    public var chapters: PodcastChapters?
    /// `podcast:person` on the episode.
    public var persons: [PodcastPerson] = []

    /// Creates an empty description.
    public init() {}
}

/// A `podcast:funding` link.
public struct PodcastFunding: Sendable, Equatable, Codable {
    /// Absolute http(s) URL of the page.
    public var url: String
    /// The link's text, when given.
    public var text: String?

    /// Creates a funding link.
    public init(url: String, text: String? = nil) {
        self.url = url
        self.text = text
    }
}

/// A `podcast:person`: someone who takes part in the show or an episode.
public struct PodcastPerson: Sendable, Equatable, Codable {
    /// The person's name.
    public var name: String
    /// Lower-cased role from the Podcast Taxonomy ("host", "guest"…); absent means "host".
    public var role: String?
    /// Lower-cased group from the taxonomy ("cast", "writing"…); absent means "cast".
    public var group: String?
    /// Absolute URL of a picture of the person.
    public var img: String?
    /// Absolute URL of a page about the person.
    public var href: String?

    /// Creates a person.
    public init(name: String, role: String? = nil, group: String? = nil, img: String? = nil, href: String? = nil) {
        self.name = name
        self.role = role
        self.group = group
        self.img = img
        self.href = href
    }
}

/// A `podcast:transcript` of an episode.
public struct PodcastTranscript: Sendable, Equatable, Codable {
    /// Absolute http(s) URL of the transcript.
    public var url: String
    /// MIME type ("text/vtt", "application/x-subrip", "text/html"…), when given.
    public var type: String?
    /// Language code, when given.
    public var language: String?
    /// "captions" when the file is meant as closed captions.
    public var rel: String?

    /// Creates a transcript.
    public init(url: String, type: String? = nil, language: String? = nil, rel: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.rel = rel
    }
}

/// A `podcast:chapters` file of an episode.
public struct PodcastChapters: Sendable, Equatable, Codable {
    /// Absolute http(s) URL of the chapters file.
    public var url: String
    /// MIME type ("application/json+chapters"), when given.
    public var type: String?

    /// Creates a chapters reference.
    public init(url: String, type: String? = nil) {
        self.url = url
        self.type = type
    }
}
