import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
import TidingsCatalog
import TidingsModel
import TidingsRuntime
import TidingsStore
import TidingsTesting

@testable import TidingsServer

/// The hub live readers of sections hang off (issue 19): what it writes to each reader's connection
/// at each change, whoever wrote it, one query and one frame for all readers at a position.
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

    /// A reader on NIO's testing channel: what the hub wrote to it, and whether it ended.
    final class Reader: Sendable {
        let channel = NIOAsyncTestingChannel()
        let id: LiveReaderID?
        let received = Locked("")
        let ended = Locked(false)
        let waiting: Task<Void, Never>

        init(_ live: LiveUpdates, _ feed: LiveFeed, since position: LivePosition? = nil) async throws {
            try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).get()
            let id = live.register(feed, since: position, on: channel)
            self.id = id
            let ended = ended
            waiting = Task {
                if let id { await live.wait(id) }
                ended.withLock { $0 = true }
            }
        }

        /// Everything written so far, as text.
        func text() async throws -> String {
            while let part = try await channel.readOutbound(as: HTTPResponsePart.self) {
                guard case .body(let buffer) = part else {
                    Issue.record("only body parts are written by the hub, got \(part)")
                    continue
                }
                received.withLock { $0 += String(buffer: buffer) }
            }
            return received.current
        }

        /// The `event:` names written so far, in order.
        func events() async throws -> [String] {
            try await text().split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
        }

        func reaches(_ count: Int) async -> Bool {
            await eventually { ((try? await self.events()) ?? []).count >= count }
        }
        func ends() async -> Bool { await eventually { self.ended.current } }
    }

    @Test("a reader is sent where its section stands at once, then what changed at each change, whoever wrote it")
    func updates() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let runtime = Runtime(settings: Settings(), store: store, clock: { Self.t0 })
            let live = runtime.environment.live
            let mine = try await Reader(live, Self.feed)
            let other = try await Reader(live, .section(SectionKey(brand: "b", section: "other")))
            #expect(await mine.reaches(1))
            #expect(await other.reaches(1))
            #expect(try await mine.events() == ["position"])

            // The poller's path: entries written, then the section's cached pages dropped.
            _ = try await store.recordFetches([Self.fetch(["x", "y"])], owner: "me")
            runtime.sections.contentChanged(sections: [Self.section])
            #expect(await mine.reaches(2))
            #expect(try await mine.text().contains(#"data: {"added":2,"changed":0,"#))

            // Another process's write, as its announcement is heard.
            _ = try await store.recordFetches(
                [Self.fetch(["new", "x", "y"], version: "2", at: Self.t0.addingTimeInterval(60))], owner: "me")
            runtime.environment.invalidation.invalidate(StoreChange(sections: [Self.section]))
            #expect(await mine.reaches(3))
            #expect(try await mine.text().contains(#"data: {"added":1,"changed":2,"#))
            #expect(live.readerCount == 2)
            #expect(try await other.events() == ["position"], "the other section was never written to")

            // A reader resuming from an old position is sent what changed since, at once.
            let start = try await live.changes(of: Self.feed, since: nil)
            _ = try await store.recordFetches(
                [Self.fetch(["newer", "new", "x", "y"], version: "2", at: Self.t0.addingTimeInterval(120))], owner: "me"
            )
            runtime.sections.contentChanged(sections: [Self.section])
            let resumed = try await Reader(live, Self.feed, since: start.position)
            #expect(await resumed.reaches(1))
            #expect(try await resumed.events() == ["update"])
            #expect(try await resumed.text().contains(#"data: {"added":1,"changed":0,"#))

            // Stopping ends every reader, and takes none after.
            live.close()
            #expect(await mine.ends())
            #expect(await other.ends())
            #expect(await resumed.ends())
            let late = try await Reader(live, Self.feed)
            #expect(late.id == nil, "no reader is taken once stopping")
            #expect(await late.ends())
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

    @Test("a catalog reader is written to at event writes, in this process or another; section readers are not")
    func catalog() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let runtime = Runtime(
                settings: Settings(), store: store, clock: { Events.epoch.addingTimeInterval(86_400) })
            let live = runtime.environment.live
            let reader = try await Reader(live, .catalog)
            let section = try await Reader(live, Self.feed)
            #expect(await reader.reaches(1))
            #expect(await section.reaches(1))
            let report = try await runtime.catalog.ingest([
                .success(Events.created("a", product: "pa", price: "100.00")),
                .success(Events.created("b", product: "pb", price: "100.00")),
            ])
            #expect(report.accepted == 2)
            #expect(await reader.reaches(2), "this process's write")
            #expect(try await reader.text().contains(#"data: {"added":2,"changed":0,"#))
            // Another process's write: in the store, then its announcement heard.
            let now = Events.epoch.addingTimeInterval(86_400)
            _ = try await store.ingest(
                [try CatalogEvent(validating: Events.created("c", product: "pc", price: "100.00"), now: now)],
                recordedAt: now)
            runtime.environment.invalidation.invalidate(StoreChange(catalog: true))
            #expect(await reader.reaches(3), "another process's write, heard")
            #expect(try await section.events() == ["position"], "sections are not told of catalog writes")
            live.close()
            #expect(await reader.ends())
            try await store.close()
        }
    }

    @Test("one timer sends every reader its keep-alive; a reader ends alone, or when its connection closes")
    func heartbeat() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let live = LiveUpdates(
                store: store, invalidation: CacheInvalidation(), newsWindow: { $0 }, clock: { Self.t0 },
                heartbeat: .milliseconds(20))
            var readers: [Reader] = []
            for _ in 0..<3 { readers.append(try await Reader(live, Self.feed)) }
            for reader in readers {
                #expect(
                    await eventually {
                        ((try? await reader.text()) ?? "").components(separatedBy: ": keep-alive").count > 2
                    },
                    "two keep-alives for each reader")
            }
            live.end(try #require(readers[0].id))
            #expect(await readers[0].ends())
            #expect(live.readerCount == 2, "one reader ended alone")
            try await readers[1].channel.close()
            #expect(await readers[1].ends(), "a closed connection ends its reader")
            #expect(live.readerCount == 1)
            live.close()
            #expect(await readers[2].ends())
            try await store.close()
        }
    }

    @Test("a connection that takes nothing now is skipped, and its reader catches up at the next keep-alive")
    func slowReader() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let invalidation = CacheInvalidation()
            let live = LiveUpdates(
                store: store, invalidation: invalidation, newsWindow: { $0 }, clock: { Self.t0 },
                heartbeat: .milliseconds(50))
            let reader = try await Reader(live, Self.feed)
            #expect(await reader.reaches(1))
            reader.channel.isWritable = false
            _ = try await store.recordFetches([Self.fetch(["x", "y"])], owner: "me")
            invalidation.invalidate([.section(Self.section)])
            _ = try await store.recordFetches(
                [Self.fetch(["new", "x", "y"], version: "2", at: Self.t0.addingTimeInterval(60))], owner: "me")
            invalidation.invalidate([.section(Self.section)])
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await reader.events() == ["position"], "nothing written while it takes nothing")
            reader.channel.isWritable = true
            #expect(await reader.reaches(2))
            #expect(try await reader.events() == ["position", "update"], "both changes in one update")
            #expect(try await reader.text().contains(#"data: {"added":3,"changed":0,"#))
            live.close()
            try await store.close()
        }
    }
}
