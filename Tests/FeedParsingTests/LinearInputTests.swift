import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Inputs that grow one list without bound (categories, namespace declarations, brackets), each
/// of which once made the parser quadratic: a quadratic pass over these takes minutes of CPU, a
/// linear one well under a second. What fails is the CPU time of the test's thread (a machine busy
/// with the rest of the suite stretches the wall clock, not that); the time limit only stops a hang
/// (5 minutes was reached beside a parallel release build, by waiting, not by work).
@Suite("Linear on inputs that grow one list", .timeLimit(.minutes(15)), .ownThreads)
struct LinearInputTests {
    @Test("100,000 categories in one entry are de-duplicated in linear time")
    func manyCategories() throws {
        let (_, cpu) = try measuringThreadCPU {
            let categories = (0..<100_000).map { "<category>c\($0 % 50_000)</category>" }.joined()
            var options = FeedParser.Options()
            options.maxCategories = .max
            let feed = try parse(rss("<item><title>x</title>\(categories)</item>"), options: options)
            #expect(feed.entries.first?.categories.count == 50_000)
            #expect(feed.entries.first?.categories.last == "c49999")
        }
        #expect(cpu < .seconds(20), "\(cpu) of CPU: not linear")
    }

    @Test("100,000 JSON Feed tags in one item are de-duplicated in linear time")
    func manyTags() throws {
        let (_, cpu) = try measuringThreadCPU {
            let tags = (0..<100_000).map { "\"t\($0 % 50_000)\"" }.joined(separator: ",")
            var options = FeedParser.Options()
            options.maxCategories = .max
            let feed = try parse(
                #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","tags":[\#(tags)]}]}"#,
                options: options)
            #expect(feed.entries.first?.categories.count == 50_000)
        }
        #expect(cpu < .seconds(20), "\(cpu) of CPU: not linear")
    }

    @Test("a cut-off JSON document two million brackets deep is repaired in linear time")
    func deepTruncatedJSON() {
        let (_, cpu) = measuringThreadCPU {
            let document =
                #"{"version":"https://jsonfeed.org/version/1.1","items":["#
                + String(repeating: "[", count: 2_000_000) + String(repeating: "{}", count: 200_000)
            // Too deep for JSONSerialization even once repaired: the point is getting there quickly.
            #expect(throws: FeedParseError.self) { try parse(document) }
        }
        #expect(cpu < .seconds(20), "\(cpu) of CPU: not linear")
    }

    @Test("namespace declarations by the thousand do not slow down every element after them")
    func namespaceFlood() throws {
        let (_, cpu) = try measuringThreadCPU {
            var open = ""
            for level in 0..<200 {
                open += "<x" + (0..<200).map { " xmlns:p\(level)_\($0)=\"urn:x:\($0)\"" }.joined() + ">"
            }
            let elements = String(repeating: "<u:a/>", count: 20_000)
            let close = String(repeating: "</x>", count: 200)
            let feed = try parse(rss(open + elements + close + "<item><title>after</title></item>"))
            #expect(feed.entries.map(\.title) == ["after"])
            #expect(feed.warnings.contains { $0.message.contains("namespace declarations beyond 64") })
        }
        #expect(cpu < .seconds(20), "\(cpu) of CPU: not linear")
    }
}
