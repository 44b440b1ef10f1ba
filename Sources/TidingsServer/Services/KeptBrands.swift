import Foundation
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
