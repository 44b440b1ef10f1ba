import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// An RSS 2.0 podcast: `itunes:` and Podcasting 2.0 declared.
func podcast(_ items: String, channel: String = "") -> String {
    """
    <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
    xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Show</title>\
    <link>https://example.com/</link>\(channel)\(items)</channel></rss>
    """
}

@Suite("Podcasts: itunes and Podcasting 2.0", .ownThreads)
struct PodcastTests {
    @Test("a feed and entries without podcast elements have no podcast and no episode")
    func absent() throws {
        let feed = try parse(podcast("<item><title>A</title></item>"))
        #expect(feed.podcast == nil)
        #expect(feed.entries[0].episode == nil)
    }

    @Test("itunes:link rel=image is the show's and the episode's image when there is no itunes:image")
    func itunesLinkImage() throws {
        let link = #"<itunes:link rel="image" type="image/jpeg" href="/art.jpg">Art</itunes:link>"#
        let image = #"<itunes:image href="https://example.com/cover.jpg"/>"#
        let feed = try parse(
            rss(
                "<item><title>a</title>\(link)</item><item><title>b</title>\(link)\(image)</item>"
                    + #"<item><title>c</title><itunes:link rel="alternate" href="/page"/></item>"#
                    + #"<item><title>d</title><itunes:link rel="image" href="javascript:alert(1)"/></item>"#,
                channel: "<title>T</title><link>https://example.com/</link>\(link)"))
        #expect(feed.podcast?.image == "https://example.com/art.jpg")
        #expect(feed.image == "https://example.com/art.jpg")
        #expect(
            feed.entries.map(\.episode?.image) == [
                "https://example.com/art.jpg", "https://example.com/cover.jpg", nil, nil,
            ])
        #expect(feed.entries[0].image == "https://example.com/art.jpg")
        let imageFirst = try parse(
            rss("", channel: "<title>T</title><link>https://example.com/</link>\(image)\(link)"))
        #expect(imageFirst.podcast?.image == "https://example.com/cover.jpg")
    }

    @Test("the show: categories as paths, a subcategory standing for its parent, without repeats")
    func categories() throws {
        let feed = try parse(
            podcast(
                "",
                channel: """
                    <itunes:category text="Technology"/>
                    <itunes:category text="Society &amp; Culture"><itunes:category text="History"/></itunes:category>
                    <itunes:category text="Technology"/>
                    <itunes:category text="Arts"><itunes:category text="Books"><itunes:category text="Deep"/>
                    </itunes:category></itunes:category><itunes:category/>
                    """))
        #expect(feed.podcast?.categories == [["Technology"], ["Society & Culture", "History"], ["Arts", "Books"]])
    }

    @Test("the show: explicit, type, complete, owner, subtitle, image, guid, locked")
    func show() throws {
        let feed = try parse(
            podcast(
                "",
                channel: """
                    <itunes:explicit>Yes</itunes:explicit><itunes:type>Serial</itunes:type>
                    <itunes:complete>yes</itunes:complete>
                    <itunes:owner><itunes:name>Jo  Host</itunes:name><itunes:email>jo@example.com</itunes:email></itunes:owner>
                    <itunes:subtitle>Short &lt;b&gt;line&lt;/b&gt;</itunes:subtitle>
                    <itunes:image href="/art.jpg"/>
                    <podcast:guid> 917393e3-1b1e-5cef-ace4-edaa54e1f810 </podcast:guid><podcast:locked>no</podcast:locked>
                    """))
        let show = try #require(feed.podcast)
        #expect(show.explicit == true)
        #expect(show.type == .serial)
        #expect(show.complete == true)
        #expect(show.owner == ParsedAuthor(name: "Jo Host", email: "jo@example.com"))
        #expect(show.subtitle == "Short line")
        #expect(show.image == "https://example.com/art.jpg")
        #expect(show.guid == "917393e3-1b1e-5cef-ace4-edaa54e1f810")
        #expect(show.locked == false)
        // The subtitle is also the description when there is none.
        #expect(feed.description == "Short line")
    }

    @Test(
        "itunes:explicit: yes/true/explicit are true, no/false/clean false, anything else absent with a warning",
        arguments: [
            ("yes", true), ("TRUE", true), ("explicit", true), ("no", false), ("false", false), ("Clean", false),
            ("maybe", nil),
        ] as [(String, Bool?)])
    func explicit(_ text: String, _ expected: Bool?) throws {
        let feed = try parse(podcast("<item><title>A</title><itunes:explicit>\(text)</itunes:explicit></item>"))
        #expect(feed.entries[0].episode?.explicit == expected)
        #expect(feed.warnings.contains { $0.message.contains("neither yes nor no") } == (expected == nil))
    }

    @Test(
        "itunes:duration in seconds: H:MM:SS, MM:SS, seconds, fractions; anything else absent",
        arguments: [
            ("1:02:03", 3723.0), ("01:02:03", 3723), ("45:30", 2730), ("3079", 3079), ("00:60:05", 3605),
            ("12.5", 12.5), ("1:02.25", 62.25), ("0", 0),
            ("45 min", nil), ("1:2:3:4", nil), ("", nil), ("1::2", nil), ("-5", nil), ("1.2.3", nil),
            ("1:100", nil), ("99999999", nil), ("nan", nil), ("1e3", nil),
        ] as [(String, Double?)])
    func duration(_ text: String, _ expected: Double?) {
        #expect(XMLFeedBuilder.duration(text) == expected)
    }

    @Test("the episode: numbers, type, subtitle, image in both spellings; bad values left out with warnings")
    func episode() throws {
        let feed = try parse(
            podcast(
                """
                <item><title>A</title><itunes:episode>12</itunes:episode><itunes:season>3</itunes:season>
                <itunes:episodeType>Trailer</itunes:episodeType><itunes:subtitle>Sub</itunes:subtitle>
                <itunes:image url="https://cdn.example.com/a.jpg"/><itunes:duration>1:00</itunes:duration></item>
                <item><title>B</title><itunes:episode>-1</itunes:episode><itunes:episodeType>teaser</itunes:episodeType>
                <itunes:image>https://cdn.example.com/b.jpg</itunes:image><itunes:duration>soon</itunes:duration></item>
                <item><title>C</title><itunes:image>/relative.jpg</itunes:image></item>
                """))
        let first = try #require(feed.entries[0].episode)
        #expect(first.episode == 12)
        #expect(first.season == 3)
        #expect(first.episodeType == .trailer)
        #expect(first.subtitle == "Sub")
        #expect(first.image == "https://cdn.example.com/a.jpg")
        #expect(first.duration == 60)
        #expect(feed.entries[0].summaryText == "Sub")
        #expect(feed.entries[0].imageSource == .itunesImage)
        let second = try #require(feed.entries[1].episode)
        #expect(second.episode == nil && second.episodeType == nil && second.duration == nil)
        #expect(second.image == "https://cdn.example.com/b.jpg")
        // URL text is not resolved against the base: it must be absolute.
        #expect(feed.entries[2].episode == nil)
        let messages = feed.warnings.map(\.message)
        #expect(messages.contains { $0.contains("itunes:episode \"-1\"") })
        #expect(messages.contains { $0.contains("itunes:episodeType \"teaser\"") })
        #expect(messages.contains { $0.contains("itunes:duration \"soon\"") })
        #expect(messages.contains { $0.hasPrefix("image \"/relative.jpg\"") })
    }

    @Test("itunes numbers win over podcast:season and podcast:episode, which stand in when alone")
    func numberPrecedence() throws {
        let feed = try parse(
            podcast(
                """
                <item><title>A</title><podcast:season name="Origins">2</podcast:season><podcast:episode>7</podcast:episode>
                <itunes:season>3</itunes:season><itunes:episode>8</itunes:episode></item>
                <item><title>B</title><podcast:season>2</podcast:season><podcast:episode>7.5</podcast:episode></item>
                """))
        #expect(feed.entries[0].episode?.season == 3)
        #expect(feed.entries[0].episode?.episode == 8)
        #expect(feed.entries[0].episode?.seasonName == "Origins")
        #expect(feed.entries[1].episode?.season == 2)
        #expect(feed.entries[1].episode?.episode == nil)
    }

    @Test("Podcasting 2.0: transcripts, chapters, persons and funding, URLs resolved and checked")
    func podcasting2() throws {
        let feed = try parse(
            podcast(
                """
                <item><title>A</title>
                <podcast:transcript url="/t.vtt" type="text/vtt" language="en" rel="captions"/>
                <podcast:transcript url="javascript:alert(1)" type="text/html"/>
                <podcast:chapters url="https://example.com/c.json" type="application/json+chapters"/>
                <podcast:chapters url="https://example.com/other.json"/>
                <podcast:person role="Guest" href="https://example.com/ann" img="ann.jpg">Ann
                Guest</podcast:person><podcast:person> </podcast:person></item>
                """,
                channel: """
                    <podcast:funding url="https://example.com/donate">Support the show</podcast:funding>
                    <podcast:funding url="ftp://example.com/x">No</podcast:funding>
                    <podcast:person group="Writing" role="host">Jo</podcast:person>
                    """))
        let episode = try #require(feed.entries[0].episode)
        #expect(
            episode.transcripts == [
                PodcastTranscript(url: "https://example.com/t.vtt", type: "text/vtt", language: "en", rel: "captions")
            ])
        #expect(
            episode.chapters == PodcastChapters(url: "https://example.com/c.json", type: "application/json+chapters"))
        #expect(
            episode.persons == [
                PodcastPerson(
                    name: "Ann Guest", role: "guest", img: "https://example.com/ann.jpg",
                    href: "https://example.com/ann")
            ])
        #expect(feed.podcast?.funding == [PodcastFunding(url: "https://example.com/donate", text: "Support the show")])
        #expect(feed.podcast?.persons == [PodcastPerson(name: "Jo", role: "host", group: "writing")])
        #expect(feed.warnings.contains { $0.message.hasPrefix("podcast:transcript \"javascript:") })
        #expect(feed.warnings.contains { $0.message.hasPrefix("podcast:funding \"ftp:") })
    }

    @Test("the Podcasting 2.0 namespace in its GitHub spelling and undeclared as podcast: is read")
    func namespaceVariants() throws {
        let github = """
            <rss version="2.0" xmlns:p="https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md">\
            <channel><title>S</title><p:guid>g</p:guid></channel></rss>
            """
        #expect(try parse(github).podcast?.guid == "g")
        let undeclared = "<rss version=\"2.0\"><channel><title>S</title><podcast:guid>g</podcast:guid></channel></rss>"
        #expect(try parse(undeclared).podcast?.guid == "g")
    }

    @Test("podcast lists stop at maxPodcastItems with one warning, and stay linear")
    func caps() throws {
        var options = FeedParser.Options()
        options.maxPodcastItems = 3
        let persons = String(repeating: "<podcast:person>P</podcast:person>", count: 10)
        let categories = (0..<10).map { "<itunes:category text=\"C\($0)\"/>" }.joined()
        let feed = try parse(
            podcast("<item><title>A</title>\(persons)</item>", channel: categories + persons), options: options)
        #expect(feed.podcast?.categories.count == 3)
        #expect(feed.podcast?.persons.count == 3)
        #expect(feed.entries[0].episode?.persons.count == 3)
        #expect(feed.warnings.filter { $0.message.contains("podcast categories") }.count == 1)
        // 20,000 distinct categories: de-duplicated through a set, not a scan of the list.
        let many = (0..<20_000).map { "<itunes:category text=\"C\($0)\"/>" }.joined()
        let (_, cpu) = try measuringThreadCPU { try parse(podcast("", channel: many)) }
        #expect(cpu < .seconds(5))
    }

    @Test("a one-line field is one line and cut to the title limit")
    func oneLine() throws {
        var options = FeedParser.Options()
        options.maxTitleLength = 5
        let feed = try parse(
            podcast("", channel: "<podcast:person role=\"a\nb\">Firstname\nLastname</podcast:person>"),
            options: options)
        #expect(feed.podcast?.persons.first?.name == "First")
        #expect(feed.podcast?.persons.first?.role == "a b")
    }

    @Test("the podcast fields survive encoding to JSON and back, snake_case and absent when empty")
    func roundTrip() throws {
        let feed = try parse(
            podcast(
                """
                <item><title>A</title><itunes:duration>1:01.5</itunes:duration><itunes:episodeType>bonus</itunes:episodeType>
                <podcast:season name="S">1</podcast:season><podcast:chapters url="https://example.com/c.json"/></item>
                """,
                channel: "<itunes:category text=\"News\"/><podcast:funding url=\"https://example.com/f\"/>"))
        let data = try ParsedFeed.jsonEncoder().encode(feed)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"episode_type\" : \"bonus\"") && text.contains("\"season_name\" : \"S\""))
        #expect(!text.contains("\"persons\"") && !text.contains("\"transcripts\""))
        #expect(try ParsedFeed.jsonDecoder().decode(ParsedFeed.self, from: data) == feed)
    }
}

