import Foundation
import Testing
import TidingsModel
import TidingsStore
import TidingsTesting

extension StoreCheck {
    /// What every backend must do with the brands it keeps (BrandStore).
    static let brands: [StoreCheck] = [
        .init(
            name: "keeps brands and sections in order, raising the versions of what a replacement changes",
            run: keepsBrands),
        .init(name: "imports brands into a new database once, however many servers start on it", run: importsOnce),
        .init(
            name: "brands read while another server replaces them are one moment's: every brand with its sections",
            run: readsWhole),
        .init(
            name: "a change of the brands raises the version other servers ask for and is announced to them",
            run: announcesBrands),
        .init(name: "every document added, changed or removed is in the audit log, by whom and how", run: audits),
        .init(
            name: "a story's decision is kept with the brands, versioned, audited, and goes with its section",
            run: decides),
    ]
}

private func brand(_ id: String, _ sections: [String], note: String = "") -> BrandDocument {
    BrandDocument(
        id: id, document: "id: \(id)\nname: \(id.uppercased())\(note)\n",
        sections: sections.map { SectionDocument(id: $0, document: "id: \($0)\ntitle: “\($0)” — ünïcode\n") })
}

private func keepsBrands(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    #expect(try await store.storedBrands() == StoredBrands(brands: [], version: 0))
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let first = try await store.replaceBrands(
        [brand("courier", ["news", "economy", "sport"]), brand("grocery", ["news"])], at: at)
    #expect(first.brands.map(\.id) == ["courier", "grocery"])
    #expect(first.brands[0].sections.map(\.id) == ["news", "economy", "sport"], "in the order given, not by id")
    #expect(first.brands[0].sections[1].document == "id: economy\ntitle: “economy” — ünïcode\n")
    #expect(first.brands.allSatisfy { $0.version == 1 && $0.updatedAt == at })
    #expect(first.version == 1)
    let second = try await store.replaceBrands(
        [brand("grocery", ["news", "offers"]), brand("courier", ["news"], note: "\nlocale: nb")], at: at + 60)
    #expect(second.brands.map(\.id) == ["grocery", "courier"])
    #expect(second.brands.map(\.version) == [1, 2], "only the brand whose own document changed moves on")
    #expect(second.brands.map(\.updatedAt) == [at, at + 60])
    #expect(
        second.brands[0].sections.map(\.version) == [1, 1], "an unchanged section keeps its version, a new one starts")
    #expect(second.brands[1].sections.map(\.version) == [1])
    #expect(second.version == 2)
    #expect(
        try await store.replaceBrands(second.documents, at: at + 90) == second,
        "the same documents again change nothing, not even the version of the whole")
    #expect(try await store.storedBrands() == second)
    #expect(try await store.brandsVersion() == 2)
    #expect(
        second.documents == [brand("grocery", ["news", "offers"]), brand("courier", ["news"], note: "\nlocale: nb")])
    // Every brand deleted: the database still keeps brands (none), and a server starting with a
    // file does not bring the file's back.
    // A change refused inside the transaction stores nothing.
    await #expect(throws: CancellationError.self) {
        try await store.changeBrands(at: at + 100, by: BrandsAuthor(actor: "test", action: "refuse")) { kept in
            #expect(kept == second)
            throw CancellationError()
        }
    }
    #expect(try await store.storedBrands() == second)
    let unchanged = try await store.changeBrands(at: at + 100, by: BrandsAuthor(actor: "test", action: "refuse")) { _ in
        nil
    }
    #expect(unchanged == second)
    let emptied = try await store.replaceBrands([], at: at + 120)
    #expect(emptied == StoredBrands(brands: [], version: 3))
    let again = try await store.importBrands([brand("courier", ["news"])], at: at + 180)
    #expect(again.imported == false && again.kept == emptied)
}

