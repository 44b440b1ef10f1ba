import Foundation

#if canImport(_FoundationICU)
    import _FoundationICU
#endif

/// CLDR's plural categories: which form of a word a number takes in a language ("1 sak", "2 saker";
/// "1 товар", "2 товара", "5 товаров"; Arabic's six).
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}

/// The plural rules of a language, from CLDR: on Linux through the ICU that Foundation carries
/// (`_FoundationICU`, the same data its number and date formats use), so every language CLDR
/// knows is right. Apple platforms do not expose ICU's plural rules; there the rules of the
/// languages Tidings ships, and of `uk`, `ar`, `pl`, `ja`, `zh` and `ko`, are written out (`fallbackCategory`, checked
/// against ICU by the tests on Linux), and any other language reads `one` for 1 and `other` else.
public struct PluralRules: Sendable {
    public let tag: LanguageTag

    public init(_ tag: LanguageTag) { self.tag = tag }

    /// The category of `count`.
    public func category(_ count: Int) -> PluralCategory { category(Double(count)) }

    /// The category of `number` as it is shown with no trailing zeros (1.5; 1 and 1.0 are both 1).
    public func category(_ number: Double) -> PluralCategory {
        #if canImport(_FoundationICU)
            if let category = ICUPluralRules.shared.category(number, language: tag.base.identifier) {
                return category
            }
        #endif
        return Self.fallbackCategory(number, language: tag.language)
    }

    /// CLDR's cardinal rules for the languages written out for platforms without ICU's plural
    /// rules (`n` the number, `i` its integer digits, `v` how many fraction digits it shows).
    static func fallbackCategory(_ number: Double, language: String) -> PluralCategory {
        let n = abs(number)
        let i = Int(n.rounded(.towardZero))
        let isInteger = n == n.rounded(.towardZero)
        switch language {
        case "ja", "zh", "ko", "th", "vi", "id":
            return .other
        case "ru", "uk":
            guard isInteger else { return .other }
            if i % 10 == 1, i % 100 != 11 { return .one }
            if (2...4).contains(i % 10), !(12...14).contains(i % 100) { return .few }
            return .many
        case "pl":
            guard isInteger else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(i % 10), !(12...14).contains(i % 100) { return .few }
            return .many
        case "ar":
            guard isInteger else { return .other }
            switch i {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(i % 100) { return .few }
                if (11...99).contains(i % 100) { return .many }
                return .other
            }
        case "da":
            // one: n = 1 or t != 0 and i = 0,1 (1.5 is "one" in Danish).
            return n == 1 || (!isInteger && (i == 0 || i == 1)) ? .one : .other
        default:
            // en, de, sv, nb, nn, no, fi, nl, it, es…: one is i = 1 with no fraction digits.
            return isInteger && i == 1 ? .one : .other
        }
    }
}

#if canImport(_FoundationICU)
    /// ICU plural rules objects, one per language, opened once and kept (selecting is read-only
    /// and safe from any thread; opening costs a few microseconds).
    final class ICUPluralRules: @unchecked Sendable {
        static let shared = ICUPluralRules()
        /// Opened rules by language, kept for the life of the process (a few dozen at most).
        private let rules = Locked<[String: Rules]>([:])

        /// An ICU rules object: used only for reading once opened.
        struct Rules: @unchecked Sendable { let pointer: OpaquePointer }

        func category(_ number: Double, language: String) -> PluralCategory? {
            guard let rules = self.rules(for: language) else { return nil }
            var status = U_ZERO_ERROR
            var buffer = [UChar](repeating: 0, count: 16)
            let length = swift_uplrules_select(rules, number, &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0 else { return nil }
            return PluralCategory(rawValue: String(decoding: buffer[..<Int(length)], as: UTF16.self))
        }

        private func rules(for language: String) -> OpaquePointer? {
            rules.withLock { rules in
                if let known = rules[language] { return known.pointer }
                var status = U_ZERO_ERROR
                guard let opened = swift_uplrules_open(language, &status), status.rawValue <= U_ZERO_ERROR.rawValue
                else { return nil }
                rules[language] = Rules(pointer: opened)
                return opened
            }
        }
    }
#endif
