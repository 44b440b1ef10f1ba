import Foundation
import Logging
import TidingsCatalog
import TidingsIngest
import TidingsSections
import TidingsServer

/// Every setting of a Tidings process, resolved once, in one order: the command line, then
/// `TIDINGS_*` environment variables, then the YAML file (`--config`, or `TIDINGS_CONFIG`), then
/// the defaults. Each key is parsed by the same setter whichever layer gave it, and a mistake
/// stops start-up naming its layer and key: `config: FILE:LINE: news.window_days …`,
/// `config: TIDINGS_NEWS_WINDOW_DAYS: news.window_days …`, `config: --port: …`.
///
/// apple/swift-configuration (in the graph through Hummingbird) was tried for this and measured
/// (docs/architecture.md, "Configuration"): its YAML provider refuses a list of mappings — our
/// `brands` — when the file is opened, and its errors name neither the file nor the line. The
/// layering itself is the loop in `resolve`, so it is written here.
public struct Settings: Sendable {
    /// Server, catalog and news settings.
    public var server = TidingsConfiguration()
    /// Brands, sections and the poller's settings.
    public var sections = SectionsConfiguration()
    /// The YAML file read, if any.
    public var file: String?
    /// Where spans go (`tracing.*`).
    public var tracing = TracingSettings()
    /// `log.level`: trace, debug, info, notice, warning, error or critical.
    public var logLevel: Logger.Level = .info
    /// `log.format`: text for people, json for a log collector.
    public var logFormat: LogFormat = .text
    /// `TIDINGS_*` variables that name no setting (a misspelt key is otherwise silently ignored).
    public var unknownVariables: [String] = []
    /// Each key a layer gave, as given and where (`file:line`, a variable, an option), the last
    /// layer's: for errors that concern two keys, and for `tidings config show`.
    public private(set) var given: [String: Given] = [:]
    /// Keys the demo brands set because no layer did.
    public private(set) var setByDemo: Set<String> = []

    /// A value as a layer gave it.
    public struct Given: Sendable, Equatable {
        /// On one line, as `ConfigNode.shown` writes it.
        public var value: String
        /// `file:line`, the variable or the option.
        public var place: String
    }

    /// The defaults.
    public init() {}

    /// What the command line gave; nil for an option not given.
    public struct CommandLine: Sendable {
        public var config: String?
        public var host: String?
        public var port: Int?
        public var database: String?

        public init(config: String? = nil, host: String? = nil, port: Int? = nil, database: String? = nil) {
            self.config = config
            self.host = host
            self.port = port
            self.database = database
        }
    }

    /// A key anyone can set: its path in the file, its environment variable, its default and what
    /// it does — a row of docs/configuration.md's table (`tidings config keys --markdown` writes it).
    public struct Key: Sendable {
        /// The row: path, meaning, how a value is read and written.
        public let setting: Setting<Settings>
        /// `TIDINGS_` and the path in capitals, `_` for `.` (three keys have older names).
        public let variable: String

        public var path: String { setting.path }
        public var meaning: String { setting.meaning }
        /// The default as the documentation writes it.
        public var defaultValue: String { setting.documentedDefault ?? setting.value(in: Settings()) }
    }

    /// Every key, in the order the documentation lists them: each group's rows as its type declares
    /// them, the groups in `groupOrder`.
    public static let keys: [Key] = {
        let named = ["server.host": "TIDINGS_HOST", "server.port": "TIDINGS_PORT", "database.url": "TIDINGS_DATABASE"]
        let all =
            TidingsConfiguration.settings.map { $0.lifted(\Settings.server) } + ownSettings
            + SectionsConfiguration.settings.map { $0.lifted(\Settings.sections) }
            + TracingSettings.settings.map { $0.lifted(\Settings.tracing) }
        let group = { (key: String) in groupOrder.firstIndex(of: String(key.prefix { $0 != "." })) ?? groupOrder.count }
        return all.enumerated().sorted { (group($0.element.path), $0.offset) < (group($1.element.path), $1.offset) }
            .map(\.element).map { setting in
                Key(
                    setting: setting,
                    variable: named[setting.path]
                        ?? "TIDINGS_" + setting.path.uppercased().replacingOccurrences(of: ".", with: "_"))
            }
    }()

    private static let keysByPath = Dictionary(uniqueKeysWithValues: keys.map { ($0.path, $0) })

    /// The groups of keys (a key's first part), in the documentation's order.
    static let groupOrder = [
        "server", "database", "pricing", "news", "locale", "fetch", "retention", "grouping", "search", "parse",
        "full_text",
        "images",
        "limits", "metrics", "tracing", "log",
    ]

    /// The keys `Settings` reads itself: the database (whose URL only this target can check, knowing
    /// the backends) and the log.
    static let ownSettings: [Setting<Settings>] = [
        Setting(
            "database.url", "sqlite:PATH or postgres://…", write: { masked("database.url", $0.server.database) },
            read: { settings, value, _ in
                let text = try value.nonEmptyString()
                do { _ = try DatabaseURL(text) } catch {
                    throw value.error("must be sqlite:PATH or postgres://…, not \"\(text)\"")
                }
                settings.server.database = text
            }),
        Setting(
            "database.pool_size",
            "PostgreSQL connections one process holds at most, 1 to 1000; mind the server's max_connections across instances",
            write: { String($0.server.databasePoolSize) },
            read: { settings, value, _ in settings.server.databasePoolSize = try value.int(1...1000) }),
        Setting(
            "log.level", "trace, debug, info, notice, warning, error or critical", write: { $0.logLevel.rawValue },
            read: { settings, value, _ in
                let text = try value.string()
                guard let level = Logger.Level(rawValue: text) else {
                    throw value.error("must be trace, debug, info, notice, warning, error or critical, not \"\(text)\"")
                }
                settings.logLevel = level
            }),
        Setting(
            "log.format",
            "text, or json: one JSON object per line on standard error, with the request id and each value as a field",
            write: { $0.logFormat.rawValue },
            read: { settings, value, _ in
                let text = try value.string()
                guard let format = LogFormat(rawValue: text) else {
                    throw value.error("must be text or json, not \"\(text)\"")
                }
                settings.logFormat = format
            }),
    ]

