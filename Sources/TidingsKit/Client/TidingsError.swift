import Foundation
import TidingsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything that can go wrong talking to a Tidings server, as an app shows it: one type for the
/// whole SDK (seed 004's app-wide error type), with a message for the reader in their language.
public enum TidingsError: Error, Sendable, Hashable {
    /// No connection: the device is offline (no network, or the connection dropped).
    case offline
    /// The network works but the server does not: its address refuses connections, or its name
    /// does not exist. Telling a reader "you are offline" then sends them to check a connection
    /// that is fine.
    case unreachable
    /// The server took too long.
    case timeout
    /// The server answered with an error status; `code` and `message` come from its error body.
    case server(status: Int, code: String?, message: String?)
    /// The server answered something the SDK cannot read.
    case badResponse(String)
    /// The request was cancelled.
    case cancelled

    /// Maps a URLSession (or other transport) error; a TidingsError stays what it is.
    public init(transportError error: any Error) {
        // A transport's own TidingsError (a socket stream's `.timeout`) is already the answer.
        if let error = error as? TidingsError {
            self = error
            return
        }
        if error is CancellationError {
            self = .cancelled
            return
        }
        // On Linux, URLSession fails with an NSError of NSURLErrorDomain that `as? URLError` does
        // not bridge: its code is read from the domain.
        let nsError = error as NSError
        let code =
            (error as? URLError)?.code
            ?? (nsError.domain == NSURLErrorDomain ? Self.mappedCodes.first { $0.rawValue == nsError.code } : nil)
        switch code {
        case .timedOut?: self = .timeout
        case .cannotConnectToHost?, .cannotFindHost?: self = .unreachable
        case .cancelled?: self = .cancelled
        case .badServerResponse?, .cannotParseResponse?, .cannotDecodeRawData?, .cannotDecodeContentData?:
            self = .badResponse(nsError.localizedDescription)
        default: self = .offline
        }
    }

    /// The URL error codes that map to something other than `.offline`.
    private static let mappedCodes: [URLError.Code] = [
        .timedOut, .cannotConnectToHost, .cannotFindHost, .cancelled, .badServerResponse, .cannotParseResponse,
        .cannotDecodeRawData, .cannotDecodeContentData,
    ]

    /// Whether trying again may help (the retry button is shown for these).
    public var isRetryable: Bool {
        switch self {
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
        switch self {
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
