import Foundation
import TidingsModel
import TidingsSections

/// `/{brand}/{section}/articles/{id}`: a teaser's article with its sanitized content and the original link.
public struct ArticlePage: WebPage {
    public static let template = "article"

    var chrome: Chrome
    var title: String
    var summary: String?
    var image: String?
    var source: String?
    var datetime: String?
    var published: String?
    /// Sanitized when the source was read (FeedParsing's HTMLSanitizer); the only HTML a
    /// template inserts unescaped.
    var content: String?
    /// The author line of an article extracted from its page.
    public var byline: String?
    /// The text direction of an extracted article (`ltr`, `rtl`); the browser decides otherwise.
    public var direction: String? {
        get { contentDirection == "auto" ? nil : contentDirection }
        set { contentDirection = newValue == "rtl" || newValue == "ltr" ? newValue! : "auto" }
    }
    var contentDirection = "auto"
    var original: String?
    /// The section the article belongs to.
    var back: Chrome.Link

    /// The page for `teaser`; `section` is the one it was found in, for the way back.
    public init(context: WebContext, teaser: Teaser, contentHTML: String?, section: Section) {
        let brand = context.brand!
        chrome = Chrome(context, title: "\(WebContext.isolated(teaser.title)) · \(brand.name)", section: section.id)
        title = teaser.title
        summary = teaser.summary
        image = context.images.path(teaser.imageURL)
        source = teaser.source.isEmpty ? nil : teaser.source
        datetime = teaser.publishedAt.map(WebContext.machineTime)
        published = teaser.publishedAt.map {
            $0.formatted(context.dateStyle(.long))
        }
        content = contentHTML.flatMap { $0.isEmpty ? nil : ContentImages.rewrite($0, context.images) }
        original = WebContext.webURL(teaser.url)
        back = context.backLink(section)
    }
}
