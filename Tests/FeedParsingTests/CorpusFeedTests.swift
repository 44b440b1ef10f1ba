import Foundation
import Testing
import TidingsModel
import TidingsTesting

@testable import FeedParsing

@Suite("Feeds of the shared corpus", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage), .ownThreads)
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
            // With the address it was fetched from, as the poller parses it: a few feeds (qemu.atom)
            // have only relative links, which without a base resolve to nothing.
            let address = URL(string: "https://feeds.example/" + file.lastPathComponent)
            guard let feed = try? FeedParser().parse([UInt8](data), baseURL: address),
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

@Suite("Damaged corpus feeds", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage), .ownThreads)
struct DamagedCorpusTests {
    /// Real XML feeds with at least three entries.
    static func feeds() throws -> [(name: String, bytes: [UInt8], ids: [String])] {
        try CorpusFeedTests.documents().filter { $0.pathComponents.contains("real") && $0.pathExtension != "json" }
            .compactMap { file in
                let bytes = [UInt8](try Data(contentsOf: file))
                guard let feed = try? FeedParser().parse(bytes), feed.entries.count >= 3 else { return nil }
                return (file.lastPathComponent, bytes, feed.entries.map(\.id))
            }
    }

    @Test("cut anywhere, a feed keeps a prefix of its entries and says it was truncated")
    func truncatedAnywhere() throws {
        var random = SplitMix64(seed: 7)
        for feed in try Self.feeds() {
            for _ in 0..<4 {
                let cut = 200 + Int(random.next() % UInt64(max(1, feed.bytes.count - 200)))
                guard let parsed = try? FeedParser().parse(Array(feed.bytes[..<cut])) else { continue }
                let ids = parsed.entries.map(\.id)
                // Hash ids hash the title and date, which a cut can shorten; compare the rest.
                #expect(
                    Array(feed.ids.prefix(ids.count)) == ids || ids.contains { $0.hasPrefix("hash:") },
                    "\(feed.name) cut at \(cut)")
                if ids.count < feed.ids.count {
                    #expect(parsed.warnings.contains { $0.message.contains("truncated") }, "\(feed.name) cut at \(cut)")
                }
            }
        }
    }

    @Test("random damaged bytes never stop the parser or lose the entries before the damage")
    func damagedBytes() throws {
        var random = SplitMix64(seed: 11)
        let damage: [UInt8] = [0x00, 0x01, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0xFF, 0xC3]
        for feed in try Self.feeds() {
            for _ in 0..<4 {
                var bytes = feed.bytes
                let at = bytes.count / 2 + Int(random.next() % UInt64(bytes.count / 2))
                bytes[at] = damage[Int(random.next() % UInt64(damage.count))]
                let parsed = try FeedParser().parse(bytes)
                #expect(!parsed.entries.isEmpty, "\(feed.name) damaged at \(at)")
            }
        }
    }
}
