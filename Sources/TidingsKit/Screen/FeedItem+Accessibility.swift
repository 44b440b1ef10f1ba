import Foundation
import TidingsModel

extension FeedItem {
    /// The sentence VoiceOver (or any screen reader) says for the item, in `language`: what a
    /// sighted reader takes from the card at a glance, in words rather than symbols — "Pineapple,
    /// now 89 kr, 5 % cheaper than 94 kr" where the card shows "▲ 5 %". The words are the `kit.a11y.*`
    /// keys of Tidings' language catalogs (English where a language has none); names, prices and
    /// headlines are the server's, already in the reader's language.
    ///
    /// ```swift
    /// cell.accessibilityLabel = item.accessibilityLabel(in: LanguageTag(Locale.current))
    /// ```
    public func accessibilityLabel(in language: LanguageTag) -> String {
        func say(_ key: String, _ arguments: [TranslationArgument]) -> String {
            Translations.current.string("kit.a11y." + key, language, arguments)
        }
        switch self {
        case .teaser(let teaser):
            if let author = teaser.author, !author.isEmpty {
                return say("teaserByAuthor", [.text(teaser.title), .text(author), .text(teaser.source)])
            }
            return say("teaser", [.text(teaser.title), .text(teaser.source)])
        case .catalogNews(let news):
            return Self.sentence(news, language: language, say: say)
        case .catalogAggregate(let aggregate):
            return say("aggregate", [.text(aggregate.title), .count(aggregate.count)])
        case .ad:
            return say("ad", [])
        case .widget(let widget):
            let title = widget.title ?? ""
            switch widget.kind {
            case .weather: return say("weather", [.text(title)])
            case .local: return say("local", [.text(title)])
            case .carousel, .list: return say("stories", [.text(title), .count(widget.items.count)])
            }
        case .notification(let card):
            return card.dismissible ? say("notificationDismissible", [.text(card.text)]) : card.text
        case .unknown:
            return say("unknown", [])
        }
    }

    /// Every key ``accessibilityLabel(in:)`` reads (the completeness test holds the catalogs to it;
    /// a test of every kind's sentence catches a key missing here).
    static let accessibilityKeys = [
        "teaser", "teaserByAuthor", "newProduct", "price", "cheaper", "dearer", "aggregate", "ad", "weather", "local",
        "stories", "notificationDismissible", "unknown",
    ].map { "kit.a11y." + $0 }

    /// A catalog news item: new in the catalog, or its price and which way it went.
    private static func sentence(
        _ news: NewsItem, language: LanguageTag, say: (String, [TranslationArgument]) -> String
    ) -> String {
        let name = TranslationArgument.text(news.product.name)
        let price = TranslationArgument.text(news.price)
        switch news.group {
        case .newProducts:
            return say("newProduct", [name, price])
        case .priceDrops, .priceRises:
            guard let percent = news.percent, let old = news.oldPrice else { return say("price", [name, price]) }
            let change = TranslationArgument.text(LocaleFormats(language).percent(abs(percent)))
            return say(news.group == .priceDrops ? "cheaper" : "dearer", [name, price, change, .text(old)])
        }
    }
}
