import FeedComposition
import TidingsModel

extension Placement {
    /// The composer for one request: notification cards first (they hold the top), then the
    /// stories pinned (`pinned`, by place under the cards), then widgets, then ads. `teasers`
    /// holds the current teasers of every section a widget shows, `forecasts` the forecast of
    /// every weather widget with a source, by the rule's id (a weather widget whose source has
    /// not been read yet is left out).
    public func composer(
        language: LanguageTag, brand: LanguageTag? = nil, teasers: [SectionKey: [Teaser]],
        forecasts: [String: Forecast] = [:], pinned: [Int: FeedItem] = [:]
    ) -> FeedComposer {
        var providers: [any SlotProvider] = []
        if !notifications.isEmpty {
            providers.append(
                NotificationProvider(
                    cards: notifications.map {
                        NotificationCard(
                            id: $0.id, kind: $0.kind, text: $0.text.text(language, brand: brand),
                            dismissible: $0.dismissible)
                    }))
        }
        // Pinned stories come right under the cards, before any widget or ad placed there.
        if !pinned.isEmpty {
            providers.append(PinProvider(pinned: pinned, cards: notifications.map(\.id)))
        }
        for rule in widgets {
            let items = rule.section.map { Array((teasers[$0] ?? []).prefix(rule.count)) } ?? []
            // A carousel with nothing to show is left out rather than shown empty.
            if rule.section != nil, items.isEmpty { continue }
            let forecast = forecasts[rule.id]
            if rule.source != nil, forecast == nil { continue }
            let widget = Widget(
                id: rule.id, kind: rule.kind, title: rule.title?.text(language, brand: brand),
                section: rule.section?.stream,
                items: items, location: rule.location, forecast: forecast)
            providers.append(WidgetProvider(position: rule.position, widget: widget))
        }
        if let ads {
            providers.append(
                AdProvider(positions: Set(ads.positions), every: ads.every, after: ads.after, format: ads.format))
        }
        return FeedComposer(providers: providers)
    }

    /// How many cards can sit at the top, so a caller knows when dismissals matter for a page.
    public var notificationCount: Int { notifications.count }
}
