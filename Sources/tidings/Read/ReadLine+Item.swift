import TidingsModel

extension ReadLine {
    /// The list line of `item`: one style per item type.
    ///
    /// - teaser: bold title, dim source and time (and the other sources that told its story)
    /// - catalog news: a price drop green, a rise red, the old price struck through; a new product plain
    /// - an aggregate: its headline in its direction's colour and "(N)"
    /// - ad: dim "Ad · banner"; widget: "▸ title (carousel, N stories)"; notification: yellow "★ text"
    /// - a type this reader does not know: dim "(unsupported item: type)"
    static func item(_ item: FeedItem, format: ReadFormat) -> ReadLine {
        switch item {
        case .teaser(let teaser):
            let byline =
                [teaser.source] + [teaser.author].compactMap { $0 }
                + (teaser.publishedAt.map { [format.time($0)] } ?? [])
            var dim = " · " + byline.joined(separator: " · ")
            if let others = alsoFromNames(teaser) {
                dim += " · " + ReadStrings(language: format.language).alsoFrom(others)
            }
            return ReadLine(teaser.title, .bold) + ReadLine(dim, .dim)
        case .catalogNews(let news):
            return catalog(news)
        case .catalogAggregate(let aggregate):
            let (mark, colour) = aggregateMark(aggregate.kind)
            return ReadLine("\(mark) \(aggregate.title)", colour).keeping(ReadLine(" (\(aggregate.count))", colour))
        case .ad(let ad):
            return ReadLine(ReadStrings(language: format.language).ad(ad.format), .dim)
        case .widget(let widget):
            return ReadLine("▸ " + widgetSummary(widget, format))
        case .notification(let card):
            return ReadLine("★ " + card.text, .yellow)
        case .unknown(let type, _):
            return ReadLine(ReadStrings(language: format.language).unsupported(type), .dim)
        }
    }

    /// The other sources that told a teaser's story, for its list line: two names, then "+n"
    /// ("VG, E24 +2"); nil when none did.
    static func alsoFromNames(_ teaser: Teaser) -> String? {
        guard let others = teaser.alsoFrom, !others.isEmpty else { return nil }
        var names: [String] = []
        for told in others where !names.contains(told.source) { names.append(told.source) }
        let shown = names.prefix(2).joined(separator: ", ")
        return names.count > 2 ? "\(shown) +\(names.count - 2)" : shown
    }

    /// "▼ Скидка 5%: Масло, 1 л  87,10 ₽ → 82,75 ₽" with the old price struck through.
    private static func catalog(_ news: NewsItem) -> ReadLine {
        let (mark, colour) = aggregateMark(news.group)
        // On a narrow terminal the name is cut, never the prices.
        let head = ReadLine("\(mark) \(news.title)\(news.product.name), \(news.product.size)  ", colour)
        guard let oldPrice = news.oldPrice else { return head.keeping(ReadLine(news.price, colour)) }
        return head.keeping(ReadLine(oldPrice, colour.union(.strike)) + ReadLine(" → " + news.price, colour))
    }

    /// The mark and colour of a news item's group, and of an aggregate of that group.
    static func aggregateMark(_ kind: NewsAggregate.Kind) -> (String, ReadStyle) {
        switch kind {
        case .newProducts: ("+", [])
        case .priceDrops: ("▼", .green)
        case .priceRises: ("▲", .red)
        }
    }

    /// "From Economy (carousel, 4 stories)", "Weather (Bergen): 6°C, rain", in the reader's words.
    static func widgetSummary(_ widget: Widget, _ format: ReadFormat) -> String {
        let language = format.language
        let strings = ReadStrings(language: language)
        let title = widget.title ?? widget.section ?? strings.widgetKind(widget.kind)
        switch widget.kind {
        case .carousel, .list:
            return title + " (\(strings.widgetKind(widget.kind)), \(strings.stories(widget.items.count)))"
        case .weather, .local:
            let stories = widget.items.isEmpty ? [] : [strings.stories(widget.items.count)]
            let details = (widget.location["city"].map { [$0] } ?? []) + stories
            let place = title + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
            guard let forecast = widget.forecast?.asOf(format.now) else { return place }
            let now = [forecast.temperatureText, forecast.condition?.words(language)].compactMap(\.self)
            return now.isEmpty ? place : place + ": " + now.joined(separator: ", ")
        }
    }
}
