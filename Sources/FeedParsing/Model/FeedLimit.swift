/// The per-field limits of ``FeedParser/Options``, and the one warning each gives per feed when
/// reached (not one per entry: a hostile feed must not produce 100,000 warnings).
enum FeedLimit: String {
    case title, summary, content, categories, authors, enclosures, podcast, srcset, id

    /// The warning, naming the field and the limit.
    func message(_ options: FeedParser.Options) -> String {
        switch self {
        case .title: "titles and names longer than \(options.maxTitleLength) characters were cut"
        case .summary: "summaries longer than \(options.maxSummaryBytes) bytes were cut"
        case .content: "contents longer than \(options.maxContentBytes) bytes were cut"
        case .categories: "categories after the first \(options.maxCategories) of an entry were left out"
        case .authors: "authors after the first \(options.maxAuthors) of an entry or feed were left out"
        case .enclosures: "enclosures after the first \(options.maxEnclosures) of an entry were left out"
        case .podcast:
            "podcast categories, funding links, persons and transcripts after the first \(options.maxPodcastItems) of a feed or entry were left out"
        case .srcset:
            "srcset candidates after the first \(options.sanitizer.maxSrcsetCandidates) of an image were left out"
        case .id: "ids longer than \(options.maxIDLength) bytes were replaced by \"hash:\" and a hash of them"
        }
    }

    /// An id longer than `limit` bytes as "hash:" and its FNV-1a hash, the same on every fetch;
    /// nil when it is not longer.
    static func shortID(_ id: String, limit: Int) -> String? {
        id.utf8.count > limit ? "hash:" + StableHash.hex(id) : nil
    }
}

extension WarningList {
    /// The entry's id held to the id limit, with the limit's warning when it was not.
    mutating func bounded(_ entry: inout ParsedEntry, _ options: FeedParser.Options, at offset: Int? = nil) {
        entry.id = boundedID(entry.id, options, at: offset)
    }

    /// `id` within the id limit; when it was not, a warning.
    mutating func boundedID(_ id: String, _ options: FeedParser.Options, at offset: Int? = nil) -> String {
        guard let short = FeedLimit.shortID(id, limit: options.maxIDLength) else { return id }
        reached(.id, options, at: offset, entry: nil)
        return short
    }

    /// Notes that `limit` was reached; only the first time in a feed becomes a warning.
    mutating func reached(_ limit: FeedLimit, _ options: FeedParser.Options, at offset: Int? = nil, entry: Int?) {
        add(limit.message(options), at: offset, entry: entry, kind: "limit " + limit.rawValue)
    }

    /// Notes what sanitizing a field of kind `limit` (summary or content) had to cut.
    mutating func note(
        _ sanitized: SanitizedHTML, _ limit: FeedLimit, _ options: FeedParser.Options, at offset: Int? = nil,
        entry: Int?
    ) {
        if sanitized.truncated { reached(limit, options, at: offset, entry: entry) }
        if sanitized.srcsetCut { reached(.srcset, options, at: offset, entry: entry) }
    }
}
