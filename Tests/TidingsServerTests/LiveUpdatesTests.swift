import Foundation
import Testing
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

@testable import TidingsServer

/// The hub live readers of sections hang off (issue 19): a signal per change, whoever wrote it,
/// and what changed since a reader's position, one query for all readers at that position.
@Suite("Live updates")
struct LiveUpdatesTests {
    static let section = SectionKey(brand: "b", section: "s")
    static let feed = LiveFeed.section(section)
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func fetch(_ keys: [String], version: String = "1", at: Date = t0) -> FetchRecord {
        let entries = keys.map { key in
            EntryInput(
                key: EntryKey(stored: key), itemID: key,
                record: EntryRecord(json: #"{"type":"teaser","id":"\#(key)","v":"\#(version)"}"#, images: []),
                contentHTML: nil, publishedAt: nil, contentHash: key + version)
        }
        return FetchRecord(
            sourceID: "src", sections: [section], attemptedAt: at,
            outcome: .fetched(entries: entries, etag: nil, lastModified: nil, title: nil, webURL: nil),
            status: .http(200), nextFetchAt: at, failures: 0, keepItems: 100, keepSince: .distantPast)
    }

    /// Counts a reader's signals as they come, and whether they ended.
    final class Reader: Sendable {
        let signals = Locked(0)
        let ended = Locked(false)
        let task: Task<Void, Never>

        init(_ subscription: (signals: AsyncStream<LiveSignal>, end: @Sendable () -> Void)) {
            let (signals, ended) = (signals, ended)
            task = Task {
                for await signal in subscription.signals {
                    if case .changed = signal { signals.withLock { $0 += 1 } }
                }
                ended.withLock { $0 = true }
            }
        }

        func reaches(_ count: Int) async -> Bool { await eventually { self.signals.current >= count } }
        func ends() async -> Bool { await eventually { self.ended.current } }
    }

    @Test("a reader is signalled at once, then at each change of its section, and learns what changed")
    func signals() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let runtime = Runtime(settings: Settings(), store: store, clock: { Self.t0 })
            let live = runtime.environment.live
            let mine = Reader(live.subscribe(Self.feed))
            let other = Reader(live.subscribe(.section(SectionKey(brand: "b", section: "other"))))
            #expect(await mine.reaches(1), "at once, to answer a reader resuming from an old position")
            #expect(await other.reaches(1))
            let start = try await live.changes(of: Self.feed, since: nil)
            #expect(start.added == 0)

            // The poller's path: entries written, then the section's cached pages dropped.
            _ = try await store.recordFetches([Self.fetch(["x", "y"])], owner: "me")
            runtime.sections.contentChanged(sections: [Self.section])
            #expect(await mine.reaches(2))
            let after = try await live.changes(of: Self.feed, since: start.position)
            #expect(after.added == 2 && after.changed == 0)

            // Another process's write, as its announcement is heard.
            #expect(try await live.changes(of: Self.feed, since: after.position).added == 0)
            _ = try await store.recordFetches(
                [Self.fetch(["new", "x", "y"], version: "2", at: Self.t0.addingTimeInterval(60))], owner: "me")
            #expect(
                try await live.changes(of: Self.feed, since: after.position).added == 0,
                "answers are shared until the section changes")
            runtime.environment.invalidation.invalidate(StoreChange(sections: [Self.section]))
            #expect(await mine.reaches(3))
            let heard = try await live.changes(of: Self.feed, since: after.position)
            #expect(heard.added == 1 && heard.changed == 2)
            #expect(live.readerCount == 2)
            #expect(other.signals.current == 1, "the other section was never signalled")

            // Stopping ends every reader.
            live.close()
            #expect(await mine.ends())
            #expect(await other.ends())
            let late = Reader(live.subscribe(Self.feed))
            #expect(await late.ends() && late.signals.current == 0, "no reader is taken once stopping")
            try await store.close()
        }
    }

    @Test("readers at one position are sent one frame: where the feed stands, then what changed, then nothing")
    func frames() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let runtime = Runtime(settings: Settings(), store: store, clock: { Self.t0 })
            let live = runtime.environment.live
            let first = try await live.frame(of: Self.feed, since: nil)
            let start = try #require(first.position)
            #expect(
                first.bytes.map { String(buffer: $0) }
                    == "event: position\nid: \(start)\ndata: {\"position\":\"\(start)\"}\n\n")
            let idle = try await live.frame(of: Self.feed, since: start)
            #expect(idle.bytes == nil && idle.position == nil, "nothing new: nothing sent, the reader stays")

            _ = try await store.recordFetches([Self.fetch(["x", "y"])], owner: "me")
            runtime.sections.contentChanged(sections: [Self.section])
            let update = try await live.frame(of: Self.feed, since: start)
            let after = try #require(update.position)
            #expect(after != start)
            let text = try #require(update.bytes.map { String(buffer: $0) })
            #expect(text.hasPrefix("event: update\nid: \(after)\ndata: {"))
            #expect(text.contains(#""added":2"#) && text.contains(#""changed":0"#))
            let again = try await live.frame(of: Self.feed, since: start)
            #expect(again.bytes == update.bytes, "the next reader at that position gets the same bytes")
            #expect(try await live.frame(of: Self.feed, since: after).bytes == nil)
            try await store.close()
        }
    }

    @Test("a catalog reader is signalled by event writes, in this process or another, and learns what was added")
    func catalog() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let runtime = Runtime(
                settings: Settings(), store: store, clock: { Events.epoch.addingTimeInterval(86_400) })
            let live = runtime.environment.live
            let reader = Reader(live.subscribe(.catalog))
            let section = Reader(live.subscribe(Self.feed))
            #expect(await reader.reaches(1))
            let start = try await live.changes(of: .catalog, since: nil)
            let report = try await runtime.catalog.ingest([
                .success(Events.created("a", product: "pa", price: "100.00")),
                .success(Events.created("b", product: "pb", price: "100.00")),
            ])
            #expect(report.accepted == 2)
            #expect(await reader.reaches(2), "this process's write")
            let added = try await live.changes(of: .catalog, since: start.position)
            #expect(added.added == 2 && added.changed == 0, "\(added)")
            runtime.environment.invalidation.invalidate(StoreChange(catalog: true))
            #expect(await reader.reaches(3), "another process's write, heard")
            #expect(section.signals.current == 1, "sections are not told of catalog writes")
            live.close()
            #expect(await reader.ends())
            try await store.close()
        }
    }

    @Test("one timer wakes every reader for its keep-alive")
    func heartbeat() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let live = LiveUpdates(
                store: store, invalidation: CacheInvalidation(), newsWindow: { $0 }, clock: { Self.t0 },
                heartbeat: .milliseconds(20))
            let beats = Locked(0)
            let readers = (0..<3).map { _ in live.subscribe(Self.feed) }
            let counting = readers.map { reader in
                Task {
                    for await signal in reader.signals {
                        if case .heartbeat = signal { beats.withLock { $0 += 1 } }
                    }
                }
            }
            _ = await eventually { beats.current >= 6 }
            #expect(beats.current >= 6, "two beats for each of three readers")
            readers[0].end()
            await counting[0].value
            #expect(live.readerCount == 2, "one reader ended alone")
            live.close()
            for task in counting { await task.value }
            try await store.close()
        }
    }
}
