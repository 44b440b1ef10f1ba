import FeedParsing
import Foundation

// Any bytes as a fetched feed: RSS, RDF, Atom, JSON Feed or anything else. The parser must return
// a feed or throw, within its limits; relative links resolve against a base, as when polling.

private let parser = FeedParser()
private let base = URL(string: "https://example.com/news/feed.xml")

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let feed = try? parser.parse(bytes, baseURL: base) else { return 0 }
    if feed.entries.count > parser.options.maxEntries {
        fatalError("fuzz: \(feed.entries.count) entries, more than maxEntries (\(parser.options.maxEntries))")
    }
    return 0
}
