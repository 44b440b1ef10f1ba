import Foundation

/// When two entries of a section tell one story (issue 42): they were published (by their ranking
/// dates) within `window` of each other, come from different sources, and either their links have
/// one key (``StoryURL``) or the estimated similarity of their texts
/// (``StoryKeys/similarity(to:)``) is at least `minSimilarity` and neither summary names something
/// the other does not while the other does the same (``StoryKeys/differsInNames(from:)``: notices
/// cut from one template differ in little but their names). One source's own entries are one
/// story only when they have one link *and* alike texts (an item published again under a new id):
/// a source's daily briefings or a live blog's posts look alike, and many feeds give every item
/// one link (a podcast's show page), and none of those is one story.
public struct StoryRule: Hashable, Sendable, CustomStringConvertible {
    /// The longest time between two entries of one story.
    public var window: TimeInterval
    /// The least estimated Jaccard similarity of two texts' word pairs that makes them one story.
    public var minSimilarity: Double
    /// Texts of fewer words are grouped by their links only.
    public var minWords: Int

    public init(window: TimeInterval = 48 * 3600, minSimilarity: Double = 0.5, minWords: Int = 6) {
        self.window = window
        self.minSimilarity = minSimilarity
        self.minWords = minWords
    }

    /// What a store records of the rule its groups were made with: a different description means
    /// the groups are made again.
    public var description: String {
        "window=\(Int(window)) similarity=\(minSimilarity) words=\(minWords) hashes=\(StoryKeys.hashes) bands=\(StoryKeys.bands)x\(StoryKeys.rows) names=1"
    }

    /// Whether `entry` tells the story `earlier` told.
    public func matches(_ entry: StoryEntry, _ earlier: StoryEntry) -> Bool {
        guard abs(entry.at.timeIntervalSince(earlier.at)) <= window else { return false }
        let sameLink = entry.keys.url != nil && entry.keys.url == earlier.keys.url
        if sameLink && entry.source != earlier.source { return true }
        guard sameLink || entry.source != earlier.source else { return false }
        return entry.keys.words >= minWords && earlier.keys.words >= minWords
            && entry.keys.similarity(to: earlier.keys) >= minSimilarity
            && !entry.keys.differsInNames(from: earlier.keys)
    }

    /// The story `entry` joins among the stories of earlier entries it may match (found by link
    /// key or band bucket; others are checked and left): the story of the earliest one it matches
    /// (lowest `seq`), or nil for a story of its own.
    public func story(for entry: StoryEntry, among candidates: [(entry: StoryEntry, story: Int64)]) -> Int64? {
        candidates.filter { $0.entry.seq < entry.seq && matches(entry, $0.entry) }
            .min { $0.entry.seq < $1.entry.seq }?.story
    }
}

/// A decision on stories made after their entries were grouped, naming entries by their seq: an
/// editor's — take one entry out of its story (it becomes a story of its own), or make the
/// stories of two entries one — or what an entry's page said of itself: its own address has
/// this link key (rel=canonical, or where its link redirected), so the entry tells the story of
/// the entries linking there, as if its link were that one.
public enum StoryDecision: Hashable, Sendable {
    case split(Int64)
    case merge(Int64, Int64)
    case samePage(Int64, String)

    /// The decision's name in the store and the audit log.
    public var kind: String {
        switch self {
        case .split: "split"
        case .merge: "merge"
        case .samePage: "same_page"
        }
    }
}

/// An entry as grouping sees it: its place in its section (`seq`, higher is later), its source,
/// its ranking date and its keys.
public struct StoryEntry: Hashable, Sendable {
    public var seq: Int64
    public var source: String
    public var at: Date
    public var keys: StoryKeys

    public init(seq: Int64, source: String, at: Date, keys: StoryKeys) {
        self.seq = seq
        self.source = source
        self.at = at
        self.keys = keys
    }
}

/// The stories of one section's entries, made by adding them in `seq` order: each joins the story
/// ``StoryRule/story(for:among:)`` names, found through the same lookups a store makes (the link
/// key, the band buckets), or starts one whose id is its own `seq`. An entry never moves and a
/// story's id never changes as members join, so adding entries one at a time, in batches, or all
/// at once gives the same stories — the store's live grouping and its rebuild agree by
/// construction.
public struct StoryFold: Sendable {
    public let rule: StoryRule
    /// Each entry's story, by seq.
    public private(set) var stories: [Int64: Int64] = [:]
    private var entries: [Int64: StoryEntry] = [:]
    private var byURL = SeqIndex<String>()
    private var byBucket = BucketTable()
    /// Link keys entries have besides their own (``StoryDecision/samePage(_:_:)``), by seq.
    private var aliases: [Int64: [String]] = [:]
    /// The entries decisions name (a stored decision on a forgotten entry names nothing and goes).
    public private(set) var decided: Set<Int64> = []

    public init(rule: StoryRule) { self.rule = rule }

