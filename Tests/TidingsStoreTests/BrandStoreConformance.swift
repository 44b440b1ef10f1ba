import Foundation
import Testing
import TidingsStore
import TidingsTesting

extension StoreCheck {
    /// What every backend must do with the brands it keeps (BrandStore).
    static let brands: [StoreCheck] = [
        .init(
            name: "keeps brands and sections in order, raising the versions of what a replacement rewrites",
            run: keepsBrands),
        .init(name: "imports brands into a new database once, however many servers start on it", run: importsOnce),
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
    #expect(second.brands.map(\.version) == [2, 2])
    #expect(second.brands[0].sections.map(\.version) == [2, 1], "a section kept moves on, a new one starts")
    #expect(second.version == 2)
    #expect(try await store.storedBrands() == second)
    #expect(
        second.documents == [brand("grocery", ["news", "offers"]), brand("courier", ["news"], note: "\nlocale: nb")])
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
