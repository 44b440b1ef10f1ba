import Foundation
import Testing

@testable import FeedParsing

@Suite("Feeds of the shared corpus", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage))
struct CorpusFeedTests {
    /// The two documents the corpus README says are deliberately not feeds.
    static let notFeeds = ["empty_feed.xml", "unknown_feed.xml"]

    static func documents() throws -> [URL] {
        try SharedCorpus.files().filter { !["md", "tsv"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }

    @Test("every document parses as a feed, except the two that are not feeds")
    func everyDocumentParses() throws {
        var failures: [String] = []
        var entries = 0
        let documents = try Self.documents()
        for file in documents {
            let bytes = [UInt8](try Data(contentsOf: file))
            do {
                let feed = try FeedParser().parse(bytes)
                entries += feed.entries.count
                if Self.notFeeds.contains(file.lastPathComponent) {
                    failures.append("\(file.lastPathComponent) parsed")
                }
            } catch {
                if !Self.notFeeds.contains(file.lastPathComponent) {
                    failures.append("\(file.lastPathComponent): \(error.description)")
                }
            }
        }
        #expect(documents.count > 170)
        #expect(entries > 2_000)
        #expect(failures.isEmpty, "\(failures.joined(separator: "; "))")
    }

    /// An independent, deliberately crude reading of each XML entry (split at `<item`/`<entry`,
    /// look for the elements) says whether the document has a title, link and date for it; the
    /// parser must not lose any of them.
    @Test("no entry loses its title, link or date when the document has one")
    func nothingLost() throws {
        var losses: [String] = []
        var checked = 0
        for file in try Self.documents() where file.pathExtension != "json" {
            let data = try Data(contentsOf: file)
            guard let feed = try? FeedParser().parse([UInt8](data)),
                let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
            else { continue }
            let chunks = CrudeEntries.split(text)
            guard chunks.count == feed.entries.count else {
                losses.append(
                    "\(file.lastPathComponent): \(chunks.count) entries in the text, \(feed.entries.count) parsed")
                continue
            }
            for (chunk, entry) in zip(chunks, feed.entries) {
                checked += 1
                if CrudeEntries.hasText(chunk, ["title"]), entry.title == nil {
                    losses.append("\(file.lastPathComponent) title: \(chunk.prefix(80))")
                }
                if CrudeEntries.hasLink(chunk), entry.link == nil {
                    losses.append("\(file.lastPathComponent) link: \(chunk.prefix(80))")
                }
                if CrudeEntries.hasText(chunk, CrudeEntries.dateElements), entry.published == nil, entry.updated == nil
                {
                    losses.append("\(file.lastPathComponent) date: \(chunk.prefix(80))")
                }
            }
        }
        #expect(checked > 1_500)
        #expect(losses.isEmpty, "\(losses.count): \(losses.prefix(10).joined(separator: "\n"))")
    }
}

/// The crude oracle: string searches, no XML parsing.
enum CrudeEntries {
    static let dateElements = ["pubDate", "dc:date", "published", "updated", "issued", "modified", "created"]

    /// Entry chunks: from each `<item` / `<entry` start tag to the next.
    static func split(_ text: String) -> [Substring] {
        let pattern = /<(?:\w+:)?(item|entry)[\s>]/
        let starts = text.matches(of: pattern).map(\.range.lowerBound)
        return starts.enumerated().map { index, start in
            text[start..<(index + 1 < starts.count ? starts[index + 1] : text.endIndex)]
        }
    }

    /// Whether one of `names` appears as an element with non-blank content.
    static func hasText(_ chunk: Substring, _ names: [String]) -> Bool {
        names.contains { name in
            guard let open = chunk.range(of: "<\(name)"), let close = chunk.range(of: "</\(name)>"),
                open.upperBound < close.lowerBound,
                let tagEnd = chunk[open.upperBound..<close.lowerBound].firstIndex(of: ">")
            else { return false }
            let content = chunk[chunk.index(after: tagEnd)..<close.lowerBound]
                .replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
            return !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }

    /// An RSS `<link>` with content, an Atom alternate link with an href, or a permalink guid.
    static func hasLink(_ chunk: Substring) -> Bool {
        if hasText(chunk, ["link"]) { return true }
        if chunk.contains(/<link[^>]*href="[^"]+"/), !chunk.contains(/<link[^>]*rel="(?!alternate)/) { return true }
        return chunk.contains(/<guid(?![^>]*isPermaLink="false")[^>]*>\s*https?:/)
    }
}
