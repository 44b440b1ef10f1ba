/// A language the stemmer knows, named by its BCP 47 code.
public enum StemmerLanguage: String, Sendable, CaseIterable {
    /// English: the Snowball English ("Porter2") algorithm.
    case english = "en"
    /// Russian: the Snowball Russian algorithm, on Cyrillic letters; ё is read as е.
    case russian = "ru"
    /// Norwegian Bokmål: the Snowball Norwegian algorithm.
    case norwegian = "nb"
    /// Swedish: the Snowball Swedish algorithm.
    case swedish = "sv"
    /// German: the Snowball German algorithm, which reads ß as ss and ae, oe, ue as ä, ö, ü.
    case german = "de"
}

/// Reduces words to their stems with the Snowball project's published algorithms
/// (snowballstem.org), so that the forms of a word meet in a search index: *connected*,
/// *connecting* and *connection* all stem to *connect*.
///
/// A stem is a key, not a word: *happiness* stems to *happi*. The caller lowercases words and
/// splits text into words of letters and digits; the stemmer leaves anything it has no rule for
/// (digits, other scripts) as it is. Apostrophes are the tokenizer's to split off: the English
/// algorithm has rules for them (*it's*, *dogs'*), the others follow Snowball 3.0, from before
/// 3.1 taught German and Norwegian to drop them. A value is cheap to make and to share between
/// threads; stemming works in a temporary buffer (on the stack for words of ordinary length) and
/// makes no string but the one it returns.
public struct Stemmer: Sendable {
    /// The language whose algorithm this stemmer applies.
    public let language: StemmerLanguage

    /// A stemmer for `language`.
    public init(_ language: StemmerLanguage) {
        self.language = language
    }

    /// The stem of one lowercased word (the caller lowercases; words are letters/digits only).
    public func stem(_ word: String) -> String {
        let length = word.utf8.count
        guard length > 0 else { return word }
        // A word has no more scalars than UTF-8 bytes, and German's ß, two bytes, becomes two
        // letters: the word never outgrows its byte count.
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: length) { buffer in
            var count = 0
            for scalar in word.unicodeScalars {
                buffer.initializeElement(at: count, to: scalar)
                count += 1
            }
            var letters = Letters(storage: buffer.baseAddress!, capacity: length, count: count)
            stem(&letters)
            return letters.string
        }
    }

    /// Stems the word in `scalars` in place, for an indexer that keeps its words as scalars in a
    /// buffer it reuses: no string is made. The scalars are those of one lowercased word.
    public func stem(_ scalars: inout [Unicode.Scalar]) {
        guard !scalars.isEmpty else { return }
        let capacity = scalars.count * 2
        let count = withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: capacity) { buffer in
            _ = buffer.initialize(fromContentsOf: scalars)
            var letters = Letters(storage: buffer.baseAddress!, capacity: capacity, count: scalars.count)
            stem(&letters)
            let count = letters.count
            if count <= scalars.count {
                scalars.removeLast(scalars.count - count)
            } else {
                scalars.append(contentsOf: repeatElement(" ", count: count - scalars.count))
            }
            for index in 0..<count { scalars[index] = letters[index] }
            return count
        }
        assert(scalars.count == count)
    }

    private func stem(_ letters: inout Letters) {
        switch language {
        case .english: English.shared.stem(&letters)
        case .russian: Russian.shared.stem(&letters)
        case .norwegian: Norwegian.shared.stem(&letters)
        case .swedish: Swedish.shared.stem(&letters)
        case .german: German.shared.stem(&letters)
        }
    }
}

extension Letters {
    /// The word as a string.
    var string: String {
        var length = 0
        for index in 0..<count {
            let value = self[index].value
            length += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
        }
        return String(unsafeUninitializedCapacity: length) { bytes in
            var at = 0
            for index in 0..<count {
                let value = self[index].value
                if value < 0x80 {
                    bytes[at] = UInt8(value)
                    at += 1
                } else if value < 0x800 {
                    bytes[at] = UInt8(0xC0 | value >> 6)
                    bytes[at + 1] = UInt8(0x80 | value & 0x3F)
                    at += 2
                } else if value < 0x1_0000 {
                    bytes[at] = UInt8(0xE0 | value >> 12)
                    bytes[at + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    bytes[at + 2] = UInt8(0x80 | value & 0x3F)
                    at += 3
                } else {
                    bytes[at] = UInt8(0xF0 | value >> 18)
                    bytes[at + 1] = UInt8(0x80 | value >> 12 & 0x3F)
                    bytes[at + 2] = UInt8(0x80 | value >> 6 & 0x3F)
                    bytes[at + 3] = UInt8(0x80 | value & 0x3F)
                    at += 4
                }
            }
            return at
        }
    }
}
