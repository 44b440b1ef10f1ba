import Foundation

extension ParsedEntry {
    /// Whether the entry `a`, at `i` in its document, comes before `b`, at `j`, newest first: by
    /// published date, else updated date; undated entries after dated ones; ties by place. The
    /// order Tidings reads a feed in (`FeedTeasers`), and so the one retention keeps the top of.
    public static func newer(_ a: ParsedEntry, at i: Int, than b: ParsedEntry, at j: Int) -> Bool {
        switch (a.published ?? a.updated, b.published ?? b.updated) {
        case (let x?, let y?) where x != y: x > y
        case (.some, nil): true
        case (nil, .some): false
        default: i < j
        }
    }
}

extension ParsedFeed {
    /// Appends an entry read from the document; with `limit` (`FeedParser.Options.keepNewest`),
    /// once twice that many are held, the older half is let go, so memory stays in proportion to
    /// `limit` however long the document.
    @inline(__always)
    mutating func append(_ entry: ParsedEntry, keepingNewest limit: Int?) {
        entries.append(entry)
        if let limit, entries.count >= 2 * max(limit, 1) { dropOldest(keeping: limit) }
    }

    /// Keeps the newest `limit` entries (``ParsedEntry/newer(_:at:than:at:)``), in document order,
    /// counting those let go in `olderLeftOut`. Places compare within what is held, which keeps
    /// document order: what was let go before was behind on every count.
    mutating func dropOldest(keeping limit: Int) {
        let limit = max(limit, 0)
        guard entries.count > limit else { return }
        let kept = entries.indices.sorted { Self.newer(entries, $0, $1) }.prefix(limit).sorted()
        olderLeftOut += entries.count - kept.count
        entries = kept.map { entries[$0] }
    }

    private static func newer(_ entries: [ParsedEntry], _ i: Int, _ j: Int) -> Bool {
        ParsedEntry.newer(entries[i], at: i, than: entries[j], at: j)
    }
}
