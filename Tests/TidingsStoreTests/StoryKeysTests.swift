import Foundation
import Testing
import TidingsModel

@testable import TidingsStore

/// Issue 42's keys: a link's key, the words of a text, MinHash signatures and the grouping rule.
@Suite("Story keys")
struct StoryKeysTests {
    @Test(
        "links to one page by other roads have one key",
        arguments: [
            ("https://www.example.com/news/a-story/", "example.com/news/a-story"),
            ("http://example.com/news/a-story", "example.com/news/a-story"),
            ("https://m.example.com/news/a-story#comments", "example.com/news/a-story"),
            ("https://mobile.example.com/news/a-story", "example.com/news/a-story"),
            ("https://amp.example.com/news/a-story", "example.com/news/a-story"),
            ("https://example.com/amp/news/a-story", "example.com/news/a-story"),
            ("https://example.com/news/a-story/amp", "example.com/news/a-story"),
            ("https://example.com/news/a-story/amp/", "example.com/news/a-story"),
            ("https://example.com/news/a-story.amp.html", "example.com/news/a-story.html"),
            ("https://example.com/news/a-story.amp", "example.com/news/a-story"),
            ("https://example.com/news/a-story?amp=1", "example.com/news/a-story"),
            ("https://example.com/news/a-story?outputType=amp", "example.com/news/a-story"),
            ("https://EXAMPLE.com:443/news/a-story", "example.com/news/a-story"),
            ("http://user:pw@example.com:80/news/a-story", "example.com/news/a-story"),
            (
                "https://example.com/news/a-story?utm_source=rss&utm_medium=feed&fbclid=x1&gclid=y&mc_cid=1",
                "example.com/news/a-story"
            ),
            ("https://example.com/article?id=7&utm_campaign=z&page=2", "example.com/article?id=7&page=2"),
            ("https://example.com/article?page=2&id=7", "example.com/article?id=7&page=2"),
            ("https://example.com/a/", "example.com/a"),
            ("https://example.com:8080/a", "example.com:8080/a"),
            ("https://[2001:db8::1]:443/a", "[2001:db8::1]/a"),
            ("https://[2001:db8::1]/a", "[2001:db8::1]/a"),
        ])
    func sameKey(link: String, key: String) {
        #expect(StoryURL.key(link) == key)
    }

    @Test("what names another page keeps its own key")
    func differentKeys() {
        // Case in a path, a parameter that selects the page, a port, a variant label of a
        // two-label host, and a word that only starts like "amp".
        let links = [
            "https://example.com/News/A", "https://example.com/news/a", "https://example.com/article?id=7",
            "https://example.com/article?id=8", "https://example.com:8080/news/a", "https://amp.dev/about",
            "https://m.tt/a", "https://example.com/news/ampere", "https://example.com/news/a.ampersand",
            "https://news.google.com/rss/articles/CBMiAAA", "https://news.google.com/rss/articles/CBMiBBB",
        ]
        let keys = links.compactMap(StoryURL.key)
        #expect(keys.count == links.count)
        #expect(Set(keys).count == links.count, "\(keys)")
        #expect(StoryURL.key("https://amp.dev/about") == "amp.dev/about")
    }

    @Test(
        "only http and https links with a host, to a page other than the front page, have a key",
        arguments: [
            "mailto:a@example.com", "ftp://example.com/a", "https://", "example.com/a", "", "javascript:alert(1)",
            "https://example.com/", "https://www.example.com", "https://example.com/amp/",
            "https://example.com/?utm_source=a",
        ])
    func noKey(link: String) {
        #expect(StoryURL.key(link) == nil)
    }

