import Foundation
import Testing
import TidingsCatalog
import TidingsModel
import TidingsStore
import TidingsTesting

/// Aggregation (``NewsAggregation``) on every backend: stored, regrouped by every kind of write,
/// stable under paging, the same however the events arrived.
extension StoreCheck {
    static let aggregates: [StoreCheck] = [
        .init(name: "folds a burst into one item, grows it in place and unfolds it when it shrinks", run: foldsBursts),
        .init(name: "pages aggregates by keyset without repeats or gaps while they grow", run: pagingWhileGrowing),
        .init(name: "a month of bursts folds the same live, rebuilt, backfilled and out of order", run: sameEveryWay),
        .init(name: "folds stored news again when the settings change, and unfolds it when turned off", run: settings),
        .init(name: "writers of one window in two processes at once fold every item", run: twoWriters),
    ]
}

private let hourly = NewsPolicy(aggregation: NewsAggregation(window: 3600, minItems: 3))
private let everything = Date.distantPast

private func ingest(_ store: any CatalogStore, _ inputs: [EventInput]) async throws {
    let outcomes = try await store.ingest(Events.validated(inputs), recordedAt: Events.at(minutes: 100_000))
    #expect(outcomes.allSatisfy { $0 == .accepted || $0 == .duplicate }, "\(outcomes)")
}

/// The feed as text: "id" for an item, "agg:…[member, …]" for an aggregate (members sorted).
private func feed(_ store: any CatalogStore, limit: Int = 10_000) async throws -> [String] {
    try await store.newsFeed(since: everything, after: nil, limit: limit, members: 1_000).map(describe)
}

private func describe(_ entry: NewsFeedEntry) -> String {
    switch entry {
    case .item(let item): item.record.id
    case .aggregate(let aggregate):
        "\(aggregate.record.id)@\(aggregate.record.createdAt.millisecondsSince1970)"
            + "[\(aggregate.members.map(\.record.id).sorted().joined(separator: ","))]"
    }
}

/// Products created two hours apart far below the rest, so their own items never fold.
private func products(_ count: Int, from first: Int = 0) -> [EventInput] {
    (first..<first + count).map { index in
        Events.created(
            "c\(index)", product: "p\(index)", price: "100.00", name: "Товар \(index)",
            at: Events.at(minutes: -100_000 + Double(index) * 120))
    }
}

private func price(_ id: String, _ product: Int, _ price: String, minutes: Double) -> EventInput {
    Events.price(id, product: "p\(product)", price: price, at: Events.at(minutes: minutes))
}

private func foldsBursts(_ database: TestDatabase) async throws {
    let store = try await database.open(policy: hourly)
    defer { Task { try await store.close() } }
    try await ingest(store, products(6))
    let hour = Events.epoch.millisecondsSince1970
    // Two drops: not yet a burst.
    try await ingest(store, [price("d0", 0, "90.00", minutes: 5), price("d1", 1, "80.00", minutes: 20)])
    #expect(try await feed(store, limit: 2) == ["d1", "d0"])
    let before = try await store.newsChanges(since: nil, window: everything, folded: true).position
    // The third makes one: one item added for the feed, however many items it folds.
    try await ingest(store, [price("d2", 2, "85.00", minutes: 40)])
    let burst = "agg:price_drops:\(hour)@\(Events.at(minutes: 40).millisecondsSince1970)"
    #expect(try await feed(store, limit: 1) == [burst + "[d0,d1,d2]"])
    let formed = try await store.newsChanges(since: before, window: everything, folded: true)
    #expect(formed.added == 1 && formed.changed == 0, "\(formed)")
    let raw = try await store.newsChanges(since: before, window: everything, folded: false)
    #expect(raw.added == 1, "the news items API counts the item itself: \(raw)")
    // Members: the biggest change first.
    guard
        case .aggregate(let aggregate)? = try await store.newsFeed(since: everything, after: nil, limit: 1, members: 2)
            .first
    else {
        Issue.record("no aggregate on top")
        return
    }
    #expect(aggregate.members.map(\.record.id) == ["d1", "d2"], "20 %, 15 %; at most 2 asked")
    #expect(aggregate.record.memberCount == 3 && aggregate.members.first?.product.name == "Товар 1")
    // A fourth joins in place: the same id and position, changed for live readers.
    try await ingest(store, [price("d3", 3, "70.00", minutes: 50), price("r4", 4, "120.00", minutes: 55)])
    #expect(try await feed(store, limit: 2) == ["r4", burst + "[d0,d1,d2,d3]"], "a lone rise stays on its own")
    let grown = try await store.newsChanges(since: formed.position, window: everything, folded: true)
    #expect(grown.added == 1 && grown.changed == 1, "the rise added, the aggregate changed: \(grown)")
    // Reversals make items vanish (the merge rule): below three, the aggregate goes and its last
    // members are shown on their own again.
    try await ingest(store, [price("u1", 1, "100.00", minutes: 58)])
    let shrunk = "agg:price_drops:\(hour)@\(Events.at(minutes: 50).millisecondsSince1970)"
    #expect(try await feed(store, limit: 2) == ["r4", shrunk + "[d0,d2,d3]"], "the third member is now d3")
    try await ingest(store, [price("u3", 3, "100.00", minutes: 59)])
    #expect(try await feed(store, limit: 3) == ["r4", "d2", "d0"])
    let unfolded = try await store.newsChanges(since: grown.position, window: everything, folded: true)
    #expect(unfolded.added == 0 && unfolded.changed == 2, "two items shown again: \(unfolded)")
    // A deleted product takes its items out of the window too.
    try await ingest(
        store,
        [price("d5", 5, "50.00", minutes: 45), Events.deleted("x0", product: "p0", at: Events.at(minutes: 61))])
    #expect(try await feed(store, limit: 3) == ["r4", "d5", "d2"])
    // The raw list shows every item, folded or not.
    let all = try await store.newsPage(since: Events.at(minutes: 0), after: nil, limit: 100).map(\.record.id)
    #expect(all == ["r4", "d5", "d2"])
}

