import Foundation
import TidingsModel
import TidingsSections

/// A section: its cards and "Load more" link, or its empty, error or web state.
public struct SectionPage: WebPage {
    public static let template = "section"

    /// An empty or error state: what happened, and a button that loads the section again.
    struct State: Sendable {
        var title: String
        var message: String
        var button: String
        var href: String
    }

    /// A section shown as a web page: embedded in a frame, or linked.
    struct Web: Sendable {
        var url: String
        var embed: Bool
    }

    var chrome: Chrome
    var title: String
    var selfHref: String
    var cards: [CardView]
    var hasCards: Bool
    /// The section's live updates, on a first page: the reader's script follows them.
    var live: LiveUpdatesLink?
    var moreHref: String?
    var stale: Bool
    var empty: State?
    var error: State?
    var web: Web?

    /// The page for one page of `feed`. `cursor` is the page's own cursor (nil for the first
    /// page); `sourceError` is the last error of a source that is failing now.
    public init(context: WebContext, section: Section, feed: Feed, cursor: String?, sourceError: String?) {
        let brand = context.brand!
        let t = context.strings
        let path = context.sectionPath(brand, section.id)
        title = feed.title
        chrome = Chrome(
            context, title: "\(feed.title) · \(brand.name)", section: section.id,
            description: section.description?.text(context.language))
        selfHref = context.link(path)
        cards = []
        stale = false
        switch feed.content {
        case .web(let url):
            web = WebContext.webURL(url).map { Web(url: $0, embed: section.embed) }
        case .native(let items):
            let returnPath = cursor == nil ? path : path + "?cursor=" + WebContext.escape(cursor!)
            let cards = items.compactMap { CardView($0, section: section.id, context: context, returnPath: returnPath) }
            if cursor == nil, !cards.contains(where: \.isContent) {
                if sourceError != nil {
                    error = State(
                        title: t.errorTitle, message: t.sourceFailed, button: t.retry,
                        href: selfHref)
                } else if case .catalog = section.source {
                    empty = State(
                        title: t.catalogEmptyTitle,
                        message: section.description?.text(context.language) ?? t.catalogEmptyMessage,
                        button: t.reload, href: selfHref)
                } else {
                    empty = State(
                        title: t.emptyTitle, message: section.description?.text(context.language) ?? t.emptyMessage,
                        button: t.reload, href: selfHref)
                }
            } else {
                self.cards = cards
                stale = sourceError != nil
                moreHref = feed.nextCursor.map { context.link(path, [("cursor", $0)]) }
                live = cursor == nil ? feed.updates : nil
            }
        }
        hasCards = !cards.isEmpty
        chrome.hasCards = hasCards
    }
}
