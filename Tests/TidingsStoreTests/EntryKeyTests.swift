import Testing
import TidingsStore

/// `entries.key` is "source\nkey": written and read only by `EntryKey`.
@Suite("Entry keys")
struct EntryKeyTests {
    @Test("a key is stored as source, line break, item, and read back whole — an item may hold line breaks")
    func roundTrips() {
        let keys = [
            EntryKey(source: "https://a.example/feed.xml", item: "id:tag:a.example,2026:1"),
            EntryKey(source: "file:/srv/news.rss", item: "line one\nline two"),
            EntryKey(source: "https://a.example/feed.xml", item: ""),
        ]
        for key in keys {
            #expect(EntryKey(stored: key.stored) == key, "\(key)")
        }
        #expect(keys[0].stored == "https://a.example/feed.xml\nid:tag:a.example,2026:1")
    }

    @Test("a row from before migration 6, with no source in its key, reads as an item of no source")
    func unscoped() {
        let key = EntryKey(stored: "https://e.example/old")
        #expect(key.source.isEmpty && key.item == "https://e.example/old")
        #expect(key.stored == "https://e.example/old")
    }
}
