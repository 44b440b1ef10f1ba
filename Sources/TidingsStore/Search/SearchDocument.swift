import Foundation
import TextAnalysis
import TidingsModel

/// What search indexes of an entry (issue 43): the terms of its title and of its text (summary,
/// and the article's text when its feed carries it), and its title's and summary's distinct words
/// for prefixes, analyzed in the text's language (``SearchAnalyzer``) outside the store's write.
public struct SearchDocument: Sendable, Hashable {
    public var title: [String]
    public var body: [String]
    public var words: [String]
    /// The language its words were analyzed in (nil: folded, not stemmed); kept with the entry,
    /// so its article's text, extracted later, is indexed with it in the same language.
    public var language: String?

    /// The most terms of a text indexed (an article's first few thousand words find it).
    public static let maxBodyTerms = 4_000
    /// The most distinct words kept for prefixes.
    public static let maxWords = 500

    public init(title: [String], body: [String], words: [String]) {
        self.title = title
        self.body = body
        self.words = words
    }

    /// The document of a title, a summary and an article's plain text, in `language` (a BCP 47
    /// tag; nil or one without a stemmer: words folded, not stemmed).
    public init(title: String, summary: String?, text: String?, language: String?) {
        let analyzer = SearchAnalyzer(language: language)
        var words: [String] = []
        var seen = Set<String>()
        func note(_ tokens: [SearchToken]) {
            for token in tokens where words.count < Self.maxWords && seen.insert(token.word).inserted {
                words.append(token.word)
            }
        }
        let titleTokens = analyzer.tokens(title)
        note(titleTokens)
        var body: [String] = []
        if let summary {
            let tokens = analyzer.tokens(summary)
            note(tokens)
            body = tokens.prefix(Self.maxBodyTerms).map(\.term)
        }
        if let text, body.count < Self.maxBodyTerms {
            body += analyzer.terms(text).prefix(Self.maxBodyTerms - body.count)
        }
        self.init(title: titleTokens.map(\.term), body: body, words: words)
        self.language = language
    }

    /// The document of a stored item: a teaser's title and summary, with its article's plain
    /// text; nil for items search does not list (ads, widgets, cards).
    public init?(item: FeedItem, text: String?, language: String?) {
        guard case .teaser(let teaser) = item else { return nil }
        self.init(title: teaser.title, summary: teaser.summary, text: text, language: language)
    }

    /// A catalog product's document: its name's words as written, then their stems in every
    /// language search knows (the catalog's language is not recorded: "молока" finds "Молоко" by
    /// the Russian stem both share); its translations' terms, each in its language, as text;
    /// the distinct words of both for prefixes.
    public init(productName name: String, names: [String: String]) {
        var title = SearchAnalyzer(nil).terms(name)
        var held = Set(title)
        for analyzer in SearchAnalyzer.everyLanguage.dropFirst() {
            for term in analyzer.terms(name) where held.insert(term).inserted { title.append(term) }
        }
        var body: [String] = []
        var words: [String] = []
        var seen = Set<String>()
        for token in SearchAnalyzer(nil).tokens(name) where seen.insert(token.word).inserted {
            words.append(token.word)
        }
        for (language, text) in names.sorted(by: { $0.key < $1.key }) {
            let tokens = SearchAnalyzer(language: language).tokens(text)
            body += tokens.map(\.term)
            for token in tokens where words.count < Self.maxWords && seen.insert(token.word).inserted {
                words.append(token.word)
            }
        }
        self.init(title: title, body: Array(body.prefix(Self.maxBodyTerms)), words: words)
    }

    /// Whether it holds no term at all (nothing to index).
    public var isEmpty: Bool { title.isEmpty && body.isEmpty }
}
