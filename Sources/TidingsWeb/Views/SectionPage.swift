import Foundation
import TidingsModel
import TidingsSections

/// How a section's source is failing now, as a reader is told it (the source's own error, which
/// names its URL and perhaps a key in it, stays in the log and `tidings sources list`).
public struct SourceFailure: Sendable, Hashable {
    /// The document came but could not be read, rather than not coming at all.
    public var unreadable: Bool
    /// When the poller tries the source again.
    public var retryAt: Date

    public init(unreadable: Bool, retryAt: Date) {
        self.unreadable = unreadable
        self.retryAt = retryAt
    }
}

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
    /// page); `sourceFailure` says how a source of the section is failing now.
    public init(context: WebContext, section: Section, feed: Feed, cursor: String?, sourceFailure: SourceFailure?) {
        let brand = context.brand!
        let t = context.strings
        let path = context.sectionPath(brand, section.id)
        title = feed.title
        chrome = Chrome(
            context, title: "\(feed.title) · \(brand.name)", section: section.id,
            description: section.description?.text(context.language, brand: context.brand?.locale))
        selfHref = context.link(path)
        cards = []
        stale = false
        switch feed.content {
        case .web(let url):
            web = WebContext.webURL(url).map { Web(url: $0, embed: section.embed) }
        case .native(let items):
            let returnPath = cursor == nil ? path : path + "?cursor=" + WebContext.escape(cursor!)
            var houseAds = HouseAdPicker(brand.houseAds)
            var cards = items.compactMap {
                CardView($0, section: section.id, context: context, returnPath: returnPath, houseAds: &houseAds)
            }
            FrontGrid.arrange(&cards, firstPage: cursor == nil)
            if cursor == nil, !cards.contains(where: \.isContent) {
                if let sourceFailure {
                    let when = WebStrings.retryIn(
                        Int(sourceFailure.retryAt.timeIntervalSince(context.now).rounded(.up)), context.language)
                    let message = sourceFailure.unreadable ? t.sourceUnreadable : t.sourceFailed
                    error = State(
                        title: t.errorTitle, message: message.replacingOccurrences(of: "{when}", with: when),
                        button: t.retry, href: selfHref)
                } else if case .catalog = section.source {
                    empty = State(
                        title: t.catalogEmptyTitle,
                        message: section.description?.text(context.language, brand: context.brand?.locale)
                            ?? t.catalogEmptyMessage,
                        button: t.reload, href: selfHref)
                } else {
                    empty = State(
                        title: t.emptyTitle,
                        message: section.description?.text(context.language, brand: context.brand?.locale)
                            ?? t.emptyMessage,
                        button: t.reload, href: selfHref)
                }
            } else {
                self.cards = cards
                stale = sourceFailure != nil
                moreHref = feed.nextCursor.map { context.link(path, [("cursor", $0)]) }
                live = cursor == nil ? feed.updates : nil
            }
        }
        hasCards = !cards.isEmpty
        chrome.hasCards = hasCards
    }
}

/// How a section's cards sit in the three-column grid of a wide screen (reader.css from 64rem), as
/// a news front page: the first page opens with its lead story — two columns and two rows, the
/// next two cards beside it, or the whole row when a card that needs a row follows too soon — and
/// the rest fill the rows in the order composition gave them, slots where they were placed. A row
/// cut short by a card that needs a whole row (or by the page's end) is closed by widening its last
/// card, so no row has a hole and the next page starts a row of its own. reader.js (`arrange`) redoes
/// this placement for the whole list when cards are put on top or dismissed, from `data-wide`,
/// `data-can-lead` and `data-slot`; the browser suite checks that both place a page alike.
enum FrontGrid {
    static let columns = 3

    static func arrange(_ cards: inout [CardView], firstPage: Bool) {
        var column = 0
        var index = cards.startIndex
        func closeRow(before index: Int) {
            guard column > 0, index > cards.startIndex else { return }
            cards[index - 1].layout = "span-\(1 + columns - column)"
            column = 0
        }
        // The lead: the first story, on the first page, when it has a picture to lead with.
        let lead =
            firstPage ? cards.firstIndex(where: \.isContent).flatMap { cards[$0].canLead ? $0 : nil } : nil
        while index < cards.endIndex {
            if index == lead {
                closeRow(before: index)
                let beside = cards[(index + 1)...].prefix(2)
                if beside.count == 2, !beside.contains(where: \.wide) {
                    cards[index].layout = "lead-story"
                    index += 3
                } else {
                    cards[index].layout = "lead-story span-\(columns)"
                    index += 1
                }
                continue
            }
            if cards[index].wide {
                closeRow(before: index)
                cards[index].layout = "span-\(columns)"
            } else {
                column = (column + 1) % columns
            }
            index += 1
        }
        closeRow(before: cards.endIndex)
    }
}