@Suite("Podcasts of the shared corpus", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage), .ownThreads)
struct CorpusPodcastTests {
    static func feed(_ path: String) throws -> ParsedFeed {
        try FeedParser().parse(Data(contentsOf: SharedCorpus.folder.appendingPathComponent(path)))
    }

    @Test("Night Vale: a subcategory, owner, type and a full episode of 1613 s")
    func nightVale() throws {
        let feed = try Self.feed("real/feed-rs/rss_2.0_nightvale.xml")
        #expect(feed.podcast?.categories == [["Fiction", "Science Fiction"]])
        #expect(
            feed.podcast?.owner == ParsedAuthor(name: "Welcome to Night Vale", email: "info@welcometonightvale.com"))
        #expect(feed.podcast?.type == .episodic)
        #expect(feed.entries[0].episode?.duration == 1613)
        #expect(feed.entries[0].episode?.episodeType == .full)
    }

    @Test("ATP: 99 of 100 episodes give a duration (one item has no itunes:duration); the show is not explicit")
    func atp() throws {
        let feed = try Self.feed("real/netnewswire/atp.rss")
        #expect(feed.podcast?.explicit == false)
        #expect(feed.podcast?.categories == [["Technology"]])
        #expect(feed.entries.count == 100)
        #expect(feed.entries.filter { $0.episode?.duration != nil }.count == 99)
        #expect(feed.entries[0].episode?.duration == 6849)
    }

    @Test(
        "Taverncast: two category paths; its broken itunes:image text is dropped for its itunes:link image, RSS image stays the feed's"
    )
    func taverncast() throws {
        let feed = try Self.feed("real/rss-parser/itunes-category.rss")
        #expect(feed.podcast?.categories == [["Society & Culture"], ["Games & Hobbies", "Hobbies"]])
        #expect(feed.podcast?.image == "http://www.taverncast.com/itunes-logo.png")
        #expect(feed.image == "http://www.taverncast.com/itunes-logo.png")
        #expect(feed.entries[0].episode?.duration == 4190)
    }

    @Test("FeedKit's Podcast.xml: transcripts with type, language and rel")
    func transcripts() throws {
        let feed = try Self.feed("small/feedkit/Podcast.xml")
        #expect(feed.entries[0].episode?.transcripts.count == 2)
        #expect(feed.entries[0].episode?.transcripts.last?.rel == "captions")
    }
}
