/// What the extractor asks of an element's content, summed over its descendants: Readability asks
/// for an element's text, its links' text or its paragraphs again and again, which walks the
/// subtree each time. Kept up to date through every edit of the tree (`HTMLTree.propagate`), each
/// question is a lookup and extraction stays linear in the page.
///
/// For a text node: its own text. For an element: the sum of its children's contributions, where
/// a child element contributes its own stats plus what it is (one `p`, its text as link text…).
struct TextStats: Equatable, Sendable {
    /// Characters, a run of white space counting one (Readability collapses runs).
    var characters: Int32 = 0
    /// Characters other than white space: zero means "no text".
    var solid: Int32 = 0
    /// Commas of the scripts Readability knows (Latin, Arabic, Chinese…).
    var commas: Int32 = 0
    /// Characters inside links; those of in-page (`#…`) links count 0.3 each.
    var linkCharacters: Double = 0
    /// Characters inside headings, lists and "text-ish" elements (span, li, td, p, div…).
    var headingCharacters: Int32 = 0
    var listCharacters: Int32 = 0
    var textishCharacters: Int32 = 0
    var paragraphs: Int32 = 0
    var images: Int32 = 0
    var listItems: Int32 = 0
    var inputs: Int32 = 0
    var embeds: Int32 = 0
    var tables: Int32 = 0
    /// Tables marked as data tables (`NodeFlags.dataTable`).
    var dataTables: Int32 = 0
    /// Descendants that keep a `div` from being a paragraph (div, p, table, lists, pre, img…).
    var blocks: Int32 = 0
    var elements: Int32 = 0
    /// `br` and `hr` descendants.
    var breaks: Int32 = 0

    /// Adds `sign` times `other`, field by field: the one place every field is listed.
    mutating func add(_ other: TextStats, times sign: Int32) {
        characters &+= sign &* other.characters
        solid &+= sign &* other.solid
        commas &+= sign &* other.commas
        linkCharacters += Double(sign) * other.linkCharacters
        headingCharacters &+= sign &* other.headingCharacters
        listCharacters &+= sign &* other.listCharacters
        textishCharacters &+= sign &* other.textishCharacters
        paragraphs &+= sign &* other.paragraphs
        images &+= sign &* other.images
        listItems &+= sign &* other.listItems
        inputs &+= sign &* other.inputs
        embeds &+= sign &* other.embeds
        tables &+= sign &* other.tables
        dataTables &+= sign &* other.dataTables
        blocks &+= sign &* other.blocks
        elements &+= sign &* other.elements
        breaks &+= sign &* other.breaks
    }

    static func += (lhs: inout TextStats, rhs: TextStats) { lhs.add(rhs, times: 1) }

    static prefix func - (value: TextStats) -> TextStats {
        var result = TextStats()
        result.add(value, times: -1)
        return result
    }

    /// What an element of `kind` whose own text changed by `characters` adds to its parent on top
    /// of that change: its text counted again as link, heading, list or text-ish text.
    mutating func addTextTerms(of kind: ElementKind, characters: Int32, linkWeight: Double) {
        let traits = kind.traits
        if kind == .a { linkCharacters += Double(characters) * linkWeight }
        if traits.contains(.heading) { headingCharacters &+= characters }
        if traits.contains(.list) { listCharacters &+= characters }
        if traits.contains(.textish) { textishCharacters &+= characters }
    }

    /// What the element itself counts for its parent: one element, one `p`, one image…
    mutating func addCounts(of kind: ElementKind, sign: Int32) {
        let traits = kind.traits
        elements &+= sign
        switch kind {
        case .p: paragraphs &+= sign
        case .img: images &+= sign
        case .li: listItems &+= sign
        case .input: inputs &+= sign
        case .table: tables &+= sign
        case .br, .hr: breaks &+= sign
        default: break
        }
        if traits.contains(.embed) { embeds &+= sign }
        if traits.contains(.divToP) { blocks &+= sign }
    }
}
