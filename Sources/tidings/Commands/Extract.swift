import ArgumentParser
import ArticleExtraction
import Foundation

/// `tidings extract FILE|URL`: the article in a web page, as JSON, text or sanitized HTML.
struct Extract: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the article in a web page and print it: content, title, author, date, image.",
        discussion: """
            The content is chosen with Readability's rules and sanitized as feed content is \
            (docs/extraction.md). Exit status: 0 for an article, 1 for a page that is not one (a \
            home page, a search page, a login wall: the reason on standard error, what was found \
            still printed), 2 when the page cannot be read.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text, html
    }

    @Argument(help: "A file path or an http(s) URL.")
    var source: String

    @Option(help: "Output format: json (stable, pretty), text (title, author and text) or html (the content).")
    var format: Format = .json

    @Option(help: "Base URL for relative links (default: the URL fetched; none for files).")
    var base: String?

    /// Pages larger than this are cut (the start is read): 10 MiB, far above real articles.
    static let maxBodyBytes = 10 << 20

    func run() async throws {
        let givenBase = try DocumentSource.base(base, command: "extract")
        let (bytes, charset, fetchedFrom) = try await DocumentSource(
            command: "extract", source: source, maxBodyBytes: Self.maxBodyBytes
        ).read()
        let article = ArticleExtractor().extract(html: bytes, url: givenBase ?? fetchedFrom, httpCharset: charset)
        switch format {
        case .json: say(try Self.json(article))
        case .text: say(Self.text(article))
        case .html: say(article.html)
        }
        if let reason = article.notArticleReason {
            printError("extract: \(source): not an article: \(reason)")
            throw ExitCode(1)
        }
    }

    static func json(_ article: ExtractedArticle) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(article), as: UTF8.self)
    }

    /// The title, a line of who, where and when, then the text.
    static func text(_ article: ExtractedArticle) -> String {
        var lines: [String] = []
        if let title = article.title { lines.append(title) }
        var about: [String] = []
        if let author = article.author ?? article.byline { about.append(author) }
        if let site = article.siteName { about.append(site) }
        if let published = article.published {
            about.append(published.formatted(.iso8601.year().month().day()))
        } else if let text = article.publishedText {
            about.append(text)
        }
        if !about.isEmpty { lines.append(about.joined(separator: " · ")) }
        if !lines.isEmpty { lines.append("") }
        lines.append(article.text)
        return lines.joined(separator: "\n")
    }
}
