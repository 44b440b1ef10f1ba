import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// A parse in a cancelled task stops and throws `.cancelled` instead of reading on: stopping a
/// server mid-parse of a huge feed took 26 s. The outcome is asserted, not the time taken.
@Suite("Cancellation", .ownThreads)
struct CancellationTests {
    static let bigXML = Array(
        rss(
            String(
                repeating: "<item><title>t</title><description>&lt;p&gt;d&lt;/p&gt;</description></item>", count: 20_000
            )
        )
        .utf8)

    /// Parses `bytes` in a task cancelled before the parse begins.
    func parseCancelled(_ bytes: [UInt8]) async -> Result<ParsedFeed, FeedParseError> {
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(FeedParseError) in try FeedParser().parse(bytes) }
        }.value
    }

    @Test("an XML parse in a cancelled task throws cancelled")
    func xml() async {
        #expect(await parseCancelled(Self.bigXML) == .failure(.cancelled))
    }

    @Test("a JSON Feed parse in a cancelled task throws cancelled")
    func json() async {
        let items = String(repeating: #"{"id":"1","content_html":"<p>x</p>"},"#, count: 10_000)
        let document = #"{"version":"https://jsonfeed.org/version/1.1","items":[\#(items.dropLast())]}"#
        #expect(await parseCancelled(Array(document.utf8)) == .failure(.cancelled))
    }

    @Test("a parse cancelled while it runs stops with cancelled")
    func whileRunning() async throws {
        let document = Array(
            rss(String(repeating: "<item><title>t</title></item>", count: 1_000_000)).utf8)
        let task = Task { Result { () throws(FeedParseError) in try FeedParser().parse(document) } }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        #expect(await task.value == .failure(.cancelled))
    }

    @Test("one sanitized content of a million tags stops too")
    func longContent() async {
        let content = String(repeating: "&lt;b&gt;x&lt;/b&gt;", count: 1_000_000)
        let bytes = Array(rss("<item><description>\(content)</description></item>").utf8)
        #expect(await parseCancelled(bytes) == .failure(.cancelled))
    }

    @Test("outside a cancelled task nothing changes")
    func notCancelled() throws {
        #expect(try FeedParser().parse(Self.bigXML).entries.count == 20_000)
    }
}
