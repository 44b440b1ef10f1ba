import Foundation
import TidingsCatalog
import TidingsModel
import TidingsSections

/// Every setting Tidings reads, with its default. Sources in order of precedence: command line,
/// environment (`TIDINGS_*`), the `--config` YAML file, these defaults.
public struct TidingsConfiguration: Sendable, Equatable {
    /// Address to bind (`TIDINGS_HOST`).
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one (`TIDINGS_PORT`).
    public var port = 8080
    /// `sqlite:PATH` or `postgres://…` (`TIDINGS_DATABASE`).
    public var database = "sqlite:./tidings.sqlite"
    /// `pricing.markup_percent`: consumer price = store price + this percent.
    public var markupPercent = MarkupPercent.zero
    /// `news.min_change_percent`: changes of at most this many percent make no news.
    public var minChangePercent = 3
    /// `news.merge_window`: seconds within which a change merges into the last price item.
    public var mergeWindow: TimeInterval = 2 * 3600
    /// `news.window_days`: the feed shows this many days.
    public var windowDays = 30
    /// `locale.default`: language when a request names none (`ru` or `en`).
    public var defaultLocale = "ru"
    /// `server.idle_timeout`: seconds before an idle keep-alive connection is closed.
    public var idleTimeout: TimeInterval = 60

    public init() {}

    /// The noise policy these settings describe.
    public var newsPolicy: NewsPolicy { NewsPolicy(minChangePercent: minChangePercent, mergeWindow: mergeWindow) }

    /// Every YAML key with its description (the README lists the same table).
    public static let keys: [(key: String, description: String)] = [
        ("pricing.markup_percent", "consumer price = store price + this percent (decimal, default 0)"),
        ("news.min_change_percent", "price changes of at most this many percent make no item (default 3)"),
        ("news.merge_window", "a change this close to the last price item merges into it (default 2h)"),
        ("news.window_days", "the feed shows items of the last N days (default 30)"),
        ("locale.default", "language when a request names none: ru or en (default ru)"),
        ("server.idle_timeout", "close idle connections after this long (default 60s)"),
    ]
}
