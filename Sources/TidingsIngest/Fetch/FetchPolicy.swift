import Foundation
import TidingsSections

/// How a `SourceFetcher` fetches: timeouts, the body cap, redirects, the SSRF allow-list and the User-Agent.
public struct FetchPolicy: Sendable, Hashable {
    /// Time to open the TCP connection and finish the TLS handshake.
    public var connectTimeout: Duration
    /// Longest silence while waiting for the response head or the next piece of the body.
    public var readTimeout: Duration
    /// Longest a whole fetch may take, DNS, redirects and body included, however slowly the server
    /// sends: the fetch is cancelled and fails with `.timeout` when it passes.
    public var totalTimeout: Duration
    /// Body bytes kept, counted after decompression; of a longer body the first this many are kept
    /// and the response is marked cut (`FetchResponse.isCut`).
    public var maxBodyBytes: Int
    /// Most redirects followed; one more ends the fetch with `.tooManyRedirects`.
    public var maxRedirects: Int
    /// Hosts a fetch may reach even when they are not public: hostnames (case-insensitive, exact), IP
    /// addresses or CIDR ranges, matched against the URL's host as written (see `AllowList`).
    public var allowHosts: [String]
    /// The User-Agent header sent with every request.
    public var userAgent: String

    /// A policy; the defaults allow nothing but public addresses.
    public init(
        connectTimeout: Duration = .seconds(10), readTimeout: Duration = .seconds(15),
        totalTimeout: Duration = .seconds(30), maxBodyBytes: Int = 16 << 20, maxRedirects: Int = 5,
        allowHosts: [String] = [], userAgent: String = "Tidings/1.0 (+https://github.com/tidings)"
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
        self.allowHosts = allowHosts
        self.userAgent = userAgent
    }

    /// The policy `fetch.*` describes (timeouts, the allow-list), with a body cap of its own:
    /// `fetch.max_bytes` for feeds, `images.max_bytes` for the image proxy.
    public init(_ settings: FetchSettings, maxBodyBytes: Int) {
        self.init(
            connectTimeout: .milliseconds(Int64(settings.connectTimeout * 1000)),
            readTimeout: .milliseconds(Int64(settings.readTimeout * 1000)),
            totalTimeout: .milliseconds(Int64(settings.totalTimeout * 1000)), maxBodyBytes: maxBodyBytes,
            allowHosts: settings.allowHosts)
    }

    /// `allowHosts` entries that are neither a hostname, an address nor a valid CIDR range (they allow nothing).
    public var invalidAllowHosts: [String] { AllowList(allowHosts).invalid }

    /// What is wrong with one allow-list entry, or nil: the check a configuration file's
    /// `fetch.allow_hosts` is read with (`SectionsConfiguration.AllowHostCheck`).
    public static func allowHostProblem(_ entry: String) -> String? {
        AllowList([entry]).invalid.isEmpty
            ? nil : "is not a host name, an IP address or a CIDR range (such as 10.0.0.0/8); it would allow nothing"
    }

    /// Why a fetch of `url` would be refused before any name is looked up, or nil: what
    /// `FetchableURL` refuses, and a host written as an address the SSRF guard refuses (private,
    /// loopback, metadata…) that `allowHosts` does not allow. A name is not looked up here: the
    /// fetcher checks every address it resolves to, on every hop.
    public func refusal(of url: URL) -> String? {
        if let problem = FetchableURL.problem(url) { return problem }
        let host = SourceFetcher.bareHost(of: url)
        guard let address = IPAddress(host), !AllowList(allowHosts).allows(host: host),
            let reason = AddressPolicy.refusal(for: address)
        else { return nil }
        return SourceFetcher.refusal(url, address, reason)
    }
}
