import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// One item of a section as its card. Exactly one of the optional fields is set; the `card`
/// template picks the card template by it.
struct CardView: Sendable {
    /// The item's id, for scripts that merge pages (`data-id`).
    var id: String
    /// Whether composition placed the item (an ad, a widget, a card): its id repeats on every
    /// page, so scripts do not take it as a sign of content already shown (`data-slot`).
    var slot: Bool
    /// For an aggregate, the ids of the members it carries, space-separated: the cards a refresh
    /// that puts it on top removes (`data-folds`).
    var folds: String?
    /// Whether the card needs a whole row of a wide screen's grid: a carousel, a notification, a
    /// banner ad (`data-wide`). The rest take one column each.
    var wide = false
    /// Whether the card can be a page's lead story: a story with a picture (`data-can-lead`).
    /// Stored, not computed: templates see stored properties only.
    var canLead = false
    /// Its place in a wide screen's grid, as classes (`FrontGrid`); nil for one column.
    var layout: String?
    var teaser: TeaserCard?
    var news: NewsCard?
    var aggregate: AggregateCard?
    var ad: AdCard?
    var carousel: WidgetCard?
    var list: WidgetCard?
    var place: PlaceCard?
    var notification: NoticeCard?

    /// The card for `item` of `section`, or nil for a type this reader does not know (skipped, as
    /// the SDK's renderer registry skips what it has no renderer for).
    init?(
        _ item: FeedItem, section: String, context: WebContext, returnPath: String, houseAds: inout HouseAdPicker
    ) {
        id = item.id
        slot = item.isSlot
        guard let brand = context.brand else { return nil }
        switch item {
        case .teaser(let teaser):
            self.teaser = TeaserCard(
                teaser, href: context.link(context.articlePath(brand, section, teaser.id)), context: context)
            canLead = self.teaser?.image != nil
        case .catalogNews(let news):
            self.news = NewsCard(
                news, href: context.link(context.productPath(brand, news.product.id)), context: context)
        case .catalogAggregate(let aggregate):
            self.aggregate = AggregateCard(aggregate, brand: brand, context: context)
            folds = aggregate.memberItemIDs.joined(separator: " ")
        case .ad(let ad):
            switch houseAds.pick(for: ad) {
            case .none: self.ad = AdCard(format: ad.format, creative: nil)
            case .ad(let houseAd): self.ad = AdCard(ad, houseAd, context: context)
            case .collapse: return nil
            }
            wide = ad.format == "banner"
        case .widget(let widget):
            let title = widget.title.flatMap { $0.isEmpty ? nil : $0 }
            switch widget.kind {
            case .carousel, .list:
                let card = WidgetCard(
                    title: title,
                    items: widget.items.map { teaser in
                        let href =
                            context.articlePath(stream: widget.section, teaser.id).map { context.link($0) }
                            ?? WebContext.webURL(teaser.url)
                        return TeaserCard(teaser, href: href, context: context)
                    })
                if widget.kind == .carousel {
                    carousel = card
                    wide = true
                } else {
                    list = card
                }
            case .weather, .local:
                let location = ["city", "region", "country"].compactMap { widget.location[$0] }
                let fallback = widget.kind == .weather ? context.strings.weather : context.strings.nearby
                place = PlaceCard(
                    title: title ?? fallback, location: location.joined(separator: ", "),
                    weather: widget.forecast.map { WeatherView($0, context: context) },
                    items: widget.items.map { teaser in
                        let href =
                            context.articlePath(stream: widget.section, teaser.id).map { context.link($0) }
                            ?? WebContext.webURL(teaser.url)
                        return TeaserCard(teaser, href: href, context: context)
                    })
            }
        case .notification(let card):
            let action = context.link(
                context.brandPath(brand) + "/notifications/" + WebContext.escape(card.id) + "/dismiss",
                [("back", returnPath)])
            notification = NoticeCard(text: card.text, kind: card.kind, dismissible: card.dismissible, action: action)
            wide = true
        case .unknown:
            return nil
        }
    }

    /// Whether the card is content (a teaser or catalog news) rather than something placed among it.
    var isContent: Bool { !slot }
}

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

/// Catalog news: a new product (name, price • size) or a price change (title coloured by its
/// direction, the old price struck through).
struct NewsCard: Sendable {
    var label: String
    var name: String
    var price: String
    var oldPrice: String?
    var size: String
    /// `new`, `drop` or `rise`.
    var direction: String
    var href: String
    var image: String?
    var datetime: String
    var timeAgo: String

    init(_ news: NewsItem, href: String, context: WebContext) {
        label = news.title
        name = news.product.name
        price = news.price
        oldPrice = news.oldPrice
        size = news.product.size
        direction = Self.direction(news.group)
        self.href = href
        image = context.images.path(news.product.imageURL)
        datetime = WebContext.machineTime(news.createdAt)
        timeAgo = news.timeAgo
    }

    /// The class that colours a card: `new`, `drop` or `rise`.
    static func direction(_ group: NewsAggregateKind) -> String {
        switch group {
        case .newProducts: "new"
        case .priceDrops: "drop"
        case .priceRises: "rise"
        }
    }
}

/// A burst of catalog news folded into one card: the headline ("Ананас и ещё 3 товара
/// подешевели") with the first member's picture, and every member in a `<details>` list that opens
/// without a script.
struct AggregateCard: Sendable {
    struct Member: Sendable {
        var name: String
        var href: String
        var price: String
        var oldPrice: String?
        var size: String
        /// "−10%", "+5%"; nil for a new product.
        var change: String?
    }

