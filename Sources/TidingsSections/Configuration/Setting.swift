import Foundation

/// One setting, as a row of the table every layer reads and the documentation lists: its path
/// (`fetch.interval`), what it means, how its value is written (the default included, read off
/// `Root`'s defaults) and how a value of any layer — the file, a `TIDINGS_*` variable, an option —
/// is read into `Root`. Each settings type declares its rows once (`FetchSettings.settings`); the
/// types holding it lift them (`lifted(_:group:)`), and `Settings` (TidingsRuntime) has them all.
public struct Setting<Root>: Sendable {
    /// The key, as the file nests it and the variable spells it: `fetch.interval`.
    public let path: String
    /// What the key does, without its default (the table has a column for that).
    public let meaning: String
    /// The default as the documentation writes it when it is not the value of `Root()` written
    /// out (a path under the user's home, a secret made at first start).
    public let documentedDefault: String?
    private let write: @Sendable (Root) -> String
    private let read: @Sendable (inout Root, ConfigNode, SettingContext) throws -> Void

    /// A row whose value `write` writes out and `read` reads; most rows are made with `int`,
    /// `duration`, `bool` and the other typed makers below.
    public init(
        _ path: String, _ meaning: String, documentedDefault: String? = nil,
        write: @escaping @Sendable (Root) -> String,
        read: @escaping @Sendable (inout Root, ConfigNode, SettingContext) throws -> Void
    ) {
        self.path = path
        self.meaning = meaning
        self.documentedDefault = documentedDefault
        self.write = write
        self.read = read
    }

    /// The key's value in `root`, written as the documentation and `tidings config show` write it
    /// (`15m`, `16 MiB`, `none`).
    public func value(in root: Root) -> String { write(root) }

    /// Reads `node` (a value of any layer) into `root`; a mistake names the value's place and key.
    public func set(_ root: inout Root, _ node: ConfigNode, _ context: SettingContext = SettingContext()) throws {
        try read(&root, node, context)
    }

    /// This row for a type that holds `Root` at `field`, its path under `group` when given
    /// (`fetch` + `interval` = `fetch.interval`).
    public func lifted<Outer>(_ field: WritableKeyPath<Outer, Root> & Sendable, group: String? = nil)
        -> Setting<Outer>
    {
        let inner = self
        return Setting<Outer>(
            group.map { $0 + "." + path } ?? path, meaning, documentedDefault: documentedDefault,
            write: { inner.write($0[keyPath: field]) },
            read: { outer, node, context in try inner.read(&outer[keyPath: field], node, context) })
    }
}

/// What reading a value may need besides the value: checks a layer below the settings owns.
public struct SettingContext: Sendable {
    /// Checks a `fetch.allow_hosts` entry (the fetcher owns that syntax; see
    /// `SectionsConfiguration.AllowHostCheck`).
    public var allowHostCheck: SectionsConfiguration.AllowHostCheck?

    public init(allowHostCheck: SectionsConfiguration.AllowHostCheck? = nil) {
        self.allowHostCheck = allowHostCheck
    }
}

extension Setting {
    /// A whole number in `range`.
    public static func int(
        _ path: String, _ field: WritableKeyPath<Root, Int> & Sendable, _ range: ClosedRange<Int>, _ meaning: String
    ) -> Setting {
        Setting(
            path, meaning, write: { String($0[keyPath: field]) },
            read: { root, node, _ in
                root[keyPath: field] = try node.int(range)
            })
    }

    /// A number from 0 to 1.
    public static func fraction(
        _ path: String, _ field: WritableKeyPath<Root, Double> & Sendable, _ meaning: String
    ) -> Setting {
        Setting(
            path, meaning, write: { String($0[keyPath: field]) },
            read: { root, node, _ in
                root[keyPath: field] = try node.fraction()
            })
    }

    /// A number of bytes in `range`, given and written in KiB, MiB or GiB when it is a whole number
    /// of them (`16 MiB`).
    public static func bytes(
        _ path: String, _ field: WritableKeyPath<Root, Int> & Sendable, _ range: ClosedRange<Int>, _ meaning: String
    ) -> Setting {
        Setting(
            path, meaning, write: { SizeText.text($0[keyPath: field]) },
            read: { root, node, _ in
                root[keyPath: field] = try node.size(range)
            })
    }

    /// A duration (`90s`, `15m`, `2h`, `1d`) of at least `minimum` seconds and at most `maximum`.
    public static func duration(
        _ path: String, _ field: WritableKeyPath<Root, TimeInterval> & Sendable, minimum: TimeInterval,
        maximum: TimeInterval? = nil, _ meaning: String
    ) -> Setting {
        Setting(
            path, meaning, write: { DurationText.text($0[keyPath: field]) },
            read: { root, node, _ in
                let seconds = try node.duration(minimum: minimum)
                if let maximum, seconds > maximum {
                    throw node.error("must be at most \(DurationText.text(maximum))")
                }
                root[keyPath: field] = seconds
            })
    }

    /// A list (outside the file, comma-separated) of texts, each checked: `check` says what is
    /// wrong with one, or nil.
    public static func list(
        _ path: String, _ field: WritableKeyPath<Root, [String]> & Sendable, _ meaning: String,
        check: @escaping @Sendable (String, SettingContext) -> String?
    ) -> Setting {
        Setting(
            path, meaning, write: { ListText.text($0[keyPath: field]) },
            read: { root, node, context in
                root[keyPath: field] = try node.oneOrMany().map { entry in
                    let text = try entry.nonEmptyString()
                    if let problem = check(text, context) { throw entry.error("\"\(text)\" \(problem)") }
                    return text
                }
            })
    }

    /// `true` or `false` (`yes`/`no`, `on`/`off` are read too).
    public static func bool(_ path: String, _ field: WritableKeyPath<Root, Bool> & Sendable, _ meaning: String)
        -> Setting
    {
        Setting(
            path, meaning, write: { String($0[keyPath: field]) },
            read: { root, node, _ in
                root[keyPath: field] = try node.bool()
            })
    }

    /// A text that must not be empty.
    public static func text(_ path: String, _ field: WritableKeyPath<Root, String> & Sendable, _ meaning: String)
        -> Setting
    {
        Setting(
            path, meaning, write: { $0[keyPath: field] },
            read: { root, node, _ in
                root[keyPath: field] = try node.nonEmptyString()
            })
    }
}
