import Foundation
import Testing
import TidingsCatalog
import TidingsModel
import TidingsStore
import TidingsTesting

/// Event time wins: whatever order a product's events arrive in, its state, price history and news
/// are those of its events applied in the order of their `at`. Run on both backends.
extension StoreCheck {
    static let eventTime: [StoreCheck] = [
        .init(name: "keeps the latest price by event time when changes arrive late", run: latePriceChanges),
        .init(name: "re-derives a product's news when a late change falls inside the merge window", run: lateMerge),
        .init(name: "applies a late deletion at its time and revives what follows a late re-creation", run: lateDelete),
        .init(
            name: "gives identical state, history and news for any arrival order, live and rebuilt",
            run: permutations),
        .init(name: "answers a replay with a different body as a conflict naming the event", run: conflictingReplay),
    ]
}

/// Everything a reader can see of the catalog, for comparing two databases.
struct Snapshot: Equatable, CustomStringConvertible {
    var products: [String: Product]
    var histories: [String: [PricePoint]]
    var news: [NewsEntry]

    var description: String {
        let products = products.keys.sorted().map { id in
            "\(id): \(self.products[id]!.storePrice.decimalString) @\(self.products[id]!.updatedAt)"
        }
        let news = news.map { entry in
            let record = entry.record
            return
                "\(record.id) \(record.kind) \(record.oldPrice?.decimalString ?? "-")→\(record.price.decimalString) \(record.percent ?? 0)% @\(record.createdAt)"
        }
        return "products \(products), news \(news)"
    }

    static func of(_ store: any CatalogStore, products ids: [String]) async throws -> Snapshot {
        var products: [String: Product] = [:]
        var histories: [String: [PricePoint]] = [:]
        for id in ids {
            products[id] = try await store.product(id: id)
            histories[id] = try await store.priceHistory(productID: id)
        }
        let news = try await store.newsPage(since: .distantPast, after: nil, limit: 100_000)
        return Snapshot(products: products, histories: histories, news: news)
    }
}

private func ingest(_ store: any CatalogStore, _ inputs: [EventInput]) async throws -> [IngestOutcome] {
    try await store.ingest(Events.validated(inputs), recordedAt: Events.at(minutes: 100_000))
}

private func at(hours: Double) -> Date { Events.at(minutes: hours * 60) }

private func latePriceChanges(_ database: TestDatabase) async throws {
    // The issue's example: created at 09:00, then 30.00 @12:00, 10.00 @10:00, 20.00 @11:00.
    let created = Events.created("c", product: "p", price: "50.00", at: at(hours: 9))
    let changes = [
        Events.price("s12", product: "p", price: "30.00", at: at(hours: 12)),
        Events.price("s10", product: "p", price: "10.00", at: at(hours: 10)),
        Events.price("s11", product: "p", price: "20.00", at: at(hours: 11)),
    ]
    let inOrder = try await TestDatabase.snapshot(database.backend, [[created] + changes.sorted { $0.at! < $1.at! }])
    // In one batch, and in three requests.
    for requests in [[[created] + changes], [[created]] + changes.map { [$0] }] {
        let late = try await TestDatabase.snapshot(database.backend, requests)
        #expect(late.products["p"]?.storePrice.decimalString == "30.00")
        #expect(late.products["p"]?.updatedAt == at(hours: 12))
        #expect(late.histories["p"]?.map(\.storePrice.decimalString) == ["50.00", "10.00", "20.00", "30.00"])
        #expect(late == inOrder, "\(late) differs from \(inOrder)")
    }
}

private func lateMerge(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(
        store,
        [
            Events.created("c", product: "p", price: "100.00", at: at(hours: 0)),
            Events.price("s3", product: "p", price: "80.00", at: at(hours: 3)),
            Events.price("s6", product: "p", price: "60.00", at: at(hours: 6)),
        ])
    // 90.00 at 02:00 arrives last. In time order it makes its own item (100 → 90), and 80.00 an
    // hour later merges into it (100 → 80); 60.00 three hours after that stands alone (80 → 60).
    #expect(
        try await ingest(store, [Events.price("s2", product: "p", price: "90.00", at: at(hours: 2))]) == [.accepted])
    let news = try await store.newsPage(since: .distantPast, after: nil, limit: 50).map(\.record)
    #expect(news.map(\.id) == ["s6", "s2", "c"])
    #expect(news.map { $0.oldPrice?.decimalString } == ["80.00", "100.00", nil])
    #expect(news.map(\.price.decimalString) == ["60.00", "80.00", "100.00"])
    #expect(news.map(\.percent) == [25, 20, nil])
    #expect(news[1].createdAt == at(hours: 2) && news[1].updatedAt == at(hours: 3))
    #expect(try await store.product(id: "p")?.storePrice.decimalString == "60.00")
}

