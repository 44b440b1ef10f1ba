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
    /// The picture's own size when the source says it (else 4:3, as the stylesheet shows it) and its
    /// alternative text (empty: the title says what it shows).
    var imageWidth = 800
    var imageHeight = 600
    var imageAlt = ""
    var source: String?
    var datetime: String?
    var published: String?
    /// Sanitized when the source was read (FeedParsing's HTMLSanitizer); the only HTML a
    /// template inserts unescaped.
    var content: String?
    /// The author line of an article extracted from its page; left out of the meta line when the
    /// article's opening words already say it ("By Ingrid Holm · 27 November …").
    public var byline: String? {
        didSet { byline = ArticleDuplicates.shown(byline, content: content) }
    }
    /// A grey box where a picture would be: shown when the article has no picture at all.
    var placeholder: Bool
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
        // The lead picture is left out when the article's own HTML shows it (a feed's description
        // or an extracted page often starts with it): the content puts it where its author did.
        let inContent = teaser.imageURL.map { ArticleDuplicates.html(contentHTML, shows: $0) } ?? false
        image = inContent ? nil : context.images.path(teaser.imageURL)
        placeholder = image == nil && !inContent
        if let width = teaser.imageWidth, let height = teaser.imageHeight {
            (imageWidth, imageHeight) = (width, height)
        }
        imageAlt = teaser.imageAlt ?? ""
        source = teaser.source.isEmpty ? nil : teaser.source
        datetime = teaser.publishedAt.map(WebContext.machineTime)
        published = teaser.publishedAt.map {
            $0.formatted(context.dateStyle(.long))
        }
        content = contentHTML.flatMap { $0.isEmpty ? nil : ContentImages.rewrite($0, context.images) }
        original = WebContext.webURL(teaser.url)
        byline = ArticleDuplicates.shown(teaser.author, content: content)
        back = context.backLink(section)
    }
}

/// What an article's own HTML already shows, so the page around it does not show it twice.
enum ArticleDuplicates {
    /// Whether `html` holds the picture at `url` (`src` or `srcset`): the same address, or a size
    /// variant of it — another query, or a `-300x200` before the extension, as WordPress and many
    /// image services name their renditions.
    static func html(_ html: String?, shows url: URL) -> Bool {
        guard let html, html.contains("<img") || html.contains("<source"), let wanted = pictureKey(url.absoluteString)
        else { return false }
        return imageAddresses(html).contains { pictureKey($0) == wanted }
    }

    /// The image addresses of sanitized HTML: each `src` of an `<img>`, each candidate of a `srcset`.
    static func imageAddresses(_ html: String) -> [String] {
        var addresses: [String] = []
        for attribute in [" src=\"", " srcset=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
                if attribute == " src=\"" {
                    addresses.append(value)
                } else {
                    addresses += value.components(separatedBy: ",").compactMap {
                        $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init)
                    }
                }
                rest = rest[end...]
            }
        }
        return addresses
    }

    /// The same picture's key: host and path, without the query or a `-WIDTHxHEIGHT` size suffix.
    static func pictureKey(_ address: String) -> String? {
        guard let components = URLComponents(string: address), let host = components.host?.lowercased(),
            !components.path.isEmpty
        else { return nil }
        var path = components.path
        if let suffix = path.range(of: #"-\d{2,5}x\d{2,5}(?=\.[A-Za-z0-9]{2,5}$)"#, options: .regularExpression) {
            path.removeSubrange(suffix)
        }
        return host + path
    }

    /// `byline`, unless the article's opening words say it already.
    static func shown(_ byline: String?, content: String?) -> String? {
        guard let byline, !opening(content, says: byline) else { return nil }
        return byline
    }

    /// Whether the first words of `html` (its first 300 characters of text) name `byline`, with or
    /// without a leading "By".
    static func opening(_ html: String?, says byline: String) -> Bool {
        guard let html else { return false }
        var name = byline.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["by ", "By ", "BY "] where name.hasPrefix(prefix) { name = String(name.dropFirst(prefix.count)) }
        guard name.count >= 3 else { return false }
        let text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&nbsp;", with: " ")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let folded = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let normalized = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded(String(text.prefix(300))).contains(folded(normalized))
    }
}
