import Foundation
import Hummingbird
import TidingsIngest
import TidingsModel
import TidingsSections

/// `/api/v1/admin/sources`: the sources the sections read, with how their fetching goes, and
/// "fetch now"; and what a change may say of sources — a URL through the fetcher's guard, never a
/// file the kept brands do not read.
extension AdminController {
    @Sendable func listSources(request: Request, context: TidingsRequestContext) async throws -> Response {
        try Self.json(AdminSourceList(sources: try await sourceList()), status: .ok)
    }

    /// Every source the sections shown read, with the sections reading it and its last fetch.
    func sourceList() async throws -> [AdminSource] {
        let states = Dictionary(try await store.sourceStates().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return sections.configuration.fetchedSources.map { source, keys in
            AdminSource(source: source, sections: keys.map(\.stream), state: states[source.id])
        }
    }

    @Sendable func fetchSource(request: Request, context: TidingsRequestContext) async throws -> Response {
        let raw = context.parameters.get("source") ?? ""
        try await fetchNow(raw.removingPercentEncoding ?? raw)
        return Response(status: .accepted)
    }

    /// Makes source `id` due at once and fetched in full at the poller's next look, whatever its
    /// schedule or backoff said; 404 when no section reads it.
    func fetchNow(_ id: String) async throws {
        guard sections.configuration.fetchedSources.contains(where: { $0.source.id == id }) else {
            throw HTTPAPIError(.notFound, code: "not_found", message: "api: no section reads a source \(id)")
        }
        try await store.refetchSources([id], now: clock())
    }

    /// The SSRF guard for the sources a change brings: a URL the sections do not read yet is
    /// refused when the fetcher would refuse it before looking its name up (an address that is
    /// private, loopback or the cloud's metadata service and not in `fetch.allow_hosts`), so an
    /// editor hears it at once instead of the poller logging it later. Sources already read are
    /// let by: an edit of one section is not refused for another's source.
    func newSourceCheck() -> SectionsConfiguration.SourceURLCheck {
        let configuration = sections.configuration
        let policy = FetchPolicy(configuration.fetch, maxBodyBytes: configuration.fetch.maxBytes)
        var read = Set<URL>()
        for (source, _) in configuration.fetchedSources {
            if case .url(let url) = source.location { read.insert(url) }
        }
        return { [read] url in read.contains(url) ? nil : policy.refusal(of: url) }
    }

    /// A `file` source reads the server's own disk: set by the configuration file, not over HTTP.
    /// A change may keep the files the kept brands read, never name another.
    static func checkFiles(_ brands: [Brand], kept: [Brand]) throws {
        func files(_ brands: [Brand]) -> Set<String> {
            var configuration = SectionsConfiguration()
            configuration.brands = brands
            return Set(
                configuration.fetchedSources.compactMap {
                    if case .file(let path) = $0.source.location { return path }
                    return nil
                })
        }
        if let path = files(brands).subtracting(files(kept)).sorted().first {
            throw invalid(
                "a file source (\(path)) is read from the server's disk and is set in the configuration file (`tidings config import`); the admin API takes URLs",
                field: "source.path")
        }
    }
}
