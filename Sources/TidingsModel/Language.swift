import Foundation

/// The languages the API speaks. Anything else falls back to English.
public enum Language: String, Sendable, CaseIterable, Codable {
    case ru
    case en

    /// Reads "ru", "ru-RU", "en_US"; nil for a language we do not speak.
    public init?(tag: String) {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// Chooses from `?locale=`, then `Accept-Language` (by q-value), then the configured default.
    /// A request that names only unknown languages gets English.
    public static func negotiate(query: String?, acceptLanguage: String?, fallback: Language) -> Language {
        if let query, !query.isEmpty { return Language(tag: query) ?? .en }
        guard let header = acceptLanguage, !header.trimmingCharacters(in: .whitespaces).isEmpty else {
            return fallback
        }
        var best: (Language, Double)?
        var namedAny = false
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { continue }
            namedAny = true
            if tag == "*" {
                if best == nil || quality > best!.1 { best = (fallback, quality) }
                continue
            }
            if let language = Language(tag: tag), best == nil || quality > best!.1 { best = (language, quality) }
        }
        if let best { return best.0 }
        return namedAny ? .en : fallback
    }

    /// The language tag of this language (`ru`, `en`), for the language catalogs and plural rules.
    public var tag: LanguageTag { self == .ru ? .russian : .english }

    /// The Foundation locale for formatting numbers and dates.
    public var locale: Locale { Locale(identifier: self == .ru ? "ru_RU" : "en_US") }
}
