import Foundation
import TidingsModel

/// What an entry is compared by when stories are grouped (issue 42): the key of its link
/// (``StoryURL``) and a MinHash signature of the words of its title and summary, with the buckets
/// of the signature's bands. Two entries whose signatures share a band's bucket are candidates;
/// the share of equal values in their signatures estimates the Jaccard similarity of their sets
/// of word pairs. A new entry is then grouped with a handful of index lookups (one a band), never
/// by comparing it with every stored entry.
///
/// Everything here is computed from the text alone, with fixed seeds and FNV-1a (never Swift's
/// `Hasher`, which is seeded per process): the keys a server stores today are the keys a rebuild
/// computes tomorrow, on any machine.
public struct StoryKeys: Hashable, Sendable {
    /// The link's key, nil without a usable link.
    public var url: String?
    /// The words of the text: a text under the rule's `minWords` groups by its link only.
    public var words: Int
    /// ``hashes`` minimum hashes of the text's word pairs; nil for a text without words.
    public var signature: [UInt32]?
    /// Hashes of the capitalized words of the summary (names of places, companies and people, and
    /// the first words of its sentences), sorted, at most ``maxNames``; nil without a summary or
    /// for keys stored before names were kept. Alike texts that each name something the other
    /// does not are two stories (``differsInNames(from:)``).
    public var names: [UInt32]?

    /// Values in a signature.
    public static let hashes = 64
    /// Bands of the signature that are looked up: a pair of entries is a candidate when all the
    /// values of one band are equal. 16 bands of 2 values (the first 32 of the 64) find a pair of
    /// similarity 0.5 with probability 1 − (1 − 0.5²)¹⁶ ≈ 0.99, and one of 0.3 with 0.78;
    /// candidates are then checked against the estimate over all 64 values.
    public static let bands = 16
    public static let rows = 2

    public init(url: String?, words: Int, signature: [UInt32]?, names: [UInt32]? = nil) {
        self.url = url
        self.words = words
        self.signature = signature
        self.names = names
    }

    /// The most names kept of a summary (the first ones it gives).
    public static let maxNames = 64

    /// Whether each of the two texts names something the other does not: what tells apart
    /// notices cut from one template (a storm warning for two regions, two companies' results,
    /// a flood in two towns), which share most of their words. A retelling that adds a sentence
    /// names more only on its own side. False when either has no names known.
    public func differsInNames(from other: StoryKeys) -> Bool {
        guard let mine = names, let theirs = other.names, !mine.isEmpty, !theirs.isEmpty else { return false }
        let (a, b) = (Set(mine), Set(theirs))
        return !a.isSubset(of: b) && !b.isSubset(of: a)
    }

    /// The keys of a teaser: its link, and its title and summary (a trailing " - Source" or
    /// " | Source" naming its own source, as aggregators add to titles, left out). The rule's
    /// thresholds are applied when keys are compared, never here: keys stored under one rule
    /// serve another.
    public init(url: String?, title: String, summary: String?, source: String) {
        self.url = url.flatMap(StoryURL.key).map(Self.bounded)
        let title = StoryText.withoutSource(title, source: source)
        var scanned = StoryText.WordHashes()
        StoryText.scan(title, into: &scanned)
        var names: [UInt32]?
        if let summary, !summary.isEmpty {
            let before = scanned.values.count
            StoryText.scan(summary, into: &scanned)
            names = Self.names(summary, hashes: scanned.values[before...])
        }
        let hashes = scanned.values
        words = hashes.count
        signature = hashes.isEmpty ? nil : Self.signature(ofWords: hashes)
        self.names = names
    }

    /// The hashes (the low 32 bits of the words' hashes) of the summary's words that begin with
    /// a capital letter, in the order ``StoryText/scan(_:into:)`` found them, unique and sorted.
    static func names(_ summary: String, hashes: ArraySlice<UInt64>) -> [UInt32] {
        var capitalized = StoryText.Capitals()
        StoryText.scan(summary, into: &capitalized)
        var names = Set<UInt32>()
        for (hash, isName) in zip(hashes, capitalized.values) where isName {
            names.insert(UInt32(truncatingIfNeeded: hash))
            if names.count == maxNames { break }
        }
        return names.sorted()
    }

