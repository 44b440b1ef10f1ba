import Testing
import TidingsTesting

@testable import FeedParsing

/// What the JSON reader's rules mean for a whole feed: a broken string or number costs its field,
/// a broken document says where it broke.
@Suite("JSON Feed syntax", .ownThreads)
struct JSONFeedSyntaxTests {
    let version = #""version":"https://jsonfeed.org/version/1.1""#

    func reason(_ document: String) -> String? {
        do {
            _ = try parse(document)
            return nil
        } catch {
            guard case .invalidJSON(let reason) = error as? FeedParseError else { return "\(error)" }
            return reason
        }
    }

    @Test("a string with raw line breaks, once refused with the whole document, is read")
    func rawLineBreaks() throws {
        let feed = try parse("{\(version),\"items\":[{\"id\":\"1\",\"content_html\":\"<p>one\n\ttwo</p>\"}]}")
        #expect(feed.entries.first?.contentHTML == "<p>one\n\ttwo</p>")
        #expect(feed.warnings.isEmpty)
    }

    @Test("a lone surrogate costs one character, not the feed")
    func loneSurrogate() throws {
        let feed = try parse(#"{\#(version),"items":[{"id":"1","title":"a\ud800b"}]}"#)
        #expect(feed.entries.first?.title == "a\u{FFFD}b")
    }

    @Test("an id too large for a number is no id: the entry is known by its link")
    func hugeNumberID() throws {
        let feed = try parse(#"{\#(version),"items":[{"id":1e400,"url":"https://e.com/1"},{"id":42}]}"#)
        #expect(feed.entries.map(\.id) == ["https://e.com/1", "42"])
    }

    @Test("the last of a repeated key wins, as it did with JSONSerialization")
    func repeatedKey() throws {
        let feed = try parse(#"{\#(version),"title":"first","title":"second","items":[]}"#)
        #expect(feed.title == "second")
    }

    @Test("a broken document is refused with what was expected and where")
    func reasons() {
        #expect(reason("{\(version),\n\"items\": [}") == "expected a value, found '}' at line 2, column 11")
        #expect(reason(#"{\#(version)} trailing"#) == "unexpected 't' after the JSON value at line 1, column 48")
    }

    @Test("nesting a million deep is refused at 512 levels, in objects and in arrays")
    func deepNesting() {
        let arrays = "{\"items\":" + String(repeating: "[", count: 1_000_000)
        #expect(reason(arrays) == "more than 512 nested arrays and objects at line 1, column 521")
        let objects = String(repeating: #"{"a":"#, count: 1_000_000)
        #expect(reason(objects)?.hasPrefix("more than 512 nested arrays and objects") == true)
    }

    @Test("many keys, long strings and many escapes are read in linear time", .timeLimit(.minutes(15)))
    func linear() throws {
        let keys = (0..<200_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let escapes = String(repeating: #"\"\u00e9\n"#, count: 500_000)
        let long = String(repeating: "word ", count: 1_000_000)
        // CPU time, not the wall clock (`LinearInputTests` says why).
        let (feed, cpu) = try measuringThreadCPU {
            try parse(#"{\#(version),\#(keys),"items":[{"id":"1","title":"\#(escapes)","content_text":"\#(long)"}]}"#)
        }
        #expect(cpu < .seconds(20), "\(cpu) of CPU: not linear")
        #expect(feed.entries.count == 1)
        #expect(feed.entries.first?.contentText?.hasPrefix("word word") == true)
    }
}
