import Foundation
import TidingsCatalog
import TidingsModel

/// What happened to one ingested event.
public enum IngestOutcome: Hashable, Sendable {
    case accepted
    /// An event with this id and the same body is already in the log; nothing changed. (The same
    /// id with a different body is `rejected` with `CatalogError.replayConflict`.)
    case duplicate
    case rejected(CatalogError)
}
