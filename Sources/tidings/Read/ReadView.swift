import Foundation
import TidingsKit
import TidingsModel

/// The reader's screen as a pure value: the state, the terminal's size and whether to style, in;
/// the lines to print, out. A header, the page's body, a status line and the key help.
struct ReadView {
    var ui: ReadUI
    var width: Int
    var height: Int
    var styled: Bool
    var timeZone: TimeZone = .current

    var format: ReadFormat { ReadFormat(language: ui.language, timeZone: timeZone) }
    var strings: ReadStrings { ReadStrings(language: ui.language) }

    /// Rows for the page's body: the screen without the header, status and help lines.
    var bodyHeight: Int { max(1, height - 3) }

    /// Exactly `height` lines, each cut to `width`.
    func lines() -> [String] {
        var body = self.body()
        body += Array(repeating: ReadLine(), count: max(0, bodyHeight - body.count))
        let all = [header()] + body.prefix(bodyHeight) + [status(), help()]
        return all.prefix(max(1, height)).map { $0.rendered(width: width, styled: styled) }
    }

    /// "The Daily Courier › News".
    func header() -> ReadLine {
        let brandName = ui.brands.list.first { $0.id == ui.brand }?.name ?? ui.brand
        var parts: [String]
        switch ui.page {
        case .brands: parts = ["Tidings", strings.chooseBrand]
        case .sections: parts = [brandName ?? "Tidings", strings.chooseSection]
        case .feed: parts = [brandName ?? "Tidings", feedTitle]
        case .detail:
            parts = [
                brandName ?? "Tidings", ui.detailFrom == .search ? strings.searchTitle(ui.searchQuery) : feedTitle,
            ]
        case .search: parts = [brandName ?? "Tidings", strings.searchTitle(ui.searchQuery)]
        case .product(let result):
            parts = [brandName ?? "Tidings", strings.searchTitle(ui.searchQuery), result.sectionTitle]
        }
        if case .detail(let item) = ui.page { parts.append(ReadStrings(language: ui.language).kind(of: item)) }
        return ReadLine(parts.joined(separator: " › "), .bold)
    }

    /// The item a key would act on: the one open, or the selected row.
    var currentItem: FeedItem? {
        if case .detail(let item) = ui.page { return item }
        if ui.page == .search {
            guard ui.search.list.indices.contains(ui.searchRow) else { return nil }
            let result = ui.search.list[ui.searchRow]
            return result.product == nil ? result.item : nil
        }
        if case .product = ui.page { return nil }
        return ui.feedItems.indices.contains(ui.feedRow) ? ui.feedItems[ui.feedRow] : nil
    }

    /// Whether `d` can dismiss the current item: only a card that says it can be dismissed.
    var canDismiss: Bool {
        if case .notification(let card)? = currentItem { return card.dismissible }
        return false
    }

    /// The feed's title as the server gives it, else the section's, else its id.
    var feedTitle: String {
        switch ui.feed {
        case .native(let content): return content.title
        case .web(_, let title) where !title.isEmpty: return title
        default: return ui.sections.list.first { $0.id == ui.section }?.title ?? ui.section ?? ""
        }
    }

    /// Loading states, errors, offline and paging, or the last key's notice.
    func status() -> ReadLine {
        // The search being typed, the cursor after it.
        if let prompt = ui.prompt { return ReadLine(strings.searchPrompt, .bold) + ReadLine(prompt + "█") }
        if let notice = ui.notice { return ReadLine(notice, .yellow) }
        switch ui.page {
        case .brands: return pickerStatus(ui.brands, loading: strings.loadingBrands, count: strings.brands)
        case .sections: return pickerStatus(ui.sections, loading: strings.loadingSections, count: strings.sections)
        case .detail where ui.detailFrom == .search:
            return ReadLine(strings.itemOf(ui.searchRow + 1, ui.search.list.count), .dim)
        case .detail:
            return ReadLine(strings.itemOf(ui.feedRow + 1, ui.feedItems.count), .dim)
        case .product:
            return ReadLine(strings.itemOf(ui.searchRow + 1, ui.search.list.count), .dim)
        case .search:
            switch ui.search {
            case .idle, .loading: return ReadLine(strings.searching, .dim)
            case .failed(let message): return ReadLine(message, .red)
            case .loaded:
                // Stories alone are counted as stories; with products among them, as results.
                let stories = ui.search.list.allSatisfy { $0.kind == SearchResult.Kind.story }
                let more =
                    ui.searchNext != nil
                    ? strings.moreKey
                    : ui.searchPartial ? strings.searchPartial : stories ? strings.searchEnd : strings.searchEndAll
                let count = stories ? strings.stories(ui.searchTotal) : strings.results(ui.searchTotal)
                return ReadLine(count, .dim) + ReadLine(" · ", .dim) + ReadLine(more, .dim)
            }
        case .feed:
            guard let content = ui.content else {
                return ui.feed == .loading ? ReadLine(strings.loading, .dim) : ReadLine()
            }
            return feedStatus(content)
        }
    }

    private func feedStatus(_ content: FeedScreenContent) -> ReadLine {
        var line = ReadLine()
        if let stale = content.staleSince {
            line = ReadLine(strings.offlineItems(format.clock(stale)), .yellow)
        } else {
            line = ReadLine(strings.items(ui.feedItems.count), .dim)
        }
        func add(_ text: String, _ style: ReadStyle = .dim) {
            line = line + ReadLine(" · ", .dim) + ReadLine(text, style)
        }
        // The live pill: new items wait above the list until `n` puts them on top.
        if content.pending > 0 {
            line = ReadLine(strings.newItems(content.pending), [.reverse, .bold]) + ReadLine(" · ", .dim) + line
        }
        if content.isRefreshing { add(strings.refreshing) }
        if content.isLoadingMore { add(strings.loadingMore) }
        if let error = content.footerError, content.staleSince == nil {
            add(error.message, .red)
        } else if content.canLoadMore {
            add(strings.moreKey)
        } else if content.staleSince == nil, !content.isRefreshing, !content.isLoadingMore {
            add(strings.endOfSection)
        }
        return line
    }

    private func pickerStatus<Choice>(
        _ choices: ReadUI.Choices<Choice>, loading: String, count: (Int) -> String
    ) -> ReadLine {
        switch choices {
        case .idle, .loading: ReadLine(loading, .dim)
        case .loaded(let list): ReadLine(count(list.count), .dim)
        case .failed(let message): ReadLine(message, .red)
        }
    }

    /// The keys that work on this page.
    func help() -> ReadLine {
        if ui.prompt != nil { return ReadLine(strings.helpPrompt, .dim) }
        return ReadLine(strings.help(ui.page, dismiss: canDismiss), .dim)
    }
}
