import Foundation
import Testing
import TidingsModel
import TidingsTesting

/// `tidings config check|show` and `tidings health`, run as an operator runs them.
@Suite("tidings config and tidings health", .serialized)
struct ConfigAndHealthCommandTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("config")
    }

    /// Runs `tidings ARGUMENTS` in the test's folder to its end: its exit code and what it printed.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (code: Int32, text: String) {
        let (status, output) = try await TidingsProcess.run(arguments, in: folder, environment: environment)
        return (status, output)
    }

    @Test("config check: 0 when every layer reads, 1 naming the layer and key of a mistake")
    func check() async throws {
        let good = try await run(["config", "check"])
        #expect(good.code == 0, "\(good.text)")
        #expect(good.text.contains("config: ok"), "\(good.text)")
        let bad = try await run(["config", "check"], environment: ["TIDINGS_NEWS_WINDOW_DAYS": "0"])
        #expect(bad.code == 1, "\(bad.text)")
        #expect(bad.text.contains("TIDINGS_NEWS_WINDOW_DAYS: news.window_days"), "\(bad.text)")
        try "news:\n  window_days: many\n".write(
            to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let file = try await run(["config", "check", "--config", "bad.yaml"])
        #expect(file.code == 1)
        #expect(file.text.contains("bad.yaml:2"), "\(file.text)")
    }

    @Test("config show: every key with its value and place, secrets masked")
    func show() async throws {
        let token = folder.appendingPathComponent("token")
        try "very-secret\n".write(to: token, atomically: true, encoding: .utf8)
        let shown = try await run(
            ["config", "show", "--port", "9191", "--database", "postgres://app:hunter2@127.0.0.1/news"],
            environment: ["TIDINGS_METRICS_TOKEN_FILE": token.path, "TIDINGS_NEWS_WINDOW_DAYS": "7"])
        #expect(shown.code == 0, "\(shown.text)")
        let lines = shown.text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        func row(_ key: String) -> [String]? { lines.first { $0.first.map(String.init) == key }?.map(String.init) }
        #expect(row("server.port") == ["server.port", "9191", "--port"])
        #expect(row("news.window_days") == ["news.window_days", "7", "TIDINGS_NEWS_WINDOW_DAYS"])
        #expect(row("server.idle_timeout") == ["server.idle_timeout", "1m", "default"])
        #expect(row("metrics.token") == ["metrics.token", "****", "TIDINGS_METRICS_TOKEN_FILE"])
        #expect(row("database.url") == ["database.url", "postgres://app:****@127.0.0.1/news", "--database"])
        #expect(!shown.text.contains("hunter2") && !shown.text.contains("very-secret"))
        let brands = shown.text.split(separator: "\n").first { $0.hasPrefix("brands: ") } ?? ""
        #expect(brands.contains("grocery") && brands.contains("the demo's"), "the demo brands are named: \(shown.text)")
    }

    @Test("health: 0 with the build when the server is ready, 1 when nothing answers; the settings' port by default")
    func health() async throws {
        let server = try TidingsProcess(["serve", "--port", "0"], in: folder)
        let port = try await server.waitForPort()
        let ready = try await run(["health", "--url", "http://127.0.0.1:\(port)"])
        #expect(ready.code == 0, "\(ready.text)")
        #expect(ready.text.contains("ready (tidings \(TidingsVersion.current), commit "), "\(ready.text)")
        // As a container's probe runs it: no arguments, the port from the same variable serve reads.
        let probe = try await run(["health"], environment: ["TIDINGS_PORT": "\(port)"])
        #expect(probe.code == 0, "\(probe.text)")
        server.process.terminate()
        #expect(try await server.waitForExit() == 0)
        let gone = try await run(["health", "--url", "http://127.0.0.1:\(port)", "--timeout", "2"])
        #expect(gone.code == 1)
        #expect(gone.text.contains("no answer"), "\(gone.text)")
        let wrong = try await run(["health", "--url", "ftp://127.0.0.1"])
        #expect(wrong.code != 0)
        #expect(wrong.text.contains("--url must be"), "\(wrong.text)")
    }
}