private func lateDelete(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    // Deleted at 11:00 and created again at 12:00; the re-creation and a later change arrive first.
    _ = try await ingest(store, [Events.created("c9", product: "p", price: "10.00", at: at(hours: 9))])
    #expect(
        try await ingest(store, [Events.price("s13", product: "p", price: "5.00", at: at(hours: 13))]) == [.accepted])
    // At 12:00 the product still exists (the deletion has not arrived): the re-creation is refused.
    let early = try await ingest(store, [Events.created("c12", product: "p", price: "20.00", at: at(hours: 12))])
    #expect(
        early.first.map { if case .rejected(let error) = $0 { error.code == "product_exists" } else { false } } == true)
    // The deletion arrives: the change at 13:00 now follows a deleted product and has no effect.
    #expect(try await ingest(store, [Events.deleted("d11", product: "p", at: at(hours: 11))]) == [.accepted])
    #expect(try await store.product(id: "p") == nil)
    #expect(try await store.newsPage(since: .distantPast, after: nil, limit: 50).isEmpty)
    // Sent again, the re-creation applies, and the change at 13:00 with it.
    #expect(
        try await ingest(store, [Events.created("c12", product: "p", price: "20.00", at: at(hours: 12))]) == [
            .accepted
        ])
    #expect(try await store.product(id: "p")?.storePrice.decimalString == "5.00")
    #expect(try await store.priceHistory(productID: "p").map(\.storePrice.decimalString) == ["20.00", "5.00"])
    let news = try await store.newsPage(since: .distantPast, after: nil, limit: 50).map(\.record.id)
    #expect(news == ["s13", "c12"])
    #expect(try await store.rebuildNews(progress: nil).skipped == 0)
    #expect(try await store.newsPage(since: .distantPast, after: nil, limit: 50).map(\.record.id) == news)
}

/// One product's history: created, then changes of −15 %…+15 % (some under the threshold, some
/// reversals), renames, and now and then a deletion and a re-creation, spaced inside and outside
/// the merge window. Times are distinct within a product; products share times.
func history(seed: UInt64, products: Int) -> [EventInput] {
    var random = SplitMix64(seed: seed)
    var events: [EventInput] = []
    let gaps: [Double] = [0.25, 0.75, 1.5, 1.99, 2.5, 4, 7]
    for product in 0..<products {
        let id = "p\(product)"
        var hours = Double(random.next(upTo: 4))
        var price = 10_000
        var exists = true
        events.append(Events.created("\(id)-c0", product: id, price: "100.00", at: at(hours: hours)))
        for step in 1...(6 + random.next(upTo: 10)) {
            hours += gaps[random.next(upTo: gaps.count)]
            let name = "\(id)-\(step)"
            if !exists {
                price = 5_000 + random.next(upTo: 10_000)
                events.append(
                    Events.created(
                        name, product: id, price: Money(minorUnits: Int64(price), currency: .rub).decimalString,
                        at: at(hours: hours)))
                exists = true
                continue
            }
            switch random.next(upTo: 10) {
            case 0:
                events.append(Events.deleted(name, product: id, at: at(hours: hours)))
                exists = false
            case 1:
                events.append(
                    EventInput(
                        id: name, type: "product_updated", productID: id, at: at(hours: hours), name: "Name \(step)"))
            default:
                price = max(100, price * (85 + random.next(upTo: 31)) / 100)
                events.append(
                    Events.price(
                        name, product: id, price: Money(minorUnits: Int64(price), currency: .rub).decimalString,
                        at: at(hours: hours)))
            }
        }
    }
    return events
}

