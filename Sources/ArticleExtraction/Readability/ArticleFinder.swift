/// Finds the article in a page with the rules of Mozilla's Readability.js (Firefox's Reader View),
/// on `HTMLTree`: prepare the page, score paragraphs into their ancestors, take the best-scored
/// container with the siblings that belong to it, clean it; when that leaves under
/// `minimumCharacters`, try again with fewer removals and keep the longest. Each rule is written
/// where it is used, with the sentence that explains it (docs/extraction.md lists them).
struct ArticleFinder {
    /// Removals a retry gives up, in this order, when the article came out short.
    struct Passes: OptionSet {
        let rawValue: UInt8
        static let stripUnlikely = Passes(rawValue: 1 << 0)
        static let weightClasses = Passes(rawValue: 1 << 1)
        static let cleanConditionally = Passes(rawValue: 1 << 2)
        static let all: Passes = [.stripUnlikely, .weightClasses, .cleanConditionally]
    }

    /// An article shorter than this is looked for again with fewer removals.
    static let minimumCharacters: Int32 = 500
    static let topCandidateCount = 5

    var tree: HTMLTree
    /// The title found in the metadata: a heading repeating it is not content.
    let title: String
    /// Whether the metadata named the author (then author lines stay in the text).
    let metadataHasByline: Bool
    var passes = Passes.all
    /// The author line found in the page, taken out of the content.
    var byline: String?
    /// The `datetime` of a `<time>` inside the byline element (which leaves the content).
    var bylineTime: String?
    /// The text direction of the article's container or its ancestors.
    var direction: String?

    init(tree: HTMLTree, title: String, metadataHasByline: Bool) {
        self.tree = tree
        self.title = title
        self.metadataHasByline = metadataHasByline
    }

    /// The article: a tree and the element holding the content (nil for an empty page).
    struct Found {
        var tree: HTMLTree
        var article: HTMLTree.Node
        var characters: Int32
    }

    /// Runs the passes; the page must have been prepared (`prepare()`).
    mutating func find() -> Found? {
        let page = tree
        var attempts: [Found] = []
        while true {
            let found = grab()
            if found.characters >= Self.minimumCharacters { return found }
            attempts.append(found)
            // The author line found stays found (Readability keeps it across attempts).
            tree = page
            if passes.contains(.stripUnlikely) {
                passes.remove(.stripUnlikely)
            } else if passes.contains(.weightClasses) {
                passes.remove(.weightClasses)
            } else if passes.contains(.cleanConditionally) {
                passes.remove(.cleanConditionally)
            } else {
                // No luck with fewer removals: the longest attempt, if it has any text.
                let longest = attempts.max { $0.characters < $1.characters }
                guard let longest, longest.characters > 0 else { return nil }
                return longest
            }
        }
    }
}
