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

    /// Values in a signature.
    public static let hashes = 64
    /// Bands of the signature that are looked up: a pair of entries is a candidate when all the
    /// values of one band are equal. 16 bands of 2 values (the first 32 of the 64) find a pair of
    /// similarity 0.5 with probability 1 − (1 − 0.5²)¹⁶ ≈ 0.99, and one of 0.3 with 0.78;
    /// candidates are then checked against the estimate over all 64 values.
    public static let bands = 16
    public static let rows = 2

    public init(url: String?, words: Int, signature: [UInt32]?) {
        self.url = url
        self.words = words
        self.signature = signature
    }

    /// The keys of a teaser: its link, and its title and summary (a trailing " - Source" or
    /// " | Source" naming its own source, as aggregators add to titles, left out). The rule's
    /// thresholds are applied when keys are compared, never here: keys stored under one rule
    /// serve another.
    public init(url: String?, title: String, summary: String?, source: String) {
        self.url = url.flatMap(StoryURL.key).map(Self.bounded)
        let title = StoryText.withoutSource(title, source: source)
        let words = StoryText.words(title + "\n" + (summary ?? ""))
        self.words = words.count
        signature = words.isEmpty ? nil : Self.signature(of: words)
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

    /// The MinHash signature of the pairs of consecutive words (a single word when there is one).
    static func signature(of words: [String]) -> [UInt32] {
        var shingles = Set<UInt64>()
        if words.count == 1 { shingles.insert(FNV1a.hash(words[0])) }
        for index in words.indices.dropLast() {
            var hash = FNV1a()
            hash.add(words[index])
            hash.add(UInt8(ascii: " "))
            hash.add(words[index + 1])
            shingles.insert(hash.value)
        }
        var signature = [UInt32](repeating: .max, count: hashes)
        for shingle in shingles {
            for index in 0..<hashes {
                var generator = SplitMix64(seed: shingle ^ seeds[index])
                let value = UInt32(truncatingIfNeeded: generator.next() >> 32)
                if value < signature[index] { signature[index] = value }
            }
        }
        return signature
    }

    /// One seed a hash function, fixed.
    static let seeds: [UInt64] = {
        var generator = SplitMix64(seed: 0x5701_2142)
        return (0..<hashes).map { _ in generator.next() }
    }()
}

/// The words of a story's text as grouping compares them.
public enum StoryText {
    /// Lower-cased words with diacritics folded (`Å` and `a` alike), split at whatever is not a
    /// letter or a digit. A character of a script written without spaces (Han, kana, Thai …) is a
    /// word of its own, so that pairs of them work as the pairs of words of other scripts do.
    public static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = []
        var word = ""
        for scalar in folded.unicodeScalars {
            if isUnspaced(scalar) {
                if !word.isEmpty { words.append(word) }
                words.append(String(scalar))
                word = ""
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `title` without a trailing " - Source" (or " | ", " – ", " — ") that names `source`.
    public static func withoutSource(_ title: String, source: String) -> String {
        let name = source.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return title }
        for separator in [" - ", " | ", " – ", " — "] {
            let suffix = separator + name
            if title.count > suffix.count, title.lowercased().hasSuffix(suffix.lowercased()) {
                return String(title.dropLast(suffix.count))
            }
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
