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
