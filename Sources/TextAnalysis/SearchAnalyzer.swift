import Foundation

/// One word of a text as search sees it, and where it was.
public struct SearchToken: Sendable, Equatable {
    /// What an index holds and a query looks for: the word lower-cased, stemmed in the text's
    /// language and folded (``SearchAnalyzer``); in a script written without spaces, a pair of
    /// neighbouring characters.
    public var term: String
    /// The word lower-cased and folded but not stemmed: what a prefix is matched with.
    public var word: String
    /// Where the word is in the text it was read from.
    public var range: Range<String.Index>
}

/// How search reads text (issue 43): the same rules for what is indexed and what is asked, so a
/// query finds the texts that have its words in any of their forms.
///
/// - Words are runs of letters and digits; anything else separates them (`e-mail` is two words,
///   as are `don't` and `O'Brien`). Combining marks are dropped.
/// - A word is lower-cased, then reduced to its stem by the Snowball stemmer of the text's
///   language (English, Russian, Norwegian, Swedish, German; other languages are not stemmed),
///   then folded: diacritics and letter variants become the plain letter (`é` `e`, `ø` `o`,
///   `æ` `ae`, `ß` `ss`, `ё` `е`; `й` stays, as Russian keeps it apart), full-width forms become
///   ASCII. Stemming comes first because the stemmers know their languages' letters.
/// - Scripts written without spaces (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar) have no words
///   to find: each pair of neighbouring characters is a term (one character alone is one), so a
///   query's run of such characters matches as the phrase of its pairs.
/// - A word longer than ``maxWordLength`` characters is cut there (a link or an encoded blob is
///   no word anyone types).
public struct SearchAnalyzer: Sendable {
    /// The stemmer's language; nil when the text's language has none (words are only folded).
    public let language: StemmerLanguage?
    private let stemmer: Stemmer?

    /// The longest word kept whole, in characters.
    public static let maxWordLength = 64

    /// An analyzer for text in `language`, a BCP 47 tag (`nb-NO`, `sv`, `en-GB`) or nil.
    public init(language tag: String?) {
        self.init(StemmerLanguage(tag: tag))
    }

    /// An analyzer for text in `language`; nil folds without stemming.
    public init(_ language: StemmerLanguage?) {
        self.language = language
        stemmer = language.map(Stemmer.init)
    }

    /// The analyzers a query is read with: one a stemmed language and one that does not stem.
    /// A text is indexed in its own language, which the asker may not share (a Norwegian reader's
    /// brand can carry English wires), so a query word matches any of its stems.
    public static let everyLanguage: [SearchAnalyzer] =
        [SearchAnalyzer(nil)] + StemmerLanguage.allCases.map { SearchAnalyzer($0) }

    /// The terms of `text`, in order.
    public func terms(_ text: String) -> [String] {
        var terms: [String] = []
        scan(text) { term, _, _ in terms.append(term) }
        return terms
    }

    /// The tokens of `text`, in order, with the words they came from and where they were.
    public func tokens(_ text: String) -> [SearchToken] {
        var tokens: [SearchToken] = []
        scan(text) { term, word, range in tokens.append(SearchToken(term: term, word: word, range: range)) }
        return tokens
    }

