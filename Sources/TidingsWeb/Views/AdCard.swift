import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// An ad slot, labelled as an ad, filled with one of the brand's house ads of its format (picked by
/// `HouseAdPicker`); a slot no house ad fits stays an empty box.
struct AdCard: Sendable {
    var format: String
    var creative: Creative?

    struct Creative: Sendable {
        var href: String
        var image: String?
        /// The picture's box before it loads: 4:1 for a banner, 16:9 otherwise.
        var width: Int
        var height: Int
        var headline: String
        var text: String?
    }

    init(format: String, creative: Creative?) {
        self.format = format
        self.creative = creative
    }

    init(_ slot: AdSlot, _ ad: HouseAd, context: WebContext) {
        let banner = slot.format == "banner"
        self.init(
            format: slot.format,
            creative: Creative(
                href: ad.link.absoluteString, image: context.images.path(ad.image), width: banner ? 1200 : 640,
                height: banner ? 300 : 360, headline: ad.headline.text(context.language, brand: context.brand?.locale),
                text: ad.text?.text(context.language, brand: context.brand?.locale)))
    }
}
