// The rule machinery the stemmers share: the word being stemmed, sets of letters, tables of
// suffixes and the regions R1 and R2 of the Snowball algorithms.

/// A word being stemmed: its Unicode scalars in a buffer that lives for one call of the stemmer.
/// Steps shorten it, rewrite its end or change letters in place; only German's ß ever lengthens
/// it, within the capacity `Stemmer` allocates for that.
struct Letters {
    private let storage: UnsafeMutablePointer<Unicode.Scalar>
    /// How many scalars the buffer holds at most.
    let capacity: Int
    /// How many scalars the word has now.
    private(set) var count: Int

    init(storage: UnsafeMutablePointer<Unicode.Scalar>, capacity: Int, count: Int) {
        assert(count <= capacity)
        self.storage = storage
        self.capacity = capacity
        self.count = count
    }

    subscript(index: Int) -> Unicode.Scalar {
        get {
            assert(index >= 0 && index < count)
            return storage[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count)
            storage[index] = newValue
        }
    }

    /// The last letter, or nil for an empty word.
    var last: Unicode.Scalar? { count > 0 ? storage[count - 1] : nil }

    /// Whether the letters before `end` end with `suffix`.
    func has(_ suffix: [Unicode.Scalar], endingAt end: Int) -> Bool {
        let start = end - suffix.count
        guard start >= 0, end <= count else { return false }
        for (offset, scalar) in suffix.enumerated() where storage[start + offset] != scalar {
            return false
        }
        return true
    }

    /// Whether the word ends with `suffix`.
    func ends(with suffix: [Unicode.Scalar]) -> Bool { has(suffix, endingAt: count) }

    /// Whether the letters in `start..<end` are exactly `letters`.
    func letters(_ start: Int, _ end: Int, are letters: [Unicode.Scalar]) -> Bool {
        end - start == letters.count && has(letters, endingAt: end)
    }

    /// Whether any letter in `start..<end` is in `set`.
    func contains(_ set: LetterSet, in start: Int, _ end: Int) -> Bool {
        var index = max(start, 0)
        while index < end {
            if set.contains(storage[index]) { return true }
            index += 1
        }
        return false
    }

    /// Cuts the word to its first `newCount` letters.
    mutating func truncate(to newCount: Int) {
        assert(newCount >= 0 && newCount <= count)
        count = newCount
    }

    mutating func removeLast() { truncate(to: count - 1) }

    mutating func append(_ scalar: Unicode.Scalar) {
        precondition(count < capacity, "a stemmer outgrew its buffer")
        storage[count] = scalar
        count += 1
    }

    /// Replaces the letters from `start` to the end with `replacement`.
    mutating func replace(from start: Int, with replacement: [Unicode.Scalar]) {
        truncate(to: start)
        for scalar in replacement { append(scalar) }
    }

    /// Removes the letter at `index`, moving the ones after it down.
    mutating func remove(at index: Int) {
        assert(index >= 0 && index < count)
        var next = index + 1
        while next < count {
            storage[next - 1] = storage[next]
            next += 1
        }
        count -= 1
    }

    /// Makes room for one more letter at `index`, moving the ones from there up; the letter at
    /// `index` is then there twice.
    mutating func openGap(at index: Int) {
        precondition(count < capacity, "a stemmer outgrew its buffer")
        var from = count - 1
        while from >= index {
            storage[from + 1] = storage[from]
            from -= 1
        }
        count += 1
    }

    /// Where a region starts that begins after the first non-vowel following a vowel at or after
    /// `start`, or the end of the word when there is none: R1 from the start of the word, R2 from
    /// the start of R1 (snowballstem.org, "Defining R1 and R2").
    func regionStart(from start: Int, vowels: LetterSet) -> Int {
        var index = start
        while index < count && !vowels.contains(storage[index]) { index += 1 }
        while index < count && vowels.contains(storage[index]) { index += 1 }
        return index < count ? index + 1 : count
    }

    /// R1 as the German and Scandinavian algorithms define it: the standard R1, moved on so that
    /// at least 3 letters come before it; and the standard R2. A word shorter than 3 letters has
    /// neither.
    func germanicRegions(vowels: LetterSet) -> (r1: Int, r2: Int) {
        guard count >= 3 else { return (count, count) }
        let r1 = regionStart(from: 0, vowels: vowels)
        let r2 = regionStart(from: r1, vowels: vowels)
        return (max(r1, 3), r2)
    }
}

/// The scalars of a string, for the stemmers' tables.
func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

/// A set of letters from one block of 256 code points (Latin-1 or Cyrillic), as a bitmap.
struct LetterSet: Sendable {
    private let base: UInt32
    private let bits0: UInt64
    private let bits1: UInt64
    private let bits2: UInt64
    private let bits3: UInt64

