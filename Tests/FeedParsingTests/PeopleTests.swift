import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("People from every module", .ownThreads)
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

    /// Found by scripts/compare-feedparser.py (cloudblog.rss): an RSS author written with Atom-like
    /// children became its markup as the name.
    @Test("an RSS author with child elements gives their text, not its markup")
    func structuredAuthor() throws {
        let feed = try parse(
            rss(
                """
                <item><guid>a</guid><author><name>Jo</name><title>PM</title></author></item>
                <item><guid>b</guid><author><x:name xmlns:x="urn:x">Ann &amp; Bo</x:name><email>ab@example.com</email></author></item>
                <item><guid>c</guid><author><b>Bold</b> Name</author></item>
                """))
        #expect(
            feed.entries.map(\.authors) == [
                [ParsedAuthor(name: "Jo")], [ParsedAuthor(name: "Ann & Bo", email: "ab@example.com")],
                [ParsedAuthor(name: "Bold Name")],
            ])
    }

    /// Found by scripts/compare-feedparser.py (atom_example_4.xml, macworld.rss).
    @Test("categories: an Atom category's text when it has no term, RSS categories inside a wrapper")
    func categoryForms() throws {
        let atom = try parse(
            #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>a</id><category>ebmpapst</category><category term="t"/></entry></feed>"#
        )
        #expect(atom.entries.first?.categories == ["ebmpapst", "t"])
        let wrapped = try parse(
            rss(
                "<item><guid>a</guid><categories><category>Bluetooth</category><category>Audio</category></categories></item>"
            ))
        #expect(wrapped.entries.first?.categories == ["Bluetooth", "Audio"])
    }
}
