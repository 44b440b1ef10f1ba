import ArgumentParser
import FeedParsing
import Foundation
import TidingsIngest

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
        var givenBase: URL?
        if let base {
            guard let url = URL(string: base), url.scheme != nil, url.host != nil else {
                printError(
                    "parse: --base must be an absolute URL such as https://example.com/feed.xml, not \"\(base)\"")
                throw ExitCode(2)
            }
            givenBase = url
        }
        let (bytes, charset, fetchedFrom) = try await read()
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

    /// The document's bytes, the HTTP charset and the final URL when fetched.
    private func read() async throws -> ([UInt8], String?, URL?) {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            guard let data = FileManager.default.contents(atPath: source) else {
                printError("parse: cannot read \(source)")
                throw ExitCode(2)
            }
            return ([UInt8](data), nil, nil)
        }
        guard let url = URL(string: source) else {
            printError("parse: \(source) is not a URL")
            throw ExitCode(2)
        }
        // The fetcher the poller uses (timeouts, size cap, redirects checked, readable errors), with
        // every host allowed: the person running the command chose the URL, as with curl.
        let fetcher = SourceFetcher(
            policy: FetchPolicy(
                connectTimeout: .seconds(10), readTimeout: .seconds(15), totalTimeout: .seconds(30),
                maxBodyBytes: Self.maxBodyBytes, allowHosts: ["*"], userAgent: "tidings-parse"))
        let result: Result<FetchResponse, FetchError>
        do {
            result = .success(try await fetcher.fetch(FetchRequest(url: url)))
        } catch {
            result = .failure(error)
        }
        try? await fetcher.shutdown()
        switch result {
        case .success(let response):
            if response.isCut {
                // The parser reads the start as a truncated document and keeps its complete entries.
                printError("parse: \(source): the body is over \(Self.maxBodyBytes) bytes; only its start was read")
            }
            return (response.body, response.charset, response.finalURL)
        case .failure(let error):
            printError("parse: " + error.message.replacingOccurrences(of: "fetch: ", with: "", options: .anchored))
            throw ExitCode(2)
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