    /// The keys of one source's entries, each link key that two or more of them share left out:
    /// a source that gives several entries one page (a podcast's show page, a blog's day page
    /// whose posts are its anchors, a shop's offers page) names no story by it. Applied to a
    /// fetched document's entries, and to a source's stored entries when they are keyed anew.
    public static func withoutSharedLinks(_ keys: [StoryKeys?]) -> [StoryKeys?] {
        var count: [String: Int] = [:]
        for case let url? in keys.map({ $0?.url }) { count[url, default: 0] += 1 }
        guard count.values.contains(where: { $0 > 1 }) else { return keys }
        return keys.map { keys in
            guard var keys, let url = keys.url, count[url, default: 0] > 1 else { return keys }
            keys.url = nil
            return keys
        }
    }

    /// The longest link key kept as it is; a longer one is kept as a hash of it (a database
    /// index holds a bounded key: PostgreSQL's B-tree refuses entries over 2,704 bytes).
    public static let maxURLKeyBytes = 512

    static func bounded(_ key: String) -> String {
        guard key.utf8.count > maxURLKeyBytes else { return key }
        let hash = FNV1a.hash(key)
        return String(decoding: key.utf8.prefix(200), as: UTF8.self) + "#fnv:" + String(hash, radix: 16)
    }

    /// One bucket a band, each a hash of the band's number and values; empty without a signature.
    public var buckets: [Int64] {
        guard let signature else { return [] }
        return (0..<Self.bands).map { band in
            var hash = FNV1a(seed: UInt64(band))
            for value in signature[(band * Self.rows)..<((band + 1) * Self.rows)] { hash.add(value) }
            return Int64(bitPattern: hash.value)
        }
    }

    /// The estimated Jaccard similarity of the two texts' word pairs (the share of equal values),
    /// 0 when either has no signature.
    public func similarity(to other: StoryKeys) -> Double {
        guard let a = signature, let b = other.signature, a.count == b.count, !a.isEmpty else { return 0 }
        return Double(zip(a, b).count { $0 == $1 }) / Double(a.count)
    }

    /// The MinHash signature of the pairs of consecutive words (a single word when there is
    /// one), from the words' hashes. A pair repeated changes nothing (the minimum stays).
    static func signature(ofWords words: [UInt64]) -> [UInt32] {
        var shingles: [UInt64] = []
        shingles.reserveCapacity(max(words.count - 1, 1))
        if words.count == 1 { shingles.append(mixed(words[0], 0)) }
        for index in words.indices.dropLast() { shingles.append(mixed(words[index], words[index + 1])) }
        var signature = [UInt32](repeating: .max, count: hashes)
        signature.withUnsafeMutableBufferPointer { values in
            multipliers.withUnsafeBufferPointer { multipliers in
                addends.withUnsafeBufferPointer { addends in
                    // One multiply-shift hash a value (a universal family: an odd multiplier and
                    // an addend a function, the high 32 bits kept) of each mixed pair.
                    for shingle in shingles {
                        for index in 0..<hashes {
                            let value = UInt32(
                                truncatingIfNeeded: (shingle &* multipliers[index] &+ addends[index]) >> 32)
                            if value < values[index] { values[index] = value }
                        }
                    }
                }
            }
        }
        return signature
    }

    /// A pair of word hashes mixed into one well-spread value.
    private static func mixed(_ first: UInt64, _ second: UInt64) -> UInt64 {
        var mixer = SplitMix64(seed: first &* 0x9E37_79B9_7F4A_7C15 ^ second)
        return mixer.next()
    }

    /// The hash functions' constants, fixed: odd multipliers and addends.
    static let multipliers: [UInt64] = {
        var generator = SplitMix64(seed: 0x5701_2142)
        return (0..<hashes).map { _ in generator.next() | 1 }
    }()
    static let addends: [UInt64] = {
        var generator = SplitMix64(seed: 0x4242_5701)
        return (0..<hashes).map { _ in generator.next() }
    }()
}

/// The words of a story's text as grouping compares them.
public enum StoryText {
    /// Lower-cased words with diacritics folded (`Å` and `a` alike), split at whatever is not a
    /// letter or a digit. A character of a script written without spaces (Han, kana, Thai …) is a
    /// word of its own, so that pairs of them work as the pairs of words of other scripts do.
    /// Combining marks (a diacritic written apart from its letter) are dropped.
    public static func words(_ text: String) -> [String] {
        var words = WordStrings()
        scan(text, into: &words)
        return words.words
    }

