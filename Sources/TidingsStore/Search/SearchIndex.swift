import Foundation
import TextAnalysis
import TidingsModel

/// How the store's indexes hold a ``SearchDocument`` and are asked a ``SearchQuery`` (issue 43).
/// Terms are analyzed in Swift, never by the engines: SQLite's FTS5 table `entry_search` (its
/// `unicode61` tokenizer only splits the terms again at the spaces between them) and PostgreSQL's
/// `entries.search` (a `tsvector` written as a literal) hold the same terms, and a query reaches
/// either as quoted terms only — no reader's text is ever read as the engine's syntax.
enum SearchIndex {
    /// How long PostgreSQL's planner's own plan of a search may run (`statement_timeout`) before
    /// the search reads windows of seqs instead. Its plan is the fastest for nearly every query
    /// (a few milliseconds on 1M entries); a rare phrase of common words is checked on every row
    /// holding both words.
    static let plannedTime = Duration.milliseconds(300)
    /// The seqs PostgreSQL's first window of a slice spans; each window after an unfilled one
    /// spans twice as many, up to ``maxWindow``. Each is one statement that checks at most a
    /// window's rows (about 25 ms for 50,000 on this machine's 1M entries).
    static let firstWindow: Int64 = 50_000
    static let maxWindow: Int64 = 400_000

    /// The FTS5 table's columns: the entry's brand, stream and source as tokens (what a search is
    /// limited to), then the title's terms, the text's and the distinct words.
    static let columns = ["scope", "title", "body", "words"]

    /// The scope tokens of an entry.
    static func scope(stream: String, sourceID: String) -> String {
        var tokens = [token("s", stream), token("o", sourceID)]
        if let section = SectionKey(stream: stream) { tokens.append(token("b", section.brand)) }
        return tokens.joined(separator: " ")
    }

    /// A name as one token: a letter and the name's hash in hex (names hold any characters).
    static func token(_ kind: Character, _ name: String) -> String {
        String(kind) + String(FNV1a.hash(name), radix: 16)
    }

    /// An FTS5 string: the text in double quotes, quotes in it doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A tsvector or tsquery lexeme: single-quoted, quotes and backslashes doubled.
    static func lexeme(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The FTS5 expression for `query`, limited to entries of `streams` when `scoped` (and of
    /// `sources`, when given); `inTitle`, its words in the title (a prefix anywhere).
    static func match(
        _ query: SearchQuery, streams: [String], scoped: Bool, sources: [String]?, inTitle: Bool = false
    ) -> String {
        func part(_ part: SearchQuery.Part, within columns: String) -> String {
            switch part {
            case .terms(let sequences):
                let phrases = sequences.sorted { $0.lexicographicallyPrecedes($1) }
                    .map { quoted($0.joined(separator: " ")) }
                return columns + " : (" + phrases.joined(separator: " OR ") + ")"
            case .prefix(let prefix):
                return "words : " + quoted(prefix) + "*"
            }
        }
        let asked = inTitle ? "{title}" : "{title body}"
        var required = query.clauses.map { parts in
            "(" + parts.map { part($0, within: asked) }.joined(separator: " OR ") + ")"
        }
        // A few sections by their own tokens; more by their brands' (one doclist to seek in, not
        // an OR of many: the searcher keeps only the asked sections' entries).
        if scoped {
            let brands = Set(streams.compactMap { SectionKey(stream: $0)?.brand })
            let scope =
                streams.count <= 2 || brands.count * 2 > streams.count
                ? streams.map { token("s", $0) } : brands.sorted().map { token("b", $0) }
            required.append("scope : (" + scope.map(quoted).joined(separator: " OR ") + ")")
        }
        if let sources {
            required.append("scope : (" + sources.map { quoted(token("o", $0)) }.joined(separator: " OR ") + ")")
        }
        var expression = "(" + required.joined(separator: " AND ") + ")"
        for excluded in query.excluded { expression += " NOT (" + part(excluded, within: "{title body}") + ")" }
        return expression
    }

    /// The tsquery for `query`: terms in the title or the text (weights A and B; `inTitle`, A),
    /// prefixes among the words (D).
    static func tsquery(_ query: SearchQuery, inTitle: Bool = false) -> String {
        func part(_ part: SearchQuery.Part, weights: String) -> String {
            switch part {
            case .terms(let sequences):
                let phrases = sequences.sorted { $0.lexicographicallyPrecedes($1) }.map { terms in
                    "(" + terms.map { lexeme($0) + ":" + weights }.joined(separator: " <-> ") + ")"
                }
                return "(" + phrases.joined(separator: " | ") + ")"
            case .prefix(let prefix):
                return lexeme(prefix) + ":*D"
            }
        }
        let asked = inTitle ? "A" : "AB"
        var conjuncts = query.clauses.map { parts in
            "(" + parts.map { part($0, weights: asked) }.joined(separator: " | ") + ")"
        }
        conjuncts += query.excluded.map { "!" + part($0, weights: "AB") }
        return conjuncts.joined(separator: " & ")
    }
}

extension SearchDocument {
    /// The FTS5 row's values, in ``SearchIndex/columns``' order after the scope.
    var ftsValues: (title: String, body: String, words: String) {
        (title.joined(separator: " "), body.joined(separator: " "), words.joined(separator: " "))
    }

    /// The document as a tsvector literal: the title's terms at their places with weight A, the
    /// text's after them with B, the words after those with D (PostgreSQL keeps at most 256
    /// places a lexeme and none above 16,383).
    var tsvector: String {
        var places: [String: [String]] = [:]
        var order: [String] = []
        var position = 0
        func add(_ terms: [String], weight: Character) {
            for term in terms {
                position = min(position + 1, 16_383)
                if places[term] == nil { order.append(term) }
                if places[term, default: []].count < 256 { places[term, default: []].append("\(position)\(weight)") }
            }
        }
        // A place left empty between the parts: a phrase never runs from one into the next.
        add(title, weight: "A")
        position += 1
        add(body, weight: "B")
        position += 1
        add(words, weight: "D")
        return order.map { SearchIndex.lexeme($0) + ":" + places[$0]!.joined(separator: ",") }.joined(separator: " ")
    }
}