    @Test("words are folded, split at whatever is not a letter or digit; unspaced scripts go a character at a time")
    func words() {
        #expect(
            StoryText.words("Ålesund: Storm «Ingunn» nådde 45 m/s!") == [
                "alesund", "storm", "ingunn", "nadde", "45", "m", "s",
            ])
        #expect(StoryText.words("東京で地震") == ["東", "京", "で", "地", "震"])
        #expect(StoryText.words("Tokyo東京 quake") == ["tokyo", "東", "京", "quake"])
        #expect(StoryText.words("  — ") == [])
        // Accents written apart from their letters fold as precomposed ones do; Cyrillic and
        // Greek fold too, and full-width letters are letters.
        #expect(
            StoryText.words("A\u{30A}lesund Ålesund Ёлка ΆΘΗΝΑ ＡＢＣ１") == [
                "alesund", "alesund", "елка", "αθηνα", "abc1",
            ])
    }

    @Test("an aggregator's \" - Source\" after a title is left out when it names the entry's source")
    func withoutSource() {
        #expect(StoryText.withoutSource("Storm closes schools - NRK", source: "NRK") == "Storm closes schools")
        #expect(StoryText.withoutSource("Storm closes schools | nrk", source: "NRK") == "Storm closes schools")
        #expect(StoryText.withoutSource("Storm closes schools - VG", source: "NRK") == "Storm closes schools - VG")
        #expect(StoryText.withoutSource("NRK", source: "NRK") == "NRK")
        #expect(StoryText.withoutSource(" - NRK", source: "NRK") == " - NRK")
    }

    @Test("signatures are the same in every process: a fixed text has a fixed signature and buckets")
    func fixedSignature() throws {
        let keys = StoryKeys(
            url: "https://example.com/a", title: "Storm closes all schools in Bergen on Monday",
            summary: nil, source: "NRK")
        let signature = try #require(keys.signature)
        #expect(signature.count == StoryKeys.hashes)
        #expect(keys.buckets.count == StoryKeys.bands)
        // Written down once from this code: a change of seeds, hashing or words changes them, and
        // every store's groups would then have to be made again (the rule's description says so).
        #expect(signature.prefix(4).map { String($0, radix: 16) } == Self.expectedPrefix)
    }
    static let expectedPrefix = ["69d0d418", "22fc18f", "3f543c30", "1f7c15bc"]

    @Test("a signature is made from each word's hash as the word's letters come: the hashes of the words found")
    func hashesAsWordsComeIn() {
        let texts = [
            ("Ålesund: Storm «Ingunn» nådde 45 m/s!", "A\u{30A}lesund Ålesund Ёлка ΆΘΗΝΑ ＡＢＣ１ İstanbul ß"),
            ("東京で地震 Tokyo東京 quake", "  — "), ("Ελληνικά νέα σήμερα", "Новости дня: ураган на побережье"),
            ("", "only the summary here"), ("x", ""),
        ]
        for (title, summary) in texts {
            let words = StoryText.words(title) + StoryText.words(summary)
            let keys = StoryKeys(url: nil, title: title, summary: summary, source: "")
            #expect(keys.words == words.count)
            #expect(keys.signature == StoryKeys.signature(ofWords: words.map(FNV1a.hash)), "\(title)")
        }
    }

    @Test("a text under the rule's words groups by its link only")
    func shortText() {
        let keys = StoryKeys(
            url: "https://example.com/a", title: "Live: election", summary: nil, source: "A")
        let other = StoryKeys(url: "https://example.org/b", title: "Live: election", summary: nil, source: "B")
        #expect(keys.words == 2)
        #expect(keys.url == "example.com/a")
        #expect(keys.similarity(to: other) == 1)
        let at = Date(timeIntervalSince1970: 0)
        let a = StoryEntry(seq: 1, source: "A", at: at, keys: keys)
        let b = StoryEntry(seq: 2, source: "B", at: at, keys: other)
        #expect(!StoryRule(minWords: 3).matches(b, a))
        #expect(StoryRule(minWords: 2).matches(b, a))
        let empty = StoryKeys(url: nil, title: " - ", summary: nil, source: "A")
        #expect(empty.signature == nil && empty.buckets.isEmpty)
    }

    @Test("a link one source gives several entries (a day page with anchors, a show page) is no story's key")
    func sharedLinks() {
        let day = "http://blog.example/2017/06/26.html"
        let keys = [
            StoryKeys(url: day + "#a1", title: "Good morning", summary: nil, source: "S"),
            StoryKeys(url: day + "#a2", title: "Feeds give power to users", summary: nil, source: "S"),
            StoryKeys(url: "http://blog.example/about", title: "About", summary: nil, source: "S"), nil,
        ]
        let kept = StoryKeys.withoutSharedLinks(keys)
        #expect(kept.map { $0?.url } == [nil, nil, "blog.example/about", nil])
        #expect(kept[0]?.signature == keys[0]?.signature, "the text still groups")
    }

    @Test("a link key too long for an index is kept as a bounded hash of itself")
    func longLink() throws {
        let long = "https://example.com/" + String(repeating: "å", count: 600)
        let keys = StoryKeys(url: long, title: "t", summary: nil, source: "A")
        let key = try #require(keys.url)
        #expect(key.utf8.count < 300)
        #expect(key == StoryKeys(url: long + "?utm_source=x", title: "u", summary: nil, source: "B").url)
        #expect(key != StoryKeys(url: long + "x", title: "t", summary: nil, source: "A").url)
    }

    @Test("the estimated similarity stays near the exact Jaccard similarity of the word pairs")
    func estimate() {
        var random = SplitMix64(seed: 42)
        let vocabulary = (0..<400).map { "w\($0)" }
        var worst = 0.0
        for _ in 0..<300 {
            let length = 8 + random.next(upTo: 50)
            let a = (0..<length).map { _ in vocabulary[random.next(upTo: vocabulary.count)] }
            // b: a with some words replaced, some dropped, some added
            var b = a
            for _ in 0..<random.next(upTo: length) {
                let index = random.next(upTo: b.count)
                switch random.next(upTo: 3) {
                case 0: b[index] = vocabulary[random.next(upTo: vocabulary.count)]
                case 1: if b.count > 2 { b.remove(at: index) }
                default: b.insert(vocabulary[random.next(upTo: vocabulary.count)], at: index)
                }
            }
            let exact = Self.jaccard(a, b)
            let keysA = StoryKeys(url: nil, title: a.joined(separator: " "), summary: nil, source: "A")
            let keysB = StoryKeys(url: nil, title: b.joined(separator: " "), summary: nil, source: "B")
            worst = max(worst, abs(keysA.similarity(to: keysB) - exact))
        }
        // 64 values: a standard deviation of at most 0.0625; 300 pairs stay within 4 of them.
        #expect(worst <= 0.25, "worst error \(worst)")
    }

    @Test("pairs above the threshold share a band's bucket (the lookup finds them)")
    func bandsFindSimilarPairs() {
        var random = SplitMix64(seed: 7)
        let vocabulary = (0..<1000).map { "w\($0)" }
        var similar = 0
        var found = 0
        for _ in 0..<400 {
            let a = (0..<40).map { _ in vocabulary[random.next(upTo: vocabulary.count)] }
            var b = a
            for _ in 0..<random.next(upTo: 8) { b[random.next(upTo: b.count)] = vocabulary[random.next(upTo: 1000)] }
            let keysA = StoryKeys(url: nil, title: a.joined(separator: " "), summary: nil, source: "A")
            let keysB = StoryKeys(url: nil, title: b.joined(separator: " "), summary: nil, source: "B")
            guard keysA.similarity(to: keysB) >= 0.5 else { continue }
            similar += 1
            if !Set(keysA.buckets).isDisjoint(with: keysB.buckets) { found += 1 }
        }
        #expect(similar > 200)
        #expect(Double(found) / Double(similar) >= 0.97, "\(found) of \(similar)")
    }

    static func jaccard(_ a: [String], _ b: [String]) -> Double {
        func pairs(_ words: [String]) -> Set<String> {
            Set(words.indices.dropLast().map { words[$0] + " " + words[$0 + 1] })
        }
        let (x, y) = (pairs(a), pairs(b))
        return Double(x.intersection(y).count) / Double(x.union(y).count)
    }
}

