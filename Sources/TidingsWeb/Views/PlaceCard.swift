import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// A weather or local widget: its title and place, the forecast (weather), the newest stories of
/// its section (local).
struct PlaceCard: Sendable {
    var title: String
    var location: String
    var weather: WeatherView?
    var items: [TeaserCard]
    /// Stored, not computed: templates see stored properties only.
    var hasItems: Bool

    init(title: String, location: String, weather: WeatherView?, items: [TeaserCard]) {
        self.title = title
        self.location = location
        self.weather = weather
        self.items = items
        hasItems = !items.isEmpty
    }
}
