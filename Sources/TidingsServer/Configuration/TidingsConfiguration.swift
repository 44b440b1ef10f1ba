import Foundation
import TidingsCatalog
import TidingsIngest
import TidingsModel
import TidingsSections

/// The server's and the catalog's settings, with their defaults. `Settings` (TidingsRuntime)
/// resolves them from the command line, then `TIDINGS_*` variables, then the YAML file, then these
/// defaults, setting each key with `set(_:_:)` whichever layer gave it.
public struct TidingsConfiguration: Sendable, Equatable {
    /// `server.host`: address to bind (`TIDINGS_HOST`).
    public var host = "127.0.0.1"
    /// `server.port`: port to bind; 0 picks a free one (`TIDINGS_PORT`).
    public var port = 8080
    /// `database.url`: `sqlite:PATH` or `postgres://…` (`TIDINGS_DATABASE`), checked and set by
    /// `Settings`, which knows the backends.
    public var database = "sqlite:./tidings.sqlite"
    /// `database.pool_size`: the most PostgreSQL connections one process holds (`TIDINGS_DATABASE_POOL_SIZE`).
    public var databasePoolSize = 10
    /// `pricing.markup_percent`: consumer price = store price + this percent.
    public var markupPercent = MarkupPercent.zero
    /// `news.min_change_percent`: changes of at most this many percent make no news.
    public var minChangePercent = 3
    /// `news.merge_window`: seconds within which a change merges into the last price item.
    public var mergeWindow: TimeInterval = 2 * 3600
    /// `news.window_days`: the feed shows this many days.
    public var windowDays = 30
    /// `news.aggregate`: how bursts of news fold into one item; nil (`off`, the default) shows
    /// every item on its own.
    public var aggregation: NewsAggregation?

    /// The oldest news the feed shows at `now`.
    func oldestNews(at now: Date) -> Date { now.addingTimeInterval(-Double(windowDays) * 86_400) }
    /// `locale.default`: the locale of `/api/v1/news_items` when a request names none Tidings
    /// has words for (a BCP 47 tag: `ru`, `nb-NO`).
    public var defaultLocale = LanguageTag.ru
    /// `locale.catalogs`: a directory of `.xcstrings` files read at start, their words on top of
    /// the shipped ones (a language Tidings does not ship, or other words for one it does).
    public var catalogs: Translations?
    /// `server.idle_timeout`: seconds before an idle keep-alive connection is closed.
    public var idleTimeout: TimeInterval = 60
    /// `server.body_timeout`: seconds a request's body has to arrive whole after its head.
    public var bodyTimeout: TimeInterval = 30
    /// `server.compress`: gzip or deflate text responses of 1 KB or more for clients that accept it.
    public var compress = true
    /// `images.*`: the image proxy.
    public var images = ImageSettings()
    /// `limits.*`: request rates per API key and per client.
    public var limits = RateLimits()
    /// `metrics.allow`: addresses and CIDR ranges `/metrics` answers without a token.
    public var metricsAllow = ["127.0.0.0/8", "::1"]
    /// `metrics.token`: a bearer token that opens `/metrics` from anywhere; empty for none.
    public var metricsToken = ""

    public init() {}

    /// The noise policy these settings describe.
    public var newsPolicy: NewsPolicy {
        NewsPolicy(minChangePercent: minChangePercent, mergeWindow: mergeWindow, aggregation: aggregation)
    }

    /// Every key with its description (the README lists the same table).
    public static let keys: [(key: String, description: String)] =
        [
            ("server.host", "address to bind (default 127.0.0.1)"),
            ("server.port", "port to bind, 0 for any free one (default 8080)"),
            ("server.idle_timeout", "close idle connections after this long (default 60s)"),
            (
                "server.body_timeout",
                "a request body must arrive whole this long after its headers, else 408 and the connection closes (default 30s)"
            ),
            (
                "server.compress",
                "gzip (or deflate) JSON, HTML and feeds of 1 KB or more for clients that accept it (default true)"
            ),
            ("pricing.markup_percent", "consumer price = store price + this percent (decimal, default 0)"),
            ("news.min_change_percent", "price changes of at most this many percent make no item (default 3)"),
            ("news.merge_window", "a change this close to the last price item merges into it (default 2h)"),
            ("news.window_days", "the feed shows items of the last N days (default 30)"),
            (
                "news.aggregate",
                "fold bursts into one item: {window: 1h, min_items: 3} (outside the file window=1h,min_items=3), on for those, or off (default off)"
            ),
            (
                "locale.default",
                "the news API's locale when a request names none Tidings has words for: a BCP 47 tag such as `ru`, `nb-NO` (default ru)"
            ),
            (
                "locale.catalogs",
                "a directory of language catalogs (`.xcstrings`) whose words go on top of the shipped ones: a new language, or other words (default none)"
            ),
        ] + ImageSettings.keys + RateLimits.keys + [
            (
                "metrics.allow",
                "addresses and CIDR ranges /metrics answers without a token (default 127.0.0.0/8, ::1)"
            ),
            ("metrics.token", "a bearer token that opens /metrics from anywhere (default none)"),
        ]

