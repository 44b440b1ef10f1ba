import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// An article teaser: image or placeholder, title, summary, source, author and time ago, and the
/// other sources that told its story.
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
    /// "Also from" and the other tellings of its story (nil when none): each a link to its
    /// article page in the section, else its own page.
    var alsoFromLabel: String?
    var alsoFrom: [Told] = []

    /// Another telling of the story.
    struct Told: Sendable {
        var source: String
        var title: String
        var href: String?
        var separator: String
    }

    init(_ teaser: Teaser, href: String?, context: WebContext, told: ((Teaser.AlsoFrom) -> String?)? = nil) {
        if let others = teaser.alsoFrom, !others.isEmpty {
            alsoFromLabel = context.strings.alsoFrom
            alsoFrom = others.enumerated().map { index, other in
                Told(
                    source: other.source, title: other.title,
                    href: told?(other) ?? WebContext.webURL(other.url),
                    separator: index < others.count - 1 ? ", " : "")
            }
        }
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
