import FeedParsing

/// How much of one fetched document is read (`parse.*`): the parser's per-item caps, so a hostile
/// or broken feed costs bounded time and storage. Over a cap, the start is kept with a warning.
public struct ParseLimits: Sendable, Hashable {
    /// Elements nested deeper are skipped with their content (`parse.max_depth`, default 512).
    public var maxDepth = 512
    /// Entries after this many are ignored (`parse.max_entries`, default 50000).
    public var maxEntries = 50_000
    /// Characters of a title, an author's or a category's name (`parse.max_title_length`, 2000).
    public var maxTitleLength = 2_000
    /// UTF-8 bytes of a summary (`parse.max_summary_bytes`, default 65536).
    public var maxSummaryBytes = 64 << 10
    /// UTF-8 bytes of an entry's sanitized content (`parse.max_content_bytes`, default 1048576).
    public var maxContentBytes = 1 << 20
    /// Categories per entry (`parse.max_categories`, default 100).
    public var maxCategories = 100
    /// Authors per entry and per feed (`parse.max_authors`, default 50).
    public var maxAuthors = 50
    /// Enclosures per entry (`parse.max_enclosures`, default 50).
    public var maxEnclosures = 50
    /// Candidates kept from one image's `srcset` (`parse.max_srcset_candidates`, default 32).
    public var maxSrcsetCandidates = 32
    /// Characters of a URL; longer ones are dropped (`parse.max_url_length`, default 8192).
    public var maxURLLength = 8_192

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
            "max_srcset_candidates": { $0.maxSrcsetCandidates = $1 }, "max_url_length": { $0.maxURLLength = $1 },
        ]
        for (key, value) in try node.mapping(allowed: Set(keys.keys)) {
            let range = key == "max_depth" ? 8...4096 : 1...(1 << 26)
            keys[key]?(&self, try value.int(range))
        }
    }
}
