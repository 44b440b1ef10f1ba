import Foundation
import Logging
import ServiceLifecycle
import TidingsModel
import TidingsSections
import TidingsStore

/// Keeps the brands a server shows as the database keeps them: asks for their version every
/// second (one row: how a server hears `tidings config import` or a change through a server on
/// the same SQLite file), and at once when another server announces a change (PostgreSQL's
/// `NOTIFY`, heard by ``ChangeFollower``). A newer version is read with the configuration file's
/// reader and shown whole (``LiveSections``); every cached page is dropped, so the next request
/// and every live reader see it. A version this build cannot read is logged once and the brands
/// shown stay as they were. Each check also drops the pages made before a pin's time ran out.
public final class BrandsFollower: Service, Sendable {
    let store: any BrandStore
    let sections: SectionService
    let logger: Logger
    let interval: Duration
    /// The version refused last, so that it is logged once rather than every second.
    private let refused = Locked<Int64?>(nil)
    /// Whether the last check failed, so a database outage is logged once, and its end.
    private let failing = Locked(false)
    /// The next moment the brands shown change by themselves (a pin's time runs out), as of
    /// the last check.
    private let nextChange = Locked<Date?>(nil)

    /// Follows the brands of `sections`' store, asking every `interval`.
    public init(sections: SectionService, logger: Logger, interval: Duration = .seconds(1)) {
        self.store = sections.store
        self.sections = sections
        self.logger = logger
        self.interval = interval
    }

    /// Checks every `interval` until the server shuts down (which ends it quietly: a service that
    /// throws at shutdown fails the process's exit).
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: self.interval)
                if Task.isCancelled { break }
                await self.check()
            }
        }
    }

    /// Checks at once, in the background: another server announced a change of the brands.
    public func heard() {
        Task { await check() }
    }

    /// Reads the brands again when the database keeps a newer version than the one shown, and
    /// shows them; returns whether what is shown changed. Errors are the store's (the database is
    /// unreachable) or the reader's (a document this build cannot read).
    @discardableResult
    public func refresh() async throws -> Bool {
        let live = sections.live
        guard try await store.brandsVersion() > live.version else { return false }
        let stored = try await store.storedBrands()
        guard stored.version > live.version, refused.current != stored.version else { return false }
        let brands: [Brand]
        do {
            brands = try stored.read()
        } catch {
            refused.withLock { $0 = stored.version }
            throw ConfigurationError(
                "the database's brands (version \(stored.version)) cannot be read by this build; still showing version \(live.version): \(error)"
            )
        }
        guard sections.show(brands: brands, version: stored.version) else { return false }
        logger.notice(
            "brands: showing version \(stored.version) — \(brands.count) brand(s), \(brands.reduce(0) { $0 + $1.sections.count }) section(s)"
        )
        return true
    }

    /// Drops every page made before a moment the brands shown change by themselves has passed
    /// (a pin's time ran out), so the next request and every live reader see the section without
    /// it; returns whether one had.
    @discardableResult
    public func passTime() -> Bool {
        let now = sections.clock()
        let next = sections.configuration.nextChange(after: now)
        let passed = nextChange.withLock { kept in
            defer { kept = next }
            return kept.map { $0 <= now } ?? false
        }
        if passed { sections.timePassed() }
        return passed
    }

    /// ``refresh()`` and ``passTime()``, logging what goes wrong once.
    func check() async {
        passTime()
        do {
            try await refresh()
            let recovered = failing.withLock { failing in
                defer { failing = false }
                return failing
            }
            if recovered {
                logger.info("brands: reading the database's brands again")
            }
        } catch let error as ConfigurationError {
            logger.error("\(error)")
        } catch {
            let already = failing.withLock { failing in
                defer { failing = true }
                return failing
            }
            if !already {
                logger.warning(
                    "brands: cannot ask the database for its brands' version (\(error)); trying every second")
            }
        }
    }
}
