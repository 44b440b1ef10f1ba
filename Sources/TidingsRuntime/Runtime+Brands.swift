import Foundation
import Logging
import TidingsSections
import TidingsStore

extension Runtime {
    /// The brands a server shows, with the version they were read at: the database's once brands
    /// were ever kept there — the file's brands then only said to differ, once, in the log
    /// (`tidings config import FILE` makes them the database's). A database that never kept any
    /// takes the file's at start; the demo's are shown without being kept (version 0).
    static func servedBrands(_ settings: Settings, store: any BrandStore, logger: Logger, at: Date) async throws
        -> (brands: [Brand], version: Int64)
    {
        let given = settings.sections.brands
        var stored = try await store.storedBrands()
        if stored.version == 0 {
            guard !settings.usesDemoBrands, !given.isEmpty else { return (given, 0) }
            let file = settings.file ?? "the settings"
            let (kept, imported) = try await store.importBrands(
                try given.map(BrandDocument.init), at: at,
                by: BrandsAuthor(actor: "tidings serve", action: "import \(file) into a database that kept no brands"))
            if imported {
                logger.notice(
                    "brands: the database kept none; imported \(given.count) from \(settings.file ?? "the settings") — edits are kept there from now on"
                )
                return (given, kept.version)
            }
            stored = kept
        }
        let brands = try stored.read()
        if !settings.usesDemoBrands, !given.isEmpty, given != brands {
            logger.warning(
                "brands: the database's \(brands.count) brand(s) are served; \(settings.file ?? "the settings") lists others (the database wins once it has kept brands: `tidings config import FILE` replaces them)"
            )
        }
        return (brands, stored.version)
    }
}

extension Runtime {
    /// This runtime showing the brands the database keeps, once it ever kept any (what servers on it
    /// show), else the settings' as it is: for commands that act on what servers fetch
    /// (`tidings sources list|refresh|export`). Never imports.
    public func showingKeptBrands() async throws -> Runtime {
        let stored = try await store.storedBrands()
        guard stored.version > 0 else { return self }
        var settings = self.settings
        settings.sections.brands = try stored.read()
        return Runtime(settings: settings, store: store, logger: logger, clock: environment.clock)
    }
}
