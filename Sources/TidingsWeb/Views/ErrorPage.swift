/// A page for a request that failed: what went wrong, and a link that tries again. The status
/// code travels in the response, not on the page.
public struct ErrorPage: WebPage {
    public static let template = "error"

    var chrome: Chrome
    var message: String
    var retryHref: String
    var homeHref: String

    /// `message` is shown as is (escaped); `retryHref` is the page to try again.
    public init(context: WebContext, message: String, retryHref: String) {
        chrome = Chrome(context, title: context.strings.errorTitle)
        self.message = message
        self.retryHref = retryHref
        homeHref = context.brand.map { context.link(context.brandPath($0)) } ?? context.link("/")
    }
}
