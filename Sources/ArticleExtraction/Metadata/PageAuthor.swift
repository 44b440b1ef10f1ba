import Foundation

/// The author a page shows in its markup when its metadata names none and Readability's byline
/// is no name (a label "By", a heading "About the Author", a headline in an element classed
/// "author"): the first element, in document order and outside navigation, footers, comments
/// and reviews, that names one.
///
/// - `data-author`, `data-author-name` or `data-author-username` on an element (the first post of
///   a thread: XenForo, Stack Exchange, Reddit);
/// - an element marked `itemprop="author"` or `rel="author"`: the `content` of it or of its
///   `itemprop="name"` part, else its text;
/// - an element whose class or id says byline or author (Readability's pattern), with a short
///   text shaped like a name once "By" and dates are cut (`Byline.author`);
/// - on a forum's page, an element whose class says username (phpBB, vBulletin, XenForo);
/// - when none of these names one, a short element whose text opens as an author line does ("By
///   Ann Lee · Updated May 6", "Written by Ann Lee", "Author: Ann Lee"; `labelledLine`), with a
///   name so shaped after it: a page drawn with utility classes names its byline nowhere else.
enum PageAuthor {
    static func shown(in tree: HTMLTree, kind: PageKind) -> String? {
        let prunes = { (element: HTMLTree.Node) in
            skipped.contains(tree.kind[Int(element)]) || isCommentary(element, in: tree)
        }
        // What the markup marks, else the first line written as a byline (one walk).
        var line: String?
        let marked = tree.firstAnswer(within: tree.body, pruning: prunes) { element -> String? in
            if let name = name(of: element, in: tree, kind: kind) { return name }
            if line == nil { line = labelledLine(in: element, of: tree) }
            return nil
        }
        return marked ?? line
    }

    /// Navigation, footers and what is never text.
    static let skipped = KindSet([.nav, .footer, .script, .style, .template, .noscript])

    /// An element holding people's replies: comments, reviews, testimonials.
    static func isCommentary(_ element: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        commentaryWords.named(element, in: tree)
    }

    static let commentaryWords = NameWords([
        "comment", "comments", "reply", "replies", "review", "reviews", "testimonial", "testimonials",
    ])

    static func name(of element: HTMLTree.Node, in tree: HTMLTree, kind: PageKind) -> String? {
        let flags = tree.flags[Int(element)]
        if flags.contains(.dataAuthor) {
            for attribute in ["data-author", "data-author-name", "data-author-username"] {
                if let value = tree.attribute(element, attribute).map(ArticleFinder.trimmed), isHandle(value) {
                    return value
                }
            }
        }
        if flags.contains(.authorAttribute) {
            if let content = tree.attribute(element, "content").map(ArticleFinder.trimmed), isHandle(content) {
                return Byline.author(content) ?? content
            }
            var part = tree.nextElement(after: element, within: element)
            while let inner = part {
                if tree.flags[Int(inner)].contains(.itemName) {
                    let text = tree.attribute(inner, "content") ?? tree.innerText(inner)
                    if let name = shapedName(text) { return name }
                    break
                }
                part = tree.nextElement(after: inner, within: element)
            }
            if let name = shapedName(lines(of: element, in: tree)) { return name }
        } else if isByline(element, in: tree), let name = shapedName(lines(of: element, in: tree)) {
            return name
        }
        if kind == .forum, isUsername(element, in: tree),
            let text = lines(of: element, in: tree).split(separator: "\n").lazy.map({
                ArticleFinder.trimmed(String($0))
            }).first(where: { !$0.isEmpty }), isHandle(text)
        {
            return text
        }
        return nil
    }

