import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// An article teaser: image or placeholder, title, summary, source, author and time ago.
struct TeaserCard: Sendable {
    var title: String
    var summary: String?
    /// The article page, else the teaser's own page; nil when it has neither (a partner's widget
    /// item without a link is shown, not linked).
    var href: String?
    var image: String?
    var source: String?
    /// Who wrote it, when the source says.
    var author: String?
    var datetime: String?
    var timeAgo: String?

    init(_ teaser: Teaser, href: String?, context: WebContext) {
        title = teaser.title
        summary = teaser.summary
        self.href = href
        image = context.images.path(teaser.imageURL)
        source = teaser.source.isEmpty ? nil : teaser.source
        author = teaser.author
        datetime = teaser.publishedAt.map(WebContext.machineTime)
        timeAgo = teaser.publishedAt.map { context.formats.timeAgo(from: $0, to: context.now) }
    }
}