private func announcesBrands(_ database: TestDatabase) async throws {
    let writer = try await database.open()
    let follower = try await database.open()
    // Both are closed as the test's database is (TestDatabase.with).
    #expect(try await follower.brandsVersion() == 0)
    _ = try await writer.replaceBrands([brand("courier", ["news"])], at: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(try await follower.brandsVersion() == 1, "what a server polls sees another's change at once")
    guard database.backend == .postgres else { return }
    let heard = Locked<[StoreChange]>([])
    let following = Task { try await follower.followChanges { change in heard.withLock { $0.append(change) } } }
    defer { following.cancel() }
    _ = await eventually { heard.current == [.everything] }
    _ = try await writer.replaceBrands(
        [brand("courier", ["news", "sport"])], at: Date(timeIntervalSince1970: 1_800_000_060))
    _ = await eventually { heard.current.count >= 2 }
    #expect(heard.current == [.everything, StoreChange(brands: true)])
    _ = try await follower.replaceBrands([brand("courier", ["news"])], at: Date(timeIntervalSince1970: 1_800_000_120))
    try await Task.sleep(for: .milliseconds(200))
    #expect(heard.current.count == 2, "a server knows its own change without hearing it")
}

private func importsOnce(_ database: TestDatabase) async throws {
    var stores: [any TidingsStorage] = []
    for _ in 0..<3 { stores.append(try await database.open()) }
    let opened = stores
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    var imported: [Bool] = []
    if database.backend == .postgres {
        imported = try await withThrowingTaskGroup(of: Bool.self) { group in
            for (index, store) in opened.enumerated() {
                group.addTask { try await store.importBrands([brand("b\(index)", ["s"])], at: at).imported }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    } else {
        for (index, store) in opened.enumerated() {
            imported.append(try await store.importBrands([brand("b\(index)", ["s"])], at: at).imported)
        }
    }
    #expect(imported.filter { $0 }.count == 1, "one import wins")
    let kept = try await opened[0].storedBrands()
    #expect(kept.brands.count == 1 && kept.version == 1)
    for store in opened { #expect(try await store.storedBrands() == kept) }
    for store in opened { try await store.close() }
}

private func audits(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let desk = BrandsAuthor(actor: "desk", action: "PUT /x (key 1)")
    _ = try await store.replaceBrands([brand("courier", ["news", "sport"])], at: at, by: desk)
    #expect(try await store.auditEntries(AuditQuery()).map(\.target) == ["courier/sport", "courier/news", "courier"])
    let night = BrandsAuthor(actor: "night", action: "import b.yaml")
    _ = try await store.replaceBrands(
        [brand("courier", ["news"], note: "\nlocale: nb"), brand("courier_x", ["s"])], at: at + 60, by: night)
    let entries = try await store.auditEntries(AuditQuery())
    #expect(entries.map(\.id) == entries.map(\.id).sorted(by: >), "newest first")
    let latest = entries.prefix { $0.actor == "night" }
    #expect(latest.map(\.target).sorted() == ["courier", "courier/sport", "courier_x", "courier_x/s"])
    let removed = try #require(latest.first { $0.target == "courier/sport" })
    #expect(removed.after == nil && removed.before?.contains("id: sport") == true && removed.kind == "section")
    let changed = try #require(latest.first { $0.target == "courier" })
    #expect(changed.before == "id: courier\nname: COURIER\n" && changed.after?.contains("locale: nb") == true)
    #expect(changed.action == "import b.yaml" && changed.at == at + 60)
    // Filters: a brand means its own fields and its sections, never another brand's whose id it starts.
    #expect(
        try await store.auditEntries(AuditQuery(target: "courier")).allSatisfy { !$0.target.hasPrefix("courier_x") })
    #expect(try await store.auditEntries(AuditQuery(target: "courier")).count == 5)
    #expect(try await store.auditEntries(AuditQuery(target: "courier/news")).count == 1)
    #expect(try await store.auditEntries(AuditQuery(actor: "desk")).count == 3)
    #expect(try await store.auditEntries(AuditQuery(since: at + 30)).count == 4)
    #expect(try await store.auditEntries(AuditQuery(until: at + 30)).count == 3)
    let first = try await store.auditEntries(AuditQuery(limit: 2))
    let next = try await store.auditEntries(AuditQuery(before: first.last?.id, limit: 2))
    #expect(first.count == 2 && next.count == 2 && Set(first.map(\.id)).isDisjoint(with: next.map(\.id)))
    #expect(try await store.pruneAudit(before: at + 30) == 3)
    #expect(try await store.auditEntries(AuditQuery()).count == 4)
}

private func decides(_ database: TestDatabase) async throws {
    let store = try await database.open()
    defer { Task { try await store.close() } }
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let desk = BrandsAuthor(actor: "night desk", action: "PUT …/pins/a1")
    _ = try await store.replaceBrands([brand("courier", ["news", "sport"])], at: at)
    let pinned = try await store.changeAction(brand: "courier", section: "news", item: "a1", at: at, by: desk) {
        kept, current in
        #expect(kept.version == 1 && current == nil)
        return .pin(place: 0, until: at + 3600)
    }
    #expect(pinned.kept.version == 2, "a decision raises the version servers follow")
    #expect(
        pinned.action
            == StoredAction(
                brand: "courier", section: "news", item: "a1", decision: .pin(place: 0, until: at + 3600), at: at,
                actor: "night desk", version: 1))
    #expect(pinned.kept.brands == (try await store.storedBrands()).brands, "the brands themselves are untouched")
    let same = try await store.changeAction(brand: "courier", section: "news", item: "a1", at: at + 1, by: desk) {
        _, current in current?.decision
    }
    #expect(same.kept.version == 2 && same.action?.version == 1, "the same decision again changes nothing")
    let hidden = try await store.changeAction(brand: "courier", section: "sport", item: "b2", at: at + 2, by: desk) {
        _, _ in .hide(reason: "legal — ünïcode")
    }
    #expect(hidden.kept.actions.map(\.item) == ["a1", "b2"])
    // A refusal stores nothing.
    await #expect(throws: CancellationError.self) {
        try await store.changeAction(brand: "courier", section: "news", item: "a1", at: at + 3, by: desk) { _, _ in
            throw CancellationError()
        }
    }
    // A pin whose time ran out goes with the next change.
    let later = try await store.changeAction(brand: "courier", section: "sport", item: "b2", at: at + 7200, by: desk) {
        _, current in
        #expect(current?.decision == .hide(reason: "legal — ünïcode"))
        return nil
    }
    #expect(later.kept.actions.isEmpty && later.action == nil && later.kept.version == 4)
    let entries = try await store.auditEntries(AuditQuery(target: "courier/news/a1"))
    #expect(entries.map(\.kind) == ["pin"] && entries[0].actor == "night desk" && entries[0].before == nil)
    #expect(entries[0].after?.contains(#""position":1"#) == true, "\(entries[0].after ?? "")")
    let unhidden = try await store.auditEntries(AuditQuery(target: "courier/sport/b2"))
    #expect(unhidden.map(\.kind) == ["hide", "hide"] && unhidden[0].after == nil && unhidden[0].before != nil)
    // A section removed takes its decisions with it.
    _ = try await store.changeAction(brand: "courier", section: "sport", item: "b3", at: at + 7300, by: desk) {
        _, _ in .pin(place: 1, until: nil)
    }
    let removed = try await store.replaceBrands([brand("courier", ["news"])], at: at + 7400)
    #expect(removed.actions.isEmpty, "\(removed.actions)")
}

/// A server reading the brands while another replaces them sees them before or after, never a
/// brand without its sections (PostgreSQL reads outside a transaction see each statement's own
/// moment).
private func readsWhole(_ database: TestDatabase) async throws {
    let writer = try await database.open()
    let reader = try await database.open()
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    _ = try await writer.importBrands([brand("b", ["s1", "s2"])], at: at)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            for round in 0..<100 {
                // Another brand each time: a reader mixing two moments finds one without sections.
                _ = try await writer.replaceBrands(
                    [brand("b\(round % 2)", ["s1", "s2"])], at: at.addingTimeInterval(Double(round)))
            }
        }
        group.addTask {
            for _ in 0..<300 {
                let kept = try await reader.storedBrands()
                #expect(kept.brands.map(\.sections.count) == [2], "\(kept.brands.map(\.id)) at \(kept.version)")
            }
        }
        try await group.waitForAll()
    }
    try await writer.close()
    try await reader.close()
}