    /// Adds `entry` (its seq above every seq added before) and returns its story.
    @discardableResult
    public mutating func add(_ entry: StoryEntry) -> Int64 {
        var candidates: [(entry: StoryEntry, story: Int64)] = []
        // Few entries are found (most new entries are a story of their own): a list, and a set
        // only once many are (texts cut from one template).
        var seen: [Int64] = []
        var many: Set<Int64> = []
        func consider(_ seq: Int64, linking url: String?) {
            if seen.count < 16 {
                guard !seen.contains(seq) else { return }
                seen.append(seq)
                if seen.count == 16 { many = Set(seen) }
            } else {
                guard many.insert(seq).inserted else { return }
            }
            guard var earlier = entries[seq], let story = stories[seq] else { return }
            // Found by a link its page gave as its own: compared as if that were its link.
            if let url { earlier.keys.url = url }
            candidates.append((earlier, story))
        }
        if let url = entry.keys.url { byURL.forEach(at: url) { consider($0, linking: url) } }
        let buckets = lookedUp(entry.keys)
        for bucket in buckets { byBucket.forEach(at: bucket) { consider($0, linking: nil) } }
        let story = rule.story(for: entry, among: candidates) ?? entry.seq
        place(entry, in: story, buckets: buckets)
        return story
    }

    /// Puts `entry` in `story` as it was found before (a store's stored rows, which later entries
    /// are compared with) without asking the rule.
    public mutating func place(_ entry: StoryEntry, in story: Int64) {
        place(entry, in: story, buckets: lookedUp(entry.keys))
    }

    private mutating func place(_ entry: StoryEntry, in story: Int64, buckets: [Int64]) {
        stories[entry.seq] = story
        entries[entry.seq] = entry
        if let url = entry.keys.url { byURL.insert(entry.seq, at: url) }
        for bucket in buckets { byBucket.insert(entry.seq, at: bucket) }
    }

    /// Takes `seqs` out (their keys were forgotten): later entries are no longer compared with them.
    public mutating func remove(_ seqs: Set<Int64>) {
        for seq in seqs {
            guard let entry = entries.removeValue(forKey: seq) else { continue }
            stories.removeValue(forKey: seq)
            decided.remove(seq)
            if let url = entry.keys.url { byURL.remove(seq, at: url) }
            for url in aliases.removeValue(forKey: seq) ?? [] { byURL.remove(seq, at: url) }
            for bucket in lookedUp(entry.keys) { byBucket.remove(seq, at: bucket) }
        }
    }

    /// How many entries each of `stories` has (one pass over the fold: cheaper than a query).
    public func members(of stories: Set<Int64>) -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for story in self.stories.values where stories.contains(story) { counts[story, default: 0] += 1 }
        return counts
    }

    /// The entries whose link, or a link their page gave as its own, has `url` as its key.
    public func seqs(linking url: String) -> [Int64] {
        var seqs: [Int64] = []
        byURL.forEach(at: url) { seqs.append($0) }
        return seqs
    }

    /// Whether entry `seq`'s link, or one its page gave as its own, has `url` as its key.
    public func knows(_ seq: Int64, linking url: String) -> Bool {
        entries[seq]?.keys.url == url || aliases[seq]?.contains(url) == true
    }

    /// Remembers that a stored decision names these entries (what ``apply(_:)`` does too).
    public mutating func noteDecision(on decision: StoryDecision) {
        switch decision {
        case .split(let seq), .samePage(let seq, _): decided.insert(seq)
        case .merge(let one, let other): decided.formUnion([one, other])
        }
    }

    /// Files entry `seq` under `url` as well, as a stored `samePage` decision did (the stories
    /// it made are stored): later entries linking there are compared with it.
    public mutating func link(_ seq: Int64, to url: String) {
        guard entries[seq] != nil, !knows(seq, linking: url) else { return }
        aliases[seq, default: []].append(url)
        byURL.insert(seq, at: url)
    }

    /// Applies a decision and returns the entries whose story changed, with their story now. A
    /// story's id stays the seq of one of its entries: a split-off entry takes its own seq, and
    /// when it was the story's first, the rest take the lowest of theirs; merged stories take the
    /// lowest id (the earliest story's). Entries added later are compared as always, so a
    /// split-off entry is a story that later tellings may join on its own, and nothing undoes a
    /// decision but another one. A `samePage` decision the fold knows already changes nothing.
    @discardableResult
    public mutating func apply(_ decision: StoryDecision) -> [Int64: Int64] {
        noteDecision(on: decision)
        var moved: [Int64: Int64] = [:]
        switch decision {
        case .split(let seq):
            guard let story = stories[seq] else { return [:] }
            let rest = stories.filter { $0.value == story && $0.key != seq }.keys
            guard let first = rest.min() else { return [:] }
            if seq == story {
                for member in rest { moved[member] = first }
            } else {
                moved[seq] = seq
            }
        case .merge(let one, let other):
            guard let a = stories[one], let b = stories[other], a != b else { return [:] }
            let (kept, gone) = (min(a, b), max(a, b))
            for (member, story) in stories where story == gone { moved[member] = kept }
        case .samePage(let seq, let url):
            guard var entry = entries[seq], let story = stories[seq], !knows(seq, linking: url) else { return [:] }
            // The entry, as if it linked there, joins the stories of the entries linking there
            // that the rule would have found one with it — but not those it shares a link with
            // already: they were compared by it, and kept apart only by a decision.
            let own = entry.keys.url
            entry.keys.url = url
            var joined: Set<Int64> = [story]
            byURL.forEach(at: url) { other in
                if let own, knows(other, linking: own) { return }
                guard var earlier = entries[other], let theirs = stories[other] else { return }
                earlier.keys.url = url
                if rule.matches(entry, earlier) { joined.insert(theirs) }
            }
            link(seq, to: url)
            let kept = joined.min()!
            for (member, story) in stories where story != kept && joined.contains(story) { moved[member] = kept }
        }
        for (member, story) in moved { stories[member] = story }
        return moved
    }

    /// The buckets worth looking up: none for a text too short to be compared.
    private func lookedUp(_ keys: StoryKeys) -> [Int64] {
        keys.words >= rule.minWords ? keys.buckets : []
    }

    /// The members of each story, in seq order, by story id.
    public var groups: [Int64: [Int64]] {
        Dictionary(grouping: stories.keys.sorted(), by: { stories[$0]! })
    }
}

