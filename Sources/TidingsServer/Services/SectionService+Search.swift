import Foundation
import TextAnalysis
import TidingsModel
import TidingsSections
import TidingsStore

/// What a reader asked a brand's search (`GET /api/v1/brands/{brand}/search`, the web reader's
/// search page).
struct SearchAsk: Sendable, Hashable {
    var text: String
    /// The last word is a prefix (a search box asking as it is typed in).
    var typing = false
    /// Only these sections' ids; nil for all of the brand's.
    var sections: [String]?
    var sources: [String]?
    var since: Date?
    var until: Date?
    var limit = 20

    /// What a cursor is bound to: the same ask, in a stable form.
    var fingerprint: String {
        let parts = [
            text, typing ? "t" : "", sections?.joined(separator: ",") ?? "*", sources?.joined(separator: ",") ?? "*",
            since.map { String($0.millisecondsSince1970) } ?? "", until.map { String($0.millisecondsSince1970) } ?? "",
            String(limit),
        ]
        return String(FNV1a.hash(parts.joined(separator: "\u{1F}")), radix: 16)
    }
}

extension SearchAsk {
    /// The query it asks; its text's refusal as ``SearchAskError/query(_:)``.
    func query() throws -> SearchQuery {
        do {
            return try SearchQuery(text, typing: typing)
        } catch {
            throw SearchAskError.query(error)
        }
    }

    /// The cursor `token` opens for this ask in `scope`: nil without a token;
    /// ``SearchAskError/cursor`` for one this server did not sign there or that another ask made.
    func cursor(_ token: String?, scope: TokenScope, keys: SigningKeys) async throws -> SearchCursor? {
        guard let token else { return nil }
        guard let payload = try await keys.open(token, for: scope), let opened = SearchCursor(payload: payload),
            opened.fingerprint == fingerprint
        else { throw SearchAskError.cursor }
        return opened
    }
}

extension SearchSnippet {
    /// The snippet as the API gives it.
    var apiParts: [SnippetPart] { parts.map { SnippetPart(text: $0.text, match: $0.match) } }
}

/// Where a search's next page starts: the first page's newest entry and time, and how many
/// stories came before ("q1:offset:top:now:fingerprint").
struct SearchCursor: Sendable, Hashable {
    var offset: Int
    var top: Int64
    var now: Date
    var fingerprint: String

    var payload: String { "q1:\(offset):\(top):\(now.millisecondsSince1970):\(fingerprint)" }

    init(offset: Int, top: Int64, now: Date, fingerprint: String) {
        self.offset = offset
        self.top = top
        self.now = now
        self.fingerprint = fingerprint
    }

    init?(payload: String) {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "q1", let offset = Int(parts[1]), (0...100_000).contains(offset),
            let top = Int64(parts[2]), let now = Int64(parts[3]), !parts[4].isEmpty
        else { return nil }
        self.init(offset: offset, top: top, now: Date(millisecondsSince1970: now), fingerprint: String(parts[4]))
    }
}

/// Why a search was not made.
enum SearchAskError: Error {
    case query(SearchQueryError)
    case cursor
    case section(String)
}

extension SectionService {
    /// A page of what `ask` finds in `brand`'s sections, titles in `language`.
    func search(brand: Brand, ask: SearchAsk, cursor token: String?, language: LanguageTag) async throws -> SearchPage {
        let query = try ask.query()
        let cursor = try await ask.cursor(token, scope: .search(brand.id), keys: environment.keys)
        var sections = brand.sections.filter(\.keepsStories)
        if let wanted = ask.sections {
            for id in wanted where !sections.contains(where: { $0.id == id }) { throw SearchAskError.section(id) }
            sections = sections.filter { wanted.contains($0.id) }
        }
        let keys = sections.map { SectionKey(brand: brand.id, section: $0.id) }
        var hidden: [SectionKey: Set<String>] = [:]
        for (key, section) in zip(keys, sections) { hidden[key] = Set(section.editorial.hidden.map(\.item)) }
        let now = cursor?.now ?? clock()
        let found = try await store.search(
            SearchRequest(
                query: query, sections: keys, sources: ask.sources, since: ask.since, until: ask.until,
                excluding: hidden, top: cursor?.top, now: now, offset: cursor?.offset ?? 0, limit: ask.limit))
        let decoder = TidingsJSON.decoder()
        // Images through the server's proxy, as a section's page gives them.
        let links = await environment.keys.imageLinks()
        var results: [SearchResult] = []
        for hit in found.hits {
            guard let section = brand.section(hit.entry.section.section),
                let item = hit.entry.record.item(decoder)?.withImagePaths(links),
                case .teaser(let teaser) = item
            else { continue }
            let text = teaser.summary.flatMap { $0.isEmpty ? nil : $0 } ?? teaser.title
            let snippet = SearchSnippet(text, query: query)
            results.append(
                SearchResult(
                    kind: "story", section: section.id, sectionTitle: section.title.text(language, brand: brand.locale),
                    item: item, snippet: snippet.apiParts,
                    score: (hit.score * 1000).rounded() / 1000))
        }
        var next: String?
        if found.more {
            let after = SearchCursor(
                offset: (cursor?.offset ?? 0) + ask.limit, top: found.top, now: now, fingerprint: ask.fingerprint)
            next = try await environment.keys.token(after.payload, for: .search(brand.id))
        }
        return SearchPage(
            brand: brand.id, query: ask.text, results: results, total: found.candidates, nextCursor: next,
            partial: !found.complete)
    }
}