    /// The letters of `letters`, all of which must lie in `base..<base + 256`.
    init(_ letters: String, base: UInt32 = 0) {
        var words: [UInt64] = [0, 0, 0, 0]
        for scalar in letters.unicodeScalars {
            let offset = scalar.value &- base
            precondition(offset < 256, "\(scalar) lies outside the set's block")
            words[Int(offset >> 6)] |= 1 << UInt64(offset & 63)
        }
        self.base = base
        (bits0, bits1, bits2, bits3) = (words[0], words[1], words[2], words[3])
    }

    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let offset = scalar.value &- base
        guard offset < 256 else { return false }
        let word: UInt64
        switch offset >> 6 {
        case 0: word = bits0
        case 1: word = bits1
        case 2: word = bits2
        default: word = bits3
        }
        return word & (1 << UInt64(offset & 63)) != 0
    }
}

/// The suffixes one step of an algorithm looks for, each with the rule to apply when it is found:
/// Snowball's `among`. The longest suffix a word ends with wins.
struct SuffixTable<Rule: Sendable>: Sendable {
    /// A suffix found: its rule and where it starts in the word.
    struct Match {
        let rule: Rule
        let start: Int
    }

    private static var bucketCount: Int { 32 }
    /// Every suffix's scalars, one after another.
    private let scalars: [Unicode.Scalar]
    /// Where each suffix starts in `scalars`, and its length.
    private let offsets: [Int]
    private let lengths: [Int]
    private let rules: [Rule]
    /// The suffixes ending in a scalar whose value is `b` modulo 32 are the entries
    /// `buckets[b]..<buckets[b + 1]`, longest first.
    private let buckets: [Int]

    init(_ entries: KeyValuePairs<String, Rule>) {
        self.init(entries.map { ($0.key, $0.value) })
    }

    init(_ entries: [(String, Rule)]) {
        let sorted = entries.map { (Array($0.0.unicodeScalars), $0.1) }
            .sorted { left, right in
                let (leftBucket, rightBucket) = (Self.bucket(left.0.last!), Self.bucket(right.0.last!))
                return leftBucket != rightBucket ? leftBucket < rightBucket : left.0.count > right.0.count
            }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var buckets = [Int](repeating: sorted.count, count: Self.bucketCount + 1)
        for (index, entry) in sorted.enumerated() {
            offsets.append(scalars.count)
            scalars += entry.0
            let bucket = Self.bucket(entry.0.last!)
            buckets[bucket] = min(buckets[bucket], index)
        }
        // An empty bucket starts where the next one does.
        for bucket in stride(from: Self.bucketCount - 1, through: 0, by: -1) {
            buckets[bucket] = min(buckets[bucket], buckets[bucket + 1])
        }
        self.scalars = scalars
        self.offsets = offsets
        self.lengths = sorted.map(\.0.count)
        self.rules = sorted.map(\.1)
        self.buckets = buckets
    }

    @inline(__always)
    private static func bucket(_ scalar: Unicode.Scalar) -> Int { Int(scalar.value & 31) }

    /// The longest suffix in the table that the letters before `end` end with and that starts at
    /// or after `limit` (Snowball's `setlimit`: a suffix reaching before it is not seen).
    func longest(in word: Letters, endingAt end: Int, from limit: Int = 0) -> Match? {
        guard end > limit else { return nil }
        let bucket = Self.bucket(word[end - 1])
        var entry = buckets[bucket]
        let last = buckets[bucket + 1]
        while entry < last {
            let start = end - lengths[entry]
            if start >= limit && matches(entry, word, start) {
                return Match(rule: rules[entry], start: start)
            }
            entry += 1
        }
        return nil
    }

    /// The longest suffix in the table that the word ends with, starting at or after `limit`.
    func longest(in word: Letters, from limit: Int = 0) -> Match? {
        longest(in: word, endingAt: word.count, from: limit)
    }

    /// The rule for a suffix that is the whole word.
    func whole(_ word: Letters) -> Rule? {
        guard let match = longest(in: word), match.start == 0 else { return nil }
        return match.rule
    }

    /// Whether entry `entry` is what the word holds from `start` on: compared from the end, where
    /// suffixes differ soonest.
    @inline(__always)
    private func matches(_ entry: Int, _ word: Letters, _ start: Int) -> Bool {
        scalars.withUnsafeBufferPointer { scalars in
            let offset = offsets[entry]
            var index = lengths[entry] - 1
            while index >= 0 {
                if scalars[offset + index] != word[start + index] { return false }
                index -= 1
            }
            return true
        }
    }
}

extension SuffixTable where Rule == Void {
    /// Suffixes that all lead to the same thing.
    init(_ suffixes: [String]) {
        self.init(suffixes.map { ($0, ()) })
    }

    /// Whether the letters before `end` end with one of the suffixes.
    func any(in word: Letters, endingAt end: Int) -> Bool {
        longest(in: word, endingAt: end) != nil
    }
}
