import TidingsKit
import TidingsModel

/// Runs the reader's effects against the SDK; every answer comes back as a ``ReadSession/Event``.
final class ReadRunner {
    let client: TidingsClient
    let storage: any FeedStorage
    let limit: Int?
    let sink: AsyncStream<ReadSession.Event>.Continuation
    private var model: FeedScreenModel?
    private var forwarding: Task<Void, Never>?

    /// A runner answering into `sink`.
    init(
        client: TidingsClient, storage: any FeedStorage, limit: Int?, sink: AsyncStream<ReadSession.Event>.Continuation
    ) {
        self.client = client
        self.storage = storage
        self.limit = limit
        self.sink = sink
    }

    /// Starts `effect`; `language` is the one the feed's messages are in.
    func run(_ effect: ReadEffect, language: LanguageTag) {
        let client = client
        let sink = sink
        switch effect {
        case .loadBrands:
            Task {
                do throws(TidingsError) {
                    // Offline: the list kept from the last time, saying how old it is.
                    let (brands, keptAt) = try await client.listOrKept(
                        { () async throws(TidingsError) in try await client.brands() }, kept: client.keptBrands)
                    sink.yield(.brands(.success(brands)))
                    if let keptAt { sink.yield(.offline(keptAt: keptAt)) }
                } catch {
                    sink.yield(.brands(.failure(error)))
                    if error.isRetryable { sink.yield(.offline(keptAt: nil)) }
                }
            }
        case .loadSections(let brand):
            Task {
                do throws(TidingsError) {
                    let (sections, keptAt) = try await client.listOrKept(
                        { () async throws(TidingsError) in try await client.sections(brand: brand) },
                        kept: { client.keptSections(brand: brand) })
                    sink.yield(.sections(.success(sections), brand: brand))
                    if let keptAt { sink.yield(.offline(keptAt: keptAt)) }
                } catch {
                    sink.yield(.sections(.failure(error), brand: brand))
                    if error.isRetryable { sink.yield(.offline(keptAt: nil)) }
                }
            }
        case .openFeed(let brand, let section):
            open(brand: brand, section: section, language: language)
        case .loadMore, .refresh, .retry, .showPending:
            guard let model else { return }
            Task {
                switch effect {
                case .loadMore: await model.loadMore()
                case .retry: await model.retry()
                case .showPending: await model.showPending()
                default: await model.refresh()
                }
            }
        case .dismiss(let notification):
            let model = self.model
            Task {
                do throws(TidingsError) {
                    // Through the screen model, which also takes the card out of the list and the store.
                    if let model {
                        try await model.dismiss(notification: notification, using: client)
                    } else {
                        try await client.dismiss(notification: notification)
                    }
                    sink.yield(.dismissed(nil, notification: notification))
                } catch {
                    sink.yield(.dismissed(error, notification: notification))
                }
            }
        case .loadArticle(let brand, let section, let id):
            Task {
                do throws(TidingsError) {
                    let detail = try await client.article(brand: brand, section: section, id: id)
                    sink.yield(.article(detail, id: id))
                } catch {
                    // Offline: what an earlier opening kept; else the summary stays.
                    if let kept = client.keptArticle(brand: brand, section: section, id: id) {
                        sink.yield(.article(kept.value, id: id))
                    }
                }
            }
        case .search(let brand, let query, let cursor):
            // The API's most a page (a section's --limit may ask more).
            let limit = limit.map { min($0, 50) }
            Task {
                do throws(TidingsError) {
                    let page = try await client.search(brand: brand, query: query, cursor: cursor, limit: limit)
                    sink.yield(.search(.success(page), query: query, more: cursor != nil))
                } catch {
                    sink.yield(.search(.failure(error), query: query, more: cursor != nil))
                }
            }
        case .quit:
            stop()
        }
    }

    /// A new screen model for the feed, its states forwarded, its first page loading.
    private func open(brand: String, section: String, language: LanguageTag) {
        stop()
        let loader = SectionLoader(client: client, brand: brand, section: section, limit: limit)
        let key = loader.storageKey
        let model = FeedScreenModel(loader: loader, language: language, storage: storage, storageKey: key)
        let sink = sink
        self.model = model
        // Followed through updates(): while it is, the model follows the feed live (the pill).
        forwarding = Task {
            for await state in await model.updates() { sink.yield(.feed(state, key: key)) }
        }
        Task { await model.load() }
    }

    /// Stops forwarding the open feed's states.
    func stop() {
        forwarding?.cancel()
        forwarding = nil
        model = nil
    }
}
