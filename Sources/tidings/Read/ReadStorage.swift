import Foundation
import TidingsKit

/// Where `tidings read` keeps the feeds it showed, for reading them offline later, and its HTTP
/// cache's responses: the SDK's persistent offline store (a corrupt file is rebuilt empty, never a
/// crash).
func readerStorage(path: String) throws -> OfflineStore {
    try OfflineStore(path: path)
}

extension TidingsClient {
    /// A list from the server or, when the server cannot be reached, the one kept from the last
    /// time, with when it was kept (nil when it came from the server). Other failures, and no kept
    /// list, throw.
    func listOrKept<Value: Sendable>(
        _ fetch: () async throws(TidingsError) -> Value, kept: () -> Kept<Value>?
    ) async throws(TidingsError) -> (value: Value, keptAt: Date?) {
        do {
            return (try await fetch(), nil)
        } catch  where error.isRetryable {
            guard let kept = kept() else { throw error }
            return (kept.value, kept.fetchedAt)
        }
    }
}
