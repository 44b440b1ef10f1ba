/// The article's title from the page's `<title>` (Readability's `_getArticleTitle`): without the
/// site's name after a separator (| - – — \ / > »), or the part after a colon, unless that leaves
/// too few words; the only `h1` when the title is very short or very long.
enum ArticleTitle {
    static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    static func fromPage(_ tree: HTMLTree) -> String {
        guard let range = tree.titleRange else { return "" }
        let original = ArticleFinder.trimmed(HTMLTree.collapsingSpaces(tree.decoded(range)))
        return choose(original, headings: { headingTexts(tree) }, onlyH1: { onlyH1(tree) })
    }

    static func choose(_ original: String, headings: () -> [String], onlyH1: () -> String?) -> String {
        var title = original
        var hadHierarchical = false
        let characters = Array(original)
        let separatorAt = characters.indices.filter { index in
            index > 0 && index + 1 < characters.count && characters[index - 1] == " " && characters[index + 1] == " "
                && separators.contains(characters[index])
        }
        if !separatorAt.isEmpty {
            hadHierarchical = separatorAt.contains { hierarchical.contains(characters[$0]) }
            // Everything before the last separator followed by a space.
            if let last = characters.indices.last(where: { index in
                separators.contains(characters[index]) && index + 1 < characters.count && characters[index + 1] == " "
            }) {
                title = String(characters[..<last])
            }
            if wordCount(title) < 3 {
                // Too short: everything after the first separator instead.
                if let first = characters.firstIndex(where: { separators.contains($0) }) {
                    title = String(characters[(first + 1)...])
                }
            }
        } else if original.contains(": ") {
            let trimmed = ArticleFinder.trimmed(original)
            if !headings().contains(trimmed) {
                if let colon = characters.lastIndex(of: ":") { title = String(characters[(colon + 1)...]) }
                if wordCount(title) < 3, let colon = characters.firstIndex(of: ":") {
                    title = String(characters[(colon + 1)...])
                } else if let colon = characters.firstIndex(of: ":"), wordCount(String(characters[..<colon])) > 5 {
                    title = original
                }
            }
        } else if original.utf16.count > 150 || original.utf16.count < 15, let h1 = onlyH1() {
            title = h1
        }
        title = HTMLTree.collapsingSpaces(title)
        let words = wordCount(title)
        let withoutSeparators = String(original.filter { !separators.contains($0) })
        if words <= 4, !hadHierarchical || words != wordCount(withoutSeparators) - 1 {
            title = original
        }
        return title
    }

    /// JavaScript's `text.split(/\s+/).length`.
    static func wordCount(_ text: String) -> Int {
        var count = 1
        var inSpace = false
        for scalar in text.unicodeScalars {
            if HTMLTree.isSpace(scalar) {
                if !inSpace { count += 1 }
                inSpace = true
            } else {
                inSpace = false
            }
        }
        return count
    }

    static func headingTexts(_ tree: HTMLTree) -> [String] {
        tree.descendants(of: tree.root, where: { $0 == .h1 || $0 == .h2 }).map {
            ArticleFinder.trimmed(tree.textContent($0))
        }
    }

    static func onlyH1(_ tree: HTMLTree) -> String? {
        let h1s = tree.descendants(of: tree.root, where: { $0 == .h1 })
        guard h1s.count == 1 else { return nil }
        return headingText(h1s[0], in: tree)
    }

    /// A heading's text without the permalink a documentation generator ends it with (Sphinx's
    /// and MkDocs' "¶", rustdoc's "§", a "#"): a last link to an anchor of the page whose text has
    /// no letter or digit.
    static func headingText(_ heading: HTMLTree.Node, in tree: HTMLTree) -> String {
        let text = ArticleFinder.trimmed(tree.innerText(heading))
        var last = tree.lastChild[Int(heading)]
        while last != HTMLTree.none, tree.kind[Int(last)] == .text,
            ArticleFinder.trimmed(tree.textContent(last)).isEmpty
        {
            last = tree.previous[Int(last)]
        }
        guard last != HTMLTree.none, tree.kind[Int(last)] == .a,
            tree.attribute(last, "href")?.hasPrefix("#") == true
        else { return text }
        let mark = ArticleFinder.trimmed(tree.innerText(last))
        guard mark.count <= 2, !mark.contains(where: { $0.isLetter || $0.isNumber }), text.hasSuffix(mark) else {
            return text
        }
        return ArticleFinder.trimmed(String(text.dropLast(mark.count)))
    }

