import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsServer
import TidingsStore
import TidingsTesting

/// The demo's answers, byte for byte, against a recording: the guard of refactorings that must not
/// change behaviour (issue 37). The demo is loaded as `tidings serve` loads it — the demo catalog
/// through the backfill, the demo brands' sources through the poller — with every input that varies
/// between runs fixed: the clock, the signing secret, the image key, where the demo's files lie,
/// the order the sources are written in.
/// Starting from the API's lists, the crawl follows every page, cursor, article, product and feed
/// those answers name, and records status, the headers a client reads, and the body.
///
/// When a change is meant to change answers, record again and read the diff:
/// `TIDINGS_RECORD=1 swift test --filter RecordedDemoTests`.
@Suite("The demo's recorded answers")
struct RecordedDemoTests {
    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Recorded/demo-answers.txt")

    @Test("every answer of the demo's API, feeds, images and web pages is the recorded one, byte for byte")
    func answers() async throws {
        // The web reader writes times in the server's time zone; the recording's is UTC.
        let utc = TimeZone.current.secondsFromGMT(for: TestApp.now) == 0
        var recorded = try await Self.crawl()
        if ProcessInfo.processInfo.environment["TIDINGS_RECORD"] == "1" {
            // Recorded where the system's zone is UTC and TZ is unset, as CI runs: the pages name the
            // zone "UTC" then, where TZ=UTC makes Foundation name it "GMT".
            try #require(utc, "record in UTC: the web pages' times are written in the server's time zone")
            try recorded.write(to: Self.recording, atomically: true, encoding: .utf8)
            return
        }
        var expected = try String(contentsOf: Self.recording, encoding: .utf8)
        if !utc {
            print("RecordedDemoTests: the time zone is not UTC, so web pages are left out of the comparison")
            (recorded, expected) = (Self.withoutWebPages(recorded), Self.withoutWebPages(expected))
        }
        guard recorded != expected else { return }
        let (ours, theirs) = (recorded.split(separator: "\n"), expected.split(separator: "\n"))
        let first =
            zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(ours.count, theirs.count)
        let request = theirs[..<min(first, theirs.count)].last { $0.hasPrefix("### ") } ?? "(none)"
        Issue.record(
            """
            the demo's answers differ from \(Self.recording.lastPathComponent) from line \(first + 1), in \(request):
              recorded: \(first < theirs.count ? String(theirs[first].prefix(300)) : "(end)")
              now:      \(first < ours.count ? String(ours[first].prefix(300)) : "(end)")
            (TIDINGS_RECORD=1 records again when the change is meant)
            """)
    }

    /// `transcript` with the answers of the API, feeds and images only.
    static func withoutWebPages(_ transcript: String) -> String {
        transcript.components(separatedBy: "### GET ").filter { answer in
            answer.isEmpty || ["/api/", "/feeds/", "/img/"].contains { answer.hasPrefix($0) }
        }.joined(separator: "### GET ")
    }

    /// The demo's answers as one text: for each request in crawl order, the request line, the
    /// status, the headers clients read, and the body.
    static func crawl() async throws -> String {
        let folder = try TemporaryFolder.make("recorded-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Entry ids hash the source's path: the demo's documents are copied to a path that is the
        // same in every run.
        let demo = try stableDemoCopy()
        var settings = try Settings.resolve(environment: [:])
        settings.sections = try SectionsConfiguration.load(yamlFile: demo.appendingPathComponent("brands.yaml").path)
        settings.server.images.local = settings.server.images.local.map {
            .init(prefix: $0.prefix, directory: demo.appendingPathComponent("media").path)
        }
        // Entries are numbered as they are written: one source at a time, in the order of their ids.
        settings.sections.fetch.concurrency = 1
        settings.server.images.key = Array(repeating: 0x42, count: 32)
        settings.server.images.cacheDirectory = folder.appendingPathComponent("images").path
        let transcript = Locked("")
        let brands = settings.sections
        try await TestApp.with(configuration: settings.server, sections: settings.sections) { app, client in
            let source = try await app.database.openSource()
            try await source.write { db in
                try await db.raw("UPDATE cursor_secret SET secret = \(bind: String(repeating: "5a", count: 32))")
                    .run()
            }
            var backfill = try DemoCatalog.backfill(now: TestApp.now)
            _ = try await backfill.run(into: app.catalog)
            let poller = app.runtime.poller(clock: { TestApp.now })
            _ = try await poller.pollAllNow()
            try await poller.shutdown()
            var crawler = Crawler(client: client)
            try await crawler.run(seeds: seeds(brands))
            transcript.withLock { $0 = crawler.transcript }
        }
        return transcript.current
    }

    /// Where the crawl starts: the lists, each section in its brand's language and English (in the
    /// API and the web reader), each feed.
    static func seeds(_ sections: SectionsConfiguration) -> [String] {
        var seeds = ["/api/v1/news_items?limit=7", "/api/v1/news_items?locale=ru&limit=20", "/api/v1/brands", "/"]
        for brand in sections.brands {
            seeds += ["/api/v1/brands/\(brand.id)/sections", "/\(brand.id)"]
            for section in brand.sections {
                for locale in Set([brand.locale.identifier, "en"]).sorted() {
                    seeds.append("/api/v1/brands/\(brand.id)/sections/\(section.id)?locale=\(locale)&limit=9")
                }
                seeds.append("/\(brand.id)/\(section.id)")
                for format in ["rss", "atom", "json"] { seeds.append("/feeds/\(brand.id)/\(section.id).\(format)") }
            }
        }
        return seeds
    }

    /// A copy of the demo's directory at a path every run shares. It is replaced only when it
    /// differs from this build's demo, so runs of one checkout at the same time share it.
    static func stableDemoCopy() throws -> URL {
        let files = FileManager.default
        let target = files.temporaryDirectory.appendingPathComponent("tidings-recorded-demo")
        let demo = try DemoBrands.directory
        if try contents(of: target) != contents(of: demo) {
            let fresh = files.temporaryDirectory.appendingPathComponent("tidings-recorded-demo-\(UUID())")
            try files.copyItem(at: demo, to: fresh)
            try? files.removeItem(at: target)
            try files.moveItem(at: fresh, to: target)
        }
        return target
    }

    /// Every file under `folder` by its relative path; empty when there is no folder.
    static func contents(of folder: URL) throws -> [String: Data] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        var contents: [String: Data] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            contents[path] = try Data(contentsOf: url)
        }
        return contents
    }
}