@Suite("Story grouping rule")
struct StoryFoldTests {
    static let day = Date(timeIntervalSince1970: 1_780_000_000)
    static let wire =
        "Heavy rain closed roads across western Norway on Sunday as rivers burst their banks and hundreds of homes were evacuated"

    static func entry(
        _ seq: Int64, _ source: String, url: String? = nil, title: String, summary: String? = nil, hours: Double = 0
    )
        -> StoryEntry
    {
        StoryEntry(
            seq: seq, source: source, at: day.addingTimeInterval(hours * 3600),
            keys: StoryKeys(url: url, title: title, summary: summary, source: source))
    }

    @Test("one link from two sources is one story; a third joins it later, and its id stays the first entry's")
    func byLink() {
        var fold = StoryFold(rule: StoryRule())
        #expect(fold.add(Self.entry(1, "a", url: "https://www.example.com/x?utm_source=a", title: "Flood")) == 1)
        #expect(fold.add(Self.entry(2, "b", url: "https://example.com/y", title: "Another")) == 2)
        #expect(fold.add(Self.entry(3, "b", url: "http://example.com/x/", title: "Flood!")) == 1)
        #expect(fold.add(Self.entry(4, "c", url: "https://m.example.com/x", title: "Flood in the west")) == 1)
        #expect(fold.groups == [1: [1, 3, 4], 2: [2]])
    }

