import Foundation

/// The author's name in a byline as pages write it — "By Jonas Berg · 27 November 2026, 14:18",
/// "Par Sébastien Farcis", "By Brenda Goodman, MA\n WebMD Health News" — for a page that shows
/// the author beside its own date. `ExtractedArticle.byline` keeps the line as written (it is
/// Readability's answer); `author` is this.
enum Byline {
    /// The word for "by" before a name, in the languages the readers of the write-ups read and
    /// their neighbours'.
    private static let byWords: Set<String> = [
        "by", "par", "von", "av", "af", "door", "por", "di", "da", "przez", "автор", "авторы", "від",
    ]

    /// The first part of `byline` that is a name: the line is cut at its separators (`·`, `|`,
    /// `•`, `»`, a dash between spaces, a line break), parts with digits (dates, times) or ending in a
    /// colon ("Updated:") are skipped, a leading "By" is dropped. Nil when no part is a name.
    static func author(_ byline: String?) -> String? {
        guard let byline else { return nil }
        var parts = [byline]
        for separator in ["\n", "·", "⋅", "|", "•", "●", "»", " — ", " – ", " - "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        for part in parts {
            var words = part.split(whereSeparator: \.isWhitespace).map(String.init)
            // "Written by", "Posted by:" before the name, and "by:Name" or "byName" glued to it.
            if words.count > 1, leadWords.contains(words[0].lowercased()),
                byWords.contains(words[1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":")))
                    || gluedName(words[1]) != nil
            {
                words.removeFirst()
            }
            if let first = words.first, let name = gluedName(first) { words[0] = name }
            // A label before the name: "Author Isaiah Shelton", "Authors: Ann Roy", "Authors:Ann".
            if let first = words.first, let label = labelled(first) {
                if label.rest.isEmpty { words.removeFirst() } else { words[0] = label.rest }
            }
            // A phrase ending in "by" before the name: "View all posts by Ray Ansari", "This post
            // was written by Danielle Padula" — lower-case words up to "by".
            if let by = words.firstIndex(where: { $0.lowercased() == "by" }), by > 0, by + 1 < words.count,
                words[1..<by].allSatisfy({ $0.first?.isLowercase == true })
            {
                words.removeFirst(by)
            }
            while let first = words.first,
                byWords.contains(first.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":")))
            {
                words.removeFirst()
            }
            let name = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,;:\"“”«»*-–—"))
            guard name.contains(where: \.isLetter), !name.contains(where: \.isNumber), !part.hasSuffix(":"),
                !words.contains(where: { $0.hasSuffix(":") }), name.count <= 100,
                !labels.contains(name.lowercased())
            else { continue }
            return name
        }
        return nil
    }

    /// Whether a short text opens as an author line does, whatever its markup: "By Ann Lee",
    /// "Written by Ann Lee", "Author: Ann Lee", "ByAnn Lee". The words for "by" that are also
    /// the first word of names ("Da Silva", "Di Maio", "Von Trier") are not read so.
    static func opensWithLabel(_ text: String) -> Bool {
        let words = text.split(maxSplits: 2, whereSeparator: \.isWhitespace)
        guard let first = words.first.map(String.init), mayOpenLine(with: first) else { return false }
        let word = first.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        if byWords.contains(word) { return words.count > 1 }
        if leadWords.contains(word), words.count > 1 {
            return byWords.contains(words[1].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":")))
        }
        if let label = labelled(first) { return words.count > 1 || !label.rest.isEmpty }
        return gluedName(first) != nil
    }

    /// Whether a line whose first word is `word` may be an author line (`opensWithLabel`'s first
    /// test, cheap enough to ask of every short element's first words).
    static func mayOpenLine(with word: some StringProtocol) -> Bool {
        var lower = word.lowercased()
        if lower.last == ":" { lower.removeLast() }
        if byWords.contains(lower) { return !particleByWords.contains(lower) }
        // "Author", "Authors:Ann", "ByAnn", "by:Ann": `opensWithLabel` reads them whole.
        return leadWords.contains(lower) || lower.hasPrefix("author") || lower.hasPrefix("by")
    }

    private static let particleByWords: Set<String> = ["da", "di", "von"]

    /// "Author", "Authors:" or "Author:Name" at the start of a line: the rest after the label.
    private static func labelled(_ word: String) -> (label: String, rest: String)? {
        let lower = word.lowercased()
        for label in ["authors", "author"] where lower.hasPrefix(label) {
            var rest = word.dropFirst(label.count)
            if rest.first == ":" { rest = rest.dropFirst() } else if !rest.isEmpty { return nil }
            return (label, String(rest))
        }
        return nil
    }

    /// Words before "by" in an author line: "Written by", "Posted by", "Text by", "Words by".
    private static let leadWords: Set<String> = ["written", "posted", "text", "words", "story", "published"]

    /// What pages print where a name should be: a label, not a name.
    private static let labels: Set<String> = ["author", "the author", "about the author", "post", "posted"]

    /// The name in "by:Name" or "byName" (a page that lost the space): "Name".
    private static func gluedName(_ word: String) -> String? {
        let lower = word.lowercased()
        guard lower.hasPrefix("by"), word.count > 3 else { return nil }
        var rest = word.dropFirst(2)
        if rest.first == ":" { rest = rest.dropFirst() } else if rest.first?.isUppercase != true { return nil }
        return rest.isEmpty ? nil : String(rest)
    }
}
