import Foundation

/// Why a fetch failed; `message` starts with "fetch: " and names the URL and what happened.
public struct FetchError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The kind of failure, for the poller to decide what to do next.
    public enum Kind: Sendable, Hashable {
        /// The URL is not http(s), has no host, carries user info, or a Location could not be read.
        case badURL
        /// The host is, or resolves to, an address that is not public and not allow-listed.
        case blockedAddress
        /// The host name did not resolve.
        case dns
        /// The connection could not be opened or broke before the response head.
        case connect
        /// Connecting, waiting for data or the whole fetch took too long.
        case timeout
        /// The body, after decompression, is larger than the policy allows.
        case tooLarge
        /// More redirects than the policy allows.
        case tooManyRedirects
        /// The server answered with this status (not 2xx, 304 or a followed redirect).
        case http(Int)
        /// The TLS handshake or certificate check failed.
        case tls
        /// The fetch was cancelled, or the fetcher was shut down.
        case cancelled
        /// Anything else: a corrupt compressed body, an unsupported Content-Encoding, a broken connection.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// One line for logs and the source's status: "fetch: <url> …".
    public var message: String
    /// Seconds the server asked us to wait, from Retry-After on a 429 or 503.
    public var retryAfter: TimeInterval?

    /// An error of `kind`; `message` should start with "fetch: ".
    public init(_ kind: Kind, _ message: String, retryAfter: TimeInterval? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The message.
    public var description: String { message }
}
