import Foundation
import TidingsModel

/// The brands a server shows, their sections and where each section's content comes from, plus
/// how sources are fetched, read and kept. Read from the `brands`, `fetch`, `retention`, `parse`
/// and `full_text` keys of the YAML configuration file (see ``SectionsConfiguration/load(yaml:file:)``).
public struct SectionsConfiguration: Sendable, Hashable {
    /// Brands in the order the file lists them.
    public var brands: [Brand]
    /// How URL sources are polled.
    public var fetch: FetchSettings
    /// How long entries are kept.
    public var retention: Retention
    /// How much of a fetched document is read.
    public var parse: ParseLimits
    /// How the article pages behind entries are fetched (for sources with `full_text`).
    public var fullText = FullTextSettings()
    /// How entries that tell one story are shown once.
    public var grouping = StoryGrouping()
    /// Whether entries are indexed for search.
    public var search = SearchSettings()

    /// Creates a configuration.
    public init(
        brands: [Brand] = [], fetch: FetchSettings = .init(), retention: Retention = .init(),
        parse: ParseLimits = .init()
    ) {
        self.brands = brands
        self.fetch = fetch
        self.retention = retention
        self.parse = parse
    }

    /// The brand with this id.
    public func brand(_ id: String) -> Brand? { brands.first { $0.id == id } }

    /// Every section with its brand, in file order.
    public var sections: [(brand: Brand, section: Section)] {
        brands.flatMap { brand in brand.sections.map { (brand, $0) } }
    }

    /// Every source that needs fetching (URLs and files), each once, with the sections its
    /// entries go to — a widget's own source (a weather forecast) to the widget's stream.
    public var fetchedSources: [(source: FetchedSource, sections: [SectionKey])] {
        var order: [FetchedSource] = []
        var fed: [FetchedSource: [SectionKey]] = [:]
        for (brand, section) in sections {
            for source in section.source.fetched {
                if fed[source] == nil { order.append(source) }
                fed[source, default: []].append(SectionKey(brand: brand.id, section: section.id))
            }
            for rule in section.placement.widgets {
                guard let source = rule.source else { continue }
                if fed[source] == nil { order.append(source) }
                fed[source, default: []].append(section.widgetKey(rule, brand: brand.id))
            }
        }
        return order.map { ($0, fed[$0] ?? []) }
    }
}
