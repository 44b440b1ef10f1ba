import Foundation
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything that can go wrong talking to a Tidings server, as an app shows it: one type for the
/// whole SDK (seed 004's app-wide error type), with a message for the reader in their language,
/// and the error underneath it for the app's logs.
///
/// Compare and switch on its kind as on an enum: `error == .offline`, `case .timeout:`,
/// `if case .server(let status, _, _) = error.kind`. Two errors of one kind are equal whatever
/// `underlying` holds: a screen that showed "offline" does not change because the socket said
/// something else this time.
public struct TidingsError: Error, Sendable, Hashable, CustomDebugStringConvertible {
    /// What went wrong, as a reader is told.
    public enum Kind: Sendable, Hashable {
        /// No connection: the device is offline (no network, or the connection dropped).
        case offline
        /// The network works but the server does not: its address refuses connections, or its
        /// name does not exist. Telling a reader "you are offline" then sends them to check a
        /// connection that is fine.
        case unreachable
        /// The server took too long.
        case timeout
        /// The server answered with an error status; `code` and `message` come from its error body.
        case server(status: Int, code: String?, message: String?)
        /// The server answered something the SDK cannot read.
        case badResponse(String)
        /// The request was cancelled.
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// The error the transport, the socket or the decoder reported, when there was one: the
    /// `URLError`, the `POSIXError` (`ECONNREFUSED`), the `DecodingError`. For logs and bug
    /// reports; the reader is shown `message(in:)`.
    public var underlying: (any Error)?

    public init(_ kind: Kind, underlying: (any Error)? = nil) {
        self.kind = kind
        self.underlying = underlying
    }

    /// No connection.
    public static let offline = TidingsError(.offline)
    /// The server cannot be reached although the network works.
    public static let unreachable = TidingsError(.unreachable)
    /// The server took too long.
    public static let timeout = TidingsError(.timeout)
    /// The request was cancelled.
    public static let cancelled = TidingsError(.cancelled)

    /// The server answered with an error status.
    public static func server(status: Int, code: String?, message: String?) -> TidingsError {
        TidingsError(.server(status: status, code: code, message: message))
    }

    /// The server answered something the SDK cannot read; `underlying` is why, when an error said.
    public static func badResponse(_ detail: String, underlying: (any Error)? = nil) -> TidingsError {
        TidingsError(.badResponse(detail), underlying: underlying)
    }

    public static func == (lhs: TidingsError, rhs: TidingsError) -> Bool { lhs.kind == rhs.kind }

    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// The kind, and what lay underneath: `offline (underlying: Error Domain=NSURLErrorDomain Code=-1009 …)`.
    public var debugDescription: String {
        let kind =
            switch kind {
            case .offline: "offline"
            case .unreachable: "unreachable"
            case .timeout: "timeout"
            case .server(let status, let code, let message):
                "server(status: \(status), code: \(code ?? "nil"), message: \(message ?? "nil"))"
            case .badResponse(let detail): "badResponse(\(detail))"
            case .cancelled: "cancelled"
            }
        return underlying.map { "\(kind) (underlying: \(String(reflecting: $0)))" } ?? kind
    }

    /// Maps a URLSession (or other transport) error, keeping it as `underlying`; a TidingsError
    /// stays what it is.
    public init(transportError error: any Error) {
        // A transport's own TidingsError (a socket stream's `.timeout`) is already the answer.
        if let error = error as? TidingsError {
            self = error
            return
        }
        underlying = error
        if error is CancellationError {
            kind = .cancelled
            return
        }
        // On Linux, URLSession fails with an NSError of NSURLErrorDomain that `as? URLError` does
        // not bridge: its code is read from the domain.
        let nsError = error as NSError
        let code =
            (error as? URLError)?.code
            ?? (nsError.domain == NSURLErrorDomain ? Self.mappedCodes.first { $0.rawValue == nsError.code } : nil)
        switch code {
        case .timedOut?: kind = .timeout
        case .cannotConnectToHost?, .cannotFindHost?: kind = .unreachable
        case .cancelled?: kind = .cancelled
        case .badServerResponse?, .cannotParseResponse?, .cannotDecodeRawData?, .cannotDecodeContentData?:
            kind = .badResponse(nsError.localizedDescription)
        default: kind = .offline
        }
    }

    /// The URL error codes that map to something other than `.offline`.
    private static let mappedCodes: [URLError.Code] = [
        .timedOut, .cannotConnectToHost, .cannotFindHost, .cancelled, .badServerResponse, .cannotParseResponse,
        .cannotDecodeRawData, .cannotDecodeContentData,
    ]

    /// Whether trying again may help (the retry button is shown for these).
    public var isRetryable: Bool {
        switch kind {
        case .offline, .unreachable, .timeout: true
        case .server(let status, _, _): status >= 500 || status == 429 || status == 408
        case .badResponse, .cancelled: false
        }
    }

    /// The sentence to show the reader, in `language` (`kit.error.*` in Tidings' language
    /// catalogs; English where they have no words for it).
    public func message(in language: LanguageTag) -> String {
        Translations.current.string(messageKey, language)
    }

    /// Every key ``message(in:)`` reads: one error of each kind (the switch below names them all).
    static var messageKeys: [String] {
        let each: [TidingsError] = [
            .offline, .unreachable, .timeout, .server(status: 500, code: nil, message: nil),
            .server(status: 404, code: nil, message: nil), .server(status: 400, code: nil, message: nil),
            .badResponse(""), .cancelled,
        ]
        return each.map(\.messageKey)
    }

    /// The catalog key of ``message(in:)``.
    var messageKey: String {
        switch kind {
        case .offline: "kit.error.offline"
        case .unreachable: "kit.error.unreachable"
        case .timeout: "kit.error.timeout"
        case .server(let status, _, _) where status >= 500: "kit.error.serverFailed"
        case .server(404, _, _): "kit.error.notFound"
        case .server: "kit.error.refused"
        case .badResponse: "kit.error.badResponse"
        case .cancelled: "kit.error.cancelled"
        }
    }
}

extension TidingsError: LocalizedError {
    /// The English message (apps choose a language with ``message(in:)``).
    public var errorDescription: String? { message(in: .en) }
}
