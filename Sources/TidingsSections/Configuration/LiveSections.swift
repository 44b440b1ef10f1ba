import Foundation
import TidingsModel

/// The configuration a running server shows, replaced whole when the brands kept in the database
/// change (an editor's change through any server, `tidings config import`): readers take one
/// snapshot per request from memory, never a query, and a snapshot never mixes two versions.
public final class LiveSections: Sendable {
    /// A configuration and the version of the brands it was made from.
    public struct Snapshot: Sendable {
        public var configuration: SectionsConfiguration
        /// The database's `brands_version` it was read at; 0 when no brands were kept.
        public var version: Int64
    }

    private let state: Locked<Snapshot>

    /// Starts with `configuration`, read at `version` of the kept brands.
    public init(_ configuration: SectionsConfiguration, version: Int64 = 0) {
        state = Locked(Snapshot(configuration: configuration, version: version))
    }

    /// The configuration shown now.
    public var current: SectionsConfiguration { state.withLock { $0.configuration } }

    /// The configuration shown now, with its version.
    public var snapshot: Snapshot { state.current }

    /// The version of the brands shown now.
    public var version: Int64 { state.withLock { $0.version } }

    /// Shows `brands` (the rest of the configuration unchanged) when `version` is newer than the
    /// one shown; returns whether it did. Versions only rise, so two reloads racing each other end
    /// with the newer shown whichever finishes last.
    @discardableResult
    public func replace(brands: [Brand], version: Int64) -> Bool {
        state.withLock { state in
            guard version > state.version else { return false }
            state.configuration.brands = brands
            state.version = version
            return true
        }
    }
}
