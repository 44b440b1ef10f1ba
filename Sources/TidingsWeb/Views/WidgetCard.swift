import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// A carousel (a horizontal strip) or list of teasers from another section.
struct WidgetCard: Sendable {
    var title: String?
    var items: [TeaserCard]
}
