import Foundation
import TidingsCatalog
import TidingsModel

// Any bytes as the body of `POST /api/v1/events`, decoded as the server does (TidingsJSON's
// decoder, each event on its own), validated and applied in order to an empty catalog batch: the
// write path without the store. The normalized form an accepted event is logged as must validate
// again to the same event, or `news rebuild` would not replay the log the way it was written.

/// `{"events":[…]}`, each element kept or dropped on its own as `EventsController` does.
private struct Body: Decodable {
    var events: [Element]

    struct Element: Decodable {
        var input: EventInput?

        init(from decoder: any Decoder) throws {
            input = try? EventInput(from: decoder)
        }
    }
}

/// A fixed "now", so whether `at` is accepted does not depend on the day the fuzzer runs.
private let now = Date(timeIntervalSince1970: 1_795_478_400)  // 2026-11-24T00:00:00Z

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    guard let body = try? TidingsJSON.decoder().decode(Body.self, from: data) else { return 0 }
    var batch = CatalogBatch(policy: NewsPolicy(), loaded: [:])
    for case let input? in body.events.map(\.input) {
        guard let event = try? CatalogEvent(validating: input, now: now) else { continue }
        checkLogRoundTrip(event)
        try? batch.apply(event)
    }
    return 0
}

/// The event's log record, through JSON and validation again, must be the same event, and its
/// row must read back to the same row.
private func checkLogRoundTrip(_ event: CatalogEvent) {
    let row: String
    let replayed: CatalogEvent
    do {
        row = try EventRecord(event).json()
        replayed = try EventRecord(json: row).event(recordedAt: now)
    } catch {
        fatalError("fuzz: the logged form of \(event) does not validate again: \(error)")
    }
    if replayed != event {
        fatalError("fuzz: \(event) replays from \(row) as \(replayed)")
    }
    if let again = try? EventRecord(replayed).json(), again != row {
        fatalError("fuzz: the row \(row) is written again as \(again)")
    }
}
