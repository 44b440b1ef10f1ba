import FeedParsing

/// How much of one fetched document is read (`parse.*`): the parser's per-item caps, so a hostile
/// or broken feed costs bounded time and storage. Over a cap, the start is kept with a warning.
public struct ParseLimits: Sendable, Hashable {
    /// The parser's own defaults, the one place the numbers are written (docs/parsing.md lists them).
    private static let defaults = FeedParser.Options()

    /// Elements nested deeper are skipped with their content (`parse.max_depth`).
    public var maxDepth = defaults.maxDepth
    /// Entries after this many are ignored (`parse.max_entries`).
    public var maxEntries = defaults.maxEntries
    /// Characters of a title, an author's or a category's name (`parse.max_title_length`).
    public var maxTitleLength = defaults.maxTitleLength
    /// UTF-8 bytes of a summary (`parse.max_summary_bytes`).
    public var maxSummaryBytes = defaults.maxSummaryBytes
    /// UTF-8 bytes of an entry's sanitized content (`parse.max_content_bytes`).
    public var maxContentBytes = defaults.maxContentBytes
    /// Categories per entry (`parse.max_categories`).
    public var maxCategories = defaults.maxCategories
    /// Authors per entry and per feed (`parse.max_authors`).
    public var maxAuthors = defaults.maxAuthors
    /// Enclosures per entry (`parse.max_enclosures`).
    public var maxEnclosures = defaults.maxEnclosures
    /// Podcast categories, funding links, persons and transcripts per feed or entry
    /// (`parse.max_podcast_items`).
    public var maxPodcastItems = defaults.maxPodcastItems
    /// Candidates kept from one image's `srcset` (`parse.max_srcset_candidates`).
    public var maxSrcsetCandidates = defaults.sanitizer.maxSrcsetCandidates
    /// Characters of a URL; longer ones are dropped (`parse.max_url_length`).
    public var maxURLLength = defaults.maxURLLength

    /// The defaults.
    public init() {}

    /// The parser options these limits make.
    public var options: FeedParser.Options {
        var options = FeedParser.Options()
        options.maxDepth = maxDepth
        options.maxEntries = maxEntries
        options.maxTitleLength = maxTitleLength
        options.maxSummaryBytes = maxSummaryBytes
        options.maxContentBytes = maxContentBytes
        options.maxCategories = maxCategories
        options.maxAuthors = maxAuthors
        options.maxEnclosures = maxEnclosures
        options.maxPodcastItems = maxPodcastItems
        options.sanitizer.maxSrcsetCandidates = maxSrcsetCandidates
        options.maxURLLength = maxURLLength
        return options
    }
}

extension ParseLimits {
    /// The keys of `parse` (docs/parsing.md lists them).
    public static let settings: [Setting<ParseLimits>] = [
        .int("max_depth", \.maxDepth, 8...4096, "elements nested deeper are skipped, 8 to 4096"),
        .int("max_entries", \.maxEntries, counts, "entries after this many are ignored"),
        .int("max_title_length", \.maxTitleLength, counts, "characters of a title, author or category name"),
        .bytes("max_summary_bytes", \.maxSummaryBytes, counts, "UTF-8 bytes of a summary"),
        .bytes("max_content_bytes", \.maxContentBytes, counts, "UTF-8 bytes of an entry's sanitized content"),
        .int("max_categories", \.maxCategories, counts, "categories per entry"),
        .int("max_authors", \.maxAuthors, counts, "authors per entry and per feed"),
        .int("max_enclosures", \.maxEnclosures, counts, "enclosures per entry"),
        .int("max_podcast_items", \.maxPodcastItems, counts, "podcast categories, funding links, persons, transcripts"),
        .int("max_srcset_candidates", \.maxSrcsetCandidates, counts, "candidates kept from one image's srcset"),
        .int("max_url_length", \.maxURLLength, counts, "characters of a URL; longer ones are dropped"),
    ]

    /// What every cap but the depth may be set to.
    private static let counts = 1...(1 << 26)
}
