/// A subscription found in an OPML document, with the folders it is in.
public struct OPMLFeed: Sendable, Hashable {
    /// The `text` of each enclosing outline, outermost first; empty at the top level.
    public var folders: [String]
    /// The outline itself; its `xmlURL` is set.
    public var outline: OPMLOutline

    /// Creates a subscription entry.
    public init(folders: [String], outline: OPMLOutline) {
        self.folders = folders
        self.outline = outline
    }
}
