import Foundation
import Logging
import TidingsSections
import TidingsStore

extension BrandDocument {
    /// `brand` as the database keeps it: its own fields and each section, in the file's form.
    public init(_ brand: Brand) throws {
        self.init(
            id: brand.id, document: try BrandsWriter.text(BrandsWriter.brandOwn(brand)),
            sections: try brand.sections.map {
                SectionDocument(id: $0.id, document: try BrandsWriter.text(BrandsWriter.section($0)))
            })
    }
}

extension StoredBrands {
    /// The brands kept, read by the configuration file's reader.
    public func read() throws -> [Brand] {
        try SectionsConfiguration.brands(
            documents: brands.map { ($0.document, $0.sections.map(\.document)) }, origin: "the database's brands")
    }
}

extension Runtime {
    /// The brands a server shows: the database's once it keeps any — the file's brands then only
    /// said to differ, once, in the log (`tidings config import FILE` makes them the database's).
    /// A database with none takes the file's at start; the demo's are shown without being kept.
    static func servedBrands(_ settings: Settings, store: any BrandStore, logger: Logger, at: Date) async throws
        -> [Brand]
    {
        let given = settings.sections.brands
        var stored = try await store.storedBrands()
        if stored.brands.isEmpty {
            guard !settings.usesDemoBrands, !given.isEmpty else { return given }
            let (kept, imported) = try await store.importBrands(try given.map(BrandDocument.init), at: at)
            if imported {
                logger.notice(
                    "brands: the database kept none; imported \(given.count) from \(settings.file ?? "the settings") — edits are kept there from now on"
                )
                return given
            }
            stored = kept
        }
        let brands = try stored.read()
        if !settings.usesDemoBrands, !given.isEmpty, given != brands {
            logger.warning(
                "brands: the database's \(brands.count) brand(s) are served; \(settings.file ?? "the settings") lists others (the database wins once it keeps brands: `tidings config import FILE` replaces them)"
            )
        }
        return brands
    }
}
