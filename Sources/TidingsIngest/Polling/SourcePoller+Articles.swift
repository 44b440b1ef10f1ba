import FeedParsing
import Foundation
import TidingsModel
import TidingsSections
import TidingsStore

extension SourcePoller {
    /// The article pages a source's entries want: every teaser's link for `full_text: always`,
    /// those whose own text is shorter than `full_text.min_characters` for `auto` (the strongest
    /// mode of the source's sections wins).
    func articlePages(_ entries: [SourceEntry], sourceID: String) -> [String] {
        let mode = fullTextModes[sourceID] ?? .never
        guard mode != .never else { return [] }
        let minimum = settings.fullText.minCharacters
        return entries.compactMap { entry in
            guard case .teaser(let teaser) = entry.item, let url = teaser.url,
                ArticlePage.accepts(url: url.absoluteString)
            else { return nil }
            if mode == .auto, let html = entry.contentHTML, HTMLText.plainText(html).count >= minimum { return nil }
            return url.absoluteString
        }
    }

    /// Asks the store for the pages (new ones become due; known ones stay as they are); the
    /// entries linking to known pages that gave another address as their own are grouped with the
    /// entries of `sections` linking there (``ArticleStore/samePages(_:in:rule:at:)``); returns
    /// the sections whose stories that changed. A failure is logged: the entries are recorded
    /// already, and the next fetch asks again.
    func requestArticles(_ urls: [String], sourceID: String, sections: [SectionKey]) async -> Set<SectionKey> {
        guard !urls.isEmpty else { return [] }
        let elsewhere: [String: String]
        do {
            elsewhere = try await store.requestArticles(urls, now: clock())
        } catch {
            logger.warning(
                "poller: \(sourceID): could not ask for \(urls.count) article pages: \(error)",
                metadata: ["source_id": .string(sourceID)])
            return []
        }
        guard let rule = settings.grouping.rule, !elsewhere.isEmpty else { return [] }
        // The sections that read full text, as the article refresher groups them; one at a time, so
        // one that fails does not keep the others' changes from their readers.
        let fullText = Set(
            live.current.sections.filter { $0.section.fullText != .never }.map {
                SectionKey(brand: $0.brand.id, section: $0.section.id)
            })
        var changed: Set<SectionKey> = []
        for section in sections where fullText.contains(section) {
            do {
                changed.formUnion(try await store.samePages(elsewhere, in: [section], rule: rule, at: clock()))
            } catch {
                logger.warning(
                    "poller: \(sourceID): could not group entries whose pages give another address in \(section.stream): \(error)",
                    metadata: ["source_id": .string(sourceID), "section": .string(section.stream)])
            }
        }
        return changed
    }

    /// Each fetched source's full-text mode: the strongest of its sections' (always, auto, never).
    public static func fullTextModes(_ configuration: SectionsConfiguration) -> [String: FullTextMode] {
        var modes: [String: FullTextMode] = [:]
        for (_, section) in configuration.sections {
            for source in section.source.fetched {
                let current = modes[source.id] ?? .never
                modes[source.id] = rank(section.fullText) > rank(current) ? section.fullText : current
            }
        }
        return modes
    }

    private static func rank(_ mode: FullTextMode) -> Int {
        switch mode {
        case .never: 0
        case .auto: 1
        case .always: 2
        }
    }
}
