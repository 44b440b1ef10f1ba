/// Headings left without a section: a heading names what follows it, down to the next heading of
/// its rank or above; one followed by nothing — at the end of the content, or alone straight before
/// a heading of its rank or above that has content — titles a section the page's chrome filled and
/// the cleaning took away ("Related Articles" over a list of links, "Discussion about this post" over a comment form,
/// "Table of Contents" over in-page links, "Join Our Newsletter" over a form). It goes. Text,
/// images, media and tables are a section's content; a heading holding a link or inside one is a
/// card's title on a shelf, not a section's, and stays; so does a heading element wrapping more than a line.
enum EmptySections {
    static func remove(in tree: inout HTMLTree, under root: HTMLTree.Node) {
        var items: [(node: HTMLTree.Node, level: Int)] = []  // level 0: content
        var current = tree.firstChild[Int(root)]
        while current != HTMLTree.none {
            let index = Int(current)
            let kind = tree.kind[index]
            var descend = true
            if let level = kind.headingLevel, isTitle(current, in: tree) {
                items.append((current, level))
                descend = false
            } else if kind == .text {
                if tree.stats[index].solid > 0 { items.append((current, 0)) }
            } else if media.contains(kind) {
                items.append((current, 0))
                descend = false
            }
            if descend, kind != .text, tree.firstChild[index] != HTMLTree.none {
                current = tree.firstChild[index]
                continue
            }
            while current != root, tree.next[Int(current)] == HTMLTree.none { current = tree.parent[Int(current)] }
            if current == root { break }
            current = tree.next[Int(current)]
        }
        // Headings after the last content; and a lone heading straight before a peer (or one of a
        // higher rank) that has content of its own — not one of a run of headings, which is a page
        // writing a list in headings ("organic cotton", "hemp", "recycled" as h3s).
        let lastContent = items.lastIndex { $0.level == 0 } ?? -1
        var empty: [HTMLTree.Node] = []
        for (position, item) in items.enumerated() where item.level > 0 && !holdsLink(item.node, in: tree) {
            if position > lastContent {
                empty.append(item.node)
                continue
            }
            guard position + 2 < items.count else { continue }
            let next = items[position + 1].level
            let previous = position > 0 ? items[position - 1].level : 0
            if next > 0, next <= item.level, items[position + 2].level == 0, previous < item.level {
                empty.append(item.node)
            }
        }
        for node in empty { tree.detach(node) }
    }

    static let media = KindSet([.img, .picture, .video, .audio, .iframe, .embed, .object, .canvas, .svg, .math])

    /// A heading that is a title: a line of text (at most 150 characters, no blocks, no images).
    /// Pages wrap whole sections in a heading element too; those are content.
    static func isTitle(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        let stats = tree.stats[Int(node)]
        return stats.characters <= 150 && stats.blocks == 0 && stats.images == 0 && stats.embeds == 0
    }

    /// Whether the heading holds a link or sits in one (a card: `<a><img><h3>…</h3></a>`).
    static func holdsLink(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        if tree.stats[Int(node)].linkCharacters > 0 { return true }
        var current = tree.parent[Int(node)]
        while current != HTMLTree.none {
            if tree.kind[Int(current)] == .a { return true }
            current = tree.parent[Int(current)]
        }
        return false
    }
}
