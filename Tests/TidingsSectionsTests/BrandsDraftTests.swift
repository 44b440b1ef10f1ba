import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// How an editor's change is checked (issue 38): the kept documents with one changed, read whole.
@Suite struct BrandsDraftTests {
    static let kept: [(brand: String, sections: [String])] = [
        (
            "id: courier\nname: Courier\n",
            [
                "id: news\ntitle: News\nsource: {type: web, url: \"https://courier.example/\"}\n",
                "id: culture\ntitle: Culture\nsource: {type: feed, url: \"https://courier.example/c.rss\"}\n",
            ]
        ),
        ("id: tribune\nname: Tribune\n", ["id: front\ntitle: Front\nsource: {type: catalog}\n"]),
    ]

    static func document(_ json: String) throws -> EditedDocument {
        try EditedDocument(json: Array(json.utf8), origin: "request body")
    }

    @Test("a mistake in the changed document is named by its path there, and its brand and section")
    func locatesMistakes() throws {
        var draft = try BrandsDraft(documents: Self.kept)
        #expect(try draft.read(origin: "test").map(\.id) == ["courier", "tribune"])
        let bad = try Self.document(#"{"id":"culture","title":"C","source":{"type":"feed","url":"ftp://x"}}"#)
        let put = draft.putSection(bad, brand: "courier", replacing: "culture")
        #expect(put)
        let changed = draft
        let error = try #require(throws: ConfigurationError.self) { try changed.read(origin: "request body") }
        let path = try #require(error.path)
        #expect(path.hasPrefix("brands[0].sections[1].source.url"), "\(path)")
        let located = draft.locate(path)
        #expect(located.brand == "courier" && located.section == "culture")
        #expect(located.field.hasPrefix("source.url"))
        #expect(draft.locate("brands[1].name") == ("tribune", nil, "name"))
        #expect(draft.locate("fetch.interval") == (nil, nil, "fetch.interval"))
        let nowhere = draft.putSection(bad, brand: "nowhere", replacing: nil)
        #expect(!nowhere)
    }

    @Test("removing what another document needs is refused by the reader")
    func crossDocumentRules() throws {
        var draft = try BrandsDraft(documents: Self.kept)
        let removed = draft.removeSection("front", brand: "tribune")
        #expect(removed)
        let emptied = draft
        let error = try #require(throws: ConfigurationError.self) { try emptied.read(origin: "request body") }
        #expect(error.path == "brands[1].sections" && error.problem == "must list at least one section")
        let gone = draft.removeBrand("tribune")
        #expect(gone)
        #expect(try draft.read(origin: "test").map(\.id) == ["courier"])
    }

    @Test("JSON in, JSON out: a kept document as JSON reads back to the same brands")
    func jsonRoundTrip() throws {
        let brands = try BrandsDraft(documents: Self.kept).read(origin: "test")
        var draft = try BrandsDraft(documents: Self.kept)
        for brand in brands {
            for section in brand.sections {
                let yaml = try BrandsWriter.text(BrandsWriter.section(section))
                let json = try BrandsDraft.json(yaml: yaml)
                let put = draft.putSection(try Self.document(json), brand: brand.id, replacing: section.id)
                #expect(put)
            }
        }
        #expect(try draft.read(origin: "test") == brands)
        #expect(
            try BrandsDraft.json(
                yaml: "id: a\ncount: 4\nembed: true\nname: \"123\"\ntext: \"line\\n\\\"q\\\"\"\nnothing: null\n")
                == #"{"id":"a","count":4,"embed":true,"name":"123","text":"line\n\"q\"","nothing":null}"#)
    }

    @Test("words YAML 1.1 took for booleans, octals or times stay words in JSON: Norway's NO is not false")
    func yamlOneOneScalars() throws {
        #expect(
            try BrandsDraft.json(
                yaml:
                    "country: NO\nanswer: yes\nswitch: Off\nzip: 0123\nclock: 18:00\nhex: 0x1F\nbig: 1_000\nok: True\nn: -12\nf: 2.5\n"
            )
                == #"{"country":"NO","answer":"yes","switch":"Off","zip":"0123","clock":"18:00","hex":"0x1F","big":"1_000","ok":true,"n":-12,"f":2.5}"#
        )
        // A Norwegian weather widget read, written, sent as JSON and taken back keeps its country.
        let yaml =
            "id: vaer\ntitle: Vær\nsource: {type: feed, url: \"https://v.example/rss\"}\nplacement:\n  widgets:\n    - {position: 2, kind: local, section: vaer, location: {country: NO, city: Bergen}}\n"
        var draft = try BrandsDraft(documents: [("id: v\nname: V\n", [yaml])])
        let json = try BrandsDraft.json(yaml: yaml)
        #expect(draft.putSection(try Self.document(json), brand: "v", replacing: "vaer"))
        let read = try draft.read(origin: "test")
        #expect(read[0].sections[0].placement.widgets.first?.location["country"] == "NO")
    }

    @Test("a body is one JSON object: YAML, lists and broken JSON are refused")
    func jsonOnly() throws {
        for body in ["id: news\n", "[1]", "{\"id\": ", "\"text\"", ""] {
            #expect(throws: ConfigurationError.self, "\(body)") { try Self.document(body) }
        }
        let document = try Self.document(#"{"title":"T"}"#)
        #expect(document.id == nil && document.has("title") && !document.has("id"))
        #expect(document.identified(as: "news")?.id == "news")
        #expect(try Self.document(#"{"id":"a"}"#).identified(as: "b") == nil)
    }
}
