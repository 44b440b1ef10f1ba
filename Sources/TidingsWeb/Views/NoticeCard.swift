import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// A notification card, with a dismiss form when it can be dismissed.
struct NoticeCard: Sendable {
    var text: String
    var kind: String
    var dismissible: Bool
    var action: String
}