private func pagingWhileGrowing(_ database: TestDatabase) async throws {
    let store = try await database.open(policy: hourly)
    defer { Task { try await store.close() } }
    try await ingest(store, products(110))
    // Ten hours, each with some drops: 1, 3, 2, 5, 1, 4, 3, 2, 6 and 1 of them.
    let counts = [1, 3, 2, 5, 1, 4, 3, 2, 6, 1]
    var events: [EventInput] = []
    for (hour, count) in counts.enumerated() {
        for member in 0..<count {
            events.append(
                price(
                    "h\(hour)m\(member)", hour * 7 + member, "90.00", minutes: Double(hour * 60 + member * 5 + 1)))
        }
    }
    try await ingest(store, events)
    let start = try await store.newsFeed(since: everything, after: nil, limit: 10_000, members: 0)
    var seen: [NewsFeedEntry] = []
    var cursor: NewsCursor?
    var round = 0
    repeat {
        let page = try await store.newsFeed(since: Events.at(minutes: -1), after: cursor, limit: 3, members: 100)
        seen += page
        cursor = page.count == 3 ? page.last?.cursor : nil
        // Between pages: aggregates grow (a late member of each hour that has one) and new items
        // arrive on top.
        round += 1
        var more = [
            Events.created(
                "n\(round)", product: "new\(round)", price: "1", at: Events.at(minutes: 10_000 + Double(round) * 120))
        ]
        for (offset, hour) in counts.indices.filter({ counts[$0] >= 3 }).enumerated() {
            more.append(
                price(
                    "g\(hour)r\(round)", 70 + (round - 1) * 5 + offset, "60.00", minutes: Double(hour * 60 + 50 + round)
                ))
        }
        try await ingest(store, more)
    } while cursor != nil
    let positions = seen.map(\.cursor)
    #expect(
        zip(positions, positions.dropFirst()).allSatisfy { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) },
        "strictly down the feed")
    let seenIDs = seen.map { describe($0).split(separator: "@").first.map(String.init) ?? "" }
    #expect(Set(seenIDs).count == seenIDs.count, "no entry repeats: \(seenIDs)")
    let startIDs = start.map { describe($0).split(separator: "@").first.map(String.init) ?? "" }
    #expect(seenIDs == startIDs.filter { !$0.hasPrefix("c") }, "every entry there at the start, once, in order")
    let folded = seen.compactMap { if case .aggregate(let aggregate) = $0 { aggregate.record.id } else { nil } }
    #expect(folded.count == counts.filter { $0 >= 3 }.count)
}

/// A month of bursts: several price changes of random products within an hour, a few times a
/// day; some reversals (the merge rule rewrites and removes items) and deletions.
private func month() -> [EventInput] {
    var random = SplitMix64(seed: 11)
    var events = (0..<24).map { index in
        Events.created(
            "c\(index)", product: "p\(index)", price: "100.00", name: "Товар \(index)",
            at: Events.at(minutes: Double(index)))
    }
    var prices = [Int](repeating: 10_000, count: 24)
    var serial = 0
    for day in 0..<30 {
        for _ in 0..<3 {
            let hour = Double(day * 24 + random.next(upTo: 24))
            for _ in 0..<(1 + random.next(upTo: 6)) {
                serial += 1
                let product = random.next(upTo: 24)
                let at = Events.at(minutes: hour * 60 + Double(random.next(upTo: 60)))
                if random.next(upTo: 60) == 0 {
                    events.append(Events.deleted("x\(serial)", product: "p\(product)", at: at))
                    events.append(
                        Events.created(
                            "r\(serial)", product: "p\(product)", price: "100.00",
                            name: "Товар \(product)", at: at.addingTimeInterval(1)))
                    prices[product] = 10_000
                    continue
                }
                prices[product] = max(100, prices[product] * (80 + random.next(upTo: 41)) / 100)
                events.append(
                    Events.price(
                        "s\(serial)", product: "p\(product)",
                        price: Money(minorUnits: Int64(prices[product]), currency: .rub).decimalString, at: at))
            }
        }
    }
    return events
}