private func permutations(_ database: TestDatabase) async throws {
    for seed in UInt64(1)...3 {
        let events = history(seed: seed, products: 4)
        let ids = (0..<4).map { "p\($0)" }
        // The reference: every event sent in the order of its time.
        let reference = try await TestDatabase.snapshot(
            database.backend, [events.sorted { ($0.at!, $0.id) < ($1.at!, $1.id) }], products: ids)
        #expect(reference.news.count > 8, "the scenario should make plenty of news")
        var random = SplitMix64(seed: seed &* UInt64(977))
        for round in 0..<4 {
            var shuffled = events
            for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.next(upTo: index + 1)) }
            // Even rounds send one batch; odd rounds requests of 1 to 8 events.
            var requests: [[EventInput]] = []
            var start = 0
            while start < shuffled.count {
                let end = round % 2 == 0 ? shuffled.count : min(shuffled.count, start + 1 + random.next(upTo: 8))
                requests.append(Array(shuffled[start..<end]))
                start = end
            }
            try await TestDatabase.with(database.backend) { fresh in
                let store = try await fresh.open()
                do {
                    let label = "seed \(seed) round \(round)"
                    try await deliver(requests, to: store, label: label)
                    let live = try await Snapshot.of(store, products: ids)
                    #expect(live == reference, "\(label) live:\n\(live)\nreference:\n\(reference)")
                    let summary = try await store.rebuildNews(progress: nil)
                    #expect(summary.events == events.count)
                    let rebuilt = try await Snapshot.of(store, products: ids)
                    #expect(rebuilt == reference, "\(label) rebuilt:\n\(rebuilt)")
                } catch {
                    try? await store.close()
                    throw error
                }
                try await store.close()
            }
        }
    }
}

/// Sends `requests` in order, then, as a queue would, sends the refused events again (a change
/// before its product's creation is refused until the creation has arrived) until none is left.
private func deliver(_ requests: [[EventInput]], to store: any CatalogStore, label: String) async throws {
    var refused: [EventInput] = []
    for request in requests {
        let outcomes = try await ingest(store, request)
        for (event, outcome) in zip(request, outcomes) where outcome != .accepted { refused.append(event) }
    }
    while !refused.isEmpty {
        let outcomes = try await ingest(store, refused)
        let left = zip(refused, outcomes).filter { $0.1 != .accepted }.map(\.0)
        guard left.count < refused.count else { break }
        refused = left
    }
    #expect(refused.isEmpty, "\(label): \(refused.map(\.id)) never applied")
}

private func conflictingReplay(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    _ = try await ingest(
        store,
        [
            Events.created("c", product: "p", price: "100.00", at: at(hours: 0)),
            Events.price("s1", product: "p", price: "90.00", at: at(hours: 1)),
        ])
    // The same body again is a duplicate; a different price, time or product under the id is not.
    var outcomes = try await ingest(
        store,
        [
            Events.price("s1", product: "p", price: "90.00", at: at(hours: 1)),
            Events.price("s1", product: "p", price: "80.00", at: at(hours: 1)),
            Events.price("s1", product: "p", price: "90.00", at: at(hours: 2)),
            Events.created("s1", product: "q", price: "90.00", at: at(hours: 1)),
        ])
    #expect(outcomes.first == .duplicate)
    #expect(try await ingest(store, [Events.price("s1", product: "p", price: "90", at: at(hours: 1))]) == [.duplicate])
    for outcome in outcomes.dropFirst() {
        guard case .rejected(let error) = outcome else {
            Issue.record("expected a conflict, got \(outcome)")
            continue
        }
        #expect(error.kind == .conflict)
        #expect(error.code == "event_conflict")
        #expect(error.field == "id")
        #expect(error.message.contains("s1"))
    }
    // Within one request: the second copy of an id is compared with the first.
    outcomes = try await ingest(
        store,
        [
            Events.price("s2", product: "p", price: "70.00", at: at(hours: 2)),
            Events.price("s2", product: "p", price: "70.00", at: at(hours: 2)),
            Events.price("s2", product: "p", price: "75.00", at: at(hours: 2)),
        ])
    #expect(outcomes.prefix(2) == [.accepted, .duplicate])
    #expect(
        outcomes.last.map { if case .rejected(let error) = $0 { error.code == "event_conflict" } else { false } }
            == true)
    // An event sent without `at` takes the time of receipt, so its replay matches any stored time.
    var replay = try Events.validated([Events.price("s1", product: "p", price: "90.00", at: at(hours: 1))])
    replay[0] = try CatalogEvent(
        validating: EventInput(id: "s1", type: "price_changed", productID: "p", storePrice: "90.00"),
        now: at(hours: 500))
    let replayed = try await store.ingest(replay, recordedAt: at(hours: 500))
    #expect(replayed == [.duplicate])
    #expect(try await store.counts().events == 3)
    #expect(try await store.product(id: "p")?.storePrice.decimalString == "70.00")
}

extension TestDatabase {
    /// Sends `requests` in order to a fresh database of `backend` and returns what it then shows.
    fileprivate static func snapshot(
        _ backend: Backend, _ requests: [[EventInput]], products: [String] = ["p"]
    ) async throws -> Snapshot {
        var result: Snapshot?
        try await with(backend) { database in
            let store = try await database.open()
            do {
                for request in requests { _ = try await ingest(store, request) }
                result = try await Snapshot.of(store, products: products)
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
        return try #require(result)
    }
}
