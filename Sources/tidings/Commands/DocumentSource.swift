import ArgumentParser
import FeedParsing
import Foundation
import TidingsIngest

/// A document named on the command line, a file path or an http(s) URL, read as `tidings parse`
/// and `tidings extract` read it: a file as it is; a URL through the fetcher the poller uses
/// (timeouts, size cap, redirects checked, readable errors), with every host allowed, since the
/// person running the command chose the URL, as with curl.
struct DocumentSource {
    /// The command's name, the start of its error messages.
    var command: String
    var source: String
    var maxBodyBytes: Int

    /// The document's bytes, the HTTP charset, and the final URL when fetched.
    func read() async throws -> (bytes: [UInt8], charset: String?, url: URL?) {
        let lower = source.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            guard let data = FileManager.default.contents(atPath: source) else {
                printError("\(command): cannot read \(source)")
                throw ExitCode(2)
            }
            return ([UInt8](data), nil, nil)
        }
        guard let url = URL(string: source) else {
            printError("\(command): \(source) is not a URL")
            throw ExitCode(2)
        }
        let fetcher = SourceFetcher(
            policy: FetchPolicy(
                connectTimeout: .seconds(10), readTimeout: .seconds(15), totalTimeout: .seconds(30),
                maxBodyBytes: maxBodyBytes, allowHosts: ["*"], userAgent: "tidings-\(command)"))
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
                printError("\(command): \(source): the body is over \(maxBodyBytes) bytes; only its start was read")
            }
            return (response.body, response.charset, response.finalURL)
        case .failure(let error):
            printError("\(command): " + error.message.replacingOccurrences(of: "fetch: ", with: "", options: .anchored))
            throw ExitCode(2)
        }
    }

    /// `--base` checked: an absolute URL, or a clear error.
    static func base(_ text: String?, command: String) throws -> URL? {
        guard let text else { return nil }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            printError(
                "\(command): --base must be an absolute URL such as https://example.com/page.html, not \"\(text)\"")
            throw ExitCode(2)
        }
        return url
    }
}
