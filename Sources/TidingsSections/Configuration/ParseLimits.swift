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
    init(_ node: ConfigNode) throws {
        self.init()
        let keys: [String: (inout ParseLimits, Int) -> Void] = [
            "max_depth": { $0.maxDepth = $1 }, "max_entries": { $0.maxEntries = $1 },
            "max_title_length": { $0.maxTitleLength = $1 }, "max_summary_bytes": { $0.maxSummaryBytes = $1 },
            "max_content_bytes": { $0.maxContentBytes = $1 }, "max_categories": { $0.maxCategories = $1 },
            "max_authors": { $0.maxAuthors = $1 }, "max_enclosures": { $0.maxEnclosures = $1 },
            "max_podcast_items": { $0.maxPodcastItems = $1 },
            "max_srcset_candidates": { $0.maxSrcsetCandidates = $1 }, "max_url_length": { $0.maxURLLength = $1 },
        ]
        for (key, value) in try node.mapping(allowed: Set(keys.keys)) {
            let range = key == "max_depth" ? 8...4096 : 1...(1 << 26)
            keys[key]?(&self, try value.int(range))
        }
    }
}
