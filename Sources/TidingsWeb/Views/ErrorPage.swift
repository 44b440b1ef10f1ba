/// A page for a request that failed: a page that does not exist says what was not found and
/// links home; a failure that may pass says what went wrong and offers to try again. The status
/// code travels in the response, not on the page.
public struct ErrorPage: WebPage {
    public static let template = "error"

    /// What kind of failure the page is about.
    public enum Kind: Sendable {
        /// Nothing is at this address: trying again cannot help.
        case notFound
        /// Something failed that may not fail next time; `retryHref` is the page to try again.
        case failed(retryHref: String)
    }

    var chrome: Chrome
    /// `not-found` or `error`: the state's class and `data-state`, and so its pictogram.
    var state: String
    var title: String
    var message: String
    var retryHref: String?
    var homeHref: String
    var homeLabel: String

    /// `message` is shown as is (escaped).
    public init(context: WebContext, message: String, kind: Kind) {
        let t = context.strings
        switch kind {
        case .notFound:
            (state, title, retryHref) = ("not-found", t.notFoundTitle, nil)
        case .failed(let retry):
            (state, title, retryHref) = ("error", t.errorTitle, retry)
        }
        chrome = Chrome(context, title: title)
        self.message = message
        homeHref = context.brand.map { context.link(context.brandPath($0)) } ?? context.link("/")
        homeLabel = "\(t.toFrontPage) \(context.brand?.name ?? "Tidings")"
    }
}
