import Foundation

/// A reader's locale as a BCP 47 language tag (`nb-NO`, `sv-FI`, `zh-Hant-TW`, `ar-EG-u-nu-latn`):
/// the language chooses the words (a catalog), the whole tag formats numbers, money and dates.
///
/// Written case-insensitively with `-` or `_`; kept in canonical case (`zh-Hant-TW`). Deprecated
/// language codes take their IANA preferred value (`iw` → `he`, `in` → `id`). Extensions and
/// variants (`-u-nu-latn`) are kept for formatting and ignored when choosing words.
public struct LanguageTag: Hashable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The language subtag, lower case: `nb`, `sv`, `zh`.
    public let language: String
    /// The script subtag, title case, when written: `Hant`, `Latn`.
    public let script: String?
    /// The region subtag, upper case or three digits, when written: `NO`, `419`.
    public let region: String?
    /// Variants and extensions, lower case, in the order written (`u`, `nu`, `latn`).
    public let extensions: [String]

    /// Reads a tag; nil when it is not one (empty, a private-use or grandfathered tag, a subtag
    /// of the wrong shape).
    public init?(_ text: String) {
        let subtags = text.trimmingCharacters(in: .whitespaces).split(
            separator: "-", omittingEmptySubsequences: false
        ).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }.map(String.init)
        guard let first = subtags.first, Self.isAlpha(first, 2...3) || Self.isAlpha(first, 5...8) else {
            return nil
        }
        var language = first.lowercased()
        language = Self.preferredLanguage[language] ?? language
        var index = 1
        var script: String?
        var region: String?
        if index < subtags.count, Self.isAlpha(subtags[index], 4...4) {
            script = subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased()
            index += 1
        }
        if index < subtags.count,
            Self.isAlpha(subtags[index], 2...2)
                || (subtags[index].count == 3 && subtags[index].allSatisfy { $0.isASCII && $0.isNumber })
        {
            region = subtags[index].uppercased()
            index += 1
        }
        let rest = subtags[index...].map { $0.lowercased() }
        guard
            rest.allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        self.language = language
        self.script = script
        self.region = region
        self.extensions = rest
    }

    /// The tag of a Foundation locale (`Locale.current` in an app: `nb_NO` is `nb-NO`; keywords
    /// after `@` are left out).
    public init?(_ locale: Locale) {
        self.init(String(locale.identifier.split(separator: "@").first ?? ""))
    }

    /// `en`: the words every lookup falls back to last.
    public static let en = LanguageTag(language: "en", script: nil, region: nil, extensions: [])
    /// `ru`.
    public static let ru = LanguageTag(language: "ru", script: nil, region: nil, extensions: [])

    /// The tag as written canonically, extensions included: `zh-Hant-TW`, `ar-EG-u-nu-latn`.
    public var identifier: String {
        ([language, script, region].compactMap { $0 } + extensions).joined(separator: "-")
    }

    /// The tag without variants and extensions, as catalogs are named: `nb-NO`.
    public var base: LanguageTag {
        LanguageTag(language: language, script: script, region: region, extensions: [])
    }

    public var description: String { identifier }

    /// The Foundation locale this tag formats with.
    public var locale: Locale { Locale(identifier: identifier) }

    /// The language's name in itself, as a menu of languages shows it: "Norsk bokmål", "Svenska",
    /// "Русский", "العربية" (CLDR's names, first letter raised where the script has case).
    public var endonym: String {
        let name = locale.localizedString(forIdentifier: identifier) ?? identifier
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// Whether text in this language runs right to left (`ar`, `he`, `fa`, `ur`; `ar-Latn` does not).
    public var isRightToLeft: Bool {
        Locale.Language(identifier: identifier).characterDirection == .rightToLeft
    }

    /// The tags a catalog is looked for under, most specific first — CLDR's truncation with its
    /// two exceptions that matter for words: a script other than the language's usual one is
    /// never dropped (`zh-Hant-TW` → `zh-Hant`, never the simplified `zh`; `sr-Latn` never
    /// Cyrillic `sr`), and Norwegian's written standards reach each other (`nb` → `no`,
    /// `nn` → `no` → `nb`, `no` → `nb`). The usual script comes from CLDR's likely subtags
    /// (Foundation), so `zh-TW` is read as `zh-Hant-TW`.
    public var fallbackChain: [LanguageTag] {
        if let known = Self.chains.withLock({ $0[base] }) { return known }
        let chain = computedFallbackChain
        Self.chains.withLock { chains in
            // Tags come from requests: the cache is bounded, started afresh when full.
            if chains.count >= 1024 { chains.removeAll(keepingCapacity: true) }
            chains[base] = chain
        }
        return chain
    }

    /// Where words for a reader of this tag are looked for, in order: its fallback chain, then
    /// the brand's, then English — for the catalogs and for a brand's own texts alike.
    public func lookupOrder(brand: LanguageTag?) -> [LanguageTag] {
        fallbackChain + (brand?.fallbackChain ?? []) + [.en]
    }

    /// Chains worked out, by tag: likely subtags cost a Foundation lookup each.
    private static let chains = Locked<[LanguageTag: [LanguageTag]]>([:])

    private var computedFallbackChain: [LanguageTag] {
        var chain: [LanguageTag] = []
        func add(_ tag: LanguageTag) { if !chain.contains(tag) { chain.append(tag) } }
        add(base)
        let usual = Self.likelyScript(of: LanguageTag(language: language, script: nil, region: nil, extensions: []))
        let own = script ?? Self.likelyScript(of: base)
        if let own, let usual, own != usual {
            if region != nil || script == nil {
                add(LanguageTag(language: language, script: own, region: region, extensions: []))
            }
            add(LanguageTag(language: language, script: own, region: nil, extensions: []))
            return chain
        }
        if region != nil, script != nil {
            add(LanguageTag(language: language, script: script, region: nil, extensions: []))
        }
        add(LanguageTag(language: language, script: nil, region: nil, extensions: []))
        for alias in Self.sameWrittenLanguage[language] ?? [] {
            add(LanguageTag(language: alias, script: nil, region: nil, extensions: []))
        }
        return chain
    }

    /// Chooses the reader's locale: `?locale=`, then `Accept-Language` by q-value (ties in the
    /// order written), then `fallback` (the brand's). A tag counts when `supported` (there are
    /// words for it: a catalog on its fallback chain); the tag chosen is kept whole, so `sv-FI`
    /// reads the `sv` catalog and formats as Finland's Swedish. `*` stands for the fallback.
    public static func negotiate(
        query: String?, acceptLanguage: String?, fallback: LanguageTag, supported: (LanguageTag) -> Bool
    ) -> LanguageTag {
        if let query, let tag = LanguageTag(query), supported(tag) { return tag }
        var ranges: [(tag: LanguageTag, quality: Double, order: Int)] = []
        for (order, part) in (acceptLanguage ?? "").split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = pieces.first, !range.isEmpty else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                quality = Double(pair[1]).map { min(1, max(0, $0)) } ?? 0
            }
            guard quality > 0 else { continue }
            if range == "*" {
                ranges.append((fallback, quality, order))
            } else if let tag = LanguageTag(range) {
                ranges.append((tag, quality, order))
            }
        }
        ranges.sort { ($0.quality, -$0.order) > ($1.quality, -$1.order) }
        return ranges.first { supported($0.tag) }?.tag ?? fallback
    }

    private init(language: String, script: String?, region: String?, extensions: [String]) {
        self.language = language
        self.script = script
        self.region = region
        self.extensions = extensions
    }

    private static func isAlpha(_ text: String, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// The script CLDR's likely subtags give a tag (`zh-TW` → `Hant`, `nb` → `Latn`), if any.
    private static func likelyScript(of tag: LanguageTag) -> String? {
        Locale.Language(identifier: tag.identifier).maximalIdentifier.split(separator: "-").dropFirst()
            .first { $0.count == 4 }.map(String.init)
    }

    /// IANA's preferred values for deprecated language subtags still sent by old systems.
    private static let preferredLanguage = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

    /// Norwegian's written standards: Bokmål (`nb`) and Nynorsk (`nn`) are both `no`, the
    /// macrolanguage, and a reader of one reads the other.
    private static let sameWrittenLanguage = ["nb": ["no"], "nn": ["no", "nb"], "no": ["nb"]]

    // Codable as the identifier string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let tag = LanguageTag(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a BCP 47 language tag: \(text)"))
        }
        self = tag
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
