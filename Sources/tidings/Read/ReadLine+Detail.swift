import Foundation
import TidingsModel

extension ReadLine {
    /// What Enter opens for `item`, wrapped to `width`.
    static func detail(_ item: FeedItem, format: ReadFormat, width: Int, article: ArticleDetail? = nil) -> [ReadLine] {
        func text(_ value: String, _ style: ReadStyle = []) -> [ReadLine] { wrapped(value, width: width, style: style) }
        let strings = ReadStrings(language: format.language)
        switch item {
        case .teaser(let teaser):
            let author = article?.fullText?.byline ?? teaser.author
            let byline =
                [teaser.source] + [author].compactMap { $0 } + (teaser.publishedAt.map { [format.time($0)] } ?? [])
            // The full text where the server fetched it, paragraph by paragraph; else the summary.
            let paragraphs = (article?.fullText?.text ?? "").components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let body =
                paragraphs.isEmpty
                ? (teaser.summary.map { text($0) + [ReadLine()] } ?? [])
                : paragraphs.flatMap { text($0) + [ReadLine()] }
            // Each other telling of the story: where, when, its title and its link.
            let others = (teaser.alsoFrom ?? []).flatMap { told in
                let place = [told.source] + (told.publishedAt.map { [format.time($0)] } ?? [])
                return [ReadLine()] + text(strings.alsoFrom(place.joined(separator: " · ")), .dim) + text(told.title)
                    + text(told.url?.absoluteString ?? strings.noLink, .dim)
            }
            return text(teaser.title, .bold) + text(byline.joined(separator: " · "), .dim) + [ReadLine()] + body
                + text(teaser.url?.absoluteString ?? strings.noLink, .dim) + others
        case .catalogNews(let news):
            return catalogDetail(news, strings: strings, width: width)
        case .catalogAggregate(let aggregate):
            // Every member on a line of its own, as the list shows a price change.
            let (mark, colour) = aggregateMark(aggregate.kind)
            let more = aggregate.count - aggregate.members.count
            var lines = text("\(mark) \(aggregate.title)", colour.union(.bold))
            lines.append(ReadLine())
            lines += aggregate.members.map { member in ReadLine.item(.catalogNews(member), format: format) }
            if more > 0 { lines += text(strings.andMore(more), .dim) }
            lines.append(ReadLine(aggregate.timeAgo, .dim))
            return lines
        case .ad(let ad):
            return text(strings.adSlot(ad.format), .bold) + text(strings.adExplained(ad.id), .dim)
        case .widget(let widget):
            let teasers = widget.items.flatMap { text("• " + $0.title) }
            let place = widget.location.sorted { $0.key < $1.key }.map { "\(strings.place($0.key)): \($0.value)" }
            let forecast = widget.forecast?.asOf(format.now)
            let days = (forecast?.days ?? []).flatMap { day in
                let range = [day.high, day.low].compactMap { $0.map(Forecast.degrees) }.joined(separator: " / ")
                let words = day.condition?.words(format.language) ?? ""
                return text([day.date, words, range].filter { !$0.isEmpty }.joined(separator: "  "))
            }
            let credit = widget.forecast?.provider.map { text($0, .dim) } ?? []
            return text("▸ " + widgetSummary(widget, format), .bold)
                + text(
                    strings.widgetExplained(
                        widget.kind, section: widget.section, hasForecast: forecast != nil,
                        forecastOutdated: forecast?.isOutdated ?? false), .dim)
                + teasers + days + credit + (place.isEmpty ? [] : text(place.joined(separator: ", ")))
        case .notification(let card):
            return text("★ " + card.text, .yellow) + [ReadLine()]
                + text(strings.cardExplained(dismissible: card.dismissible), .dim)
        case .unknown(let type, let raw):
            let json = (try? TidingsJSON.encoder().encode(raw)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return text(strings.unsupported(type), .dim) + text(strings.unknownExplained, .dim) + text(json)
        }
    }

    private static func catalogDetail(_ news: NewsItem, strings: ReadStrings, width: Int) -> [ReadLine] {
        let colour: ReadStyle =
            switch news.discounted {
            case true?: .green
            case false?: .red
            case nil: []
            }
        var lines = wrapped(news.title + news.product.name, width: width, style: .bold)
        lines.append(ReadLine(strings.product + news.product.name))
        lines.append(ReadLine(strings.size + news.product.size))
        lines.append(ReadLine(strings.price) + ReadLine(news.price, colour))
        if let oldPrice = news.oldPrice { lines.append(ReadLine(strings.oldPrice) + ReadLine(oldPrice, .strike)) }
        if let change = news.change(LocaleFormats(strings.language)) {
            lines.append(ReadLine(strings.change) + ReadLine(change, colour))
        }
        lines.append(ReadLine(news.timeAgo, .dim))
        return lines
    }
}