private func sameEveryWay(_ database: TestDatabase) async throws {
    let events = month()
    let store = try await database.open(policy: hourly)
    defer { Task { try await store.close() } }
    // Live: in time order, in uneven batches.
    var random = SplitMix64(seed: 5)
    let ordered = events.sorted { ($0.at ?? .distantPast) < ($1.at ?? .distantPast) }
    var index = 0
    while index < ordered.count {
        let size = 1 + random.next(upTo: 9)
        try await ingest(store, Array(ordered[index..<min(index + size, ordered.count)]))
        index += size
    }
    let live = try await feed(store)
    #expect(live.contains { $0.hasPrefix("agg:price_drops:") } && live.contains { $0.hasPrefix("agg:price_rises:") })
    #expect(live.contains { $0.hasPrefix("agg:new_products:") })
    _ = try await store.rebuildNews(progress: nil)
    #expect(try await feed(store) == live, "news rebuild")
    // A backfill in one request, and the same events shuffled into batches (late events re-derive
    // their products), on fresh databases.
    // (A price change may come late; a product's creation and deletion come in order.)
    let lifecycle = events.filter { $0.type != "price_changed" }
    let changes = events.filter { $0.type == "price_changed" }.shuffled(using: &random)
    let shuffled =
        [lifecycle]
        + stride(from: 0, to: changes.count, by: 13).map { start in
            Array(changes[start..<min(start + 13, changes.count)])
        }
    for (name, batches) in [("backfill", [events]), ("out of order", shuffled)] {
        let other = try await TestDatabase.make(database.backend)
        let again = try await other.open(policy: hourly)
        for batch in batches { try await ingest(again, batch) }
        #expect(try await feed(again) == live, "\(name)")
        try await again.close()
        await other.remove()
    }
}

private func settings(_ database: TestDatabase) async throws {
    let plain = try await database.open()
    try await ingest(plain, products(5) + (0..<4).map { price("d\($0)", $0, "90.00", minutes: Double($0)) })
    #expect(try await feed(plain, limit: 4) == ["d3", "d2", "d1", "d0"])
    try await plain.close()
    let folding = try await database.open(policy: hourly)
    #expect(
        try await feed(folding, limit: 1) == [
            "agg:price_drops:\(Events.epoch.millisecondsSince1970)@\(Events.at(minutes: 2).millisecondsSince1970)[d0,d1,d2,d3]"
        ])
    try await folding.close()
    let pairs = try await database.open(policy: NewsPolicy(aggregation: NewsAggregation(window: 3600, minItems: 2)))
    let pairFeed = try await feed(pairs, limit: 1)
    #expect(
        pairFeed.first?.hasSuffix("@\(Events.at(minutes: 1).millisecondsSince1970)[d0,d1,d2,d3]") == true, "\(pairFeed)"
    )
    try await pairs.close()
    let off = try await database.open()
    #expect(try await feed(off, limit: 4) == ["d3", "d2", "d1", "d0"])
    try await off.close()
}

private func twoWriters(_ database: TestDatabase) async throws {
    // SQLite: one store (separate processes take turns through SQLite's busy handler, which is not
    // fair; see writersInThreeProcesses). PostgreSQL: two, as two servers.
    let stores = try await (0..<(database.backend == .postgres ? 2 : 1)).asyncMap { _ in
        try await database.open(policy: hourly)
    }
    defer { Task { for store in stores { try await store.close() } } }
    try await ingest(stores[0], products(40))
    // Forty drops in one hour, one product a write, from eight writers at once.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
            let store = stores[writer % stores.count]
            group.addTask {
                for product in stride(from: writer, to: 40, by: 8) {
                    try await ingest(store, [price("d\(product)", product, "90.00", minutes: Double(product))])
                }
            }
        }
        try await group.waitForAll()
    }
    let shown = try await feed(stores[0])
    let members = (0..<40).map { "d\($0)" }.sorted().joined(separator: ",")
    #expect(
        shown.first
            == "agg:price_drops:\(Events.epoch.millisecondsSince1970)@\(Events.at(minutes: 2).millisecondsSince1970)[\(members)]",
        "\(shown.prefix(3))")
}
