/// One page fetch the pager asks its shell to run.
public struct PagerRequest: Sendable, Hashable {
    /// Which page a request asks for.
    public enum Kind: Sendable, Hashable {
        /// The first page of an empty list.
        case first
        /// The page after the bottom of the list.
        case next(cursor: String)
        /// The first page again, for pull to refresh: its new items go on top.
        case refresh
    }

    /// Which page is asked for.
    public var kind: Kind
    /// Grows with every request a pager issues; only the response to the latest one counts.
    public var generation: Int

    /// A request for `kind`, the `generation`-th a pager issued.
    public init(_ kind: Kind, generation: Int) {
        self.kind = kind
        self.generation = generation
    }

    /// The server's cursor to send: nil for the first page.
    public var cursor: String? {
        if case .next(let cursor) = kind { cursor } else { nil }
    }
}