    var title: String
    /// `new`, `drop` or `rise`.
    var direction: String
    var image: String?
    var datetime: String
    var timeAgo: String
    /// "Все 4" / "All 4": what opens the list.
    var showAll: String
    var members: [Member]
    /// "и ещё 46" / "and 46 more": members the item does not carry; nil when it carries all.
    var more: String?

    init(_ aggregate: NewsAggregate, brand: Brand, context: WebContext) {
        title = aggregate.title
        direction = NewsCard.direction(aggregate.kind)
        image = context.images.path(aggregate.members.first?.product.imageURL)
        datetime = WebContext.machineTime(aggregate.createdAt)
        timeAgo = aggregate.timeAgo
        showAll = context.strings.showAll.replacingOccurrences(of: "{n}", with: String(aggregate.count))
        members = aggregate.members.map { news in
            Member(
                name: news.product.name, href: context.link(context.productPath(brand, news.product.id)),
                price: news.price, oldPrice: news.oldPrice, size: news.product.size,
                change: news.change(context.formats))
        }
        let hidden = aggregate.count - aggregate.members.count
        more = hidden > 0 ? context.strings.andMore.replacingOccurrences(of: "{n}", with: String(hidden)) : nil
    }
}

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

/// Which house ad fills each ad slot of one page: a slot's own pick (by its id, so the same slot
/// shows the same ad on every view) unless the page already shows that ad, then the next of its
/// format the page has not shown. A house ad appears at most once on a page: a slot left with
/// none it has not shown collapses, as an ad server collapses a slot it cannot fill (three
/// slots and one house ad showed the one ad three times). A slot no house ad fits at all stays an
/// empty box, the place an app's ad SDK fills.
struct HouseAdPicker {
    enum Pick {
        case ad(HouseAd)
        case none
        case collapse
    }

    let ads: [HouseAd]
    private var shown: Set<Int> = []

    init(_ ads: [HouseAd]) { self.ads = ads }

    mutating func pick(for slot: AdSlot) -> Pick {
        let fitting = ads.indices.filter { ads[$0].format == nil || ads[$0].format == slot.format }
        guard !fitting.isEmpty else { return .none }
        let first = Int(UInt32(StableHash.hex(slot.id).prefix(8), radix: 16) ?? 0) % fitting.count
        for step in 0..<fitting.count {
            let index = fitting[(first + step) % fitting.count]
            if shown.insert(index).inserted { return .ad(ads[index]) }
        }
        return .collapse
    }
}

/// A carousel (a horizontal strip) or list of teasers from another section.
struct WidgetCard: Sendable {
    var title: String?
    var items: [TeaserCard]
}

/// A weather or local widget: its title and place, the forecast (weather), the newest stories of
/// its section (local).
struct PlaceCard: Sendable {
    var title: String
    var location: String
    var weather: WeatherView?
    var items: [TeaserCard]
    /// Stored, not computed: templates see stored properties only.
    var hasItems: Bool

    init(title: String, location: String, weather: WeatherView?, items: [TeaserCard]) {
        self.title = title
        self.location = location
        self.weather = weather
        self.items = items
        hasItems = !items.isEmpty
    }
}

/// A forecast in the page's language: now (picture, temperature, sky), the days ahead, and who
/// made it.
struct WeatherView: Sendable {
    struct Day: Sendable {
        var name: String
        var icon: String?
        var condition: String?
        var high: String?
        var low: String?
    }

    var icon: String?
    var temperature: String?
    var condition: String?
    var days: [Day]
    /// Stored, not computed: templates see stored properties only.
    var hasDays: Bool
    var provider: String?
    var href: String?
    var updated: String?
    /// Said instead of a forecast none of which holds any more.
    var outdated: String?

    init(_ source: Forecast, context: WebContext) {
        let language = context.language
        // Past days and stale conditions are not shown as the weather (`Forecast.asOf`).
        let forecast = source.asOf(context.now)
        outdated = forecast.isOutdated ? context.strings.forecastOutdated : nil
        icon = forecast.condition.map { context.assets.href("weather-\($0.rawValue).svg") }
        temperature = forecast.temperatureText
        condition = forecast.condition?.words(language, brand: context.brand?.locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let style = Date.FormatStyle(timeZone: calendar.timeZone).weekday(.abbreviated).locale(language.locale)
        days = forecast.days.prefix(5).map { day in
            let parts = day.date.split(separator: "-").compactMap { Int($0) }
            let date =
                parts.count == 3
                ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) : nil
            return Day(
                name: date.map { $0.formatted(style) } ?? day.date,
                icon: day.condition.map { context.assets.href("weather-\($0.rawValue).svg") },
                condition: day.condition?.words(language, brand: context.brand?.locale),
                high: day.high.map(Forecast.degrees),
                low: day.low.map(Forecast.degrees))
        }
        hasDays = !days.isEmpty
        provider = forecast.provider.map { context.strings.forecastBy + $0 }
        href = WebContext.webURL(forecast.url)
        updated = source.updatedAt.map { context.formats.timeAgo(from: $0, to: context.now) }
    }
}

/// A notification card, with a dismiss form when it can be dismissed.
struct NoticeCard: Sendable {
    var text: String
    var kind: String
    var dismissible: Bool
    var action: String
}
