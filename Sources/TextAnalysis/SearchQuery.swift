/// A reader's query, read by the rules docs/search.md gives (issue 43): words (all must be
/// found, in any of their forms), `"a phrase"` (its words in that order), `-word` and
/// `-"a phrase"` (must not be found), `a OR b` (either; OR binds two neighbours, before the
/// implicit AND), `word*` (words beginning so). Nothing else is an operator: what a search
/// engine's own syntax would read (`NEAR`, `AND`, `^`, `:`, parentheses, column names) is text
/// here, so no query reaches an engine as anything but quoted terms. An unclosed quote runs to
/// the end of the query; control characters separate words.
public struct SearchQuery: Sendable, Hashable {
    /// What one part of a query matches.
    public enum Part: Sendable, Hashable {
        /// Any one of these sequences of terms (a word's stems in several languages are
        /// sequences of one term; a phrase's are longer).
        case terms(Set<[String]>)
        /// A word beginning with this (folded, not stemmed).
        case prefix(String)
    }

    /// Each clause must match: any one of its parts.
    public var clauses: [[Part]]
    /// None of these may match.
    public var excluded: [Part]

    /// The longest query read, in UTF-8 bytes.
    public static let maxLength = 1_000
    /// The most terms a query may ask for (a phrase's words each count).
    public static let maxTerms = 32
    /// The shortest prefix matched as one (a shorter one is a word: a prefix of one letter would
    /// name most of an index).
    public static let minPrefix = 2

    public init(clauses: [[Part]], excluded: [Part] = []) {
        self.clauses = clauses
        self.excluded = excluded
    }

    /// Reads `text`, each word analysed by each of `analyzers` (its forms in every language the
    /// index may hold: ``SearchAnalyzer/everyLanguage``). With `typing`, the last word (unless a
    /// space follows it) also matches as a prefix: what a search box asks as it is typed in.
    public init(
        _ text: String, analyzers: [SearchAnalyzer] = SearchAnalyzer.everyLanguage, typing: Bool = false
    ) throws(SearchQueryError) {
        guard text.utf8.count <= Self.maxLength else { throw .tooLong(limit: Self.maxLength) }
        let pieces = Self.pieces(text)
        var clauses: [[Part]] = []
        var excluded: [Part] = []
        var joinNext = false
        var terms = 0
        for (index, piece) in pieces.enumerated() {
            if piece.isOr {
                joinNext = !clauses.isEmpty
                continue
            }
            let last = index == pieces.count - 1 && typing && !Self.endsWithSpace(text) && !piece.quoted
            guard let part = Self.part(piece, analyzers: analyzers, prefix: piece.prefix || last) else {
                continue
            }
            terms += part.termCount
            guard terms <= Self.maxTerms else { throw .tooManyTerms(limit: Self.maxTerms) }
            if piece.negated {
                excluded.append(part)
                joinNext = false
            } else if joinNext, !clauses.isEmpty {
                if !clauses[clauses.count - 1].contains(part) { clauses[clauses.count - 1].append(part) }
                joinNext = false
            } else {
                clauses.append([part])
            }
        }
        guard !clauses.isEmpty else { throw excluded.isEmpty ? .empty : .onlyExclusions }
        self.clauses = clauses
        self.excluded = excluded
    }

    /// Whether a word of a text (a token its own analyzer found, and the text it came from) is
    /// one the query asks for: its stem in any language, or its folded form, among the query's
    /// terms, or it begins with one of its prefixes (what a snippet marks). A text's language is
    /// not always known where it is shown, so every language's stem is tried.
    public func highlights(
        _ token: SearchToken, in text: String, analyzers: [SearchAnalyzer] = SearchAnalyzer.everyLanguage
    ) -> Bool {
        var terms = Set<String>()
        var prefixes: [String] = []
        for part in clauses.joined() {
            switch part {
            case .terms(let sequences): for sequence in sequences { terms.formUnion(sequence) }
            case .prefix(let prefix): prefixes.append(prefix)
            }
        }
        if terms.contains(token.term) || terms.contains(token.word) { return true }
        if prefixes.contains(where: { token.word.hasPrefix($0) }) { return true }
        let written = String(text.unicodeScalars[token.range])
        return analyzers.contains { analyzer in analyzer.terms(written).contains(where: terms.contains) }
    }

