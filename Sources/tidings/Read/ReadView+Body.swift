import TidingsKit
import TidingsModel

extension ReadView {
    /// The page's body: at most `bodyHeight` lines.
    func body() -> [ReadLine] {
        switch ui.page {
        case .brands:
            return list(ui.brands, row: ui.brandRow, none: strings.noBrands) { ReadLine("\($0.name) (\($0.id))") }
        case .sections:
            return list(ui.sections, row: ui.sectionRow, none: strings.noSections) { section in
                ReadLine(section.title) + ReadLine(section.render == "web" ? strings.webPageMark : "", .dim)
            }
        case .feed:
            return feedBody()
        case .detail(let item):
            let lines = ReadLine.detail(item, format: format, width: width, article: article(of: item))
            return Array(lines.dropFirst(min(ui.detailTop, detailLimit)).prefix(bodyHeight))
        case .search:
            // Each story as a feed lists it, a product as its name and price; its section's title before it.
            return list(ui.search, row: ui.searchRow, none: strings.searchNothing(ui.searchQuery)) { result in
                ReadLine(result.sectionTitle + " · ", .dim) + ReadLine.found(result, format: format)
            }
        case .product(let result):
            return Array(ReadLine.productDetail(result, format: format, width: width).prefix(bodyHeight))
        }
    }

    /// The last top line the open detail can scroll to.
    var detailLimit: Int {
        guard case .detail(let item) = ui.page else { return 0 }
        return max(
            0, ReadLine.detail(item, format: format, width: width, article: article(of: item)).count - bodyHeight)
    }

    /// The article loaded for `item`, when it is a teaser whose article was.
    private func article(of item: FeedItem) -> ArticleDetail? {
        guard case .teaser(let teaser) = item else { return nil }
        return ui.articles[teaser.id]
    }

    private func feedBody() -> [ReadLine] {
        switch ui.feed {
        case .loading:
            return [ReadLine(strings.loading, .dim)]
        case .web(let url, _):
            return ReadLine.wrapped(strings.webSection(url.absoluteString), width: width)
        case .empty(let message, _):
            return ReadLine.wrapped(message, width: width) + [ReadLine(), ReadLine(strings.reloadKey, .dim)]
        case .error(let failure):
            return ReadLine.wrapped(failure.message, width: width, style: .red)
                + (failure.canRetry ? [ReadLine(), ReadLine(strings.retryKey, .dim)] : [])
        case .native:
            return rows(ui.feedItems.map { ReadLine.item($0, format: format) }, selected: ui.feedRow)
        }
    }

    private func list<Choice>(
        _ choices: ReadUI.Choices<Choice>, row: Int, none: String, line: (Choice) -> ReadLine
    ) -> [ReadLine] {
        switch choices {
        case .idle, .loading: [ReadLine(strings.loading, .dim)]
        case .failed(let message):
            ReadLine.wrapped(message, width: width, style: .red) + [ReadLine(), ReadLine(strings.retryKey, .dim)]
        case .loaded(let list) where list.isEmpty: [ReadLine(none, .dim)]
        case .loaded(let list): rows(list.map(line), selected: row)
        }
    }

    /// The page of rows holding the selected one, the selected row marked "> " (and in reverse video).
    private func rows(_ lines: [ReadLine], selected: Int) -> [ReadLine] {
        let top = (max(0, selected) / bodyHeight) * bodyHeight
        return lines.enumerated().dropFirst(top).prefix(bodyHeight).map { index, line in
            index == selected ? (ReadLine("> ") + line).adding(.reverse) : ReadLine("  ") + line
        }
    }
}
