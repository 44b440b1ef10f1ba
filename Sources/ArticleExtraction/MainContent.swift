/// The page's main content taken whole, for pages whose content is not one container of prose: a
/// forum thread's posts, a product's description and details, a shop's shelf, a list of stories,
/// a service's page. Readability keeps the best-scored container and its like siblings, which on
/// such pages is one post, one card or one block of many; this keeps the page's `main` (or the
/// body) without what is never content there:
///
/// - scripts, styles, embeds, form controls and dialogs; hidden elements (unless one holds most of
///   the page: a page a script reveals whole);
/// - navigation and asides, headers and footers of the page (not those of an article or a section
///   inside it), landmarks of navigation, banners, search and the like; short forms;
/// - cookie and consent banners, breadcrumbs (by the words of their class or id).
///
/// Links are kept: a list of products or stories is links. ``ArticleExtractor`` gives this content
/// instead of Readability's when Readability's has under half its text (docs/extraction.md).
struct MainContent {
    var tree: HTMLTree
    var root: HTMLTree.Node

    /// Characters of the content's text.
    var characters: Int32 { tree.stats[Int(root)].characters }

    static let neverContent = KindSet([
        .script, .style, .template, .noscript, .svg, .iframe, .object, .embed, .canvas, .select, .option, .button,
        .input, .textarea, .dialog, .link, .meta, .area,
    ])
    static let roles: Set<String> = [
        "navigation", "banner", "contentinfo", "complementary", "dialog", "alertdialog", "search", "menu", "menubar",
        "tooltip",
    ]
    /// Words of a class or id (whole words, `relatedPosts` and `related-posts` alike) naming what
    /// is around content, never content: consent banners, breadcrumbs, share bars, sign-ups,
    /// teasers of other pages, pop-ups, advertising, skip links.
    static let boilerplateWords = NameWords([
        "cookie", "cookies", "consent", "gdpr", "cookiebanner", "breadcrumb", "breadcrumbs", "newsletter", "share",
        "sharing", "social", "related", "recommended", "recommendations", "upsell", "crosssell", "recently",
        "sidebar", "popup", "modal", "advert", "advertisement", "ads", "skip",
    ])
    /// Words of a class naming a panel a reader opens: Bootstrap's `collapse`, an accordion, a tab.
    static let panelWords = NameWords(["collapse", "collapsible", "accordion", "pane", "tabpanel"])
    /// On a product's page, its buyers' reviews and ratings are not its description.
    static let reviewWords = NameWords(["review", "reviews", "rating", "ratings", "testimonials"])
    /// Readers' comments and the form to write one: on every page but a forum's thread (whose
    /// posts are its content) they are not the page's content.
    static let commentWords = NameWords(["comment", "comments", "respond", "disqus"])
    /// About a paragraph of text, in characters.
    static let paragraphWorth: Int32 = 500
    /// A form with less text than this (about 200 words) is a search box, a sign-up or a filter.
    static let shortForm: Int32 = 1_200

    init(page: HTMLTree, kind: PageKind) {
        tree = page  // its noscript holding the page's text already unwrapped (ArticleExtractor)
        let body = tree.body
        let controlled = Self.controlledIDs(in: tree)
        tree.removeElements(within: body) { tree, node in Self.neverContent.contains(tree.kind[Int(node)]) }
        Self.removeHidden(in: &tree, keepingPanels: controlled)
        let root = Self.mainElement(in: tree) ?? body
        let half = tree.stats[Int(root)].characters / 2
        // Comments are the content of a thread: a forum's, or a page whose own text outside its
        // comments is under a paragraph's worth (a link and its discussion: Lobsters, Hacker
        // News), whatever its kind was read as.
        let ownText = tree.stats[Int(root)].characters - Self.commentCharacters(in: tree, under: root)
        let comments = kind != .forum && ownText >= Self.paragraphWorth
        tree.removeElements(within: root) { tree, node in
            Self.isBoilerplate(node, in: tree, root: root)
                || (tree.stats[Int(node)].characters <= half
                    && Self.isNamedBoilerplate(node, in: tree, kind: kind, comments: comments))
        }
        self.root = root
    }

    /// Characters of the elements under `root` whose class or id names comments (the outermost
    /// of nested ones).
    static func commentCharacters(in tree: HTMLTree, under root: HTMLTree.Node) -> Int32 {
        var total: Int32 = 0
        var current = tree.nextElement(after: root, within: root)
        while let node = current {
            if commentWords.named(node, in: tree) {
                total += tree.stats[Int(node)].characters
                current = tree.nextElement(after: node, skippingChildren: true, within: root)
            } else {
                current = tree.nextElement(after: node, within: root)
            }
        }
        return total
    }

    /// The ids other elements name in `aria-controls`: the panels their buttons open.
    static func controlledIDs(in tree: HTMLTree) -> Set<String> {
        var controlled: Set<String> = []
        var current = tree.nextElement(after: tree.body, within: tree.body)
        while let node = current {
            if let ids = tree.attribute(node, "aria-controls") {
                controlled.formUnion(ids.split(separator: " ").map(String.init))
            }
            current = tree.nextElement(after: node, within: tree.body)
        }
        return controlled
    }

