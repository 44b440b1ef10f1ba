import Foundation
import Testing
import TidingsTesting

/// The interactive reader in a pseudo-terminal, against a real `tidings serve`.
@Suite("tidings read in a terminal, end to end", .serialized)
struct ReadTerminalTests {
    @Test("keys move, open, go back, load more, refresh, dismiss and quit; the terminal is put back")
    func interactive() async throws {
        let server = try await ReadDemoServer.start()
        let arguments = Self.arguments(server, brand: "courier", section: "news", limit: 3)
        let terminal = try ReadPseudoTerminal(arguments, in: server.folder)
        var mark = try await terminal.waitFor("5 items · m for more")
        let first = terminal.screen()
        #expect(first.contains("The Daily Courier › News"), "the brand by its name, though given by id")
        #expect(first.contains("> ★ Turn on notifications to hear about breaking news first."))
        #expect(terminal.output.starts(with: "\u{1B}[?1049h\u{1B}[?25l".utf8), "alternate screen")
        #expect(!terminal.isCooked, "raw mode while it runs")
        // The story under the notification: which one depends on whether the section's two demo
        // feeds were taken in one poll round (newest first across both) or in two (the later
        // round on top) — CI's load made it two.
        let marker = "> ★ Turn on notifications to hear about breaking news first."
        let after = try #require(first.range(of: marker, options: .backwards)).upperBound
        let row = first[after...].drop { $0.isWhitespace || $0.isNewline }
        let story = try #require(row.components(separatedBy: " · ").first)
        #expect(row.contains(" · The Daily Courier — "), "a story with its source: \(row.prefix(120))")

        terminal.send("j")
        mark = try await terminal.waitFor("> " + story, after: mark)
        terminal.send("\r")
        mark = try await terminal.waitFor("item 2 of 5", after: mark)
        #expect(
            terminal.lastFrame.contains("The Daily Courier › News › Article"), "a reader's word, not the API's type")
        #expect(terminal.lastFrame.contains(story))
        terminal.send("b")
        mark = try await terminal.waitFor("Enter open · m more", after: mark)
        terminal.send("m")
        mark = try await Self.waitForMoreItems(than: 5, in: terminal)
        #expect(terminal.lastFrame.contains("> " + story), "the selection stays")
        terminal.send("r")
        mark = try await terminal.waitFor("refreshing…", after: mark)
        mark = try await terminal.waitFor("9 items · m for more", after: mark)
        terminal.send("k")
        mark = try await terminal.waitFor("> ★ Turn on notifications", after: mark)
        terminal.send("d")
        mark = try await terminal.waitFor("Dismissed.", after: mark)
        #expect(!terminal.lastFrame.contains("★"), "the card left the list")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(terminal.output.suffix(8) == Array("\u{1B}[?1049l".utf8), "leaves the alternate screen last")
        #expect(terminal.isCooked, "echo and line editing are back")

        let stopped = try ReadPseudoTerminal(arguments, in: server.folder)
        _ = try await stopped.waitFor("m for more")
        stopped.process.terminate()
        #expect(try await stopped.waitForExit() == 128 + 15, "SIGTERM")
        #expect(stopped.output.suffix(8) == Array("\u{1B}[?1049l".utf8))
        #expect(stopped.isCooked)
        #expect(try await server.stop() == 0)
    }

    @Test("a Norwegian brand is read in Norwegian: its sections, the reader's words, plurals and dates")
    func norwegian() async throws {
        let server = try await ReadDemoServer.start()
        let arguments = Self.arguments(server, brand: "vestland", section: "nyheter", limit: 3)
        let terminal = try ReadPseudoTerminal(arguments, in: server.folder)
        // "elementer", the plural of nb's `other` form: 3 stories, the card, the ad slot and the weather.
        var mark = try await terminal.waitFor("elementer · m for flere")
        let first = terminal.screen()
        #expect(first.contains("Vestlandsposten › Nyheter"), "the section's title in the brand's language")
        #expect(first.contains("> ★ Slå på varsler, så får du de viktigste nyhetene først."))
        #expect(first.contains("Annonse · native"))
        #expect(first.contains("Enter åpne · m mer · r oppdater"), "the key help in Norwegian")
        // Dates as CLDR writes Bokmål: "20. nov., 18:10".
        #expect(first.contains(/· \d{1,2}\. [a-zæøå]+\.?, \d{2}:\d{2}/), "a Norwegian date: \(first)")
        #expect(!first.contains(" items"), "no English word left: \(first)")
        terminal.send("j")
        terminal.send("\r")
        // The kind of item in Norwegian ("Sak", a story) and where it is in the list.
        mark = try await terminal.waitFor("Vestlandsposten › Nyheter › Sak", after: mark)
        #expect(terminal.lastFrame.contains("2 av "), "\(terminal.lastFrame)")
        #expect(terminal.lastFrame.contains("b tilbake · q avslutt"))
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(try await server.stop() == 0)
    }

    /// `tidings read` on `server`'s section, `limit` items a page, with the server's store.
    static func arguments(_ server: ReadDemoServer, brand: String, section: String, limit: Int) -> [String] {
        [
            "read", "--server", server.base, "--brand", brand, "--section", section, "--limit", String(limit),
            "--store", server.store,
        ]
    }

    /// Waits until the status line counts more than `count` items; returns where output stands.
    static func waitForMoreItems(than count: Int, in terminal: ReadPseudoTerminal) async throws -> Int {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            // The last count drawn (the screen holds every frame since the start).
            let counts = terminal.screen().matches(of: /(\d+) items/).compactMap { Int($0.1) }
            if let shown = counts.last, shown > count { return terminal.output.count }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ReadTestError("no more than \(count) items on the screen:\n\(terminal.lastFrame)")
    }

    @Test("new items written while the reader is open show as a pill; n puts them on top")
    func livePill() async throws {
        let server = try await ReadDemoServer.start()
        let created = try await TidingsProcess.run(["keys", "create", "--name", "pill"], in: server.folder)
        let key = try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }.map(String.init))
        let arguments = Self.arguments(server, brand: "grocery", section: "news", limit: 5)
        let terminal = try ReadPseudoTerminal(arguments, in: server.folder)
        // The page first ("6 элементов" under it), not the key help: that is drawn while it loads, and
        // an event posted before the page is read is in the page, not in the pill.
        var mark = try await terminal.waitFor("элементов")
        #expect(!terminal.lastFrame.contains("n показать"), "no pill before anything new")
        for (id, name) in [("pill-1", "Киви золотое"), ("pill-2", "Манго спелое")] {
            let event =
                #"{"id":"\#(id)","type":"product_created","product_id":"\#(id)","name":"\#(name)","store_price":"100.00"}"#
            let response = try await FaultTests.post(event, base: server.base, key: key)
            #expect(response.status.code == 200)
        }
        mark = try await terminal.waitFor("новое: 2 — n показать", after: mark)
        #expect(!terminal.lastFrame.contains("Манго спелое"), "nothing jumps under the reader until asked")
        terminal.send("n")
        mark = try await terminal.waitFor("Манго спелое", after: mark)
        #expect(terminal.lastFrame.contains("Киви золотое"))
        #expect(!terminal.lastFrame.contains("n показать"), "the pill goes once its items are shown")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(try await server.stop() == 0)
    }
}
