import Foundation
import TidingsIngest
import TidingsSections

/// The demo brands `tidings serve` shows when the configuration names none: a newspaper whose
/// sections mirror seed 003 (economy in unified JSON, lifestyle in legacy JSON, sport as a web
/// page, news from RSS and Atom) and the grocery brand over the catalog. Every source is a file
/// shipped with the program, so the demo works offline.
public enum DemoBrands {
    /// The directory holding `brands.yaml` and its documents.
    public static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Demo", withExtension: nil) else {
                throw ConfigurationError("the demo brands are missing from this build (Demo resource)")
            }
            return url
        }
    }

    /// The demo configuration, read like any other brands file.
    public static func configuration() throws -> SectionsConfiguration {
        try SectionsConfiguration.load(yamlFile: try directory.appendingPathComponent("brands.yaml").path)
    }
}