    /// Removes hidden elements, but not what a script reveals: the largest, when it holds more
    /// than twice the text visible in the page's `main` (or body) — content drawn hidden until the
    /// script runs — nor a collapsed panel of text (a tab or an accordion's section:
    /// `role="tabpanel"`, named by a button's `aria-controls` or by its class, ``panelWords``),
    /// which a reader opens with one tap. A panel mostly of links is a menu.
    static func removeHidden(in tree: inout HTMLTree, keepingPanels controlled: Set<String>) {
        let region = mainElement(in: tree) ?? tree.body
        var hidden: [HTMLTree.Node] = []
        var current = tree.nextElement(after: tree.body, within: tree.body)
        while let node = current {
            if tree.flags[Int(node)].hidesContent {
                hidden.append(node)
                current = tree.nextElement(after: node, skippingChildren: true, within: tree.body)
            } else {
                current = tree.nextElement(after: node, within: tree.body)
            }
        }
        // The largest hidden element of the `main` (of those inside it) or of the page (of the
        // others) stays when it holds more than twice the text visible there.
        var inside: [HTMLTree.Node] = []
        var outside: [HTMLTree.Node] = []
        for node in hidden {
            if region != tree.body, tree.isAncestor(region, of: node) {
                inside.append(node)
            } else {
                outside.append(node)
            }
        }
        func visible(_ scope: HTMLTree.Node, _ nodes: [HTMLTree.Node]) -> Int32 {
            nodes.reduce(tree.stats[Int(scope)].characters) { $0 - tree.stats[Int($1)].characters }
        }
        var revealed: [HTMLTree.Node] = []
        for (nodes, visible) in [(inside, visible(region, inside)), (outside, visible(tree.body, hidden))] {
            if let largest = nodes.max(by: { tree.stats[Int($0)].characters < tree.stats[Int($1)].characters }),
                tree.stats[Int(largest)].characters > 2 * visible
            {
                revealed.append(largest)
            }
        }
        for node in hidden {
            let stats = tree.stats[Int(node)]
            if revealed.contains(node) { continue }
            let panel =
                tree.attribute(node, "role")?.lowercased() == "tabpanel"
                || tree.attribute(node, "id").map(controlled.contains) == true
                || panelWords.named(node, in: tree, classOnly: true)
            if panel, !tree.flags[Int(node)].contains(.modalDialog),
                stats.linkCharacters * 2 < Double(stats.characters)
            {
                continue
            }
            tree.detach(node)
        }
    }

    /// The only outermost `main` (or `role="main"`) with text, if there is exactly one.
    static func mainElement(in tree: HTMLTree) -> HTMLTree.Node? {
        var found: [HTMLTree.Node] = []
        var current = tree.nextElement(after: tree.body, within: tree.body)
        while let node = current {
            if tree.kind[Int(node)] == .main || tree.attribute(node, "role") == "main" {
                found.append(node)
                current = tree.nextElement(after: node, skippingChildren: true, within: tree.body)
            } else {
                current = tree.nextElement(after: node, within: tree.body)
            }
        }
        guard found.count == 1, tree.stats[Int(found[0])].solid > 0 else { return nil }
        return found[0]
    }

    static func isBoilerplate(_ node: HTMLTree.Node, in tree: HTMLTree, root: HTMLTree.Node) -> Bool {
        switch tree.kind[Int(node)] {
        case .nav, .aside: return true
        case .header, .footer: return !insideContentSection(node, in: tree, root: root)
        case .form: if tree.stats[Int(node)].characters < shortForm { return true }
        case .html, .body, .main, .article: return false
        case .a: if isStandalonePageLink(node, in: tree) { return true }
        default: break
        }
        if let role = tree.attribute(node, "role")?.lowercased(), roles.contains(role) { return true }
        return false
    }

    /// A link within the page (`#…`) standing alone — no text beside it, as in a sentence — is a
    /// way around the page, not content: a skip link, an entry of a table of contents, "back to
    /// top", a tab's or a button's label. Not a footnote's mark: it has too few letters.
    static func isStandalonePageLink(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        guard tree.stats[Int(node)].solid >= 4, tree.attribute(node, "href")?.hasPrefix("#") == true else {
            return false
        }
        for neighbour in [tree.previous[Int(node)], tree.next[Int(node)]] where neighbour != HTMLTree.none {
            if tree.kind[Int(neighbour)] == .text, tree.stats[Int(neighbour)].solid > 0 { return false }
        }
        return true
    }

    /// Whether the class or id names boilerplate (``boilerplateWords``; ``commentWords`` when
    /// `comments` are not the page's content; on a product's page also ``reviewWords`` in the
    /// class — an id is often a heading's words: "best-phones-we-reviewed").
    static func isNamedBoilerplate(_ node: HTMLTree.Node, in tree: HTMLTree, kind: PageKind, comments: Bool)
        -> Bool
    {
        boilerplateWords.named(node, in: tree) || (comments && commentWords.named(node, in: tree))
            || (kind == .product && reviewWords.named(node, in: tree, classOnly: true))
    }

    /// Whether an ancestor below the root is an article, a section, `main`, an aside or a
    /// navigation: a header or footer there belongs to it (an article's title, a post's author).
    static func insideContentSection(_ node: HTMLTree.Node, in tree: HTMLTree, root: HTMLTree.Node) -> Bool {
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none, current != root {
            switch tree.kind[Int(current)] {
            case .article, .section, .main, .aside, .nav: return true
            default: current = tree.parent[Int(current)]
            }
        }
        return false
    }
}

extension HTMLTree {
    /// A `noscript` holding more text than the rest of the body is what the page shows a reader
    /// without scripts — the crawler view of an app whose script draws the page (a forum thread,
    /// a store) — so its content stays, as a `div`, when it is long enough to be an article (not a
    /// "turn on JavaScript" line); every other `noscript` goes with the scripts.
    mutating func unwrapNoscriptContent() {
        let noscripts = descendants(of: body, where: { $0 == .noscript })
        let inside = noscripts.reduce(Int32(0)) { $0 &+ stats[Int($1)].solid }
        let outside = stats[Int(body)].solid &- inside
        for noscript in noscripts where stats[Int(noscript)].solid > max(outside, ArticleFinder.minimumCharacters) {
            setKind(noscript, .div)
        }
    }
}