    @Test("one source's entries under one link are one story only when their texts are alike; a front page is no link")
    func sameSourceLink() {
        var fold = StoryFold(rule: StoryRule())
        let show = "https://podcast.example/show"
        #expect(fold.add(Self.entry(1, "pod", url: show, title: "Episode 12: the harbour at night, with Ada")) == 1)
        #expect(
            fold.add(Self.entry(2, "pod", url: show, title: "Episode 13: bridges we lost and the ferries after")) == 2)
        // The same item again under a new id: one link, the same words.
        #expect(
            fold.add(Self.entry(3, "pod", url: show, title: "Episode 13: bridges we lost and the ferries after")) == 2)
        // Two sources whose items link to one front page are not one story by that.
        #expect(fold.add(Self.entry(4, "a", url: "https://shop.example/", title: "Apples")) == 4)
        #expect(fold.add(Self.entry(5, "b", url: "https://www.shop.example", title: "Pears")) == 5)
        #expect(StoryURL.key("https://shop.example/?utm_source=x") == nil)
        #expect(StoryURL.key("https://shop.example/?p=12") == "shop.example?p=12")
    }

    @Test("the same text from another source is one story; from the same source, or days apart, it is not")
    func byText() {
        var fold = StoryFold(rule: StoryRule())
        let title = "Roads closed in the west"
        #expect(fold.add(Self.entry(1, "a", url: "https://a.example/1", title: title, summary: Self.wire)) == 1)
        // The same source again: its own entries are never grouped by text.
        #expect(
            fold.add(Self.entry(2, "a", url: "https://a.example/2", title: title, summary: Self.wire, hours: 1)) == 2)
        // Another source, an edited title over the wire's text: the earliest story it matches.
        #expect(
            fold.add(
                Self.entry(
                    3, "b", url: "https://b.example/9", title: "Floods: roads shut across the west", summary: Self.wire,
                    hours: 2)) == 1)
        // Another source, three days later: outside the window.
        #expect(
            fold.add(Self.entry(4, "c", url: "https://c.example/1", title: title, summary: Self.wire, hours: 72)) == 4)
    }

    @Test("different stories with similar titles, and translations, stay apart")
    func apart() {
        var fold = StoryFold(rule: StoryRule())
        fold.add(
            Self.entry(
                1, "a", title: "Storm hits Bergen",
                summary: "Winds of 40 m/s tore roofs off houses in Bergen overnight, and the ferries stopped."))
        #expect(
            fold.add(
                Self.entry(
                    2, "b", title: "Storm hits Oslo",
                    summary:
                        "Snow and ice closed Oslo airport for six hours on Tuesday, stranding thousands of travellers.")
            ) == 2)
        #expect(
            fold.add(
                Self.entry(
                    3, "c", title: "Uvær treffer Bergen",
                    summary: "Vind på 40 m/s rev tak av hus i Bergen i natt, og fergene stanset.")) == 3)
    }

    @Test("grouping through the lookups (link key, band buckets) finds what comparing with every earlier entry finds")
    func lookupsFindEveryMatch() {
        var random = SplitMix64(seed: 11)
        let texts = (0..<12).map { story in (0..<20).map { "s\(story)w\($0)" }.joined(separator: " ") }
        var entries: [StoryEntry] = []
        for seq in 1...300 {
            let story = random.next(upTo: texts.count)
            var words = texts[story].split(separator: " ").map(String.init)
            for _ in 0..<random.next(upTo: 4) { words[random.next(upTo: words.count)] = "x\(random.next(upTo: 99))" }
            entries.append(
                Self.entry(
                    Int64(seq), "src\(random.next(upTo: 5))",
                    url: random.next(upTo: 3) == 0 ? "https://example.com/\(story)" : nil,
                    title: words.joined(separator: " "), hours: Double(seq) / 4))
        }
        let rule = StoryRule()
        var fold = StoryFold(rule: rule)
        for entry in entries { fold.add(entry) }
        // The reference: each entry against every earlier one, no index.
        var reference: [Int64: Int64] = [:]
        for (index, entry) in entries.enumerated() {
            let earlier = entries[..<index].map { ($0, reference[$0.seq]!) }
            reference[entry.seq] = rule.story(for: entry, among: earlier) ?? entry.seq
        }
        let differing = reference.keys.filter { fold.stories[$0] != reference[$0] }.sorted()
        #expect(differing.isEmpty, "entries grouped otherwise than by comparing with every earlier one: \(differing)")
        // Each story's id is its first member, every entry is in one story, and stories formed.
        for (story, members) in fold.groups { #expect(members.first == story) }
        #expect(fold.stories.count == entries.count)
        #expect(fold.groups.count < entries.count / 2)
    }

    @Test("a fold resumed from stored stories (placed, not asked again) goes on as one fold of everything")
    func resumed() {
        var random = SplitMix64(seed: 23)
        let texts = (0..<6).map { story in (0..<12).map { "s\(story)w\($0)" }.joined(separator: " ") }
        let entries = (1...120).map { seq in
            Self.entry(
                Int64(seq), "src\(random.next(upTo: 3))", url: "https://example.com/\(random.next(upTo: 40))",
                title: texts[random.next(upTo: texts.count)], hours: Double(seq))
        }
        var whole = StoryFold(rule: StoryRule())
        for entry in entries { whole.add(entry) }
        for cut in [1, 30, 77, 119] {
            var resumed = StoryFold(rule: StoryRule())
            for entry in entries[..<cut] { resumed.place(entry, in: whole.stories[entry.seq]!) }
            for entry in entries[cut...] { resumed.add(entry) }
            #expect(resumed.stories == whole.stories, "cut at \(cut)")
        }
    }
}

