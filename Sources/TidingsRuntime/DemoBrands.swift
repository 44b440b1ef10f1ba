import Foundation
import TidingsIngest
import TidingsSections
import TidingsServer

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

    /// The demo's pictures: files in `Demo/media`, drawn by `scripts/draw-demo-images.py`. The
    /// demo's documents name them under the brands' own (`.example`) sites, and the image proxy
    /// serves those URLs from the directory (`images.local`), so the demo has pictures offline
    /// and no page ever loads one from another host.
    public static func localImages() throws -> [ImageSettings.LocalImages] {
        let media = try directory.appendingPathComponent("media").path
        return ["https://courier.example/media/", "https://grocery.example/media/", "https://vestland.example/media/"]
            .map {
                ImageSettings.LocalImages(prefix: $0, directory: media)
            }
    }

    /// The demo configuration, read like any other brands file.
    public static func configuration() throws -> SectionsConfiguration {
        try SectionsConfiguration.load(yamlFile: try directory.appendingPathComponent("brands.yaml").path)
    }
}
