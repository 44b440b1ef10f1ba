import ArgumentParser
import AsyncHTTPClient
import FeedParsing
import Foundation
import NIOCore

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
        let client = HTTPClient.shared
        do {
            var request = HTTPClientRequest(url: source)
            request.headers.add(
                name: "Accept", value: "application/rss+xml, application/atom+xml, application/feed+json, */*")
            request.headers.add(name: "User-Agent", value: "tidings-parse")
            let response = try await client.execute(request, timeout: .seconds(30))
            guard (200..<300).contains(response.status.code) else {
                printError("parse: \(source) answered HTTP \(response.status.code)")
                throw ExitCode(2)
            }
            let body = try await response.body.collect(upTo: FeedParser.Options().maxDocumentBytes)
            let charset = response.headers.first(name: "Content-Type").flatMap(Self.charset)
            return (Array(buffer: body), charset, URL(string: source))
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("parse: cannot fetch \(source): \(error)")
            throw ExitCode(2)
        }
    }

    /// The `charset` parameter of a Content-Type header.
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// Stable pretty JSON: sorted keys, ISO 8601 UTC dates, absent values omitted.
    static func json(_ feed: ParsedFeed) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FeedSummary.iso8601(date))
        }
        return String(decoding: try encoder.encode(feed), as: UTF8.self)
    }
}
