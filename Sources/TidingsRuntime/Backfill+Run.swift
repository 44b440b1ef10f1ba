import Foundation
import TidingsCatalog
import TidingsModel
import TidingsServer
import TidingsStore

extension Backfill {
    /// Turns the rows into events in time order and ingests them in batches.
    ///
    /// Each product is created at its `created_at` with its price at that moment (with `--since`,
    /// at the start of the window: older history only decides the starting price). Every later row
    /// that changes the price becomes a `price_changed` event at its `recorded_at`.
    public mutating func run(
        into catalog: CatalogService, batchSize: Int = 5_000, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws -> Summary {
        var summary = Summary()
        summary.products = products.count
        summary.priceRows = prices.count
        prices.sort { ($0.product, $0.at, $0.line) < ($1.product, $1.at, $1.line) }
        let sinceMs = since?.millisecondsSince1970 ?? .min
        var creations = [CatalogEvent?](repeating: nil, count: products.count)
        var refs: [(at: Int64, ref: Ref)] = []
        refs.reserveCapacity(products.count + prices.count)
        var start = 0
        var planned = [Bool](repeating: false, count: products.count)
        while start < prices.count {
            // The rows of one product are prices[start..<end].
            let product = Int(prices[start].product)
            var end = start
            while end < prices.count, Int(prices[end].product) == product { end += 1 }
            planned[product] = true
            plan(product: product, rows: start..<end, sinceMs: sinceMs, creations: &creations, refs: &refs)
            start = end
        }
        for (offset, row) in products.enumerated() where !planned[offset] {
            let id = row.input.productID ?? ""
            errors.append(
                RowError(file: productsName, line: row.line, message: "product \(id) has no row in the prices file"))
        }
        refs.sort { lhs, rhs in
            if lhs.at != rhs.at { return lhs.at < rhs.at }
            switch (lhs.ref, rhs.ref) {
            case (.create, .price): return true
            case (.price, .create): return false
            case (.create(let a), .create(let b)): return a < b
            case (.price(let a), .price(let b)): return a < b
            }
        }
        summary.events = refs.count
        var done = 0
        progress?(0, refs.count)
        for chunk in stride(from: 0, to: refs.count, by: batchSize) {
            let slice = refs[chunk..<min(chunk + batchSize, refs.count)]
            let events = slice.map { event(for: $0.ref, creations: creations) }
            let outcomes = try await catalog.ingest(validated: events)
            for (ref, outcome) in zip(slice, outcomes) {
                switch outcome {
                case .accepted: summary.accepted += 1
                case .duplicate: summary.duplicates += 1
                case .rejected(let error):
                    summary.rejected += 1
                    errors.append(rowError(for: ref.ref, message: error.message))
                }
            }
            done += slice.count
            progress?(done, refs.count)
        }
        summary.errors = errors.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        return summary
    }

    private mutating func plan(
        product: Int, rows: Range<Int>, sinceMs: Int64, creations: inout [CatalogEvent?],
        refs: inout [(at: Int64, ref: Ref)]
    ) {
        let row = products[product]
        let start = max(row.createdMs, sinceMs)
        // The price in force when the product (or the window) starts; else its first known price.
        let opening = rows.last(where: { prices[$0].at <= start }) ?? rows.lowerBound
        var input = row.input
        let currency = row.currency
        input.storePrice = Money(minorUnits: prices[opening].minorUnits, currency: currency).decimalString
        do {
            creations[product] = try CatalogEvent(validating: input, now: Date())
        } catch {
            errors.append(RowError(file: productsName, line: row.line, message: error.message))
            return
        }
        refs.append((row.createdMs, .create(Int32(product))))
        var current = prices[opening].minorUnits
        for index in rows where index > opening && prices[index].at >= sinceMs && prices[index].at >= row.createdMs {
            guard prices[index].minorUnits != current else { continue }
            current = prices[index].minorUnits
            refs.append((prices[index].at, .price(Int32(index))))
        }
    }

    private func event(for ref: Ref, creations: [CatalogEvent?]) -> CatalogEvent {
        switch ref {
        case .create(let product):
            return creations[Int(product)]!
        case .price(let index):
            let row = prices[Int(index)]
            let product = products[Int(row.product)]
            let id = product.input.productID ?? ""
            let price = Money(minorUnits: row.minorUnits, currency: product.currency)
            return CatalogEvent(
                id: "backfill-price-\(row.at)-\(id)-\(row.minorUnits)", at: Date(millisecondsSince1970: row.at),
                productID: id, change: .priceChanged(storePrice: price.decimalString, currency: product.currency))
        }
    }

    private func rowError(for ref: Ref, message: String) -> RowError {
        switch ref {
        case .create(let product): RowError(file: productsName, line: products[Int(product)].line, message: message)
        case .price(let index): RowError(file: pricesName, line: Int(prices[Int(index)].line), message: message)
        }
    }
}