    /// A piece of the query's text: a run of non-space characters, or a quoted phrase.
    private struct Piece {
        var text: String
        var quoted = false
        var negated = false
        var prefix = false
        var isOr: Bool { !quoted && !negated && text == "OR" }
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .format: true
        default: false
        }
    }

    private static func endsWithSpace(_ text: String) -> Bool {
        text.unicodeScalars.last.map(isSeparator) ?? true
    }

    private static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var current = String.UnicodeScalarView()
        var negated = false
        var quoted = false
        func finish() {
            defer {
                current = String.UnicodeScalarView()
                negated = false
            }
            var text = String(current)
            var prefix = false
            if !quoted {
                while text.hasSuffix("*") {
                    text.removeLast()
                    prefix = true
                }
            }
            guard !text.isEmpty else { return }
            pieces.append(Piece(text: text, quoted: quoted, negated: negated, prefix: prefix))
        }
        for scalar in text.unicodeScalars {
            if quoted {
                if scalar == "\"" {
                    finish()
                    quoted = false
                } else {
                    current.append(isSeparator(scalar) ? " " : scalar)
                }
            } else if scalar == "\"" {
                let minus = current.count == 1 && current.first == "-"
                if !minus { finish() }
                current = String.UnicodeScalarView()
                negated = minus
                quoted = true
            } else if isSeparator(scalar) {
                finish()
            } else if scalar == "-", current.isEmpty, !negated {
                negated = true
                current.append(scalar)
            } else {
                if negated, current.count == 1, current.first == "-" { current = String.UnicodeScalarView() }
                current.append(scalar)
            }
        }
        if current.count == 1, current.first == "-", !quoted { current = String.UnicodeScalarView() }
        finish()
        return pieces
    }

    /// The part a piece asks for, nil when it has no words (punctuation alone).
    private static func part(_ piece: Piece, analyzers: [SearchAnalyzer], prefix: Bool) -> Part? {
        let plain = SearchAnalyzer(nil).terms(piece.text)
        guard !plain.isEmpty else { return nil }
        // One character of a script written without spaces is a word: a prefix of the pairs.
        if prefix, plain.count == 1, let word = plain.first, !piece.quoted,
            word.count >= minPrefix || word.unicodeScalars.first.map(SearchAnalyzer.isUnspaced) == true
        {
            return .prefix(word)
        }
        var sequences = Set<[String]>()
        for analyzer in analyzers {
            let terms = analyzer.terms(piece.text)
            if !terms.isEmpty { sequences.insert(terms) }
        }
        return .terms(sequences)
    }
}

extension SearchQuery.Part {
    /// How many terms it asks for: its longest sequence's.
    var termCount: Int {
        switch self {
        case .terms(let sequences): sequences.map(\.count).max() ?? 0
        case .prefix: 1
        }
    }
}

/// Why a query was not read.
public enum SearchQueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No word to look for.
    case empty
    /// Only words to leave out: a query must ask for something.
    case onlyExclusions
    /// Longer than ``SearchQuery/maxLength`` bytes.
    case tooLong(limit: Int)
    /// More than ``SearchQuery/maxTerms`` terms.
    case tooManyTerms(limit: Int)

    public var description: String {
        switch self {
        case .empty: "the query has no words to look for"
        case .onlyExclusions: "the query only leaves words out; it must ask for at least one"
        case .tooLong(let limit): "the query is longer than \(limit) bytes"
        case .tooManyTerms(let limit): "the query asks for more than \(limit) words"
        }
    }
}
