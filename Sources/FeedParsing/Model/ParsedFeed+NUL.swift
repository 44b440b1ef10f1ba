import Foundation

extension ParsedFeed {

    /// Removes U+0000 from every string of the feed: the last guard of the rule that none leaves
    /// the parser (PostgreSQL refuses NUL in text). The readers drop it where it comes in; this
    /// catches any path they miss, at the cost of one `memchr` per string. Whether there was one.
    mutating func removeNUL() -> Bool {
        var found = false
        for field in [\ParsedFeed.title, \.link, \.feedLink, \.description, \.language, \.image, \.icon] {
            found = Self.removeNUL(&self[keyPath: field]) || found
        }
        for index in authors.indices { found = Self.removeNUL(&authors[index]) || found }
        if var show = podcast, Self.removeNUL(&show) {
            podcast = show
            found = true
        }
        for index in entries.indices { found = Self.removeNUL(&entries[index]) || found }
        for index in warnings.indices { found = Self.removeNUL(&warnings[index].message) || found }
        return found
    }

    private static func removeNUL(_ entry: inout ParsedEntry) -> Bool {
        var found = removeNUL(&entry.id)
        // An id that was only NULs is no id: the entry is identified by its content instead.
        if entry.id.isEmpty { entry.idSource = .hash }
        // Field by field rather than over an array of key paths: this runs for every entry, and
        // building the array and writing through key paths cost more than the searches.
        found = removeNUL(&entry.title) || found
        found = removeNUL(&entry.link) || found
        found = removeNUL(&entry.summaryHTML) || found
        found = removeNUL(&entry.summaryText) || found
        found = removeNUL(&entry.contentHTML) || found
        found = removeNUL(&entry.contentText) || found
        found = removeNUL(&entry.image) || found
        found = removeNUL(&entry.comments) || found
        for index in entry.authors.indices { found = removeNUL(&entry.authors[index]) || found }
        for index in entry.enclosures.indices {
            found = removeNUL(&entry.enclosures[index].url) || found
            found = removeNUL(&entry.enclosures[index].type) || found
        }
        if var episode = entry.episode, removeNUL(&episode) {
            entry.episode = episode
            found = true
        }
        var categoriesFound = false
        for index in entry.categories.indices {
            categoriesFound = removeNUL(&entry.categories[index]) || categoriesFound
        }
        if categoriesFound {
            var seen: Set<String> = []
            entry.categories = entry.categories.filter { !$0.isEmpty && seen.insert($0).inserted }
        }
        return found || categoriesFound
    }

    private static func removeNUL(_ show: inout PodcastInfo) -> Bool {
        var found = false
        for field in [\PodcastInfo.image, \.subtitle, \.guid] { found = removeNUL(&show[keyPath: field]) || found }
        if var owner = show.owner, removeNUL(&owner) { (show.owner, found) = (owner, true) }
        for path in show.categories.indices {
            for index in show.categories[path].indices {
                found = removeNUL(&show.categories[path][index]) || found
            }
        }
        for index in show.funding.indices {
            found = removeNUL(&show.funding[index].url) || found
            found = removeNUL(&show.funding[index].text) || found
        }
        for index in show.persons.indices { found = removeNUL(&show.persons[index]) || found }
        return found
    }

    private static func removeNUL(_ episode: inout EpisodeInfo) -> Bool {
        var found = false
        for field in [\EpisodeInfo.seasonName, \.image, \.subtitle] {
            found = removeNUL(&episode[keyPath: field]) || found
        }
        for index in episode.transcripts.indices {
            found = removeNUL(&episode.transcripts[index].url) || found
            for field in [\PodcastTranscript.type, \.language, \.rel] {
                found = removeNUL(&episode.transcripts[index][keyPath: field]) || found
            }
        }
        if var chapters = episode.chapters {
            let url = removeNUL(&chapters.url)
            if removeNUL(&chapters.type) || url { (episode.chapters, found) = (chapters, true) }
        }
        for index in episode.persons.indices { found = removeNUL(&episode.persons[index]) || found }
        return found
    }

    private static func removeNUL(_ person: inout PodcastPerson) -> Bool {
        var found = removeNUL(&person.name)
        for field in [\PodcastPerson.role, \.group, \.img, \.href] {
            found = removeNUL(&person[keyPath: field]) || found
        }
        return found
    }

    private static func removeNUL(_ author: inout ParsedAuthor) -> Bool {
        var found = removeNUL(&author.name)
        found = removeNUL(&author.email) || found
        return removeNUL(&author.url) || found
    }

    private static func removeNUL(_ text: inout String?) -> Bool {
        guard var value = text, removeNUL(&value) else { return false }
        text = value.isEmpty ? nil : value
        return true
    }

    private static func removeNUL(_ text: inout String) -> Bool {
        let hasNUL = withUTF8(text) { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, 0, bytes.count) != nil
        }
        guard hasNUL else { return false }
        text.unicodeScalars.removeAll { $0.value == 0 }
        return true
    }
}