    /// Calls `emit` with each term, its folded word and its range.
    func scan(_ text: String, _ emit: (String, String, Range<String.Index>) -> Void) {
        let scalars = text.unicodeScalars
        var word = String.UnicodeScalarView()
        var length = 0
        var start = scalars.startIndex
        var end = scalars.startIndex
        // The previous character of an unspaced run, and where it began.
        var unspaced: (scalar: Unicode.Scalar, start: String.Index, alone: Bool)?

        func endWord() {
            guard !word.isEmpty else { return }
            let lowered = String(word)
            let stemmed = stemmer.map { $0.stem(lowered) } ?? lowered
            let folded = Self.fold(lowered)
            emit(stemmer == nil ? folded : Self.fold(stemmed), folded, start..<end)
            word = String.UnicodeScalarView()
            length = 0
        }
        func endUnspaced() {
            if let run = unspaced, run.alone {
                let term = Self.fold(String(run.scalar))
                emit(term, term, run.start..<scalars.index(after: run.start))
            }
            unspaced = nil
        }

        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            defer { index = next }
            if Self.isUnspaced(scalar) {
                endWord()
                if let previous = unspaced {
                    let pair = Self.fold(String(String.UnicodeScalarView([previous.scalar, scalar])))
                    emit(pair, pair, previous.start..<next)
                }
                unspaced = (scalar, index, unspaced == nil)
                continue
            }
            endUnspaced()
            if Self.isLetter(scalar) {
                if word.isEmpty { start = index }
                if length < Self.maxWordLength {
                    Self.appendLowered(scalar, to: &word)
                    length += 1
                }
                end = next
            } else if Self.isMark(scalar), !word.isEmpty {
                end = next
            } else {
                endWord()
            }
        }
        endWord()
        endUnspaced()
    }

    /// Whether `scalar` is part of a word: a letter or a digit.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        }
        if isMark(scalar) { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// Appends the letter or digit `scalar` lower-cased.
    private static func appendLowered(_ scalar: Unicode.Scalar, to word: inout String.UnicodeScalarView) {
        let value = scalar.value
        if value < 0x80 {
            word.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
        } else if (0x410...0x42F).contains(value) {
            word.append(Unicode.Scalar(value + 0x20)!)
        } else if scalar.properties.changesWhenLowercased {
            word.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars.filter { !isMark($0) })
        } else {
            word.append(scalar)
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `word` (lower-cased) with its letters folded.
    static func fold(_ word: String) -> String {
        guard word.utf8.contains(where: { $0 >= 0x80 }) else { return word }
        var folded = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if let replacement = folds[scalar.value] {
                folded.append(contentsOf: replacement.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }

    /// The folded form of each lower-case letter that has one, made once from Foundation's
    /// diacritic and width folding, with the letters it leaves (`ø`, `æ`, `ß` …) added by hand.
    private static let folds: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let ranges: [ClosedRange<UInt32>] = [0x00C0...0x024F, 0x0370...0x052F, 0x1E00...0x1FFF, 0xFF01...0xFF5E]
        for value in ranges.joined() {
            // Russian keeps й apart from и (and Ukrainian ї from і is folded as a diacritic).
            guard value != 0x0439, value != 0x0419, let scalar = Unicode.Scalar(value) else { continue }
            let folded = String(scalar).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
                .lowercased()
            let kept = String(
                String.UnicodeScalarView(folded.unicodeScalars.filter { !isMark($0) }))
            if !kept.isEmpty, kept != String(scalar) { table[value] = kept }
        }
        let letters: [Unicode.Scalar: String] = [
            "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "ħ": "h",
            "ı": "i", "ŀ": "l", "ŧ": "t", "ƒ": "f",
        ]
        for (letter, folded) in letters { table[letter.value] = folded }
        return table
    }()

    /// Scripts written without spaces between words (and Hangul, whose words carry their
    /// particles): their terms are pairs of characters.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF,  // Hangul
            0x1780...0x17FF,  // Khmer
            0x3040...0x30FF,  // Hiragana, Katakana
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF:  // Han
            return true
        default: return false
        }
    }
}

extension StemmerLanguage {
    /// The stemmer for a BCP 47 tag's language (`nb-NO` and `no` Norwegian, `nn` too: the
    /// Bokmål stemmer is the nearer of none), nil for a language without one.
    public init?(tag: String?) {
        guard let tag else { return nil }
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        switch language {
        case "en": self = .english
        case "ru": self = .russian
        case "nb", "no", "nn": self = .norwegian
        case "sv": self = .swedish
        case "de": self = .german
        default: return nil
        }
    }
}
