import Foundation

/// The generated feed `tidings bench parse` times, and `scripts/bench-parse-instructions.sh`
/// counts instructions on (it compiles this file beside FeedParsing): one generator for both.
enum BenchFeed {
    /// An RSS 2.0 feed with `entries` items shaped like a news site's: escaped HTML descriptions,
    /// CDATA content, Media RSS thumbnails, Dublin Core creators, categories.
    static func generated(entries: Int) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Generated</title><link>https://example.com/</link><description>Bench feed</description>

            """
        let paragraph = "Prices at the market moved again this week &amp; shoppers noticed: "
        for index in 0..<entries {
            let day = 1 + index % 28
            text += """
                <item><title>Story number \(index) about prices &amp; people</title>
                <link>https://example.com/news/\(index)</link><guid isPermaLink="false">story-\(index)</guid>
                <pubDate>Mon, \(day < 10 ? "0" : "")\(day) Nov 2026 10:\(index % 60 < 10 ? "0" : "")\(index % 60):00 +0300</pubDate>
                <dc:creator>Reporter \(index % 17)</dc:creator><category>Economy</category><category>Local</category>
                <description>&lt;p&gt;\(paragraph)\(String(repeating: "more words ", count: 20))&lt;/p&gt;</description>
                <content:encoded><![CDATA[<p>\(String(repeating: "Body text of the story with <a href=\"/link\">a link</a> and <b>bold</b>. ", count: 12))</p><img src="https://example.com/i/\(index).jpg" alt="">]]></content:encoded>
                <media:thumbnail url="https://example.com/t/\(index).jpg" width="320" height="180"/></item>

                """
        }
        text += "</channel></rss>\n"
        return Array(text.utf8)
    }
}
