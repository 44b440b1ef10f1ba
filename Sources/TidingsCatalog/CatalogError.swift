/// Why the catalog refused an event or a request: a kind (which maps to an HTTP status), a stable
/// code, a message starting with its subsystem, and the offending field.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Broad class of failure.
    public enum Kind: Hashable, Sendable {
        /// The input is malformed or breaks a rule (HTTP 422).
        case invalid
        /// The target already exists (HTTP 409).
        case conflict
        /// The target does not exist (HTTP 404).
        case notFound
    }

    public var kind: Kind
    public var code: String
    public var message: String
    public var field: String?

    public init(_ kind: Kind, code: String, message: String, field: String? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.field = field
    }

    /// A validation failure on one field.
    public static func invalid(_ field: String, _ message: String) -> CatalogError {
        CatalogError(.invalid, code: "validation_failed", message: "catalog: \(field) \(message)", field: field)
    }

    /// The code of ``replayConflict(_:)``.
    public static let replayConflictCode = "event_conflict"

    /// An event id the log (or the same request) already holds with a different body.
    public static func replayConflict(_ id: String) -> CatalogError {
        CatalogError(
            .conflict, code: replayConflictCode,
            message: "catalog: event \(id) was already received with a different body", field: "id")
    }

    public var description: String { message }
}
