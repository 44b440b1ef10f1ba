import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// Inputs the libFuzzer targets found (`Fuzz/Crashes/`), each pinned here once fixed.
@Suite("Fuzzer findings", .ownThreads)
struct FuzzFindingTests {
    /// `Fuzz/Crashes/FeedParserFuzzer/xhtml-div-unclosed-start-tag`: unwrapping the description's
    /// `<div>` made a range whose start came after its end, a trap that took the server down.
    @Test("a description holding \"<div</div>\" parses")
    func unclosedDivStartTag() throws {
        let feed = try parse("<rss><item><description><div</div></item>")
        #expect(feed.entries.count == 1)
    }

    /// `Fuzz/Crashes/HTMLSanitizerFuzzer/srcset-comma-before-control`: a srcset URL left ending
    /// in a comma read back as a separator, so sanitizing twice changed the output.
    @Test("a srcset URL ending in a comma is written so a second pass keeps it")
    func srcsetTrailingComma() throws {
        let sanitizer = HTMLSanitizer()
        let base = try #require(URL(string: "https://example.com/a/"))
        let once = sanitizer.sanitize("<img srcset=\"a,\u{1}\">", base: base)
        #expect(once.contains("https://example.com/a/a%2C"))
        #expect(sanitizer.sanitize(once, base: base) == once)
    }

    /// `Fuzz/Crashes/HTMLSanitizerFuzzer/dot-then-combining-mark-host`: splitting the host into
    /// labels by Character kept "." and the combining mark after it together, so ".\u{592}cdn"
    /// became the label "xn--.cdn-qkf", which a second pass refused.
    @Test("a host label that begins with a combining mark is refused, on the first pass as on the second")
    func combiningMarkAfterDot() throws {
        let sanitizer = HTMLSanitizer()
        let base = try #require(URL(string: "https://example.com/dir/page.html"))
        let once = sanitizer.sanitize("<img src=\"//.&#x0592;cdn.example/b.jpg\">", base: base)
        #expect(once == "<img>")
        #expect(sanitizer.sanitize(once, base: base) == once)
    }
}
