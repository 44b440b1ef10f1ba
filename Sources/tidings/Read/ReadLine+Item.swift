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

extension ReadLine {
    /// A search's result as its list shows it: a story as a feed lists it (a kind this reader does
    /// not know, dim, as a feed's unknown item), a product as "Молоко 3,2%, 1 л  89,90 ₽" (its name
    /// in the reader's language; the price kept whole on a narrow terminal).
    static func found(_ result: SearchResult, format: ReadFormat) -> ReadLine {
        guard let product = result.product else { return Self.item(result.item, format: format) }
        let shown = ShownProduct(result, product, format: format)
        return ReadLine("\(shown.name), \(shown.size)  ", .bold).keeping(ReadLine(shown.price))
    }

    /// A product a search found, opened: its name, size, price and when it last changed.
    static func productDetail(_ result: SearchResult, format: ReadFormat, width: Int) -> [ReadLine] {
        guard let product = result.product else { return [] }
        let strings = ReadStrings(language: format.language)
        let shown = ShownProduct(result, product, format: format)
        var lines = wrapped(shown.name, width: width, style: .bold)
        lines.append(ReadLine(strings.size + shown.size))
        lines.append(ReadLine(strings.price + shown.price))
        lines.append(ReadLine(strings.lastChanged + format.time(product.updatedAt), .dim))
        return lines
    }
}

/// A product's words as the terminal shows them: its name as the search gave it (the reader's
/// language), its size and its price in the reader's way.
private struct ShownProduct {
    var name: String
    var size: String
    var price: String

    init(_ result: SearchResult, _ product: ProductResource, format: ReadFormat) {
        let formats = LocaleFormats(format.language)
        let named = result.snippet.map(\.text).joined()
        name = named.isEmpty ? product.name : named
        size =
            ScaledDecimal(product.unitSize, scale: Product.unitSizeScale).map {
                formats.quantity($0, unit: product.unit)
            }
            ?? "\(product.unitSize) \(product.unit)"
        price = formats.money(product.price)
    }
}
