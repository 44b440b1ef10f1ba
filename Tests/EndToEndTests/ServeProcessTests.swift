import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import TidingsModel
import TidingsTesting

/// Runs the built `tidings` binary as a user would and drives it over real HTTP on loopback.
@Suite("tidings serve, end to end", .serialized)
struct ServeProcessTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("e2e")
    }

    func post(_ url: String, key: String, body: String) async throws -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 22)))
    }

    @Test("a fresh database gets the demo catalog, the feed is full, and SIGTERM stops the server cleanly")
    func demoFirstRun() async throws {
        // A loaded test host is slow, not down: ready waits for the database as a call would.
        let server = try TidingsProcess(
            ["serve", "--port", "0"], in: folder, environment: ["TIDINGS_SERVER_READY_TIMEOUT": "60s"])
        let base = try await server.waitForBase()
        #expect(server.text.contains("Loaded the demo catalog"))
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("tidings.sqlite").path),
            "default database is ./tidings.sqlite")
        let health = try await get("\(base)/health")
        #expect(health.status == 200)
        #expect(health.body == #"{"status":"ok"}"#)
        // Ready: the database answers, the schema is current, and the poller's loop goes round.
        let ready = try await get("\(base)/health/ready")
        #expect(ready.status == 200, "\(ready.body)")
        #expect(ready.body.contains(#""status":"ready""#))
        #expect(ready.body.contains(#""poller":{"failures":0,"last_round_seconds_ago":"#), "\(ready.body)")
        let news = try await get("\(base)/api/v1/news_items")
        let page = try TidingsJSON.decoder().decode(NewsItemsPage.self, from: Data(news.body.utf8))
        #expect(page.items.count == 50)
        #expect(page.nextCursor != nil)
        #expect(page.items.contains { $0.title.hasPrefix("Скидка") })
        server.process.terminate()  // SIGTERM
        #expect(try await server.waitForExit() == 0, "graceful shutdown exits 0:\n\(server.text)")
    }

    @Test("TIDINGS_LOG_FORMAT=json: every log line is one JSON object, a request's with its id")
    func jsonLog() async throws {
        let server = try TidingsProcess(
            ["serve", "--port", "0"], in: folder,
            environment: ["TIDINGS_LOG_FORMAT": "json", "TIDINGS_LOG_LEVEL": "debug"])
        let base = try await server.waitForBase()
        #expect(try await get("\(base)/api/v1/news_items", headers: [("X-Request-Id", "e2e-7")]).status == 200)
        try await server.waitForDemoSources()
        _ = try await server.waitForLine(containing: #""request_id":"e2e-7""#)
        server.process.terminate()
        #expect(try await server.waitForExit() == 0)
        // Standard output says where to look, for people; everything logged is JSON.
        let said = ["Loaded the demo catalog", "Tidings is listening on", "Read the brands in a browser"]
        var objects: [[String: Any]] = []
        for text in server.text.split(separator: "\n") where !said.contains(where: text.hasPrefix) {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            objects.append(try #require(object, "not a JSON object: \(text)"))
        }
        #expect(objects.count > 20)
        let access = try #require(objects.first { $0["request_id"] as? String == "e2e-7" })
        #expect(access["message"] as? String == "GET /api/v1/news_items 200")
        #expect((access["status"] as? NSNumber)?.intValue == 200 && access["duration_ms"] is NSNumber)
        #expect(access["hb.request.id"] == nil, "one request id per line")
        let fetched = try #require(objects.first { ($0["message"] as? String)?.contains("world.rss: 8 new") == true })
        #expect(
            (fetched["source_id"] as? String)?.hasSuffix("world.rss") == true
                && (fetched["new"] as? NSNumber)?.intValue == 8)
    }

    @Test("a port already in use is named, with the option that changes it, and serve exits 1")
    func portInUse() async throws {
        let first = try TidingsProcess(["serve", "--port", "0", "--no-demo"], in: folder)
        let port = try await first.waitForPort()
        let second = try await TidingsProcess.run(
            ["serve", "--port", "\(port)", "--no-demo", "--database", "sqlite:\(folder.path)/second.sqlite"], in: folder
        )
        #expect(second.status == 1)
        #expect(
            second.output.contains(
                "serve: cannot listen on 127.0.0.1:\(port): the port is already in use (another tidings serve?); choose another with --port (or TIDINGS_PORT)"
            ), "\(second.output)")
        #expect(!second.output.contains("errno"), "no raw NIO text")
        first.process.terminate()
        #expect(try await first.waitForExit() == 0)
    }

    @Test("keys, events and the feed work across processes on one database")
    func keysEventsFeed() async throws {
        let database = "sqlite:\(folder.appendingPathComponent("e2e.sqlite").path)"
        let created = try await TidingsProcess.run(
            ["keys", "create", "--name", "e2e", "--database", database], in: folder)
        #expect(created.status == 0, "\(created.output)")
        let key = try #require(created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }.map(String.init))
        let server = try TidingsProcess(
            ["serve", "--port", "0", "--no-demo"], in: folder, environment: ["TIDINGS_DATABASE": database])
        let base = try await server.waitForBase()
        let empty = try await get("\(base)/api/v1/news_items")
        #expect(
            empty.body.hasPrefix(#"{"items":[],"next_cursor":null,"updates":"#), "--no-demo leaves the database empty")
        let unauthorized = try await post("\(base)/api/v1/events", key: "tid_nope", body: "{}")
        #expect(unauthorized.status == 401)
        let accepted = try await post(
            "\(base)/api/v1/events", key: key,
            body:
                #"{"events":[{"id":"e1","type":"product_created","product_id":"44957","name":"Ананас","names":{"en":"Pineapple"},"unit":"kg","store_price":"195.00"},{"id":"e2","type":"price_changed","product_id":"44957","store_price":"175.50"}]}"#
        )
        #expect(accepted.status == 200)
        #expect(accepted.body.contains(#""accepted":2"#))
        let news = try await get("\(base)/api/v1/news_items?locale=en")
        let items = try TidingsJSON.decoder().decode(NewsItemsPage.self, from: Data(news.body.utf8)).items
        #expect(items.map(\.title) == ["Price drop 10%: ", "New product: "])
        #expect(items.first?.product.name == "Pineapple")
        #expect(items.first?.timeAgo == "just now")
        // The catalog service is built before the application (and its metrics bootstrap) in
        // `serve`: its counters must still reach /metrics.
        let metrics = try await get("\(base)/metrics")
        #expect(metrics.body.contains(#"tidings_events_total{outcome="accepted"} 2"#), "\(metrics.body.prefix(2000))")
        let listed = try await TidingsProcess.run(["keys", "list", "--database", database], in: folder)
        #expect(listed.output.contains("e2e") && listed.output.contains("active"))
        let revoked = try await TidingsProcess.run(["keys", "revoke", "1", "--database", database], in: folder)
        #expect(revoked.status == 0)
        // A running server keeps a key it read for a second (docs/api.md): refused within that.
        let revokedAt = ContinuousClock.now
        var forbidden = try await post("\(base)/api/v1/events", key: key, body: #"{"events":[]}"#)
        while forbidden.status != 403, ContinuousClock.now - revokedAt < .seconds(3) {
            try await Task.sleep(for: .milliseconds(100))
            forbidden = try await post("\(base)/api/v1/events", key: key, body: #"{"events":[]}"#)
        }
        #expect(forbidden.status == 403, "revocation from another process applies within a second")
        #expect(ContinuousClock.now - revokedAt < .seconds(2))
        server.process.terminate()
        #expect(try await server.waitForExit() == 0)
        let rebuilt = try await TidingsProcess.run(["news", "rebuild", "--database", database], in: folder)
        #expect(rebuilt.status == 0)
        #expect(rebuilt.output.contains("Replayed 2 events: 1 products, 2 news items."))
    }

    @Test("TIDINGS_NEWS_MIN_CHANGE_PERCENT=5 tidings serve raises the threshold; a bad value names the layer and key")
    func environmentSetting() async throws {
        let body =
            #"{"events":[{"id":"a1","type":"product_created","product_id":"p","name":"Milk","store_price":"100.00"},{"id":"a2","type":"price_changed","product_id":"p","store_price":"104.00"}]}"#
        var kinds: [String: [String]] = [:]
        for percent in ["3", "5"] {
            let database = "sqlite:\(folder.appendingPathComponent("threshold-\(percent).sqlite").path)"
            let created = try await TidingsProcess.run(["keys", "create", "--database", database], in: folder)
            let key = try #require(
                created.output.split(separator: "\n").first { $0.hasPrefix("tid_") }.map(String.init))
            let server = try TidingsProcess(
                ["serve", "--port", "0", "--no-demo"], in: folder,
                environment: ["TIDINGS_DATABASE": database, "TIDINGS_NEWS_MIN_CHANGE_PERCENT": percent])
            let base =
                try await server.waitForBase()
            #expect(try await post("\(base)/api/v1/events", key: key, body: body).status == 200)
            let news = try await get("\(base)/api/v1/news_items")
            kinds[percent] = try TidingsJSON.decoder().decode(NewsItemsPage.self, from: Data(news.body.utf8)).items
                .map(\.event.rawValue)
            server.process.terminate()
            #expect(try await server.waitForExit() == 0)
        }
        #expect(kinds["3"] == ["price_updated", "new_product"], "a 4 % change makes news at the default 3 %")
        #expect(kinds["5"] == ["new_product"], "and none at 5 %")
        let bad = try await TidingsProcess.run(
            ["serve", "--port", "0", "--no-demo"], in: folder, environment: ["TIDINGS_NEWS_MIN_CHANGE_PERCENT": "lots"])
        #expect(bad.status != 0)
        #expect(
            bad.output.contains(
                #"config: TIDINGS_NEWS_MIN_CHANGE_PERCENT: news.min_change_percent must be a whole number from 0 to 100, not "lots""#
            ), "\(bad.output)")
    }

    @Test("backfill reports bad rows with line numbers and exits 1; a re-run imports nothing new")
    func backfillCommand() async throws {
        let products = folder.appendingPathComponent("products.csv")
        let prices = folder.appendingPathComponent("prices.csv")
        try
            "id,name,unit,unit_size,container,image_url,created_at\np1,Ананас,kg,1,bulk,,2026-11-01T12:00:00Z\np2,Груша,kg,1,bulk,,not-a-date\n"
            .write(to: products, atomically: true, encoding: .utf8)
        try "product_id,store_price,recorded_at\np1,100.00,2026-11-01T12:00:00Z\np1,80.00,2026-11-05T12:00:00Z\n"
            .write(to: prices, atomically: true, encoding: .utf8)
        let database = "sqlite:\(folder.appendingPathComponent("bf.sqlite").path)"
        let arguments = ["backfill", "--database", database, "--products", products.path, "--prices", prices.path]
        let first = try await TidingsProcess.run(arguments, in: folder)
        #expect(first.status == 1)
        #expect(first.output.contains("\(products.path):3: created_at must be an ISO 8601 date-time"))
        #expect(first.output.contains("1 bad row(s) skipped, listed below."))
        #expect(first.output.contains("Events from the good rows: 2 imported, 0 already present, 0 refused."))
        let second = try await TidingsProcess.run(arguments, in: folder)
        #expect(second.output.contains("Events from the good rows: 0 imported, 2 already present, 0 refused."))
    }
}
