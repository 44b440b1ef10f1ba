import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTPCompression
import NIOPosix
import NIOSSL

extension FetchError {
    /// An error from AsyncHTTPClient, NIO or the TLS stack while fetching `url` from `address`, as one line
    /// saying what happened.
    init(_ error: any Error, url: URL, address: IPAddress, policy: FetchPolicy, readingBody: Bool) {
        let at = "fetch: \(url.absoluteString)"
        if let client = error as? HTTPClientError, let known = Self(client, at: at, policy, readingBody: readingBody) {
            self = known
            return
        }
        switch error {
        case is CancellationError:
            self.init(.cancelled, "\(at): cancelled")
        case NIOHTTPDecompression.DecompressionError.limit:
            self.init(.tooLarge, "\(at) sent a body over \(policy.maxBodyBytes) bytes once decompressed")
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            self.init(.other, "\(at) sent a compressed body that does not decompress (\(error))")
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            self.init(.tls, "\(at): TLS with \(address) failed (\(error))")
        case let peer as ClientCache.UnexpectedPeer:
            self.init(.blockedAddress, "\(at): connected to \(peer.peer) instead of the checked \(address); refused")
        default:
            let reason = Self.systemReason(error) ?? "\(error)"
            if readingBody {
                self.init(.other, "\(at): the body broke off (\(reason))")
            } else {
                self.init(.connect, "\(at): could not connect to \(address) (\(reason))")
            }
        }
    }

    /// "connection refused" for an `IOError` with `ECONNREFUSED`, found directly or inside NIO's
    /// connection error; nil when the error carries no system error.
    static func systemReason(_ error: any Error) -> String? {
        let io =
            (error as? IOError)
            ?? (error as? NIOConnectionError)?.connectionErrors.lazy.compactMap { $0.error as? IOError }.first
        guard let io else { return nil }
        return String(cString: strerror(io.errnoCode)).lowercased()
    }

    private init?(_ error: HTTPClientError, at: String, _ policy: FetchPolicy, readingBody: Bool) {
        switch error {
        case .connectTimeout:
            self.init(.timeout, "\(at): connecting took longer than \(policy.connectTimeout)")
        case .readTimeout:
            let waiting = readingBody ? "in the middle of the body" : "waiting for the response"
            self.init(.timeout, "\(at): nothing arrived for \(policy.readTimeout) \(waiting)")
        case .deadlineExceeded:
            self.init(.timeout, "\(at) took longer than \(policy.totalTimeout)")
        case .cancelled:
            self.init(.cancelled, "\(at): cancelled")
        case .alreadyShutdown:
            self.init(.cancelled, "\(at): the fetcher is shut down")
        default:
            return nil
        }
    }
}
