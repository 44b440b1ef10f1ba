import Foundation
import TidingsModel
import TidingsSections
import TidingsStore

extension SectionService {
    /// The state of a source of `section` that is failing now (failed since its last success),
    /// for the web reader's error state and stale banner.
    func failingSource(_ section: Section, now: Date) async throws -> SourceState? {
        let states = try await allSourceStates(now: now)
        // Nearly always none fails: then no page spells out its sources' ids to look them up.
        guard states.anyFailing else { return nil }
        return section.source.fetched.lazy.compactMap { states.byID[$0.id] }.first { $0.failures > 0 }
    }

    /// Every source's state by id, kept for the caches' few seconds.
    func allSourceStates(now: Date) async throws -> SourceStates {
        try await sourceStates.value(for: AllSources(), now: now) {
            SourceStates(try await self.store.sourceStates())
        }
    }
}

/// Every source's state by id, and whether any is failing.
struct SourceStates: Sendable {
    let byID: [String: SourceState]
    let anyFailing: Bool

    init(_ states: [SourceState]) {
        byID = Dictionary(states.map { ($0.id, $0) }) { first, _ in first }
        anyFailing = states.contains { $0.failures > 0 }
    }
}