    /// The name in an author line written out — a text of `element` whose first word may open
    /// one ("By", "Written", "Author:") — read in the largest element under 100 characters that
    /// opens with that text: "By" in a `span` and the name in a link beside it are one line. Such
    /// an element is no heading and holds none ("By Industry" over a list of case studies, a "By"
    /// heading over a category), its first words are no link's (a menu's "By Role", a teaser's
    /// byline in a card of other stories), and the name is capitalized ("Published by our
    /// engineering team", a list item "Author names and affiliations" are no bylines).
    static func labelledLine(in element: HTMLTree.Node, of tree: HTMLTree) -> String? {
        for child in tree.children(element) where tree.kind[Int(child)] == .text && mayOpenLine(child, in: tree) {
            guard !tree.hasAncestor(child, where: { $0 == .a }) else { return nil }
            // The outermost short element opening with this text, then each one inside it.
            var openers: [HTMLTree.Node] = []
            var current = element
            while current != tree.body, current != HTMLTree.none, tree.stats[Int(current)].characters < 100,
                firstText(of: current, in: tree) == child
            {
                openers.append(current)
                current = tree.parent[Int(current)]
            }
            for opener in openers.reversed() {
                let text = lines(of: opener, in: tree)
                if Byline.opensWithLabel(ArticleFinder.trimmed(text)), tree.kind[Int(opener)].headingLevel == nil,
                    tree.descendants(of: opener, where: { $0.headingLevel != nil }).isEmpty,
                    let name = shapedName(text), name.first?.isUppercase == true
                {
                    return name
                }
            }
        }
        return nil
    }

    /// Whether the text node's first word may open an author line: its first two bytes (after
    /// white space) are those such words start with, then `Byline.mayOpenLine`.
    static func mayOpenLine(_ text: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        let range = tree.range[Int(text)]
        let opens = tree.bytes.withUnsafeBufferPointer { buffer -> Bool in
            var index = Int(range.lowerBound)
            let end = Int(range.upperBound)
            while index < end, buffer[index] == 0x20 || (0x09...0x0D).contains(buffer[index]) { index += 1 }
            return index + 1 < end && opening(buffer[index] | 0x20, buffer[index + 1] | 0x20)
        }
        guard opens else { return false }
        return Byline.mayOpenLine(with: tree.textContent(text).drop(while: \.isWhitespace).prefix { !$0.isWhitespace })
    }

