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
                teaser, href: context.link(context.articlePath(brand, section, teaser.id)), context: context,
                told: { context.link(context.articlePath(brand, section, $0.id)) })
            canLead = self.teaser?.image != nil
            if !teaser.alsoFromItemIDs.isEmpty { folds = teaser.alsoFromItemIDs.joined(separator: " ") }
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
