import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// `FeedParser.Options.keepNewest`: a document longer than what is kept keeps its newest entries,
/// whatever order it lists them in, and never holds more than twice that many while it is read.
@Suite("Keeping the newest entries", .ownThreads)
struct KeepNewestTests {
    static func rssItem(_ n: Int, date: Date?) -> String {
        let pubDate = date.map { "<pubDate>\(rfc822.string(from: $0))</pubDate>" } ?? ""
        return "<item><title>Item \(n)</title><guid>g\(n)</guid>\(pubDate)</item>"
    }

    static let rfc822: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    /// SplitMix64: a shuffle the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func rss(_ items: [String]) -> [UInt8] {
        Array("<rss version=\"2.0\"><channel><title>T</title>\(items.joined())</channel></rss>".utf8)
    }

    static func parser(keep: Int?) -> FeedParser {
        var options = FeedParser.Options()
        options.keepNewest = keep
        return FeedParser(options: options)
    }

    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("newest first, oldest first or shuffled: the newest are kept, in document order", arguments: [0, 1, 2])
    func newestKept(order: Int) throws {
        var numbers = Array(0..<5_000)  // item n is n minutes after t0
        if order == 0 { numbers.reverse() }
        if order == 2 {
            var generator = SeededGenerator(seed: 7)
            numbers.shuffle(using: &generator)
        }
        let bytes = Self.rss(numbers.map { Self.rssItem($0, date: Self.t0.addingTimeInterval(Double($0) * 60)) })
        let feed = try Self.parser(keep: 100).parse(bytes)
        #expect(feed.entries.count == 100)
        let kept = feed.entries.compactMap { $0.title.flatMap { Int($0.dropFirst(5)) } }
        #expect(Set(kept) == Set(4_900..<5_000))
        #expect(kept == numbers.filter { $0 >= 4_900 }, "in the document's order")
        #expect(feed.warnings.contains { $0.message == "4900 older entries were left out: the newest 100 are kept" })
        #expect(try Self.parser(keep: nil).parse(bytes).entries.count == 5_000)
    }

    @Test("undated entries rank after dated ones, by their place; JSON Feed too")
    func undated() throws {
        let items = (0..<10).map { n in Self.rssItem(n, date: n % 2 == 0 ? nil : Self.t0.addingTimeInterval(Double(n)))
        }
        let feed = try Self.parser(keep: 7).parse(Self.rss(items))
        #expect(feed.entries.map(\.title) == ["Item 0", "Item 1", "Item 2", "Item 3", "Item 5", "Item 7", "Item 9"])
        let json = (0..<10).map { "{\"id\":\"\($0)\",\"title\":\"Item \($0)\"}" }.joined(separator: ",")
        let document = Array(
            "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"J\",\"items\":[\(json)]}".utf8)
        #expect(try Self.parser(keep: 3).parse(document).entries.map(\.title) == ["Item 0", "Item 1", "Item 2"])
    }

    @Test("while reading, never more than twice the kept number are held")
    func bounded() {
        var feed = ParsedFeed(format: .rss2)
        var most = 0
        for n in 0..<10_000 {
            var entry = ParsedEntry(id: "\(n)", idSource: .guid)
            entry.published = Self.t0.addingTimeInterval(Double(n))
            feed.append(entry, keepingNewest: 50)
            most = max(most, feed.entries.count)
        }
        #expect(most < 100)
        feed.dropOldest(keeping: 50)
        #expect(feed.entries.map(\.id) == (9_950..<10_000).map(String.init))
        #expect(feed.olderLeftOut == 9_950)
    }
}
