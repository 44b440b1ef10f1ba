import FeedParsing
import Foundation

/// What kind of page the extractor believes it read: the main content of each kind is given the
/// same way, and the kind says what it is (a thread's posts, a product's description, a list's
/// items).
public enum PageKind: String, Sendable, Codable, CaseIterable {
    /// A news story, a blog post, a guide: prose under a title.
    case article
    /// A discussion thread or a question with its answers.
    case forum
    /// One product (or app) with its description and details.
    case product
    /// A shop's category: products with prices.
    case collection
    /// A list of links to other pages: a section front, a blog's index, search results.
    case listing
    /// Documentation or reference: a manual's page, an API's.
    case documentation
    /// A company's or service's own page: a home page, a product's marketing page, a form.
    case service
}

/// Tells a page's kind from what the page says of itself, in this order: schema.org types (JSON-LD
/// `@type` at the top, in `@graph` or as `mainEntity`; microdata `itemtype`), `og:type`, the
/// words of the URL's path, and last what the page holds (prices in a list, prose).
struct PageKindReader {
    let types: Set<String>
    let openGraphType: String
    let pathWords: Set<String>
    /// The page, whose prices are counted when the kind needs them.
    let tree: HTMLTree

    /// The signals of `tree`, whose parsed JSON-LD is `jsonLD`, read from `url`.
    init(tree: HTMLTree, jsonLD: [JSONNode], url: URL?) {
        var types: Set<String> = []
        for root in jsonLD {
            for node in [root] + (root.array ?? []) {
                for item in [node] + (node["@graph"]?.array ?? []) {
                    types.formUnion(Self.types(item["@type"]))
                    if let entity = item["mainEntity"] { types.formUnion(Self.types(entity["@type"])) }
                }
            }
        }
        var openGraphType = ""
        for meta in tree.metas {
            if tree.attribute(meta, "property")?.lowercased() == "og:type" {
                openGraphType = (tree.attribute(meta, "content") ?? "").lowercased()
            }
        }
        for node in 0..<Int32(tree.count) where tree.isElement(node) && !tree.attributeRange[Int(node)].isEmpty {
            if let itemtype = tree.attribute(node, "itemtype") { types.insert(Self.lastPathPart(itemtype)) }
        }
        self.types = types
        self.openGraphType = openGraphType
        let path = url?.path.lowercased() ?? ""
        pathWords = Set(HTMLTree.words(path))
        self.tree = tree
    }

    /// How many prices the page's text shows ("$19.99", "12,50 €"): counted only when the kind
    /// needs it — to tell a list's kind (a collection or a listing), or when nothing else told it.
    var prices: Int { Self.countPrices(in: tree) }

    static func types(_ node: JSONNode?) -> [String] {
        if let list = node?.array { return list.compactMap(\.string) }
        return node?.string.map { [$0] } ?? []
    }

    static func lastPathPart(_ url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }

    static let forumTypes: Set<String> = ["DiscussionForumPosting", "QAPage", "Question"]
    static let productTypes: Set<String> = ["Product", "ProductGroup", "SoftwareApplication", "MobileApplication"]
    static let documentationTypes: Set<String> = ["TechArticle", "APIReference"]
    static let listTypes: Set<String> = ["CollectionPage", "ItemList", "OfferCatalog", "SearchResultsPage"]
    static let articleTypes: Set<String> = [
        "Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "OpinionNewsArticle",
        "AnalysisNewsArticle", "ReviewNewsArticle", "LiveBlogPosting", "HowTo", "Recipe",
    ]
    static let forumPaths: Set<String> = [
        "t", "thread", "threads", "topic", "topics", "forum", "forums", "questions", "discussion", "discussions",
        "community",
    ]
    static let productPaths: Set<String> = ["product", "products", "p", "item", "dp", "app"]
    static let documentationPaths: Set<String> = [
        "doc", "docs", "documentation", "reference", "api", "manual", "guide", "kb", "knowledge", "help",
    ]
    static let listPaths: Set<String> = ["collection", "collections", "category", "categories", "c", "shop", "catalog"]
    static let articlePaths: Set<String> = ["blog", "news", "article", "articles", "post", "posts", "story", "stories"]

    /// The kind; `isArticle` is the reader-view verdict (paragraphs of prose), the tie-breaker
    /// when nothing else speaks.
    func kind(isArticle: Bool) -> PageKind {
        // What the page says it is (schema.org, then Open Graph) before what its address suggests:
        // a Substack post's `/p/` is no product when its JSON-LD says NewsArticle.
        if !types.isDisjoint(with: Self.forumTypes) { return .forum }
        if !types.isDisjoint(with: Self.productTypes) { return .product }
        if !types.isDisjoint(with: Self.documentationTypes) { return .documentation }
        if !types.isDisjoint(with: Self.listTypes) { return prices >= 5 ? .collection : .listing }
        if !types.isDisjoint(with: Self.articleTypes) { return .article }
        if openGraphType.hasPrefix("product") { return .product }
        if openGraphType == "article" { return .article }
        if !pathWords.isDisjoint(with: Self.forumPaths) { return .forum }
        if !pathWords.isDisjoint(with: Self.productPaths) { return .product }
        if !pathWords.isDisjoint(with: Self.documentationPaths) { return .documentation }
        if !pathWords.isDisjoint(with: Self.listPaths) { return prices >= 5 ? .collection : .listing }
        if !pathWords.isDisjoint(with: Self.articlePaths) || pathWords.contains(where: Self.isYear) { return .article }
        if prices >= 5 { return .collection }
        if pathWords.isEmpty { return .service }
        return isArticle ? .article : .service
    }

    static func isYear(_ word: String) -> Bool {
        word.count == 4 && (word.hasPrefix("19") || word.hasPrefix("20")) && word.allSatisfy(\.isNumber)
    }

    /// Currency signs next to a digit in the page's text ("$5", "€ 12", "12,50 €", "£3").
    static func countPrices(in tree: HTMLTree) -> Int {
        tree.bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for node in 0..<tree.count where tree.kind[node] == .text {
                let range = tree.range[node]
                count += countPrices(in: buffer, from: Int(range.lowerBound), to: Int(range.upperBound))
            }
            return count
        }
    }

    static func countPrices(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var previousDigit = false
        var index = start
        while index < end {
            let byte = bytes[index]
            let sign: Int
            switch byte {
            case UInt8(ascii: "$"): sign = 1
            case 0xC2 where index + 1 < end && bytes[index + 1] == 0xA3: sign = 2  // £
            case 0xE2 where index + 2 < end && bytes[index + 1] == 0x82 && bytes[index + 2] == 0xAC:
                sign = 3  // €
            default: sign = 0
            }
            if sign > 0 {
                var after = index + sign
                while after < end, bytes[after] == UInt8(ascii: " ") { after += 1 }
                let digitAfter = after < end && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[after])
                if digitAfter || previousDigit { count += 1 }
                index += sign
                previousDigit = false
                continue
            }
            if byte != UInt8(ascii: " ") {
                previousDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
            index += 1
        }
        return count
    }
}
