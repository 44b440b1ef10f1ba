import Foundation
import TidingsModel
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
    /// The brands kept, read by the configuration file's reader, each section with the
    /// newsroom's decisions on its stories.
    public func read() throws -> [Brand] {
        var read = try SectionsConfiguration.brands(
            documents: brands.map { ($0.document, $0.sections.map(\.document)) }, origin: "the database's brands")
        guard !actions.isEmpty else { return read }
        let decided = Dictionary(grouping: actions) { SectionKey(brand: $0.brand, section: $0.section) }
        for brand in read.indices {
            for section in read[brand].sections.indices {
                let key = SectionKey(brand: read[brand].id, section: read[brand].sections[section].id)
                read[brand].sections[section].editorial = Editorial(decided[key] ?? [])
            }
        }
        return read
    }
}

extension Editorial {
    /// The decisions kept for one section.
    init(_ actions: [StoredAction]) {
        self.init()
        for action in actions {
            switch action.decision {
            case .pin(let place, let until): pins.append(Pin(item: action.item, place: place, until: until))
            case .hide(let reason): hidden.append(HiddenStory(item: action.item, reason: reason))
            }
        }
    }
}