    /// Whether two bytes, case bits set, begin a word an author line opens with: "by", "par",
    /// "por", "posted", "published", "przez", "author", "av", "af", "door", "written", "words",
    /// "text", "story", and in Cyrillic "автор" and "від" (D0 B0 and D0 B2, D0 made F0).
    static func opening(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (0x62, 0x79),  // by
            (0x70, 0x61), (0x70, 0x6F), (0x70, 0x75), (0x70, 0x72),  // pa po pu pr
            (0x61, 0x75), (0x61, 0x76), (0x61, 0x66),  // au av af
            (0x64, 0x6F), (0x77, 0x72), (0x77, 0x6F), (0x74, 0x65), (0x73, 0x74),  // do wr wo te st
            (0xF0, 0xB0), (0xF0, 0xB2):  // а в
            true
        default: false
        }
    }

    /// The element's first text node that is not white space alone.
    static func firstText(of element: HTMLTree.Node, in tree: HTMLTree) -> HTMLTree.Node? {
        var node = tree.firstChild[Int(element)]
        while node != HTMLTree.none {
            let index = Int(node)
            if tree.kind[index] == .text {
                if tree.textContent(node).contains(where: { !$0.isWhitespace }) { return node }
            } else if tree.firstChild[index] != HTMLTree.none {
                node = tree.firstChild[index]
                continue
            }
            while node != element, tree.next[Int(node)] == HTMLTree.none { node = tree.parent[Int(node)] }
            if node == element { break }
            node = tree.next[Int(node)]
        }
        return nil
    }

    /// Whether the element's class or id has a whole word for an author's line ("post-author",
    /// "authorName", "byline"; not "authorize").
    static func isByline(_ element: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        bylineWords.named(element, in: tree)
    }

    static let bylineWords = NameWords(["author", "authors", "byline", "writer", "writtenby", "dateline"])

    /// The element's text with a line break where a reader sees one: at a block or a `br`, and
    /// between two elements' texts that touch ("Yucy" twice in two links is two lines, not
    /// "YucyYucy").
    static func lines(of element: HTMLTree.Node, in tree: HTMLTree) -> String {
        var text = ""
        var lastParent = HTMLTree.none
        var node = tree.firstChild[Int(element)]
        // A walk of the subtree in document order, text nodes and elements alike.
        while node != HTMLTree.none {
            let index = Int(node)
            let kind = tree.kind[index]
            if kind == .text {
                let piece = tree.textContent(node)
                let parent = tree.parent[index]
                if parent != lastParent, let last = text.last, !last.isWhitespace,
                    let first = piece.first, !first.isWhitespace
                {
                    text.append("\n")
                }
                text += piece
                lastParent = parent
            } else if kind == .br || !ElementKind.traits[Int(kind.rawValue)].contains(.phrasing) {
                text.append("\n")
            }
            if kind != .text, !VisibleDate.skipped.contains(kind), tree.firstChild[index] != HTMLTree.none {
                node = tree.firstChild[index]
                continue
            }
            while node != element, tree.next[Int(node)] == HTMLTree.none {
                node = tree.parent[Int(node)]
                if node != element, !ElementKind.traits[Int(tree.kind[Int(node)].rawValue)].contains(.phrasing) {
                    text.append("\n")
                }
            }
            if node == element { break }
            node = tree.next[Int(node)]
        }
        return text
    }

    static func isUsername(_ element: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        usernameWords.named(element, in: tree, classOnly: true)
    }

    static let usernameWords = NameWords(["username", "bigusername"])

    /// A user's handle: one to 60 characters, a letter among them, no spaces but single ones.
    /// The small words inside names: "Marna van der Merwe", "Ana de la Cruz".
    static let particles: Set<String> = [
        "van", "der", "den", "de", "la", "le", "du", "von", "zu", "da", "di", "del", "della", "dos", "das", "bin",
        "ibn", "al", "el", "y", "af", "av",
    ]

    static func isHandle(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 60 && text.contains(where: \.isLetter) && !text.contains("  ")
            && !text.contains("\n")
    }

    /// The name in a short visible text: `Byline.author`'s answer when the text is under 100
    /// characters and the answer looks like names — each of them (between commas and "and") at
    /// most five words, and at most half of all words starting in lower case ("Marna van der
    /// Merwe" is a name; "Jane writes about gardens" is not).
    static func shapedName(_ text: String) -> String? {
        let trimmed = ArticleFinder.trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf16.count < 100, let name = Byline.author(trimmed) else { return nil }
        let names = name.replacingOccurrences(of: " and ", with: ",").replacingOccurrences(of: " & ", with: ",")
            .split(separator: ",")
        guard names.allSatisfy({ $0.split(separator: " ").count <= 5 }) else { return nil }
        let words = name.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0 != "and" && $0 != "&" }
        // A sentence starts with a capital and goes on in lower case; a name is capitalized
        // (but for its particles) or, a user's, written all in lower case.
        let lower = words.dropFirst().filter { $0.first?.isLowercase == true && !particles.contains(String($0)) }
        if words.first?.first?.isUppercase == true, lower.count * 2 > words.count - 1 { return nil }
        // Initials on an avatar ("NB") are not the name beside them.
        if words.count == 1, name.count <= 3, name.allSatisfy(\.isUppercase) { return nil }
        // A sentence ends in a stop; a name may end in an initial or "M.D.".
        if let last = words.last,
            last.hasSuffix("!") || last.hasSuffix("?")
                || (last.hasSuffix(".") && last.filter(\.isLetter).count > 3)
        {
            return nil
        }
        return name
    }
}
