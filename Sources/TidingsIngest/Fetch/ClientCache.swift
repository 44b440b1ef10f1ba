import AsyncHTTPClient
import NIOCore
import TidingsModel

/// HTTP clients that each connect one host name to one checked address, kept for reuse.
///
/// AsyncHTTPClient has no hook on the address it connects to; it has `dnsOverride` (host → address, with
/// SNI and the certificate still checked for the host) in a client's configuration. So every (host,
/// address) pair gets its own client, all on AHC's shared event loop group, with redirects off. A source
/// polled again reuses its client, TLS context and idle connection. Idle clients beyond `capacity` are shut
/// down, least recently used first.
final class ClientCache: Sendable {
    /// A host name as AHC reads it from the URL, and the address it must connect to.
    struct Key: Hashable, Sendable {
        var host: String
        var address: IPAddress
    }

    /// The connection reached another peer than the checked address: a bug, refused rather than trusted.
    struct UnexpectedPeer: Error {
        var peer: String
    }

    private struct Entry {
        var client: HTTPClient
        var leases: Int
        var lastUse: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var uses = 0
        var closed = false
    }

    private let state = Locked(State())
    private let configuration: HTTPClient.Configuration
    private let capacity: Int

    init(policy: FetchPolicy, capacity: Int = 32) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: TimeAmount(policy.connectTimeout), read: TimeAmount(policy.readTimeout)),
            decompression: .enabled(limit: .size(policy.maxBodyBytes)))
        // Fail at once on a refused connection (AHC would retry until the connect timeout) so the next
        // address can be tried.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.configuration = configuration
        self.capacity = capacity
    }

    /// Runs `body` with the client for `key`, which stays alive until `body` returns.
    func withClient<T>(_ key: Key, _ body: (HTTPClient) async throws(FetchError) -> T) async throws(FetchError) -> T {
        guard let client = lease(key) else { throw FetchError(.cancelled, "fetch: the fetcher is shut down") }
        let result: Result<T, FetchError>
        do {
            result = .success(try await body(client))
        } catch {
            result = .failure(error)
        }
        for evicted in release(key) { try? await evicted.shutdown() }
        return try result.get()
    }

    /// Shuts every client down; fetches still running fail and later ones are refused.
    func shutdown() async throws {
        let clients = state.withLock { state in
            state.closed = true
            defer { state.entries = [:] }
            return state.entries.values.map(\.client)
        }
        for client in clients { try await client.shutdown() }
    }

    private func lease(_ key: Key) -> HTTPClient? {
        state.withLock { state in
            guard !state.closed else { return nil }
            state.uses += 1
            if var entry = state.entries[key] {
                entry.leases += 1
                entry.lastUse = state.uses
                state.entries[key] = entry
                return entry.client
            }
            let client = HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: makeConfiguration(for: key))
            state.entries[key] = Entry(client: client, leases: 1, lastUse: state.uses)
            return client
        }
    }

    /// Returns the clients evicted to stay within `capacity`, for the caller to shut down.
    private func release(_ key: Key) -> [HTTPClient] {
        state.withLock { state in
            state.entries[key]?.leases -= 1
            var evicted: [HTTPClient] = []
            while state.entries.count > capacity,
                let oldest = state.entries.filter({ $0.value.leases == 0 }).min(by: {
                    $0.value.lastUse < $1.value.lastUse
                })
            {
                evicted.append(oldest.value.client)
                state.entries[oldest.key] = nil
            }
            return evicted
        }
    }

    private func makeConfiguration(for key: Key) -> HTTPClient.Configuration {
        var configuration = self.configuration
        if IPAddress(key.host) == nil {
            configuration.dnsOverride = [key.host: key.address.description]
        }
        // The override is the whole guard; checking the peer of every new connection catches a mismatch
        // between our reading of the host and AHC's before a request is sent on it.
        let check: @Sendable (Channel) -> EventLoopFuture<Void> = { channel in
            let peer = channel.remoteAddress?.ipAddress.flatMap(IPAddress.init)
            guard peer?.unmapped == key.address.unmapped else {
                return channel.eventLoop.makeFailedFuture(
                    UnexpectedPeer(peer: "\(channel.remoteAddress.map { "\($0)" } ?? "?")"))
            }
            return channel.eventLoop.makeSucceededVoidFuture()
        }
        configuration.http1_1ConnectionDebugInitializer = check
        configuration.http2ConnectionDebugInitializer = check
        return configuration
    }
}
