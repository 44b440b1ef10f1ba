import Foundation

// Event time wins: a product's state and news are those of its events applied in the order of
// their `at` (events of one product at the same instant in the order they reached the log),
// whatever order they arrive in. Events at or after the latest one a product has logged are applied
// on top of its state, as they come; an earlier one — a late event — restarts the product and
// replays its logged events with the new ones in between.
extension CatalogBatch {
    /// The products `events` reach late: those with an event earlier than the latest event the log
    /// holds for them — a loaded state's `lastEventAt`, else `clocks` (for products that do not
    /// exist now but have logged events, such as deleted ones).
    public static func lateProducts(
        _ events: [CatalogEvent], states: [String: ProductState], clocks: [String: Date]
    ) -> Set<String> {
        var late: Set<String> = []
        for event in events {
            guard let clock = states[event.productID]?.lastEventAt ?? clocks[event.productID] else { continue }
            if event.at < clock { late.insert(event.productID) }
        }
        return late
    }

    /// Applies events new to the log in the order of their time, ties in the order given. Products
    /// in `logged` — the late ones, with every event the log holds for them in time order — are
    /// derived afresh: their logged events are replayed with the new ones placed after any logged
    /// event of the same time. Returns each event's refusal, or nil when it applied, in input order.
    public mutating func apply(inTimeOrder events: [CatalogEvent], logged: [String: [CatalogEvent]])
        -> [CatalogError?]
    {
        var refusals = [CatalogError?](repeating: nil, count: events.count)
        let order = events.indices.sorted { (events[$0].at, $0) < (events[$1].at, $1) }
        var late: [String: [Int]] = [:]
        for index in order {
            let event = events[index]
            if logged[event.productID] != nil {
                late[event.productID, default: []].append(index)
                continue
            }
            do throws(CatalogError) { try apply(event) } catch { refusals[index] = error }
        }
        for (product, indices) in late.sorted(by: { $0.key < $1.key }) {
            restart(product)
            let history = logged[product] ?? []
            var next = history.startIndex
            for index in indices {
                let event = events[index]
                while next < history.endIndex, history[next].at <= event.at {
                    replay(history[next])
                    next += 1
                }
                do throws(CatalogError) { try apply(event) } catch { refusals[index] = error }
            }
            for event in history[next...] { replay(event) }
        }
        return refusals
    }
}
