/// Navigation left inside the content chosen: a site's menu in the header a container holds
/// ("About · Portfolio · Blog · Services · Contact" above a blog post), a post's category bar, a
/// pager. Readability keeps what its best container holds, and a `nav` is no class it scores
/// down; a reader never wants a menu as the article's first lines. An element goes when it is a
/// `nav` (or has the role `navigation`, `menu` or `menubar`) and its text is mostly links — a
/// table of contents of in-page links, whose links weigh less, and a `nav` wrapping prose stay.
enum ContentNavigation {
    static func remove(in tree: inout HTMLTree, under root: HTMLTree.Node) {
        tree.removeElements(within: root) { tree, node in
            isNavigation(node, in: tree) && tree.linkDensity(node) > 0.5
        }
    }

    static let roles: Set<String> = ["navigation", "menu", "menubar"]

    static func isNavigation(_ node: HTMLTree.Node, in tree: HTMLTree) -> Bool {
        if tree.kind[Int(node)] == .nav { return true }
        guard let role = tree.attribute(node, "role") else { return false }
        return roles.contains(role.lowercased())
    }
}
