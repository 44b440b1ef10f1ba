import Foundation

/// The words Tidings shows a reader, from String Catalog files (`.xcstrings`, the JSON that Xcode,
/// Crowdin, Lokalise and Phrase read and write), one file per language by convention
/// (`nb.xcstrings` holds the `nb` localizations; a file may hold several). Plurals are keyed by
/// CLDR category (`one`, `few`, `many`, `other`…) and chosen by `PluralRules`.
///
/// Read by this loader, not by Foundation's `Bundle` lookup: on Linux, Foundation neither
/// compiles `.xcstrings` nor survives a `.stringsdict` plural (it crashes), and its locale
/// matching ignores the preferences it is given. The files ship as a copied resource.
public struct Translations: Sendable, Equatable {
    /// Words by language tag (its `base` identifier), then by key.
    private var words: [String: [String: TranslationEntry]]

    /// No words at all.
    public init() { words = [:] }

    /// The catalogs in `files`; a later file's words replace an earlier one's for the same key
    /// and language.
    public init(files: [URL]) throws {
        words = [:]
        for file in files { try add(file) }
    }

    /// Every `*.xcstrings` file in `directory`, by name.
    public static func load(directory: URL) throws -> Translations {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xcstrings" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try Translations(files: files)
    }

    /// A deployment's or a reader's own catalogs (`locale.catalogs`, `tidings read --catalogs`):
    /// `path` must be a directory holding words in at least one `.xcstrings` file.
    public static func own(directory path: String) throws -> Translations {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TranslationError("must be a directory of .xcstrings files; \(path) is not a directory")
        }
        let translations = try load(directory: URL(fileURLWithPath: path))
        guard !translations.languages.isEmpty else { throw TranslationError("\(path) holds no .xcstrings words") }
        return translations
    }

    /// The catalogs Tidings ships (`Sources/TidingsModel/Translations`, one file per language).
    public static let shipped: Translations = {
        guard let directory = Bundle.module.url(forResource: "Translations", withExtension: nil) else {
            preconditionFailure("Tidings' resource bundle has no Translations folder")
        }
        do {
            return try load(directory: directory)
        } catch {
            preconditionFailure("a shipped catalog does not read: \(error)")
        }
    }()

    /// The words in use: the shipped catalogs, with a deployment's or an app's own on top once
    /// ``activate(_:)`` put them there. Every reader of words reads these.
    public static var current: Translations { active.current.words }

    /// How many times ``activate(_:)`` was called: a cache of words made from ``current`` keeps
    /// the number it was made at and makes them again when it moved.
    public static var generation: Int { active.current.generation }

    /// ``current`` and ``generation`` read together, so the words and their number agree.
    static var currentWithGeneration: (words: Translations, generation: Int) { active.current }

    /// Makes `translations` the words in use (``current``): the server does at start, before the
    /// first request, with `locale.catalogs`' files on top of the shipped ones; an app may, to
    /// add a language or reword a message. Words already made into a page stay as they were.
    public static func activate(_ translations: Translations) {
        active.withLock { $0 = (translations, $0.generation + 1) }
    }

    private static let active = Locked((words: shipped, generation: 0))

    /// These words with `other`'s on top (a key `other` has in a language replaces this one's).
    public func adding(_ other: Translations) -> Translations {
        var merged = self
        for (language, entries) in other.words {
            merged.words[language, default: [:]].merge(entries) { _, new in new }
        }
        return merged
    }

    /// The languages with words, as their catalogs name them.
    public var languages: [LanguageTag] {
        words.keys.compactMap(LanguageTag.init).sorted { $0.identifier < $1.identifier }
    }

    /// Whether a catalog speaks `tag`: one for a tag on its fallback chain (`sv-FI` → `sv`).
    public func supports(_ tag: LanguageTag) -> Bool {
        tag.fallbackChain.contains { words[$0.identifier] != nil }
    }

    /// The keys `language`'s catalog has.
    public func keys(of language: LanguageTag) -> Set<String> {
        Set(words[language.base.identifier].map { Array($0.keys) } ?? [])
    }

    /// The entry for `key` in `language`'s own catalog, if it has one.
    public func entry(_ key: String, in language: LanguageTag) -> TranslationEntry? {
        words[language.base.identifier]?[key]
    }

    /// The words for `key` in `tag`'s language with `arguments` put in: looked up along `tag`'s
    /// fallback chain, then `brand`'s, then English, key by key — a key a catalog lacks never shows
    /// blank. Counts are written as `tag` writes numbers, and choose the plural form by the rules
    /// of the language the words are in. A key no catalog has (the completeness test keeps that
    /// from shipping) comes back as itself.
    public func string(
        _ key: String, _ tag: LanguageTag, brand: LanguageTag? = nil, _ arguments: [TranslationArgument] = []
    )
        -> String
    {
        for language in tag.lookupOrder(brand: brand) {
            guard let entry = words[language.identifier]?[key] else { continue }
            return entry.render(arguments, words: language, numbers: tag)
        }
        return key
    }

    private mutating func add(_ file: URL) throws {
        let catalog: StringCatalogFile
        do {
            catalog = try JSONDecoder().decode(StringCatalogFile.self, from: Data(contentsOf: file))
        } catch let error as DecodingError {
            throw TranslationError("\(file.lastPathComponent): \(TidingsJSON.describe(error))")
        }
        for (key, string) in catalog.strings {
            for (language, localization) in string.localizations ?? [:] {
                guard let tag = LanguageTag(language) else {
                    throw TranslationError("\(file.lastPathComponent): \(key): \"\(language)\" is not a language tag")
                }
                let entry: TranslationEntry
                if let unit = localization.stringUnit {
                    entry = .text(unit.value)
                } else if let plural = localization.variations?.plural {
                    var forms: [PluralCategory: String] = [:]
                    for (name, variation) in plural {
                        guard let category = PluralCategory(rawValue: name) else {
                            throw TranslationError(
                                "\(file.lastPathComponent): \(key) (\(language)): \"\(name)\" is not a plural category")
                        }
                        forms[category] = variation.stringUnit.value
                    }
                    guard forms[.other] != nil else {
                        throw TranslationError(
                            "\(file.lastPathComponent): \(key) (\(language)): a plural needs an \"other\" form")
                    }
                    entry = .plural(forms)
                } else {
                    throw TranslationError(
                        "\(file.lastPathComponent): \(key) (\(language)): neither a stringUnit nor plural variations")
                }
                words[tag.base.identifier, default: [:]][key] = entry
            }
        }
    }
}

