import Foundation

/// Apple's `itunes:` elements and the Podcasting 2.0 `podcast:` namespace, for the show and its
/// episodes. The element dispatch reaches these functions only for elements in those two
/// namespaces, so feeds without them pay one namespace comparison per element; the entry points
/// are kept out of line so that they do not change how the hot dispatch itself is inlined.
extension XMLFeedBuilder {
    /// An `itunes:` element on the channel.
    @inline(never)
    mutating func itunesFeedElement(_ local: String) {
        switch local {
        case "summary": begin(.descriptionFallback, kind: .html)
        case "subtitle": begin(.itunesSubtitle, kind: .html)
        case "author": begin(.author, kind: .text)
        case "image":
            if let url = itunesImageURL(), feedDraft.itunesImage == nil { feedDraft.itunesImage = url }
        case "link":
            if let url = itunesLinkImage(), show.itunesLinkImage == nil { show.itunesLinkImage = url }
        case "category": itunesCategory(parent: nil)
        case "owner":
            show.podcast.owner = show.podcast.owner ?? ParsedAuthor()
            push(.podcastOwner)
        case "explicit": begin(.explicit, kind: .text)
        case "type": begin(.showType, kind: .text)
        case "complete": begin(.complete, kind: .text)
        default: push(.skip)
        }
    }

    /// An `itunes:` element in an item.
    @inline(never)
    mutating func itunesEntryElement(_ local: String) {
        draft?.sawPodcast = true
        switch local {
        case "summary": begin(.descriptionFallback, kind: .html)
        case "subtitle": begin(.itunesSubtitle, kind: .html)
        case "author": begin(.author, kind: .text)
        case "title": begin(.mediaTitle, kind: .text)
        case "image":
            if let url = itunesImageURL(), let draft, draft.itunesImage == nil { draft.itunesImage = url }
        case "link":
            if let url = itunesLinkImage(), let draft, draft.itunesLinkImage == nil { draft.itunesLinkImage = url }
        case "duration": begin(.duration, kind: .text)
        case "explicit": begin(.explicit, kind: .text)
        case "episode": begin(.episodeNumber, kind: .text)
        case "season": begin(.season, kind: .text)
        case "episodeType": begin(.episodeType, kind: .text)
        default: push(.skip)
        }
    }

    /// `itunes:image`: `href`, the older `url`, or (as some feeds write it) the URL as its text,
    /// which is captured and assigned when the element ends; text must be an absolute URL, not
    /// resolved (Taverncast's `href=http://…"&gt;` would otherwise resolve to a page of the site).
    private mutating func itunesImageURL() -> String? {
        guard let attribute = scanner.attribute(.none, "href") ?? scanner.attribute(.none, "url") else {
            begin(.itunesImageText, kind: .text)
            return nil
        }
        push(.skip)
        return resolve(attribute, field: "image", entry: draft?.index)
    }

    /// `itunes:link rel="image" href="…"`, the podcast image iTunes read before `itunes:image`;
    /// other `rel`s are no image. The element's content is not read.
    private mutating func itunesLinkImage() -> String? {
        push(.skip)
        guard scanner.attribute(.none, "rel")?.lowercased() == "image", let href = scanner.attribute(.none, "href")
        else { return nil }
        return resolve(href, field: "image", entry: draft?.index)
    }

    /// `itunes:category` on the channel (`parent` nil) or inside one: a path of one or two names.
    /// Deeper nesting than Apple's two levels is skipped.
    mutating func itunesCategory(parent: String?) {
        guard let name = attributeText("text") else { return push(.skip) }
        push(parent == nil ? .podcastCategory : .skip)
        let path = parent.map { [$0, name] } ?? [name]
        if parent == nil { show.categoryParent = name }
        guard !show.categoryPaths.contains(path) else { return }
        // A subcategory stands for its parent: "Society & Culture" is not listed beside
        // "Society & Culture › History".
        if let parent, show.podcast.categories.last == [parent] {
            show.podcast.categories.removeLast()
            show.categoryPaths.remove([parent])
        }
        guard hasPodcastRoom(show.podcast.categories.count, entry: nil) else { return }
        show.categoryPaths.insert(path)
        show.podcast.categories.append(path)
    }

    /// Inside `itunes:owner`.
    mutating func ownerElement(_ name: XMLName) {
        switch (name.namespace, name.local) {
        case (.itunes, "name"): begin(.ownerName, kind: .text)
        case (.itunes, "email"): begin(.ownerEmail, kind: .text)
        default: push(.skip)
        }
    }

