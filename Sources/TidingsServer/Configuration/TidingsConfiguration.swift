import Foundation
import TidingsCatalog
import TidingsIngest
import TidingsModel
import TidingsSections

/// The server's and the catalog's settings, with their defaults. `Settings` (TidingsRuntime)
/// resolves them from the command line, then `TIDINGS_*` variables, then the YAML file, then these
/// defaults, setting each key with its row of `settings` whichever layer gave it.
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
    /// `server.ready_timeout`: how long `/health/ready` waits for the database before it fails
    /// the check (a load balancer's probe has its own timeout; answer within it).
    public var readyTimeout: TimeInterval = 2
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
    /// `admin.audit_keep`: how long the audit log keeps an entry.
    public var auditKeep: TimeInterval = 365 * 86_400

    public init() {}

    /// The noise policy these settings describe.
    public var newsPolicy: NewsPolicy {
        NewsPolicy(minChangePercent: minChangePercent, mergeWindow: mergeWindow, aggregation: aggregation)
    }

    /// Every key of the server and the catalog (`database.*` is read by `Settings`, which knows the
    /// backends); docs/configuration.md lists them.
    public static let settings: [Setting<TidingsConfiguration>] =
        [
            .text("server.host", \.host, "address to bind"),
            .int("server.port", \.port, 0...65535, "port to bind, 0 for any free one"),
            .duration("server.idle_timeout", \.idleTimeout, minimum: 0.001, "close idle connections after this long"),
            .duration(
                "server.body_timeout", \.bodyTimeout, minimum: 0.001,
                "a request body must arrive whole this long after its headers, else 408 and the connection closes"),
            .duration(
                "server.ready_timeout", \.readyTimeout, minimum: 0.001,
                "/health/ready fails its database check when the database does not answer within this long"),
            .bool(
                "server.compress", \.compress,
                "gzip (or deflate) JSON, HTML and feeds of 1 KB or more for clients that accept it"),
            Setting(
                "pricing.markup_percent", "consumer price = store price + this percent (a decimal)",
                write: { $0.markupPercent.description },
                read: { configuration, value, _ in
                    let raw = try value.string()
                    guard let percent = MarkupPercent(raw) else {
                        throw value.error("must be a decimal percentage from 0 to 1000, not \"\(raw)\"")
                    }
                    configuration.markupPercent = percent
                }),
            .int(
                "news.min_change_percent", \.minChangePercent, 0...100,
                "price changes of at most this many percent make no item"),
            .duration(
                "news.merge_window", \.mergeWindow, minimum: 0,
                "a change this close to the last price item merges into it"),
            .int("news.window_days", \.windowDays, 1...3650, "the feed shows items of the last N days"),
            .duration(
                "admin.audit_keep", \.auditKeep, minimum: 86_400,
                "the audit log keeps who changed the brands, and how, this long"),
            Setting(
                "news.aggregate",
                "fold bursts into one item: {window: 1h, min_items: 3} (outside the file window=1h,min_items=3), on for those, or off",
                write: {
                    $0.aggregation.map { "{window: \(DurationText.text($0.window)), min_items: \($0.minItems)}" }
                        ?? "off"
                }, read: { configuration, value, _ in configuration.aggregation = try aggregation(value) }),
            Setting(
                "locale.default",
                "the news API's locale when a request names none Tidings has words for: a BCP 47 tag such as `ru`, `nb-NO`",
                write: { $0.defaultLocale.identifier },
                read: { configuration, value, _ in configuration.defaultLocale = try value.language() }),
            Setting(
                "locale.catalogs",
                "a directory of language catalogs (`.xcstrings`) whose words go on top of the shipped ones: a new language, or other words",
                write: { configuration in
                    configuration.catalogs.map { "words for " + ListText.text($0.languages.map(\.description)) }
                        ?? "none"
                }, read: { configuration, value, _ in configuration.catalogs = try catalogs(value) }),
        ] + ImageSettings.settings.map { $0.lifted(\.images) } + RateLimits.settings.map { $0.lifted(\.limits) } + [
            .list("metrics.allow", \.metricsAllow, "addresses and CIDR ranges /metrics answers without a token") {
                text, _ in
                AllowList.isAddressOrRange(text) ? nil : "is not an IP address or a CIDR range (such as 10.0.0.0/8)"
            },
            Setting(
                "metrics.token", "a bearer token that opens /metrics from anywhere",
                write: { $0.metricsToken.isEmpty ? "none" : "****" },
                read: { configuration, value, _ in configuration.metricsToken = try value.string() }),
        ]
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

    static let settings: [Setting<RateLimits>] = [
        .int("limits.key_rate", \.keyRate, 0...1_000_000, "write requests a second per API key, 0 for no limit"),
        .int(
            "limits.key_burst", \.keyBurst, 1...1_000_000,
            "write requests one key may make at once before the rate applies"),
        .int(
            "limits.client_rate", \.clientRate, 0...1_000_000,
            "requests a second per client address on every route but /health, 0 for no limit"),
        .int(
            "limits.client_burst", \.clientBurst, 1...1_000_000,
            "requests one client may make at once before the rate applies"),
        .bool(
            "limits.trust_forwarded_for", \.trustForwardedFor,
            "take the client's address from the last X-Forwarded-For entry, behind a proxy you run"),
    ]
}
