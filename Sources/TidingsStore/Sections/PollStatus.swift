import Foundation
import TidingsModel

/// How a fetch ended, as `tidings sources` shows it. The store keeps it as text
/// (`sources.last_status`): "200", "304", "read", "timeout" …
public enum PollStatus: Hashable, Sendable, CustomStringConvertible {
    /// The server's answer: 200 with a document, 304 unchanged, or the status it failed with.
    case http(Int)
    /// A file source read (it changed) or found unchanged.
    case fileRead
    case fileUnchanged
    /// The fetch failed before a usable answer.
    case failed(FetchFailure)
    /// The document came but could not be read as its format.
    case unreadable
    /// The store failed the fetch's record: not stored when the database was unavailable; stored,
    /// as a failure with the reason, when it refused what the fetch brought.
    case notRecorded
    /// A status this build does not know (a row written by a newer one), as stored.
    case other(String)

    /// Why a fetch failed before a usable answer.
    public enum FetchFailure: String, Sendable, CaseIterable {
        case blocked, dns, timeout, redirects, connect, tls, cancelled, error
        case tooLarge = "too_large"
        case badURL = "bad_url"
    }

    /// The text kept in the database.
    public var description: String {
        switch self {
        case .http(let status): String(status)
        case .fileRead: "read"
        case .fileUnchanged: "unchanged"
        case .failed(let failure): failure.rawValue
        case .unreadable: "invalid"
        case .notRecorded: "store"
        case .other(let text): text
        }
    }

    /// Reads the stored text back.
    public init(stored text: String) {
        switch text {
        case "read": self = .fileRead
        case "unchanged": self = .fileUnchanged
        case "invalid": self = .unreadable
        case "store": self = .notRecorded
        default:
            if let status = Int(text), (100...599).contains(status) {
                self = .http(status)
            } else if let failure = FetchFailure(rawValue: text) {
                self = .failed(failure)
            } else {
                self = .other(text)
            }
        }
    }
}