/// Requests pages breadth first and writes down each answer; follows the next pages (three deep),
/// articles, products and images the JSON answers name, each once.
private struct Crawler {
    let client: any TestClientProtocol
    var transcript = ""
    private var seen: Set<String> = []
    private var queue: [(uri: String, depth: Int)] = []
    /// Next pages followed from a seed.
    static let pagesDeep = 3

    init(client: any TestClientProtocol) { self.client = client }

    /// The response headers a client or cache reads; the rest (dates, request ids) vary by run.
    static let headers: [HTTPField.Name] = [
        .contentType, .cacheControl, .eTag, .vary, .location, .contentSecurityPolicy, .init("Tidings-Image-Error")!,
    ]

    mutating func run(seeds: [String]) async throws {
        for seed in seeds { enqueue(seed, depth: 0) }
        var index = 0
        while index < queue.count {
            let (uri, depth) = queue[index]
            index += 1
            try await fetch(uri, depth: depth)
        }
    }

    private mutating func enqueue(_ uri: String, depth: Int) {
        if seen.insert(uri).inserted { queue.append((uri, depth)) }
    }

    private mutating func fetch(_ uri: String, depth: Int) async throws {
        let (status, fields, body) = try await client.execute(uri: uri, method: .get) { response in
            (response.status.code, response.headers, response.body)
        }
        var lines = ["### GET \(uri)", "\(status)"]
        for name in Self.headers { if let value = fields[name] { lines.append("\(name): \(value)") } }
        let type = fields[.contentType] ?? ""
        if type.hasPrefix("image/") {
            // Pictures are the demo's files, served as they are: their size and a checksum say so.
            lines.append("(\(body.readableBytes) bytes, FNV-1a \(Self.checksum(body.readableBytesView)))")
        } else {
            lines.append(String(buffer: body))
        }
        transcript += lines.joined(separator: "\n") + "\n\n"
        guard type.hasPrefix("application/json"), let json = try? JSONSerialization.jsonObject(with: Data(buffer: body))
        else { return }
        follow(json, from: uri, depth: depth)
    }

    /// The answers a JSON answer leads to: its next page, its pictures, the articles of a
    /// section's teasers, the products of catalog news.
    private mutating func follow(_ json: Any, from uri: String, depth: Int) {
        let parts = uri.split(separator: "?", maxSplits: 1).map(String.init)
        let path = parts[0]
        let isSection = path.hasPrefix("/api/v1/brands/") && path.split(separator: "/").count == 6
        var found: [(String, Int)] = []
        Self.objects(json) { object in
            if let next = object["next_cursor"] as? String, depth < Self.pagesDeep {
                let kept = (parts.count > 1 ? parts[1] : "").split(separator: "&").filter { !$0.hasPrefix("cursor=") }
                let escaped = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? next
                found.append(("\(path)?\((kept + ["cursor=\(escaped)"]).joined(separator: "&"))", depth + 1))
            }
            if let image = object["image_proxy_url"] as? String { found.append((image, 0)) }
            if isSection, object["type"] as? String == "teaser", let id = object["id"] as? String {
                found.append(("\(path)/articles/\(id)", 0))
                // The same article in the web reader: /{brand}/{section}/articles/{id}.
                let web = path.split(separator: "/").dropFirst(3).filter { $0 != "sections" }.joined(separator: "/")
                found.append(("/\(web)/articles/\(id)", 0))
            }
            if let product = object["product"] as? [String: Any], let id = product["id"] as? String {
                found.append(("/api/v1/products/\(id)", 0))
            }
        }
        for (uri, depth) in found { enqueue(uri, depth: depth) }
    }

    /// Calls `visit` with every object in `json`, depth first, members in key order.
    private static func objects(_ json: Any, _ visit: ([String: Any]) -> Void) {
        if let object = json as? [String: Any] {
            visit(object)
            for key in object.keys.sorted() { objects(object[key]!, visit) }
        } else if let array = json as? [Any] {
            for element in array { objects(element, visit) }
        }
    }

    /// FNV-1a, 64 bits, in hexadecimal.
    private static func checksum(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
