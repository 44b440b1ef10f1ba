/// Readability's class and id patterns, matched in one pass over the attribute: every word is
/// looked for at every position, by first byte, case-insensitively (as its `/…/i` expressions).
/// One pass per attribute per page instead of five regular expressions per element per look.
enum ClassPatterns {
    struct Groups: OptionSet {
        let rawValue: UInt8
        /// Boilerplate names: removed unless also `maybeCandidate` (Readability's unlikelyCandidates).
        static let unlikely = Groups(rawValue: 1 << 0)
        /// Names that save an unlikely element (okMaybeItsACandidate).
        static let maybeCandidate = Groups(rawValue: 1 << 1)
        /// Article-like names: +25 (positive).
        static let positive = Groups(rawValue: 1 << 2)
        /// Boilerplate-like names: −25 (negative).
        static let negative = Groups(rawValue: 1 << 3)
        /// Names of author lines (byline).
        static let byline = Groups(rawValue: 1 << 4)
        /// "share" or "sharedaddy" as a word (shareElements).
        static let share = Groups(rawValue: 1 << 5)
    }

    private static let words: [(String, Groups)] = {
        var table: [String: Groups] = [:]
        func add(_ list: String, _ group: Groups) {
            for word in list.split(separator: " ") { table[String(word), default: []].insert(group) }
        }
        add(
            "-ad- ai2html banner breadcrumbs combx comment community cover-wrap disqus extra footer gdpr header"
                + " legends menu related remark replies rss shoutbox sidebar skyscraper social sponsor supplemental"
                + " ad-break agegate pagination pager popup yom-remote", .unlikely)
        add("and article body column content main shadow", .maybeCandidate)
        add("article body content entry hentry h-entry main page pagination post text blog story", .positive)
        add(
            "-ad- hidden banner combx comment com- contact foot footer footnote gdpr masthead media meta outbrain"
                + " promo related scroll share shoutbox sidebar skyscraper sponsor shopping tags widget", .negative)
        add("byline author dateline writtenby p-author", .byline)
        return table.map { ($0.key, $0.value) }
    }()

    /// Words by their first byte.
    private static let buckets: [[(word: [UInt8], groups: Groups)]] = {
        var buckets = [[(word: [UInt8], groups: Groups)]](repeating: [], count: 256)
        for (word, groups) in words {
            let bytes = Array(word.utf8)
            buckets[Int(bytes[0])].append((bytes, groups))
        }
        return buckets
    }()

    /// The groups whose words occur in `bytes[range]`.
    static func groups(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Groups {
        var found: Groups = []
        let end = range.upperBound
        var index = range.lowerBound
        while index < end {
            let first = lower(bytes[index])
            for (word, groups) in buckets[Int(first)]
            where !found.isSuperset(of: groups) && matches(bytes, at: index, end: end, word) {
                found.formUnion(groups)
            }
            if first == UInt8(ascii: "s"), isShareWord(bytes, at: index, end: end, start: range.lowerBound) {
                found.insert(.share)
            }
            index += 1
        }
        if hasToken(bytes, range, "hid") { found.insert(.negative) }
        return found
    }

    /// "share" or "sharedaddy" at `index`, not inside a longer word (`_` counts as a boundary).
    private static func isShareWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, start: Int)
        -> Bool
    {
        guard index == start || !isAlphanumeric(bytes[index - 1]) else { return false }
        guard matches(bytes, at: index, end: end, "share") else { return false }
        var after = index + 5
        if after < end, isAlphanumeric(bytes[after]) {
            guard matches(bytes, at: after, end: end, "daddy") else { return false }
            after += 5
        }
        return after == end || !isAlphanumeric(bytes[after])
    }

    /// Whether `token` is one of the space-separated words of `bytes[range]`, case-insensitively.
    static func hasToken(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ token: String) -> Bool {
        let token = token.utf8
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, bytes[index] <= 32 { index += 1 }
            let start = index
            while index < range.upperBound, bytes[index] > 32 { index += 1 }
            if index - start == token.count, matches(bytes, at: start, end: index, token) { return true }
        }
        return false
    }

    /// Whether `word` (lower-case) is at `index`, before `end`, case-insensitively.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, _ word: some Collection<UInt8>)
        -> Bool
    {
        guard index + word.count <= end else { return false }
        var position = index
        for byte in word {
            if lower(bytes[position]) != byte { return false }
            position += 1
        }
        return true
    }

    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, _ word: String) -> Bool {
        matches(bytes, at: index, end: end, word.utf8)
    }

    /// Whether `word` occurs anywhere in `bytes[range]`, case-insensitively.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        let word = word.utf8
        guard range.count >= word.count else { return false }
        for index in range.lowerBound...(range.upperBound - word.count)
        where matches(bytes, at: index, end: range.upperBound, word) {
            return true
        }
        return false
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool {
        let letter = byte | 0x20
        return (letter >= 0x61 && letter <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
}
