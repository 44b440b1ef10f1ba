import Foundation
import TidingsModel
import TidingsSections
import TidingsStore

extension SectionService {
    /// The state of a source of `section` that is failing now (failed since its last success),
    /// for the web reader's error state and stale banner.
    func failingSource(_ section: Section, now: Date) async throws -> SourceState? {
        let ids = section.source.fetched.map(\.id)
        guard !ids.isEmpty else { return nil }
        let states = try await allSourceStates(now: now)
        return ids.lazy.compactMap { states[$0] }.first { $0.failures > 0 }
    }

    /// Every source's state by id, kept for the caches' few seconds.
    func allSourceStates(now: Date) async throws -> [String: SourceState] {
        try await sourceStates.value(for: AllSources(), now: now) {
            Dictionary(try await self.store.sourceStates().map { ($0.id, $0) }) { first, _ in first }
        }
    }
}