    /// Keys whose values are secrets: `tidings config show` masks them, and each can be read from
    /// a file named by its variable with `_FILE` (`TIDINGS_METRICS_TOKEN_FILE=/run/secrets/…`, the
    /// container convention), so the secret itself is in no variable, option or file of settings.
    public static let secretKeys: Set<String> = [
        "database.url", "metrics.token", "images.key", "tracing.otlp_headers",
    ]

    /// The variable naming the YAML file.
    public static let fileVariable = "TIDINGS_CONFIG"
    /// `TIDINGS_*` variables that are not server settings: the terminal reader's server, and the
    /// test suite's database, recording and browser screenshots (docs/testing.md).
    static let otherVariables: Set<String> = [
        "TIDINGS_SERVER", "TIDINGS_TEST_POSTGRES_URL", "TIDINGS_RECORD", "TIDINGS_SCREENSHOTS",
    ]

    /// Resolves every layer. `demoBrands`: show the demo brands when no layer names any.
    public static func resolve(
        _ commandLine: CommandLine = .init(), environment: [String: String] = ProcessInfo.processInfo.environment,
        demoBrands: Bool = true
    ) throws -> Settings {
        var settings = Settings()
        settings.file = commandLine.config ?? environment[fileVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let file = settings.file { try settings.read(file: file) }
        for key in keys {
            if let (variable, text) = try secretFromFile(key, environment: environment) {
                try settings.set(key.path, ConfigNode(text: text, path: key.path, origin: .environment(variable)))
                continue
            }
            guard let text = environment[key.variable] else { continue }
            try settings.set(key.path, ConfigNode(text: text, path: key.path, origin: .environment(key.variable)))
        }
        let options: [(String, String, String?)] = [
            ("server.host", "--host", commandLine.host), ("server.port", "--port", commandLine.port.map(String.init)),
            ("database.url", "--database", commandLine.database),
        ]
        for (path, option, value) in options {
            guard let value else { continue }
            try settings.set(path, ConfigNode(text: value, path: "", origin: .commandLine(option)))
        }
        try settings.sections.check { settings.given[$0]?.place }
        if demoBrands, settings.sections.brands.isEmpty {
            settings.sections.brands = try DemoBrands.configuration().brands
            settings.setByDemo.insert("brands")
            settings.server.images.local += try DemoBrands.localImages()
            settings.setByDemo.insert("images.local")
            // The demo folds bursts (its catalog has a sale), unless a layer says otherwise.
            if settings.given["news.aggregate"] == nil {
                settings.server.aggregation = NewsAggregation(window: 3600, minItems: 3)
                settings.setByDemo.insert("news.aggregate")
            }
        }
        let secretFiles = keys.filter { secretKeys.contains($0.path) }.map { $0.variable + "_FILE" }
        let known = Set(keys.map(\.variable)).union(otherVariables).union([fileVariable]).union(secretFiles)
        settings.unknownVariables = environment.keys.filter { $0.hasPrefix("TIDINGS_") && !known.contains($0) }.sorted()
        return settings
    }

    /// Whether the brands are the demo's, put in because no layer named any.
    public var usesDemoBrands: Bool { setByDemo.contains("brands") }

    /// Reads the file: every group of keys, and `brands` (relative `file` sources are taken from
    /// the file's directory).
    mutating func read(file: String) throws {
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        try ConfigNode.root(ofFile: file)?.readSettings(keys: Self.keys.map(\.path), otherGroups: .refuse) {
            path, value in
            if path == "brands" {
                try sections.readBrands(value, baseDirectory: directory)
            } else {
                try set(path, value)
            }
        }
    }

    /// A secret key's value from the file its `_FILE` variable names, without the line break an
    /// editor or `echo` leaves at the end; nil when the variable is not set. Both the variable
    /// and its `_FILE` set is a mistake: which one was meant is not clear.
    static func secretFromFile(_ key: Key, environment: [String: String]) throws -> (String, String)? {
        let variable = key.variable + "_FILE"
        guard secretKeys.contains(key.path), let path = environment[variable] else { return nil }
        let node = ConfigNode(text: path, path: key.path, origin: .environment(variable))
        if environment[key.variable] != nil {
            throw node.error("and \(key.variable) are both set; set one of them")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw node.error("cannot read the file \"\(path)\": \(error.localizedDescription)")
        }
        var value = Substring(text)
        while value.last?.isNewline == true { value.removeLast() }
        guard !value.isEmpty else { throw node.error("the file \"\(path)\" is empty") }
        return (variable, String(value))
    }

    /// Sets one key from a value of any layer.
    public mutating func set(_ path: String, _ value: ConfigNode) throws {
        guard let key = Self.keysByPath[path] else { throw value.error("is not a setting") }
        given[path] = Given(value: value.shown, place: value.place)
        try key.setting.set(&self, value, SettingContext(allowHostCheck: FetchPolicy.allowHostProblem))
    }
}