    /// A `podcast:` element on the channel or in an item.
    @inline(never)
    mutating func podcastElement(_ local: String, entry: Bool) {
        if entry { draft?.sawPodcast = true }
        switch (local, entry) {
        case ("guid", false): begin(.podcastGUID, kind: .text)
        case ("locked", false): begin(.locked, kind: .text)
        case ("funding", false):
            guard hasPodcastRoom(show.podcast.funding.count, entry: nil),
                let url = resolve(scanner.attribute(.none, "url"), field: "podcast:funding", entry: nil)
            else { return push(.skip) }
            pendingFundingURL = url
            begin(.funding, kind: .text)
        case ("person", _):
            let count = entry ? draft?.episode.persons.count ?? 0 : show.podcast.persons.count
            guard hasPodcastRoom(count, entry: draft?.index) else { return push(.skip) }
            let index = draft?.index
            pendingPerson = PodcastPerson(
                name: "", role: attributeText("role")?.lowercased(), group: attributeText("group")?.lowercased(),
                img: resolve(scanner.attribute(.none, "img"), field: "podcast:person img", entry: index),
                href: resolve(scanner.attribute(.none, "href"), field: "podcast:person href", entry: index))
            begin(.person, kind: .text)
        case ("transcript", true):
            push(.skip)
            guard let draft, hasPodcastRoom(draft.episode.transcripts.count, entry: draft.index),
                let url = resolve(scanner.attribute(.none, "url"), field: "podcast:transcript", entry: draft.index)
            else { return }
            draft.episode.transcripts.append(
                PodcastTranscript(
                    url: url, type: attributeText("type"), language: attributeText("language"),
                    rel: attributeText("rel")))
        case ("chapters", true):
            push(.skip)
            guard let draft, draft.episode.chapters == nil,
                let url = resolve(scanner.attribute(.none, "url"), field: "podcast:chapters", entry: draft.index)
            else { return }
            draft.episode.chapters = PodcastChapters(url: url, type: attributeText("type"))
        case ("season", true):
            draft?.episode.seasonName = attributeText("name")
            begin(.podcastSeason, kind: .text)
        case ("episode", true):
            begin(.podcastEpisode, kind: .text)
        default:
            push(.skip)
        }
    }

    /// Whether a podcast list of `count` items has room for one more; when not, the limit's warning.
    private mutating func hasPodcastRoom(_ count: Int, entry: Int?) -> Bool {
        guard count >= options.maxPodcastItems else { return true }
        warnings.reached(.podcast, options, at: scanner.tagStart, entry: entry)
        return false
    }

    /// An attribute of the current tag as one line of text, cut like a title; nil when blank.
    private mutating func attributeText(_ name: String) -> String? {
        guard let value = scanner.attribute(.none, name) else { return nil }
        return lineText(value, at: scanner.tagStart, entry: draft?.index)
    }

    /// Captured text or HTML as one line of plain text, cut like a title; nil when blank. Text
    /// without markup or references (most subtitles) skips the HTML tokenizer.
    mutating func lineText(_ markup: Markup, at offset: Int?, entry: Int?) -> String? {
        let plain =
            markup.bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") })
            ? Self.plainText(markup) : markup.text
        return lineText(plain, at: offset, entry: entry)
    }

    /// Text made one line (white space collapsed) and cut like a title; nil when blank.
    mutating func lineText(_ text: String, at offset: Int?, entry: Int?) -> String? {
        let line = Self.collapseWhitespace(text)
        return line.isEmpty ? nil : oneLine(line, at: offset, entry: entry)
    }

    // MARK: - Captured values

    /// A captured podcast field of the channel.
    mutating func assignPodcast(_ field: Field, _ text: String, _ capture: Capture) {
        let offset = capture.tagOffset
        switch field {
        case .itunesImageText:
            if feedDraft.itunesImage == nil {
                feedDraft.itunesImage = resolve(text, base: nil, field: "image", capture, nil)
            }
        case .ownerName:
            if show.podcast.owner?.name == nil {
                let name = lineText(text, at: offset, entry: nil)
                show.podcast.owner?.name = name
            }
        case .ownerEmail:
            if show.podcast.owner?.email == nil, !text.isEmpty {
                let address = email(text, at: offset, entry: nil)
                show.podcast.owner?.email = address
            }
        case .explicit:
            show.podcast.explicit = show.podcast.explicit ?? flag(text, "itunes:explicit", capture)
        case .showType:
            show.podcast.type =
                show.podcast.type ?? keyword(text, "itunes:type", capture, PodcastInfo.ShowType.init)
        case .complete:
            show.podcast.complete = show.podcast.complete ?? flag(text, "itunes:complete", capture)
        case .locked: show.podcast.locked = show.podcast.locked ?? flag(text, "podcast:locked", capture)
        case .podcastGUID: show.podcast.guid = show.podcast.guid ?? lineText(text, at: offset, entry: nil)
        case .funding:
            if let url = pendingFundingURL {
                show.podcast.funding.append(PodcastFunding(url: url, text: lineText(text, at: offset, entry: nil)))
            }
            pendingFundingURL = nil
        case .person:
            if var person = pendingPerson, let name = lineText(text, at: offset, entry: nil) {
                person.name = name
                show.podcast.persons.append(person)
            }
            pendingPerson = nil
        default: break
        }
    }

