/// The per-field limits of ``FeedParser/Options``, and the one warning each gives per feed when
/// reached (not one per entry: a hostile feed must not produce 100,000 warnings).
enum FeedLimit: String {
    case title, summary, content, categories, authors, enclosures, srcset

    /// The warning, naming the field and the limit.
    func message(_ options: FeedParser.Options) -> String {
        switch self {
        case .title: "titles and names longer than \(options.maxTitleLength) characters were cut"
        case .summary: "summaries longer than \(options.maxSummaryBytes) bytes were cut"
        case .content: "contents longer than \(options.maxContentBytes) bytes were cut"
        case .categories: "categories after the first \(options.maxCategories) of an entry were left out"
        case .authors: "authors after the first \(options.maxAuthors) of an entry or feed were left out"
        case .enclosures: "enclosures after the first \(options.maxEnclosures) of an entry were left out"
        case .srcset:
            "srcset candidates after the first \(options.sanitizer.maxSrcsetCandidates) of an image were left out"
        }
    }
}

extension WarningList {
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
