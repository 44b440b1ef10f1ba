import Foundation

/// How likely an extraction is the page's main content, whole and alone, from what the extractor
/// can see of its own result: the longer the text, the larger its share of the page's text, the
/// fewer of its words inside links, and a page of prose (Readability's reader-view test), the
/// likelier. Each is a factor from 0 to 1; docs/extraction.md gives their correlation with the
/// benchmark's F1.
struct ExtractionConfidence {
    /// Characters of the content's text (white space excluded).
    var characters: Int
    /// Characters of the page's visible body text, before anything was removed.
    var pageCharacters: Int
    /// Characters of the content inside links.
    var linkCharacters: Double
    /// Whether the page has paragraphs of prose.
    var readerable: Bool

    /// A text of this many characters or more is long enough to be a whole article.
    static let fullLength = 2_000.0

    var value: Double {
        guard characters > 0 else { return 0 }
        let length = min(1, log1p(Double(characters) / 100) / log1p(Self.fullLength / 100))
        let share = pageCharacters > 0 ? min(1, Double(characters) / Double(pageCharacters)) : 1
        // A content with half its text or more in links is a list of links, not a text.
        let links = max(0, 1 - 2 * linkCharacters / Double(characters))
        // Half the page or more is all a main content is expected to be (menus, footers and
        // lists of other stories are the rest); a tenth of it is likely a fragment.
        let coverage = min(1, 0.3 + 1.4 * share)
        let prose = readerable ? 1 : 0.7
        return (length * links * coverage * prose * 1000).rounded() / 1000
    }
}