/// The seqs filed under each key (a link key, a band's bucket). Most keys hold one seq: it is kept
/// inline, and only a key's second and later seqs take an array (an array a key cost a fold of a
/// full section tens of thousands of allocations).
struct SeqIndex<Key: Hashable & Sendable>: Sendable {
    private var first: [Key: Int64] = [:]
    private var more: [Key: [Int64]] = [:]

    mutating func insert(_ seq: Int64, at key: Key) {
        if first[key] == nil {
            first[key] = seq
        } else {
            more[key, default: []].append(seq)
        }
    }

    func forEach(at key: Key, _ body: (Int64) -> Void) {
        guard let seq = first[key] else { return }
        body(seq)
        more[key]?.forEach(body)
    }

    mutating func remove(_ seq: Int64, at key: Key) {
        guard let head = first[key] else { return }
        if head == seq {
            if var rest = more.removeValue(forKey: key), !rest.isEmpty {
                first[key] = rest.removeFirst()
                if !rest.isEmpty { more[key] = rest }
            } else {
                first.removeValue(forKey: key)
            }
        } else if var rest = more.removeValue(forKey: key) {
            rest.removeAll { $0 == seq }
            if !rest.isEmpty { more[key] = rest }
        }
    }
}

/// The seqs filed under each band bucket, as one open-addressing table of (bucket, seq) pairs
/// probed linearly: a fold files 16 buckets an entry, and a dictionary (a hash of the already
/// hashed bucket, then a second table for a bucket's further seqs) cost a cache miss or two a
/// bucket at every add and removal. Buckets are hashes already: a multiplication spreads them.
struct BucketTable: Sendable {
    private var buckets: [Int64]
    /// 0: never used; `removed`: a pair taken out (probes go on past it); else the seq (> 0).
    private var seqs: [Int64]
    private var shift: Int
    /// Slots not 0 (pairs and removed ones), and pairs.
    private var used = 0
    private var live = 0
    private static let removed: Int64 = -1

    init() {
        shift = 64 - 10
        buckets = Array(repeating: 0, count: 1 << 10)
        seqs = Array(repeating: 0, count: 1 << 10)
    }

    private func start(_ bucket: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: bucket) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    mutating func insert(_ seq: Int64, at bucket: Int64) {
        precondition(seq > 0, "seqs are positive")
        if (used + 1) * 2 > seqs.count { rehash() }
        let mask = seqs.count - 1
        var slot = start(bucket)
        while seqs[slot] > 0 { slot = (slot + 1) & mask }
        if seqs[slot] == 0 { used += 1 }
        buckets[slot] = bucket
        seqs[slot] = seq
        live += 1
    }

    func forEach(at bucket: Int64, _ body: (Int64) -> Void) {
        let mask = seqs.count - 1
        var slot = start(bucket)
        while seqs[slot] != 0 {
            if seqs[slot] > 0, buckets[slot] == bucket { body(seqs[slot]) }
            slot = (slot + 1) & mask
        }
    }

    mutating func remove(_ seq: Int64, at bucket: Int64) {
        let mask = seqs.count - 1
        var slot = start(bucket)
        while seqs[slot] != 0 {
            if seqs[slot] == seq, buckets[slot] == bucket {
                seqs[slot] = Self.removed
                live -= 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Twice the slots when pairs fill a quarter of them, else as many without the removed ones.
    private mutating func rehash() {
        let bits = (64 - shift) + (live * 4 >= seqs.count ? 1 : 0)
        let (oldBuckets, oldSeqs) = (buckets, seqs)
        shift = 64 - bits
        buckets = Array(repeating: 0, count: 1 << bits)
        seqs = Array(repeating: 0, count: 1 << bits)
        used = 0
        live = 0
        for (bucket, seq) in zip(oldBuckets, oldSeqs) where seq > 0 { insert(seq, at: bucket) }
    }
}
