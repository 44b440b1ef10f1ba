import FeedParsing
import Foundation
import TidingsModel

/// The readable form of `tidings parse --format text`.
struct FeedSummary {
    let feed: ParsedFeed

    static let formatNames: [ParsedFeed.Format: String] = [
        .rss2: "RSS", .rss1: "RSS 1.0 (RDF)", .atom: "Atom", .json: "JSON Feed",
    ]

    var text: String {
        var lines: [String] = []
        let name = Self.formatNames[feed.format] ?? feed.format.rawValue
        lines.append("\(name): \(feed.title ?? "(untitled)")")
        for (label, value) in [
            ("link", feed.link), ("feed", feed.feedLink), ("language", feed.language),
            ("updated", feed.updated.map(Self.iso8601)), ("image", feed.image),
        ] {
            if let value { lines.append("  \(label): \(value)") }
        }
        if let description = feed.description { lines.append("  " + Self.clip(description, 200)) }
        if let podcast = feed.podcast { lines.append("  podcast: " + Self.facts(podcast)) }
        let entries = feed.entries.count == 1 ? "1 entry" : "\(feed.entries.count) entries"
        let warnings = feed.warnings.count == 1 ? "1 warning" : "\(feed.warnings.count) warnings"
        lines.append("  \(entries), \(warnings)")
        for (index, entry) in feed.entries.enumerated() {
            lines.append("")
            lines.append("\(index + 1). \(entry.title ?? "(untitled)")")
            var facts = [entry.link ?? "(no link)"]
            if let date = entry.published ?? entry.updated { facts.append(Self.iso8601(date)) }
            if let author = entry.authors.first?.name ?? entry.authors.first?.email { facts.append(author) }
            lines.append("   " + facts.joined(separator: " · "))
            if let summary = entry.summaryText ?? entry.contentText {
                lines.append("   " + Self.clip(summary.replacingOccurrences(of: "\n", with: " "), 200))
            }
            var more: [String] = []
            if let image = entry.image { more.append("image (\(entry.imageSource.rawValue)): \(image)") }
            for enclosure in entry.enclosures {
                more.append("enclosure: \(enclosure.url)" + (enclosure.type.map { " (\($0))" } ?? ""))
            }
            if !entry.categories.isEmpty { more.append("categories: " + entry.categories.joined(separator: ", ")) }
            if let episode = entry.episode { more.append("episode: " + Self.facts(episode)) }
            lines += more.map { "   " + $0 }
        }
        if !feed.warnings.isEmpty {
            lines.append("")
            lines.append("warnings:")
            lines += feed.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The show's podcast fields on one line: "Technology, Fiction › Drama · explicit · serial".
    static func facts(_ podcast: PodcastInfo) -> String {
        var facts = [podcast.categories.map { $0.joined(separator: " › ") }.joined(separator: ", ")]
        if let explicit = podcast.explicit { facts.append(explicit ? "explicit" : "clean") }
        if let type = podcast.type { facts.append(type.rawValue) }
        if !podcast.funding.isEmpty { facts.append("funding: " + podcast.funding.map(\.url).joined(separator: ", ")) }
        if !podcast.persons.isEmpty { facts.append("with " + podcast.persons.map(\.name).joined(separator: ", ")) }
        return facts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// An episode's podcast fields on one line: "S2 E5 · 1:02:03 · trailer · 2 transcripts".
    static func facts(_ episode: EpisodeInfo) -> String {
        let number = [episode.season.map { "S\($0)" }, episode.episode.map { "E\($0)" }].compactMap { $0 }
        var facts = [number.joined(separator: " ")]
        if let duration = episode.duration {
            let seconds = Int(duration.rounded())
            facts.append(String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60))
        }
        if let type = episode.episodeType { facts.append(type.rawValue) }
        if let explicit = episode.explicit, explicit { facts.append("explicit") }
        if !episode.transcripts.isEmpty { facts.append("\(episode.transcripts.count) transcripts") }
        if episode.chapters != nil { facts.append("chapters") }
        if !episode.persons.isEmpty { facts.append("with " + episode.persons.map(\.name).joined(separator: ", ")) }
        return facts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    static func clip(_ text: String, _ length: Int) -> String {
        text.count <= length ? text : text.prefix(length - 1) + "…"
    }

    /// ISO 8601 UTC, with milliseconds only when the date has them ("2026-11-21T07:00:00Z").
    static func iso8601(_ date: Date) -> String {
        let text = TidingsJSON.formatDate(date)
        return text.hasSuffix(".000Z") ? text.dropLast(5) + "Z" : text
    }
}