/// One key's words in one language: a text, or a plural's forms by category.
public enum TranslationEntry: Sendable, Hashable {
    case text(String)
    case plural([PluralCategory: String])

    /// Every form, for checks (placeholders, blanks).
    public var forms: [String] {
        switch self {
        case .text(let text): [text]
        case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0] }
        }
    }

    /// The placeholders of one form in order (`@`, `lld`, `1$@`…), for checking that a translation
    /// takes the arguments English takes.
    public static func placeholders(in form: String) -> [String] { TranslationFormat.placeholders(form) }

    /// The words with `arguments` put in for `%@`, `%lld` (and `%d`, `%ld`, positional `%1$@`…;
    /// `%%` is a percent sign): a plural takes the form of its first count by `words`' rules;
    /// counts are written as `numbers` writes them.
    func render(_ arguments: [TranslationArgument], words: LanguageTag, numbers: LanguageTag) -> String {
        let format: String
        switch self {
        case .text(let text):
            format = text
        case .plural(let forms):
            let count = arguments.lazy.compactMap(\.count).first ?? 0
            let category = PluralRules(words).category(count)
            format = forms[category] ?? forms[.other] ?? ""
        }
        return TranslationFormat.fill(format, arguments, locale: numbers.locale)
    }
}

/// A value put into a catalog's words.
public enum TranslationArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Words as they are (`%@`).
    case text(String)
    /// A number of things (`%lld`): written in the reader's locale, and what a plural counts.
    case count(Int)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .count(value) }

    var count: Int? {
        if case .count(let value) = self { return value }
        return nil
    }
}

/// A catalog that does not read, with the file, key and language.
public struct TranslationError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = "language catalog: " + description }
}

/// The printf-style placeholders String Translations use, filled.
enum TranslationFormat {
    /// The placeholders of `format` in order (`@`, `lld`, …, with a position when written),
    /// for checks that a translation takes the same arguments as English.
    static func placeholders(_ format: String) -> [String] {
        var found: [String] = []
        scan(format) { _, specifier in
            found.append(specifier)
            return ""
        }
        return found
    }

    static func fill(_ format: String, _ arguments: [TranslationArgument], locale: Locale) -> String {
        var next = 0
        return scan(format) { position, _ in
            let index = position.map { $0 - 1 } ?? next
            next = index + 1
            guard arguments.indices.contains(index) else { return "" }
            switch arguments[index] {
            case .text(let text): return text
            case .count(let count): return count.formatted(.number.locale(locale))
            }
        }
    }

    /// Walks `format`, calling `replace` for each placeholder (its 1-based position if written, and
    /// its specifier), and returns the text with the replacements.
    @discardableResult
    private static func scan(_ format: String, _ replace: (Int?, String) -> String) -> String {
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var cursor = rest.index(after: percent)
            if cursor < rest.endIndex, rest[cursor] == "%" {
                result += "%"
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            var digits = ""
            var position: Int?
            var probe = cursor
            while probe < rest.endIndex, rest[probe].isASCII, rest[probe].isNumber {
                digits.append(rest[probe])
                probe = rest.index(after: probe)
            }
            if !digits.isEmpty, probe < rest.endIndex, rest[probe] == "$" {
                position = Int(digits)
                cursor = rest.index(after: probe)
            }
            var specifier = ""
            while cursor < rest.endIndex, "lhqz".contains(rest[cursor]) {
                specifier.append(rest[cursor])
                cursor = rest.index(after: cursor)
            }
            guard cursor < rest.endIndex, "@duif".contains(rest[cursor]) else {
                // Not a placeholder: the percent sign stays as written.
                result += "%"
                rest = rest[rest.index(after: percent)...]
                continue
            }
            specifier.append(rest[cursor])
            result += replace(position, (position.map { "\($0)$" } ?? "") + specifier)
            rest = rest[rest.index(after: cursor)...]
        }
        return result + rest
    }
}

/// The part of the String Catalog format these files use.
private struct StringCatalogFile: Decodable {
    var sourceLanguage: String
    var strings: [String: CatalogString]

    struct CatalogString: Decodable {
        var comment: String?
        var localizations: [String: Localization]?
    }

    struct Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
    }

    struct Variations: Decodable {
        var plural: [String: Variation]?
    }

    struct Variation: Decodable {
        var stringUnit: StringUnit
    }

    struct StringUnit: Decodable {
        var state: String?
        var value: String
    }
}

extension LanguageTag {
    /// The reader's locale for a request: `?locale=`, then `Accept-Language` by q-value, then
    /// `fallback` (the brand's), each counted when the shipped catalogs have words for it
    /// (``negotiate(query:acceptLanguage:fallback:supported:)``).
    public static func negotiate(query: String?, acceptLanguage: String?, fallback: LanguageTag) -> LanguageTag {
        negotiate(
            query: query, acceptLanguage: acceptLanguage, fallback: fallback, supported: Translations.current.supports)
    }
}
