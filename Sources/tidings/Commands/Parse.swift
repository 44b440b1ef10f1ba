import ArgumentParser
import FeedParsing
import Foundation

/// `tidings parse FILE|URL`: prints a feed as normalized JSON or a readable summary.
struct Parse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse an RSS, Atom or JSON Feed document and print it normalized.",
        discussion: """
            Exit status: 0 for a feed (warnings included in the output), 1 when the document is not a \
            feed (the reason on standard error), 2 when it cannot be read.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "A file path or an http(s) URL.")
    var source: String

    @Option(help: "Output format: json (stable, pretty) or text (a readable summary).")
    var format: Format = .json

    @Option(help: "Base URL for relative links (default: the URL fetched; none for files).")
    var base: String?

    func run() async throws {
        let givenBase = try DocumentSource.base(base, command: "parse")
        let (bytes, charset, fetchedFrom) = try await DocumentSource(
            command: "parse", source: source, maxBodyBytes: Self.maxBodyBytes
        ).read()
        let baseURL = givenBase ?? fetchedFrom
        let feed: ParsedFeed
        do {
            feed = try FeedParser().parse(bytes, httpCharset: charset, baseURL: baseURL)
        } catch {
            printError("parse: \(source): \(error.description)")
            throw ExitCode(1)
        }
        switch format {
        case .json: say(try Self.json(feed))
        case .text: say(FeedSummary(feed: feed).text)
        }
    }

    /// The fetch's body cap: the parser's document cap, so a fetched feed is cut where a file would be.
    static let maxBodyBytes = FeedParser.Options().maxDocumentBytes

    /// Stable pretty JSON: sorted keys, ISO 8601 UTC dates, absent values omitted. It reads back with
    /// `ParsedFeed.jsonDecoder()` to an equal feed.
    static func json(_ feed: ParsedFeed) throws -> String {
        String(decoding: try ParsedFeed.jsonEncoder().encode(feed), as: UTF8.self)
    }
}
