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
/// - any element whose text, under 100 characters, opens as an author line does ("By Ann Lee ·
///   Updated May 6", "Written by Ann Lee", "Author: Ann Lee"; `Byline.opensWithLabel`), with a
///   name so shaped after it: a page drawn with utility classes names its byline nowhere else;
/// - on a forum's page, an element whose class says username (phpBB, vBulletin, XenForo).
enum PageAuthor {
    static func shown(in tree: HTMLTree, kind: PageKind) -> String? {
        tree.firstAnswer(
            within: tree.body,
            pruning: { skipped.contains(tree.kind[Int($0)]) || isCommentary($0, in: tree) },
            { name(of: $0, in: tree, kind: kind) })
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
        } else if tree.stats[Int(element)].characters < 100, let name = labelledName(of: element, in: tree) {
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

    /// The name in a short element whose text opens as an author line does, when the element is
    /// no heading and holds none ("By Industry" over a list of case studies, a "By" heading over
    /// a category), is not a link nor inside one (a menu's "By Role", a teaser's byline in a card
    /// of other stories), and the name is capitalized ("Published by our engineering team", a
    /// list item "Author names and affiliations" are no bylines).
    static func labelledName(of element: HTMLTree.Node, in tree: HTMLTree) -> String? {
        let text = lines(of: element, in: tree)
        guard Byline.opensWithLabel(ArticleFinder.trimmed(text)), tree.kind[Int(element)].headingLevel == nil,
            tree.descendants(of: element, where: { $0.headingLevel != nil }).isEmpty,
            !opensInLink(element, in: tree), let name = shapedName(text), name.first?.isUppercase == true
        else { return nil }
        return name
    }

    /// Whether the first words of the element's text are a link's.
    static func opensInLink(_ element: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        var node = tree.firstChild[Int(element)]
        while node != HTMLTree.none {
            let index = Int(node)
            if tree.kind[index] == .text {
                if !ArticleFinder.trimmed(tree.textContent(node)).isEmpty {
                    return tree.hasAncestor(node, where: { $0 == .a })
                }
            } else if tree.firstChild[index] != HTMLTree.none {
                node = tree.firstChild[index]
                continue
            }
            while node != element, tree.next[Int(node)] == HTMLTree.none { node = tree.parent[Int(node)] }
            if node == element { break }
            node = tree.next[Int(node)]
        }
        return false
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
