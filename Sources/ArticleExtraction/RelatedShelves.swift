/// Shelves of other pages inside the content chosen: a heading that offers them ("You may also
/// like", "People who viewed this item also viewed", "Related articles", "Read next", "Les også")
/// over a list of cards. A reader asked for this page, not for the site's suggestions of others;
/// a product's page and an article carry such shelves alike, and a page's main content taken whole
/// keeps them (its links are kept: a list of stories is links).
///
/// The shelf is the heading's section: its highest ancestor inside the content that holds no other
/// heading of its rank or above, and at most half the content's text. It goes when at least a
/// third of its text is links — a paragraph of prose under such a heading stays. Headings that name the
/// page's own list ("Latest news", "Top stories") are not offers and are not read here: on a list
/// of stories they are the content.
enum RelatedShelves {
    static func remove(in tree: inout HTMLTree, under root: HTMLTree.Node) {
        let half = tree.stats[Int(root)].characters / 2
        var shelves: [HTMLTree.Node] = []
        var current = tree.nextElement(after: root, within: root)
        while let node = current {
            guard let level = tree.kind[Int(node)].headingLevel else {
                current = tree.nextElement(after: node, within: root)
                continue
            }
            if tree.stats[Int(node)].characters <= maxHeading, offers(tree.textContent(node)) {
                var shelf = node
                while case let parent = tree.parent[Int(shelf)], parent != root, parent != HTMLTree.none,
                    !stops.contains(tree.kind[Int(parent)]), tree.stats[Int(parent)].characters <= half,
                    !holdsPeer(of: node, level: level, in: parent, tree: tree)
                {
                    shelf = parent
                }
                if shelf != node, tree.linkDensity(shelf) >= minimumLinkShare { shelves.append(shelf) }
            }
            current = tree.nextElement(after: node, skippingChildren: true, within: root)
        }
        for shelf in shelves where tree.isAncestor(root, of: shelf) {
            tree.detach(shelf)
        }
    }

    /// A heading longer than this (in characters) is a title or a sentence, not a shelf's label.
    static let maxHeading: Int32 = 80
    static let minimumLinkShare = 0.33
    static let stops = KindSet([.body, .main, .article])

    /// Whether `container` holds a heading other than `heading` of its rank or above.
    static func holdsPeer(of heading: HTMLTree.Node, level: Int, in container: HTMLTree.Node, tree: HTMLTree) -> Bool {
        var current = tree.nextElement(after: container, within: container)
        while let node = current {
            if node != heading, let other = tree.kind[Int(node)].headingLevel, other <= level { return true }
            current = tree.nextElement(after: node, within: container)
        }
        return false
    }

    /// Whether a heading's text offers other pages, in the languages of the pages read: its words
    /// hold one of ``phrases``, or are one of ``whole``. Read word by word (no Foundation string
    /// search: headings are many, offers few).
    static func offers(_ text: String) -> Bool {
        let words = self.words(text)
        guard !words.isEmpty, words.count <= 16 else { return false }
        if words.count <= 3, whole.contains(words) { return true }
        for start in words.indices {
            for phrase in byFirstWord[words[start], default: []]
            where words[start...].starts(with: phrase) {
                return true
            }
        }
        return false
    }

    /// Lower-case words of letters and digits; an apostrophe (straight or curly) stays inside a word.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}", !word.isEmpty {
                word.append("'")
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    static let whole: Set<[String]> = Set(wholeHeadings.map(words))
    static let byFirstWord: [String: [[String]]] = Dictionary(grouping: phrases.map(words)) { $0[0] }

    /// Headings that are an offer when they are all there is.
    /// ("See also" is not one: on a reference page it is part of the reference.)
    static let wholeHeadings = ["related", "recommended", "read next", "up next", "more like this"]

    /// Phrases that make a heading an offer wherever they stand in it.
    static let phrases: [String] = [
        // English
        "you may also like", "you might also like", "you'll also like", "you will also like", "you may also enjoy",
        "you might also enjoy", "you may also be interested", "you might also be interested", "also viewed",
        "also bought", "also purchased", "customers who bought", "customers who viewed", "customers also",
        "frequently bought together", "recently viewed",
        "related articles", "related article", "related posts", "related stories", "related products",
        "related items", "related content", "related reading", "related searches", "related topics", "related links",
        "related videos", "related news", "similar items", "similar products", "similar articles", "similar posts",
        "recommended for you", "recommended products", "recommended articles", "recommended reading",
        "recommended stories", "more to explore", "don't miss",
        // Norwegian, Danish, Swedish
        "les også", "relaterte artikler", "relaterte saker", "anbefalt for deg", "læs også", "relaterede artikler",
        "läs också", "läs även", "relaterade artiklar", "rekommenderat för dig",
        // German, Dutch
        "lesen sie auch", "das könnte sie auch interessieren", "könnte sie auch interessieren", "ähnliche artikel",
        "ähnliche produkte", "kunden kauften auch", "lees ook", "gerelateerde artikelen", "misschien ook interessant",
        // French, Spanish, Italian, Portuguese
        "vous aimerez aussi", "vous aimerez peut-être", "à lire aussi", "lire aussi", "articles similaires",
        "produits similaires", "te puede interesar", "también te puede gustar", "artículos relacionados",
        "productos relacionados", "noticias relacionadas", "potrebbe interessarti", "articoli correlati",
        "prodotti correlati", "leggi anche", "você também pode gostar", "leia também", "artigos relacionados",
        // Russian, Polish
        "читайте также", "похожие статьи", "похожие товары", "рекомендуем", "zobacz też", "zobacz także",
        "podobne artykuły", "polecane",
    ]
}
