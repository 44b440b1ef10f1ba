/// A short stretch of a text around what a query found in it, the found words marked.
public struct SearchSnippet: Sendable, Hashable {
    /// The stretch's pieces in order: text as written, each found or not.
    public var parts: [Part]

    /// A piece of a snippet.
    public struct Part: Sendable, Hashable {
        public var text: String
        public var match: Bool
        public init(text: String, match: Bool) {
            self.text = text
            self.match = match
        }
    }

    /// Whether any word was found.
    public var hasMatch: Bool { parts.contains(where: \.match) }

    /// The snippet of `text` for `query` (its words read as every language's, ``SearchQuery/highlights(_:in:analyzers:)``): at most about
    /// `length` characters — the whole text when it is that short, else the stretch holding the
    /// most of the query's different terms (the earliest of equals), cut at words, with "…" where
    /// it was cut.
    public init(_ text: String, query: SearchQuery, length: Int = 180) {
        let tokens = SearchAnalyzer(nil).tokens(text)
        let found = tokens.indices.filter { query.highlights(tokens[$0], in: text) }
        let characters = text.count
        var lower = text.startIndex
        var upper = text.endIndex
        if characters > length, let first = tokens.first {
            // The window starting a few words before each found token; the best one kept.
            var best = (score: -1, start: first.range.lowerBound)
            for index in found.isEmpty ? [0] : found {
                let startToken = max(0, index - 3)
                let start = startToken == 0 ? text.startIndex : tokens[startToken].range.lowerBound
                let end = text.index(start, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
                var terms = Set<String>()
                for other in found
                where tokens[other].range.lowerBound >= start && tokens[other].range.upperBound <= end {
                    terms.insert(tokens[other].term)
                }
                if terms.count > best.score { best = (terms.count, start) }
            }
            lower = best.start
            let end = text.index(lower, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
            // Cut after the last whole word in the window.
            if end < text.endIndex,
                let last = tokens.last(where: { $0.range.upperBound <= end && $0.range.lowerBound >= lower })
            {
                upper = last.range.upperBound
            } else {
                upper = end
            }
        }
        var parts: [Part] = []
        func add(_ piece: Substring, match: Bool) {
            guard !piece.isEmpty else { return }
            if let last = parts.last, last.match == match {
                parts[parts.count - 1].text += piece
            } else {
                parts.append(Part(text: String(piece), match: match))
            }
        }
        if lower > text.startIndex { add("…", match: false) }
        var position = lower
        for index in found {
            let range = tokens[index].range
            guard range.lowerBound >= position, range.upperBound <= upper else { continue }
            add(text[position..<range.lowerBound], match: false)
            add(text[range], match: true)
            position = range.upperBound
        }
        add(text[position..<upper], match: false)
        if upper < text.endIndex { add("…", match: false) }
        self.parts = parts
    }
}
