import Foundation
import Testing

@testable import FeedParsing

@Suite("People from every module")
struct PeopleTests {
    @Test("the channel's people reach the feed's authors, in document order, without repeats")
    func channelPeople() throws {
        let feed = try parse(
            rss(
                "",
                channel: """
                    <title>T</title><author>Ann Author</author>
                    <managingEditor>ed@example.com (Ed Itor)</managingEditor>
                    <webMaster>web@example.com (Web Master)</webMaster>
                    <dc:creator>Cree Ator</dc:creator><dc:author>Dee Author</dc:author>
                    <managingEditor>ed@example.com (Ed Itor)</managingEditor>
                    """))
        #expect(
            feed.authors == [
                ParsedAuthor(name: "Ann Author"), ParsedAuthor(name: "Ed Itor", email: "ed@example.com"),
                ParsedAuthor(name: "Web Master", email: "web@example.com"), ParsedAuthor(name: "Cree Ator"),
                ParsedAuthor(name: "Dee Author"),
            ])
    }

    @Test(
        "an RSS person splits into name and email in every common form, for entries and the feed alike",
        arguments: [
            ("jo@example.com (Jo Smith)", ParsedAuthor(name: "Jo Smith", email: "jo@example.com")),
            ("Jo Smith (jo@example.com)", ParsedAuthor(name: "Jo Smith", email: "jo@example.com")),
            ("Jo Smith <jo@example.com>", ParsedAuthor(name: "Jo Smith", email: "jo@example.com")),
            ("<jo@example.com>", ParsedAuthor(email: "jo@example.com")),
            ("mailto:jo@example.com", ParsedAuthor(email: "jo@example.com")),
            ("jo@example.com", ParsedAuthor(email: "jo@example.com")),
            ("Jo Smith", ParsedAuthor(name: "Jo Smith")),
            ("Jo (the editor)", ParsedAuthor(name: "Jo (the editor)")),
        ])
    func personForms(_ text: String, _ expected: ParsedAuthor) throws {
        let escaped = text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        let feed = try parse(
            rss(
                "<item><title>a</title><author>\(escaped)</author></item>",
                channel: "<title>T</title><managingEditor>\(escaped)</managingEditor>"))
        #expect(feed.authors == [expected])
        #expect(feed.entries.first?.authors == [expected])
    }
}