    /// The page's main heading, when it says what the title says: the first of the body's first
    /// three visible `h1` with two words or more, at least half of them words of one of `titles`
    /// (the metadata's title, the page's `<title>`). Titles in metadata carry the site's name, a
    /// year or a slogan the heading over the text does not; a heading sharing few words with them
    /// is a section's name, and one whose words all come from a part of a title after a separator
    /// ("… | Garden Weekly") is the site's logo, not the title.
    static func mainHeading(in tree: HTMLTree, matching titles: [String]) -> String? {
        let known = Set(titles.flatMap(HTMLTree.words))
        guard !known.isEmpty else { return nil }
        let siteParts = titles.flatMap { title in parts(of: title).dropFirst().map { Set(HTMLTree.words($0)) } }
        for h1 in tree.descendants(of: tree.body, where: { $0 == .h1 }).prefix(3) where !isHidden(h1, in: tree) {
            let heading = headingText(h1, in: tree)
            let headingWords = HTMLTree.words(heading)
            guard headingWords.count >= 2, heading.count <= 300 else { continue }
            if siteParts.contains(where: { Set(headingWords).isSubset(of: $0) }) { continue }
            if headingWords.filter(known.contains).count * 2 >= headingWords.count { return heading }
        }
        return nil
    }

    /// A title from metadata or `<title>` without the site's name: the first of its parts (cut
    /// at separators, `parts(of:)`) that does not name the site, or the title whole when it has
    /// one part, every part names the site, or none does and the first is under three words. "Online Tuition and Financing | Liberty University"
    /// gives "Online Tuition and Financing"; "Leadfeeder | State of SEO in 2026" gives "State of
    /// SEO in 2026"; the slogans and sections after the first part go too, as the heading over a
    /// text does not carry them.
    static func withoutSiteName(_ title: String, site: SiteName) -> String {
        let pieces = parts(of: title).map(ArticleFinder.trimmed)
        guard pieces.count > 1 else { return title }
        let kept = pieces.filter { !site.isNamed(by: $0) }
        guard let first = kept.first else { return title }
        // No part names the site: the first part is taken for a title only when it has three
        // words or more ("Minecraft 1.8 - The Bountiful Update" stays whole).
        if kept.count == pieces.count, wordCount(first) < 3 { return title }
        return first
    }

    /// The site a page belongs to, known by its `og:site_name` (or JSON-LD publisher) and its host.
    struct SiteName: Sendable {
        let site: String
        let hostLetters: String
        /// The host's name without its last label: "fool" for fool.com, a word of "The Motley Fool".
        let label: String

        init(siteName: String?, host: String?) {
            site = siteName.map(ArticleTitle.letters) ?? ""
            var hostName = (host ?? "").lowercased()
            if hostName.hasPrefix("www.") { hostName.removeFirst(4) }
            hostLetters = ArticleTitle.letters(hostName)
            label = hostName.split(separator: ".").dropLast().last.map { ArticleTitle.letters(String($0)) } ?? ""
        }

        /// Whether `text` is the site's name: the site name itself, a part of the host ("Move.org"
        /// on www.move.org), or up to three words one of which is the host's name ("The Motley
        /// Fool" on fool.com). Text without letters or digits names nothing else either.
        func isNamed(by text: String) -> Bool {
            let folded = ArticleTitle.letters(text)
            if folded.isEmpty || folded == site { return true }
            if folded.count >= 3, hostLetters.contains(folded) { return true }
            let words = HTMLTree.words(text)
            return label.count >= 4 && words.count <= 3 && words.contains(label)
        }
    }

    /// Letters and digits only, lowercased: "Move.org" and "move.org" and "MOVE ORG" agree.
    static func letters(_ text: String) -> String { HTMLTree.words(text).joined() }

    /// A title cut at its separators (a separator character with a space on each side).
    static func parts(of title: String) -> [String] {
        var parts: [String] = []
        var current = ""
        let characters = Array(title)
        for (index, character) in characters.enumerated() {
            if separators.contains(character) || character == "•" || character == "·",
                index > 0, index + 1 < characters.count, characters[index - 1] == " ", characters[index + 1] == " "
            {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// Whether the element or an ancestor is hidden.
    static func isHidden(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        var current = node
        while current != HTMLTree.none {
            if tree.flags[Int(current)].contains(.hidden) { return true }
            current = tree.parent[Int(current)]
        }
        return false
    }
}
