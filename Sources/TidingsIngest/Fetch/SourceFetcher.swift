import AsyncHTTPClient
import Foundation
import NIOCore
import TidingsSections
import TidingsStore

/// Fetches feed URLs over HTTP for the poller: conditional GET, gzip/deflate, timeouts, a body cap, redirects
/// followed by hand, and an SSRF guard that checks every address after DNS, on every hop, and then connects
/// to exactly the address it checked.
public final class SourceFetcher: Sendable {
    let policy: FetchPolicy
    private let allowList: AllowList
    private let clients: ClientCache

    /// A fetcher with `policy`; call `shutdown()` before releasing it.
    public init(policy: FetchPolicy = FetchPolicy()) {
        self.policy = policy
        self.allowList = AllowList(policy.allowHosts)
        self.clients = ClientCache(policy: policy)
    }

    /// Fetches `request.url`, following up to `policy.maxRedirects` redirects, each checked like the first URL,
    /// within `policy.totalTimeout` whatever the server does.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let limit = policy.totalTimeout
        do {
            let timedOut = FetchError(.timeout, "fetch: \(request.url.absoluteString) took longer than \(limit)")
            return try await withDeadline(limit, timedOut: timedOut) { try await self.follow(request) }
        } catch let error as FetchError {
            throw error
        } catch is CancellationError {
            throw FetchError(.cancelled, "fetch: \(request.url.absoluteString): cancelled")
        } catch {
            throw FetchError(.other, "fetch: \(request.url.absoluteString): \(error)")
        }
    }

    /// The fetch itself: one hop per redirect.
    private func follow(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let deadline = NIODeadline.now() + TimeAmount(policy.totalTimeout)
        var url = request.url
        for redirects in 0...max(0, policy.maxRedirects) {
            switch try await hop(url, request, deadline: deadline) {
            case .response(var response):
                response.redirects = redirects
                return response
            case .redirect(let next):
                url = next
            }
        }
        throw FetchError(
            .tooManyRedirects,
            "fetch: \(request.url.absoluteString) redirects more than \(policy.maxRedirects) times (the last to \(url.absoluteString))"
        )
    }

    /// Shuts the HTTP clients down; fetches still running fail with `.cancelled`.
    public func shutdown() async throws {
        try await clients.shutdown()
    }

    /// What one request brought back.
    enum Hop {
        case response(FetchResponse)
        case redirect(URL)
    }

    /// One request: check the URL, resolve and check its host, then try the allowed addresses in order,
    /// moving on only when a connection is refused or unreachable.
    private func hop(_ url: URL, _ request: FetchRequest, deadline: NIODeadline) async throws(FetchError) -> Hop {
        let host = try Self.host(of: url)
        var failure = FetchError(.connect, "fetch: \(url.absoluteString): no address to connect to")
        for address in try await allowedAddresses(of: host, in: url).prefix(3) {
            do {
                return try await clients.withClient(.init(host: host, address: address)) { client throws(FetchError) in
                    try await exchange(client, url, address: address, request, deadline: deadline)
                }
            } catch let error where error.kind == .connect {
                failure = error
            }
        }
        throw failure
    }

    /// The URL's host as AsyncHTTPClient reads it (`url.host`, IPv6 brackets trimmed), once the URL is
    /// one that may be fetched at all (`FetchableURL`).
    static func host(of url: URL) throws(FetchError) -> String {
        if let problem = FetchableURL.problem(url) { throw FetchError(.badURL, "fetch: \(problem)") }
        return bareHost(of: url)
    }

    /// `url.host` with an IPv6 literal's brackets trimmed, for a URL `FetchableURL` lets by.
    static func bareHost(of url: URL) -> String {
        var host = url.host ?? ""
        if host.hasPrefix("[") { host.removeFirst() }
        if host.hasSuffix("]") { host.removeLast() }
        return host
    }

    /// The addresses `host` may be reached at: all of them when the allow-list names it, else the public
    /// ones. Throws `.blockedAddress` when none is left, naming the first refused address and why.
    private func allowedAddresses(of host: String, in url: URL) async throws(FetchError) -> [IPAddress] {
        let addresses: [IPAddress]
        if let literal = IPAddress(host) {
            addresses = [literal]
        } else {
            do {
                addresses = try await Resolver.addresses(of: host)
            } catch {
                let reason = (error as? Resolver.Failure)?.reason ?? "\(error)"
                throw FetchError(.dns, "fetch: \(url.absoluteString): \(host) does not resolve (\(reason))")
            }
        }
        if allowList.allows(host: host) { return addresses }
        let allowed = addresses.filter { AddressPolicy.refusal(for: $0) == nil }
        guard allowed.isEmpty else { return allowed }
        let address = addresses[0]
        throw FetchError(
            .blockedAddress,
            "fetch: " + Self.refusal(url, address, AddressPolicy.refusal(for: address) ?? "refused"))
    }

    /// "URL resolves to ADDRESS, a REASON address (allow it with fetch.allow_hosts)".
    static func refusal(_ url: URL, _ address: IPAddress, _ reason: String) -> String {
        let article = reason.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return
            "\(url.absoluteString) resolves to \(address), \(article) \(reason) address (allow it with fetch.allow_hosts)"
    }
}