@Suite("The fold's bucket table")
struct BucketTableTests {
    @Test("random adds and removals find what a dictionary of lists finds, through every rehash (property)")
    func againstDictionary() {
        var random = SplitMix64(seed: 5)
        var table = BucketTable()
        var reference: [Int64: [Int64]] = [:]
        var seq: Int64 = 0
        for step in 0..<60_000 {
            // Few buckets, many seqs each, or many buckets: both shapes, and colliding starts.
            let bucket = Int64(bitPattern: random.next()) % (step < 30_000 ? 50 : 1_000_000)
            if random.next(upTo: 3) > 0 || reference.isEmpty {
                seq += 1
                table.insert(seq, at: bucket)
                reference[bucket, default: []].append(seq)
            } else if let key = reference.keys.randomElement(using: &random), var seqs = reference[key] {
                let gone = seqs.remove(at: random.next(upTo: seqs.count))
                table.remove(gone, at: key)
                reference[key] = seqs.isEmpty ? nil : seqs
            }
            if step % 5_000 == 0 || step == 59_999 {
                for (key, seqs) in reference {
                    var found: [Int64] = []
                    table.forEach(at: key) { found.append($0) }
                    #expect(found.sorted() == seqs.sorted(), "bucket \(key) at step \(step)")
                }
                var none: [Int64] = []
                table.forEach(at: Int64.min) { none.append($0) }
                #expect(none.isEmpty)
            }
        }
    }
}

@Suite("Story keys in an entry's row")
struct StoryKeysColumnTests {
    @Test("the column gives back every key: no link, no signature, names not kept or none, a link with commas")
    func roundTrip() throws {
        let made = StoryKeys(
            url: "news.example/a,b?x=1", title: "Heavy rain closes roads across western Norway",
            summary: "Rivers in Voss and Odda burst their banks.", source: "NRK")
        for keys in [
            made, StoryKeys(url: nil, words: 3, signature: nil, names: nil),
            StoryKeys(url: "a.example/x", words: 0, signature: nil, names: []),
            StoryKeys(url: "", words: 7, signature: made.signature, names: nil),
        ] {
            let (at, back) = try StoryKeys.decode(column: keys.column(at: -1_234_567_890_123))
            #expect(at == -1_234_567_890_123)
            #expect(back.url == (keys.url == "" ? nil : keys.url) && back.words == keys.words)
            #expect(back.signature == keys.signature && back.names == keys.names)
        }
        #expect(throws: StoreError.self) { try StoryKeys.decode(column: Data([1, 0, 0])) }
        #expect(throws: StoreError.self) { try StoryKeys.decode(column: Data([2] + Array(repeating: 0, count: 20))) }
    }
}
