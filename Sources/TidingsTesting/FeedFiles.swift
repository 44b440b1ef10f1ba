import Foundation
import TidingsModel

/// Feed documents written to a temporary directory, for `file` sources in tests.
public struct FeedFiles: Sendable {
    public let directory: URL

    /// A fresh directory.
    public init() throws {
        directory = try TemporaryFolder.make("feeds")
    }

    /// Writes `text` to `name` and returns its path. Rewriting a file changes its size or
    /// modification time, which is how the poller notices.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        // Two writes within one clock tick would look unchanged; move the time forward explicitly.
        let tick = FeedFiles.writes.withLock { count in
            count += 1
            return count
        }
        let stamp = Date().addingTimeInterval(Double(tick))
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: url.path)
        return url.path
    }

    /// An RSS document with items numbered `numbers`, newest (highest) first, one hour apart.
    public static func rss(items numbers: some Sequence<Int>, title: String = "Test feed") -> String {
        let base = Date(timeIntervalSince1970: 1_795_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let items = numbers.sorted().reversed().map { number in
            """
            <item><title>Story \(number)</title><link>https://news.example/\(number)</link>
            <description>Text of story \(number).</description>
            <pubDate>\(formatter.string(from: base.addingTimeInterval(Double(number) * 3600)))</pubDate></item>
            """
        }
        return "<rss version=\"2.0\"><channel><title>\(title)</title>\(items.joined())</channel></rss>"
    }

    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let writes = Locked(0)
}
