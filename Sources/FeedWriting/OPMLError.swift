/// Why bytes could not be read as an OPML document.
public enum OPMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No bytes, or only whitespace.
    case empty
    /// Larger than ``OPMLDocument/maxBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// The document declares entities or a DOCTYPE internal subset, which is how entity-expansion
    /// attacks start and nothing an OPML file needs.
    case declaresEntities
    /// The XML is not well-formed; line and column (1-based) are where the parser stopped, and the
    /// reason names `XMLParser`'s error code.
    case notWellFormed(line: Int, column: Int, reason: String)
    /// Well-formed XML whose root element is not `opml`.
    case notOPML(root: String)

    /// One line saying why, for people.
    public var description: String {
        switch self {
        case .empty: "opml: the document is empty"
        case .tooLarge(let bytes, let limit): "opml: \(bytes) bytes is over the \(limit)-byte limit"
        case .declaresEntities:
            "opml: refused: the document declares entities or a DOCTYPE internal subset (entity expansion)"
        case .notWellFormed(let line, let column, let reason):
            "opml: not well-formed XML at line \(line), column \(column) (\(reason))"
        case .notOPML(let root): "opml: not an OPML document: the root element is <\(root)>, not <opml>"
        }
    }
}
