/// What a pager asks its shell to do after an event.
public enum PagerAction: Sendable, Hashable {
    /// Fetch a page and answer with `pageLoaded` or `pageFailed` for this request.
    case fetch(PagerRequest)
}