    /// A captured podcast field of an episode.
    mutating func assignEpisode(_ field: Field, _ text: String, _ capture: Capture, _ draft: EntryDraft) {
        let index = draft.index
        switch field {
        case .itunesImageText:
            if draft.itunesImage == nil {
                draft.itunesImage = resolve(text, base: nil, field: "image", capture, index)
            }
        case .duration:
            guard draft.episode.duration == nil, !text.isEmpty else { return }
            if let seconds = Self.duration(text) {
                draft.episode.duration = seconds
            } else {
                warn(
                    "itunes:duration \"\(text.prefix(40))\" is not a duration; left out", at: capture.tagOffset,
                    entry: index)
            }
        case .explicit: draft.episode.explicit = draft.episode.explicit ?? flag(text, "itunes:explicit", capture)
        case .episodeNumber: draft.episode.episode = draft.episode.episode ?? number(text, "itunes:episode", capture)
        case .season: draft.episode.season = draft.episode.season ?? number(text, "itunes:season", capture)
        case .podcastEpisode:
            // podcast:episode may be a decimal ("1.5"); only a whole number is an episode number.
            if draft.podcastEpisode == nil, let value = Double(text), let whole = Int(exactly: value) {
                draft.podcastEpisode = number(String(whole), "podcast:episode", capture)
            }
        case .podcastSeason: draft.podcastSeason = draft.podcastSeason ?? number(text, "podcast:season", capture)
        case .episodeType:
            draft.episode.episodeType =
                draft.episode.episodeType
                ?? keyword(text, "itunes:episodeType", capture, EpisodeInfo.EpisodeType.init)
        case .person:
            if var person = pendingPerson, let name = lineText(text, at: capture.tagOffset, entry: index) {
                person.name = name
                draft.episode.persons.append(person)
            }
            pendingPerson = nil
        default: break
        }
    }

    /// A yes/no value: "yes", "true" (and for `itunes:explicit` "explicit") are true; "no",
    /// "false" ("clean") false; anything else nil with a warning.
    private mutating func flag(_ text: String, _ element: String, _ capture: Capture) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "explicit": return true
        case "no", "false", "clean": return false
        case "": return nil
        default:
            warn(
                "\(element) \"\(text.prefix(40))\" is neither yes nor no; left out", at: capture.tagOffset,
                entry: draft?.index)
            return nil
        }
    }

    /// One of an enumeration's lower-case values; nil with a warning for any other.
    private mutating func keyword<T>(_ text: String, _ element: String, _ capture: Capture, _ make: (String) -> T?)
        -> T?
    {
        guard !text.isEmpty else { return nil }
        if let value = make(text.lowercased()) { return value }
        warn(
            "\(element) \"\(text.prefix(40))\" is not a known value; left out", at: capture.tagOffset,
            entry: draft?.index)
        return nil
    }

    /// The largest episode or season number read.
    static let maxPodcastNumber = 1_000_000

    /// A whole number from 0 to `maxPodcastNumber`; nil with a warning for anything else.
    private mutating func number(_ text: String, _ element: String, _ capture: Capture) -> Int? {
        guard !text.isEmpty else { return nil }
        if let value = Int(text), (0...Self.maxPodcastNumber).contains(value) { return value }
        warn(
            "\(element) \"\(text.prefix(40))\" is not a number of 0 to \(Self.maxPodcastNumber); left out",
            at: capture.tagOffset, entry: draft?.index)
        return nil
    }

    /// The longest duration read, in seconds (100 days).
    static let maxDuration = 8_640_000.0

    /// `itunes:duration` in seconds: `H:MM:SS`, `MM:SS` or seconds, the last part may have a
    /// fraction. Parts after the first are up to two digits (`00:60:05`, written by a real feed,
    /// is 3605 s); nil for anything else or over `maxDuration`.
    static func duration(_ text: String) -> Double? {
        let parts = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            var digits = 0
            var dots = 0
            for byte in part {
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    digits += dots == 0 ? 1 : 0
                } else if byte == UInt8(ascii: "."), last {
                    dots += 1
                } else {
                    return nil
                }
            }
            guard digits > 0, dots <= 1, index == 0 || digits <= 2, digits <= 10,
                let value = Double(String(decoding: part, as: UTF8.self))
            else { return nil }
            total = total * 60 + value
        }
        return total <= maxDuration ? total : nil
    }
}