    /// What a scan gives each letter of a word (folded), and each word's end.
    protocol WordSink {
        mutating func add(_ scalar: Unicode.Scalar)
        mutating func end()
        /// The character as written, before the letters it folds to are added.
        mutating func written(_ scalar: Unicode.Scalar)
    }

    /// The words collected as strings.
    struct WordStrings: WordSink {
        func written(_ scalar: Unicode.Scalar) {}
        var words: [String] = []
        var word = String.UnicodeScalarView()
        mutating func add(_ scalar: Unicode.Scalar) { word.append(scalar) }
        mutating func end() {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        }
    }

    /// The FNV-1a hash of each word's UTF-8 bytes, made as its letters come: no word is kept as
    /// a string (what making the keys of a poll's entries spent most of its time on).
    struct WordHashes: WordSink {
        func written(_ scalar: Unicode.Scalar) {}
        var values: [UInt64] = []
        var hash = FNV1a()
        var empty = true
        init() { values.reserveCapacity(64) }
        mutating func add(_ scalar: Unicode.Scalar) {
            empty = false
            if scalar.value < 0x80 {
                hash.add(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { hash.add($0) }
            }
        }
        mutating func end() {
            if !empty { values.append(hash.value) }
            hash = FNV1a()
            empty = true
        }
    }

    /// Whether each word begins with a capital letter (its first letter as written, before
    /// folding).
    struct Capitals: WordSink {
        var values: [Bool] = []
        private var first: Bool?
        private var capital = false
        mutating func written(_ scalar: Unicode.Scalar) {
            capital = scalar.value < 0x80 ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
        }
        mutating func add(_ scalar: Unicode.Scalar) {
            if first == nil { first = capital }
        }
        mutating func end() {
            if let first { values.append(first) }
            first = nil
        }
    }

    /// Gives `sink` the words of `text` as ``words(_:)`` finds and folds them, a letter at a time.
    static func scan<Sink: WordSink>(_ text: String, into sink: inout Sink) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x61...0x7A, 0x30...0x39:
                    sink.written(scalar)
                    sink.add(scalar)
                case 0x41...0x5A:
                    sink.written(scalar)
                    sink.add(Unicode.Scalar(UInt8(value + 0x20)))
                default: sink.end()
                }
            } else if let folded = folds[value] {
                sink.written(scalar)
                for letter in folded.unicodeScalars { sink.add(letter) }
            } else if isUnspaced(scalar) {
                sink.end()
                sink.written(scalar)
                sink.add(scalar)
                sink.end()
            } else {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                default: break
                }
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    sink.written(scalar)
                    for letter in scalar.properties.lowercaseMapping.unicodeScalars { sink.add(letter) }
                } else {
                    sink.end()
                }
            }
        }
        sink.end()
    }

    /// The letters of the scripts written with precomposed accented letters (Latin, Greek,
    /// Cyrillic, their extensions, and full-width forms), each lower-cased with its diacritics
    /// and width folded: made once, so reading a text is a lookup a character.
    private static let folds: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let ranges: [ClosedRange<UInt32>] = [0x00C0...0x024F, 0x0370...0x052F, 0x1E00...0x1FFF, 0xFF01...0xFF5E]
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value),
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            else { continue }
            let folded = String(scalar).folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            let kept = String(
                String.UnicodeScalarView(
                    folded.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
            table[value] = kept
        }
        return table
    }()

    /// `title` without a trailing " - Source" (or " | ", " – ", " — ") that names `source`.
    public static func withoutSource(_ title: String, source: String) -> String {
        let name = source.trimmingCharacters(in: .whitespaces)
        // Most titles do not end as their source's name does: told by their last byte, without
        // lower-casing the title.
        guard let last = name.utf8.last, let titleLast = title.utf8.last else { return title }
        if last < 0x80, titleLast < 0x80, last | 0x20 != titleLast | 0x20 { return title }
        guard title.count > name.count + 3 else { return title }
        let lowered = title.lowercased()
        let lowerName = name.lowercased()
        guard lowered.hasSuffix(lowerName) else { return title }
        for separator in [" - ", " | ", " – ", " — "] where lowered.hasSuffix(separator + lowerName) {
            return String(title.dropLast(separator.count + name.count))
        }
        return title
    }

    /// Scripts written without spaces between words.
    private static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1780...0x17FF,  // Khmer
            0x3040...0x30FF,  // Hiragana, Katakana
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:  // Han
            return true
        default: return false
        }
    }
}