    /// Sets `key` (as in `news.min_change_percent`) from a value of any layer; a mistake names the
    /// value's place and the key.
    public mutating func set(_ key: String, _ value: ConfigNode) throws {
        switch key {
        case "server.host": host = try value.nonEmptyString()
        case "server.port": port = try value.int(0...65535)
        case "server.idle_timeout":
            let seconds = try value.duration()
            guard seconds > 0 else { throw value.error("must be a duration such as 60s, not \"0\"") }
            idleTimeout = seconds
        case "server.body_timeout":
            let seconds = try value.duration()
            guard seconds > 0 else { throw value.error("must be a duration such as 30s, not \"0\"") }
            bodyTimeout = seconds
        case "server.compress": compress = try value.bool()
        case "pricing.markup_percent":
            let raw = try value.string()
            guard let percent = MarkupPercent(raw) else {
                throw value.error("must be a decimal percentage from 0 to 1000, not \"\(raw)\"")
            }
            markupPercent = percent
        case "news.min_change_percent": minChangePercent = try value.int(0...100)
        case "news.merge_window": mergeWindow = try value.duration()
        case "news.window_days": windowDays = try value.int(1...3650)
        case "news.aggregate": aggregation = try Self.aggregation(value)
        case "locale.default": defaultLocale = try value.language()
        case "locale.catalogs": catalogs = try Self.catalogs(value)
        case _ where key.hasPrefix("images."): try images.set(key, value)
        case _ where key.hasPrefix("limits."): try limits.set(key, value)
        case "metrics.allow":
            metricsAllow = try value.oneOrMany().map { entry in
                let text = try entry.nonEmptyString()
                guard AllowList.isAddressOrRange(text) else {
                    throw entry.error("\"\(text)\" is not an IP address or a CIDR range (such as 10.0.0.0/8)")
                }
                return text
            }
        case "metrics.token": metricsToken = try value.string()
        default: throw value.error("is not a setting")
        }
    }
}

extension TidingsConfiguration {
    /// The catalogs in the directory `value` names; an unreadable one is an error at its key.
    static func catalogs(_ value: ConfigNode) throws -> Translations {
        let directory = try value.filePath()
        do {
            return try Translations.own(directory: directory)
        } catch {
            throw value.error("\(error)")
        }
    }

    /// `news.aggregate`: `off`, `on` (a 1h window, 3 items), or a mapping of `window` and
    /// `min_items` (outside the file, `window=1h,min_items=3`), each defaulting as `on` does.
    static func aggregation(_ value: ConfigNode) throws -> NewsAggregation? {
        switch try? value.string() {
        case "off", "false", "no": return nil
        case "on", "true", "yes": return NewsAggregation(window: 3600, minItems: 3)
        default: break
        }
        var window: TimeInterval = 3600
        var minItems = 3
        for (key, item) in try value.pairs() {
            switch key {
            case "window":
                window = try item.duration()
                guard NewsAggregation.windows.contains(window) else {
                    throw item.error("must be from 1m to 7d, not \"\(try item.string())\"")
                }
            case "min_items": minItems = try item.int(NewsAggregation.minItemsRange)
            default: throw item.error("is not a setting of news.aggregate (window, min_items)")
            }
        }
        return NewsAggregation(window: window, minItems: minItems)
    }
}

/// `limits.*`: how many requests an API key (on the write routes) and a client (on every route but
/// the health checks) may make, as a rate a second and a burst; a request over it is answered 429
/// with `Retry-After`.
public struct RateLimits: Sendable, Equatable {
    /// `limits.key_rate`: write requests a second per API key; 0 for no limit.
    public var keyRate = 100
    /// `limits.key_burst`: write requests one key may make at once before the rate applies.
    public var keyBurst = 200
    /// `limits.client_rate`: requests a second per client address; 0 (the default) for no limit.
    public var clientRate = 0
    /// `limits.client_burst`: requests one client may make at once before the rate applies.
    public var clientBurst = 100
    /// `limits.trust_forwarded_for`: the client is the last `X-Forwarded-For` address (set by a
    /// proxy in front that you run), not the connection's peer.
    public var trustForwardedFor = false

    public init() {}

    static let keys: [(key: String, description: String)] = [
        ("limits.key_rate", "write requests a second per API key, 0 for no limit (default 100)"),
        ("limits.key_burst", "write requests one key may make at once before the rate applies (default 200)"),
        (
            "limits.client_rate",
            "requests a second per client address on every route but /health, 0 for no limit (default 0)"
        ),
        ("limits.client_burst", "requests one client may make at once before the rate applies (default 100)"),
        (
            "limits.trust_forwarded_for",
            "take the client's address from the last X-Forwarded-For entry, behind a proxy you run (default false)"
        ),
    ]

    mutating func set(_ key: String, _ value: ConfigNode) throws {
        switch key {
        case "limits.key_rate": keyRate = try value.int(0...1_000_000)
        case "limits.key_burst": keyBurst = try value.int(1...1_000_000)
        case "limits.client_rate": clientRate = try value.int(0...1_000_000)
        case "limits.client_burst": clientBurst = try value.int(1...1_000_000)
        case "limits.trust_forwarded_for": trustForwardedFor = try value.bool()
        default: throw value.error("is not a setting")
        }
    }
}
