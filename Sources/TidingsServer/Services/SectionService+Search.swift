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
    /// Only these kinds (``SearchResult/Kind``); nil for every kind the brand has.
    var kinds: Set<String>?
    var limit = 20

    /// The kinds a search can find.
    static let kinds: Set<String> = [SearchResult.Kind.story, SearchResult.Kind.product]

    /// What a cursor is bound to: the same ask, in a stable form.
    var fingerprint: String {
        var parts = [
            text, typing ? "t" : "", sections?.joined(separator: ",") ?? "*", sources?.joined(separator: ",") ?? "*",
            since.map { String($0.millisecondsSince1970) } ?? "", until.map { String($0.millisecondsSince1970) } ?? "",
            String(limit),
        ]
        if let kinds { parts.append(kinds.sorted().joined(separator: ",")) }
        return String(FNV1a.hash(parts.joined(separator: "\u{1F}")), radix: 16)
    }

    /// Whether it asks for things of `kind`.
    func wants(_ kind: String) -> Bool { kinds?.contains(kind) ?? true }
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

/// Where a search's next page starts: how many stories and products came before, and the first
/// page's newest entry and time ("q2:stories:products:top:now:fingerprint"; a "q1:offset:…"
/// cursor of a server before products were searched reads as no products yet).
struct SearchCursor: Sendable, Hashable {
    var offset: Int
    var products = 0
    var top: Int64
    var now: Date
    var fingerprint: String

    /// "q1:…" while no product was shown: servers from before products were searched read it.
    var payload: String {
        products == 0
            ? "q1:\(offset):\(top):\(now.millisecondsSince1970):\(fingerprint)"
            : "q2:\(offset):\(products):\(top):\(now.millisecondsSince1970):\(fingerprint)"
    }

    init(offset: Int, products: Int = 0, top: Int64, now: Date, fingerprint: String) {
        self.offset = offset
        self.products = products
        self.top = top
        self.now = now
        self.fingerprint = fingerprint
    }

    init?(payload: String) {
        var parts = payload.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.first {
        case "q1" where parts.count == 5: parts.insert("0", at: 2)
        case "q2" where parts.count == 6: break
        default: return nil
        }
        let offsets = (0...100_000)
        guard let offset = Int(parts[1]), offsets.contains(offset), let products = Int(parts[2]),
            offsets.contains(products), let top = Int64(parts[3]), let now = Int64(parts[4]), !parts[5].isEmpty
        else { return nil }
        self.init(
            offset: offset, products: products, top: top, now: Date(millisecondsSince1970: now),
            fingerprint: String(parts[5]))
    }
}

/// Why a search was not made.
enum SearchAskError: Error {
    case query(SearchQueryError)
    case cursor
    case section(String)
    /// A kind the brand has none of (products of a brand without a catalog section).
    case kind(String)
}

/// The stories a brand's search found for one page: its results from the cursor's offset on, and
/// what the store said of them.
struct FoundStories: Sendable {
    var results: [SearchResult]
    /// Each result's place among the ranked stories, from the cursor's offset (a story whose item
    /// cannot be read, or whose entry went, is left out).
    var positions: [Int]
    /// How many ranked stories the page covered: the limit asked when more follow.
    var span: Int
    var top: Int64
    var candidates: Int
    var more: Bool
    var complete: Bool

    static let none = FoundStories(
        results: [], positions: [], span: 0, top: 0, candidates: 0, more: false, complete: true)

    /// How far the ranked stories are used when the first `taken` results are shown: up to the
    /// first result not shown, or the page's whole span.
    func consumed(_ taken: Int) -> Int { taken < results.count ? positions[taken] : span }
}

extension SectionService {
    /// Up to `ask.limit` of the stories `query` finds in `sections` of `brand` from `cursor` on,
    /// titles in `language`.
    func searchStories(
        brand: Brand, in sections: [Section], ask: SearchAsk, query: SearchQuery, cursor: SearchCursor?, now: Date,
        language: LanguageTag
    ) async throws -> FoundStories {
        let keys = sections.map { SectionKey(brand: brand.id, section: $0.id) }
        var hidden: [SectionKey: Set<String>] = [:]
        for (key, section) in zip(keys, sections) { hidden[key] = Set(section.editorial.hidden.map(\.item)) }
        let found = try await store.search(
            SearchRequest(
                query: query, sections: keys, sources: ask.sources, since: ask.since, until: ask.until,
                excluding: hidden, top: cursor?.top, now: now, offset: cursor?.offset ?? 0, limit: ask.limit))
        let decoder = TidingsJSON.decoder()
        // Images through the server's proxy, as a section's page gives them.
        let links = await environment.keys.imageLinks()
        var results: [SearchResult] = []
        var positions: [Int] = []
        let offset = cursor?.offset ?? 0
        for hit in found.hits {
            guard let section = brand.section(hit.entry.section.section),
                let item = hit.entry.record.item(decoder)?.withImagePaths(links),
                case .teaser(let teaser) = item
            else { continue }
            let text = teaser.summary.flatMap { $0.isEmpty ? nil : $0 } ?? teaser.title
            results.append(
                SearchResult(
                    kind: SearchResult.Kind.story, section: section.id,
                    sectionTitle: section.title.text(language, brand: brand.locale), item: item,
                    snippet: SearchSnippet(text, query: query).apiParts, score: SearchRanking.rounded(hit.score)))
            positions.append(hit.rank - offset)
        }
        try await snippetsFromArticles(&results, query: query)
        return FoundStories(
            results: results, positions: positions,
            span: found.more ? ask.limit : (found.hits.last.map { $0.rank - offset + 1 } ?? 0), top: found.top,
            candidates: found.candidates, more: found.more,
            complete: found.complete)
    }

    /// A story found by words only its article holds (the page's text the server extracted) shows
    /// the stretch of the article that holds them: the results whose snippet marks nothing take
    /// theirs from their page's text, when it marks something.
    private func snippetsFromArticles(_ results: inout [SearchResult], query: SearchQuery) async throws {
        var urls: [Int: String] = [:]
        for (index, result) in results.enumerated() where !result.snippet.contains(where: \.match) {
            if case .teaser(let teaser) = result.item, let url = teaser.url { urls[index] = url.absoluteString }
        }
        guard !urls.isEmpty else { return }
        let pages = try await store.articles(urls: Array(Set(urls.values)))
        for (index, url) in urls {
            guard let page = pages[url], page.status == .extracted, let text = page.text, !text.isEmpty else {
                continue
            }
            // Of the text indexed: its first terms (``SearchDocument/maxBodyTerms``), in about as
            // many characters as words take — its paragraphs run on, as a summary's lines do.
            let flat = text.prefix(SearchDocument.maxBodyTerms * 8).split(whereSeparator: \.isNewline).joined(
                separator: " ")
            let snippet = SearchSnippet(flat, query: query)
            if snippet.parts.contains(where: \.match) { results[index].snippet = snippet.apiParts }
        }
    }
}
