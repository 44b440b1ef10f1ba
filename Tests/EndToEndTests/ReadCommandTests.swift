import Foundation
import Testing
import TidingsTesting

/// `tidings read --once` against a real `tidings serve`, as a script runs it.
@Suite("tidings read --once, end to end", .serialized)
struct ReadCommandTests {
    @Test("the first page prints plainly: stories, price lines, the next cursor; colours only when asked")
    func once() async throws {
        let server = try await ReadDemoServer.start()
        let common = ["--server", server.base, "--store", server.store]
        let news = try await TidingsProcess.run(
            ["read", "--once", "--brand", "courier", "--section", "news", "--limit", "3"] + common, in: server.folder)
        #expect(news.status == 0, "\(news.output)")
        let lines = news.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "News (courier/news)")
        #expect(lines.contains("★ Turn on notifications to hear about breaking news first."))
        #expect(
            lines.contains { $0.hasPrefix("Harbour ferry returns after storm repairs · The Daily Courier — World · ") })
        #expect(lines.contains("Ad · banner"))
        #expect(lines.last?.hasPrefix("next: ") == true)
        #expect(!news.output.contains("\u{1B}"), "a pipe gets no escapes")

        let grocery = try await TidingsProcess.run(
            ["read", "--once", "--brand", "grocery", "--section", "news", "--locale", "ru"] + common, in: server.folder)
        #expect(grocery.status == 0, "\(grocery.output)")
        #expect(grocery.output.hasPrefix("Новинки и цены (grocery/news)\n"))
        #expect(grocery.output.contains("\n▼ Скидка 17%: Картофель"), "a drop: \(grocery.output)")
        // Prices and sizes come formatted by the server, with no-break spaces before the ruble sign
        // and the unit.
        #expect(
            grocery.output.contains("\n▲ Подорожание 5%: Масло подсолнечное, 1\u{A0}л  87,10\u{A0}₽ → 91,40\u{A0}₽\n"))
        #expect(grocery.output.contains("\n+ Новый продукт: "))

        let never = try await TidingsProcess.run(
            ["read", "--once", "--brand", "grocery", "--section", "news", "--locale", "ru", "--color", "never"]
                + common,
            in: server.folder, environment: ["NO_COLOR": "1"])
        #expect(never.output == grocery.output && !never.output.contains("\u{1B}"))
        let always = try await TidingsProcess.run(
            ["read", "--once", "--brand", "grocery", "--section", "news", "--locale", "ru", "--color", "always"]
                + common,
            in: server.folder)
        #expect(always.output.contains("\u{1B}[32m▼ Скидка 17%: "), "forced on, drops are green")

        let front = try await TidingsProcess.run(["read", "--once"] + common, in: server.folder)
        #expect(front.output.hasPrefix("News (courier/news)\n"), "the first brand's front section")
        #expect(try await server.stop() == 0)
    }

    @Test("errors say what went wrong in the reader's language and exit 1; a pipe gets no interactive reader")
    func errors() async throws {
        let folder = try TemporaryFolder.make("read")
        let store = ["--store", folder.appendingPathComponent("read.sqlite").path]
        let unreachable = ["--server", "http://127.0.0.1:9", "--brand", "courier", "--section", "news"] + store
        let offline = try await TidingsProcess.run(["read", "--once", "--locale", "ru"] + unreachable, in: folder)
        #expect(offline.status == 1)
        #expect(
            offline.output.contains("read: нет связи с http://127.0.0.1:9 — запущен ли `tidings serve`?"),
            "the server is named: \(offline.output)")
        let piped = try await TidingsProcess.run(["read"] + unreachable, in: folder)
        #expect(piped.status == 2)
        #expect(piped.output.contains("read: the interactive reader needs a terminal; use --once for scripts"))
        let bad = try await TidingsProcess.run(["read", "--once", "--locale", "Norwegian"] + unreachable, in: folder)
        #expect(bad.status != 0 && bad.output.contains("--locale must be a BCP 47 language tag"), "\(bad.output)")
    }

    @Test("offline, --once prints the items the store kept and says so")
    func offline() async throws {
        let server = try await ReadDemoServer.start()
        let arguments = [
            "read", "--once", "--server", server.base, "--store", server.store, "--brand", "courier", "--section",
            "news",
        ]
        let online = try await TidingsProcess.run(arguments, in: server.folder)
        #expect(online.status == 0 && !online.output.contains("offline"))
        #expect(try await server.stop() == 0)
        let cached = try await TidingsProcess.run(arguments, in: server.folder)
        #expect(cached.status == 0, "\(cached.output)")
        #expect(cached.output.contains("server not reached — showing items fetched at "))
        #expect(cached.output.contains("read: cannot reach \(server.base) — is `tidings serve` running?"))
        #expect(cached.output.contains("Harbour ferry returns after storm repairs"))
        #expect(!cached.output.contains("next: "), "a stored page is not continued")
    }

    @Test("offline, --once with only --brand, or nothing, works from the kept brand list and names the server")
    func offlineLists() async throws {
        let server = try await ReadDemoServer.start()
        let common = ["--server", server.base, "--store", server.store]
        for arguments in [["--brand", "grocery"], []] {
            let online = try await TidingsProcess.run(["read", "--once"] + arguments + common, in: server.folder)
            #expect(online.status == 0, "\(online.output)")
        }
        #expect(try await server.stop() == 0)
        for arguments in [["--brand", "grocery"], []] {
            let kept = try await TidingsProcess.run(["read", "--once"] + arguments + common, in: server.folder)
            #expect(kept.status == 0, "\(arguments): \(kept.output)")
            // The brand list is still fresh in the kept HTTP cache (an hour); the page is the store's.
            // In the brand's language: grocery is Russian, the first brand (courier) English.
            let offline =
                arguments.isEmpty
                ? "server not reached — showing items fetched at " : "нет связи с сервером — показано сохранённое в "
            #expect(kept.output.contains(offline), "\(kept.output)")
            #expect(kept.output.contains("— is `tidings serve` running?") || kept.output.contains("запущен ли"))
        }
        let fresh = ["--store", server.folder.appendingPathComponent("other.sqlite").path]
        let nothing = try await TidingsProcess.run(
            ["read", "--once", "--server", server.base] + fresh, in: server.folder)
        #expect(nothing.status == 1)
        #expect(nothing.output.contains("read: cannot reach \(server.base) — is `tidings serve` running?"))
    }
}
