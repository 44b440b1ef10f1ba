import Foundation
import TidingsModel

/// An ad of the brand's own: a picture, a headline, a line of text and where it leads. The web
/// reader shows one in each ad slot of its format, labelled as an ad.
public struct HouseAd: Sendable, Hashable {
    /// The slot format it fills (`banner`, `native`, …); nil fills any.
    public var format: String?
    /// The picture, served through the image proxy.
    public var image: URL
    public var headline: LocalizedText
    public var text: LocalizedText?
    /// Where it leads.
    public var link: URL

    public init(format: String?, image: URL, headline: LocalizedText, text: LocalizedText? = nil, link: URL) {
        self.format = format
        self.image = image
        self.headline = headline
        self.text = text
        self.link = link
    }
}
