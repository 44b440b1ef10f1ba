import Foundation
import TidingsModel
import TidingsSections

/// What every page is rendered for: the brands, the brand in view, the language and the clock.
/// Links made here keep a `?locale=` the reader chose.
public struct WebContext: Sendable {
    public var brands: [Brand]
    public var brand: Brand?
    /// The locale pages are written in: `?locale=` when there are words for it, else the brand's.
    public var language: LanguageTag
    /// The `?locale=` the reader chose, carried on every link.
    public var localeOverride: LanguageTag?
    public var now: Date
    /// The path of the page being rendered (for the language switch and retry links): the
    /// request's path when it is a plain local path, else `/`.
    public var path: String
    /// The zone dates are shown in (named on the page); the server's own by default.
    public var timeZone: TimeZone
    /// How images are linked: through the server's proxy.
    package var images: ImageLinks
    let assets: WebAssets

    /// A context for one request.
    package init(
        brands: [Brand], brand: Brand?, localeQuery: String?, now: Date, path: String, renderer: WebRenderer,
        timeZone: TimeZone = .current, images: ImageLinks = .none
    ) {
        self.timeZone = timeZone
        self.images = images
        self.brands = brands
        self.brand = brand
        let fallback = brand?.locale ?? .en
        let chosen = LanguageTag.negotiate(query: localeQuery, acceptLanguage: nil, fallback: fallback)
        self.localeOverride = localeQuery.flatMap(LanguageTag.init) == chosen ? chosen : nil
        self.language = chosen
        self.now = now
        self.path = Self.localPath(path)
        self.assets = renderer.assets
    }

    var strings: WebStrings { .of(language) }

    /// How the page's locale writes money, percentages and times.
    var formats: LocaleFormats { LocaleFormats(language) }

    /// `path` with the chosen locale and `query` items, escaped.
    public func link(_ path: String, _ query: [(String, String)] = []) -> String {
        var items = query
        if let localeOverride { items.append(("locale", localeOverride.identifier)) }
        guard !items.isEmpty else { return path }
        let encoded = items.map { "\($0)=\(Self.escape($1))" }.joined(separator: "&")
        return path + "?" + encoded
    }

    /// `text` between U+2068 and U+2069 (first strong isolate … pop): where no element can isolate
    /// feed text (a page's `<title>`), a right-to-left override in it ends at its end.
    static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    /// The way back from a detail page: to `section`, or to the brand when it has none.
    func backLink(_ section: Section?) -> Chrome.Link {
        let brand = brand!
        let path = section.map { sectionPath(brand, $0.id) } ?? brandPath(brand)
        return Chrome.Link(
            title: section?.title.text(language, brand: brand.locale) ?? brand.name, href: link(path), current: false)
    }

    /// `path` when links can use it as is: one leading slash (`//host` would leave the site), no
    /// backslash (which browsers read as a slash), no control characters. Otherwise `/`.
    /// Read on the bytes (every page asks): the C0 controls and DEL are single bytes, the C1
    /// controls (U+0080…U+009F) are 0xC2 and a byte 0x80…0x9F.
    static func localPath(_ path: String) -> String {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.dropFirst().first != UInt8(ascii: "/") else { return "/" }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F) {
                return "/"
            }
            previous = byte
        }
        return path
    }

    /// A path segment or query value, percent-encoded.
    package static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    func brandPath(_ brand: Brand) -> String { "/" + Self.escape(brand.id) }
    func sectionPath(_ brand: Brand, _ section: String) -> String { "\(brandPath(brand))/\(Self.escape(section))" }
    /// An article's page names its brand and section: the item is looked up there and nowhere else.
    func articlePath(_ brand: Brand, _ section: String, _ id: String) -> String {
        sectionPath(brand, section) + "/articles/" + Self.escape(id)
    }

    /// The article page of a teaser a widget took from `stream` ("brand/section"), when that is a
    /// configured section; nil for teasers a partner's widget carries (they are not stored, so
    /// they link to their own page).
    func articlePath(stream: String?, _ id: String) -> String? {
        guard let key = stream.flatMap(SectionKey.init(stream:)),
            let brand = brands.first(where: { $0.id == key.brand }), brand.section(key.section) != nil
        else { return nil }
        return articlePath(brand, key.section, id)
    }
    func productPath(_ brand: Brand, _ id: String) -> String { brandPath(brand) + "/products/" + Self.escape(id) }

    /// An http(s) URL fit for `src`/`href`; anything else (a `javascript:` link) is dropped.
    static func webURL(_ url: URL?) -> String? { url?.webAddress }

    static func webURL(_ text: String?) -> String? { webURL(text.flatMap(URL.init(string:))) }

    /// Date and time for readers, in the server's time zone, which is named ("18.11.2026, 11:06 GMT").
    func dateStyle(_ date: Date.FormatStyle.DateStyle) -> Date.FormatStyle {
        var style = Date.FormatStyle(date: date, time: .shortened).locale(language.locale)
        style.timeZone = timeZone
        return style.timeZone(.specificName(.short))
    }

    /// ISO 8601 for `<time datetime>`.
    static func machineTime(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
