import Foundation
import SQLKit
import TidingsModel

/// Entries whose links lead to one page tell one story (issue 42): a page fetched for its full
/// text that gives another address as its own (`link rel=canonical`, `og:url`, or where its link
/// redirected) makes the entries linking to it tell the story of the entries linking to that
/// address — a news aggregator's redirect links, a partner's copy of a wire story, a tracking
/// link. Recorded as a `same_page` decision on each such entry, made where it was made by a
/// rebuild (``SQLStore/regroup(stream:rule:at:db:)``), as editors' decisions are.
extension SQLStore {
    public func samePages(_ pages: [String: String], in sections: [SectionKey], rule: StoryRule, at now: Date)
        async throws -> Set<SectionKey>
    {
        var links: [(from: String, to: String)] = []
        for (url, canonical) in pages {
            guard let from = StoryURL.key(url)?.withoutNUL, let to = StoryURL.key(canonical)?.withoutNUL, from != to
            else { continue }
            links.append((from, to))
        }
        guard !links.isEmpty else { return [] }
        links.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        var changed: Set<SectionKey> = []
        // One write a section, each under its own stream's lock, as fetches and edits take it.
        for section in Set(sections).sorted(by: { $0.stream < $1.stream }) {
            if try await samePages(links, section: section, rule: rule, at: now) { changed.insert(section) }
        }
        return changed
    }

    /// Records what `links` say in `section`; returns whether its stories changed.
    private func samePages(_ links: [(from: String, to: String)], section: SectionKey, rule: StoryRule, at now: Date)
        async throws -> Bool
    {
        let stream = section.stream
        let windows = storyWindows
        let at = now.millisecondsSince1970
        let (changed, kept) = try await source.write(locking: .keys(["stream:" + stream])) { db in
            var window: StoryWindow?
            var fold = try await Self.fold(of: stream, rule: rule, windows: windows, window: &window, db: db)
            let atSeq = fold.stories.keys.max() ?? 0
            var made: [StoryDecision] = []
            var moved: [Int64: Int64] = [:]
            for (from, to) in links {
                for seq in fold.seqs(linking: from) where !fold.knows(seq, linking: to) {
                    let decision = StoryDecision.samePage(seq, to)
                    moved.merge(fold.apply(decision)) { $1 }
                    made.append(decision)
                }
            }
            // Nothing new: the fold goes back as it came, at the version it came at.
            guard !made.isEmpty else { return (false, (stream, window!.version, fold)) }
            if !moved.isEmpty {
                try await Self.moveKeys(moved, stream: stream, db: db)
                // A merge moves every entry of the stories it ends: the moved entries and the
                // stories they joined are all it changed.
                let present = try await Self.places(
                    of: Set(moved.values), and: Set(moved.keys), stream: stream, db: db)
                _ = try await Self.settle(present, in: fold, stream: stream, at: at, db: db)
            }
            try await Self.record(
                made, atSeq: atSeq, stream: stream, at: at, actor: Self.samePageActor, reason: nil, db: db)
            try await window!.raise(stream, with: fold, db: db)
            if !moved.isEmpty { try await self.announce(StoreChange(sections: [section]), in: db) }
            return (!moved.isEmpty, (stream, window!.version, fold))
        }
        windows.committed([kept])
        return changed
    }

    /// Who a `same_page` decision was made by: a page, not a person (it is not audited).
    static var samePageActor: String { "canonical" }
}
