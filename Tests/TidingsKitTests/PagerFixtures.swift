import TidingsKit

/// Items, failures and helpers shared by the pager tests.
enum PagerFixture {
    /// A feed item: `id` is its identity, `title` its content.
    struct Story: Identifiable, Sendable, Equatable, CustomStringConvertible {
        var id: Int
        var title: String

        init(_ id: Int, _ title: String = "") {
            self.id = id
            self.title = title.isEmpty ? "story \(id)" : title
        }

        var description: String { "\(id)" }
    }

    /// A failed fetch.
    struct Failure: Error, Equatable {
        var code: Int
    }

    typealias State = PagerState<Story, Failure>
    typealias Event = PagerEvent<Story, Failure>

    /// A page of stories with these ids.
    static func page(_ ids: [Int], next: String?) -> PagerPage<Story> {
        PagerPage(items: ids.map { Story($0) }, nextCursor: next)
    }

    /// The request a fetch action asks for.
    static func request(_ action: PagerAction?) -> PagerRequest? {
        guard case .fetch(let request) = action else { return nil }
        return request
    }
}

extension PagerState {
    /// The ids of the items shown, top to bottom.
    var ids: [Item.ID] { items.map(\.id) }

    /// The invariants every state keeps: ids unique, a request in flight exactly while loading.
    var invariantsHold: Bool {
        let loading: Bool
        switch phase {
        case .loadingFirst, .loadingMore, .refreshing: loading = true
        case .idle, .loaded, .ended, .failed: loading = false
        }
        return Set(ids).count == items.count && (inFlight != nil) == loading
            && (phase != .loadingFirst || items.isEmpty) && (phase != .idle || items.isEmpty)
            && (phase != .loaded || nextCursor != nil) && (phase != .ended || nextCursor == nil)
    }
}
