import Foundation

#if canImport(_FoundationICU)
    import _FoundationICU
#endif

/// How a reader's locale writes money, percentages, quantities and the short "how long ago" of a
/// card: CLDR's data through Foundation's format styles (and, for units of measure on Linux, the
/// ICU Foundation carries), so any locale formats right — `nb-NO` writes "1 234,50 kr", `ar-EG`
/// Arabic-Indic digits, `ja` "6時間".
///
/// Words are not formatting: "just now" and "pcs" come from the language catalogs. A catalog may
/// also replace one of CLDR's patterns for its own language (`format.percent`,
/// `format.ago.minutes`, `.hours`, `.days`), looked for on the reader's fallback chain only —
/// never taken from English. The Russian catalog does, to keep the seed's forms ("Скидка 5%",
/// "3 д") where CLDR writes "5 %" and "3 д."; docs/architecture.md says why.
///
/// What is made is kept (`FormatMemo`): a page of fifty items asks for the same few "6 h", "1 kg"
/// and prices again and again, and a string from the memo costs a fraction of one from ICU. The
/// key holds everything the text depends on: the locale, the catalogs' ``Translations/generation``
/// and the value.
public struct LocaleFormats: Sendable {
    public let tag: LanguageTag
    private let translations: Translations
    /// The start of every memo key: the catalogs' generation and the locale.
    private let scope: String

    /// The formats of `tag`, with the words in use (``Translations/current``).
    public init(_ tag: LanguageTag) {
        self.tag = tag
        let (words, generation) = Translations.currentWithGeneration
        translations = words
        scope = "\(generation)|\(tag.identifier)|"
    }

    /// The keys a catalog may hold to replace a CLDR pattern for its language.
    public static let patternKeys: Set<String> = [
        "format.percent", "format.ago.minutes", "format.ago.hours", "format.ago.days",
    ]

    /// The words keys this type reads from every catalog.
    public static let wordKeys: Set<String> = ["format.justNow", "format.pieces"]

    /// Money with the currency's own symbol where it has one: "65,53 ₽" (no-break space),
    /// "₽65.53" rather than "RUB 65.53", "1 234,50 kr" in Norway.
    public func money(_ money: Money) -> String {
        Self.memo.value(scope + "m|\(money.currency.code)|\(money.minorUnits)") { format(money) }
    }

    /// An amount from the wire in the reader's way; as written ("98.90 XYZ") when its currency or
    /// value cannot be read.
    public func money(_ amount: Amount) -> String {
        amount.money.map { money($0) } ?? "\(amount.value) \(amount.currency)"
    }

    private func format(_ money: Money) -> String {
        let style = Self.currencyStyles.value("\(tag.identifier)/\(money.currency.code)") {
            Decimal.FormatStyle.Currency(code: money.currency.code, locale: tag.locale).presentation(.narrow)
        }
        let decimal = Decimal(
            sign: money.minorUnits < 0 ? .minus : .plus, exponent: -money.currency.minorUnitDigits,
            significand: Decimal(money.minorUnits.magnitude))
        return decimal.formatted(style)
    }

    /// Formats made so far, by locale and currency; locales come from requests, so the cache
    /// starts afresh when it has seen too many.
    private static let currencyStyles = FormatMemo<Decimal.FormatStyle.Currency>(capacity: 4096)

    /// A whole percentage: "12%", "12 %" (no-break space: `nb`, `sv`, `de`), "١٢٪" — or the
    /// language's own `format.percent` pattern.
    public func percent(_ value: Int) -> String {
        Self.memo.value(scope + "p|\(value)") { formatPercent(value) }
    }

    private func formatPercent(_ value: Int) -> String {
        if let pattern = ownPattern("format.percent") {
            return pattern.render([.count(value)], words: tag, numbers: tag)
        }
        return value.formatted(.percent.locale(tag.locale))
    }

    /// A change as a signed percentage: "−12%", "+5 %", "±0 %" — a true minus sign, and a sign
    /// always, so a rise and a drop read apart.
    public func signedPercent(_ value: Int) -> String {
        (value < 0 ? "\u{2212}" : value > 0 ? "+" : "±") + percent(abs(value))
    }

    /// The short time since `date` the API and cards show: "just now" under a minute, then
    /// minutes, hours and days in CLDR's narrow units ("5m", "6h", "3d"; "6 t" in Norwegian,
    /// "6 ч" in Russian), the number never parted from its unit (a space becomes a no-break one).
    public func timeAgo(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        let (value, key, unit): (Int, String, Duration.UnitsFormatStyle.Unit)
        switch seconds {
        case ..<60: return translations.string("format.justNow", tag)
        case ..<3600: (value, key, unit) = (seconds / 60, "format.ago.minutes", .minutes)
        case ..<86_400: (value, key, unit) = (seconds / 3600, "format.ago.hours", .hours)
        default: (value, key, unit) = (seconds / 86_400, "format.ago.days", .days)
        }
        // Keyed by the value shown: every `seconds` that shows it reads the same.
        return Self.memo.value(scope + key + "|\(value)") { ago(seconds, value, key, unit) }
    }

    private func ago(_ seconds: Int, _ value: Int, _ key: String, _ unit: Duration.UnitsFormatStyle.Unit) -> String {
        if let pattern = ownPattern(key) {
            return Self.unbreakable(pattern.render([.count(value)], words: tag, numbers: tag))
        }
        let text = Duration.seconds(seconds).formatted(
            .units(allowed: [unit], width: .narrow, fractionalPart: .hide(rounded: .towardZero)).locale(tag.locale))
        return Self.unbreakable(text)
    }

    /// A product's size: "1 кг", "0,5 l", "250 mL", "10 шт" — CLDR's short unit for kilograms,
    /// grams, litres, millilitres and their kin; the catalog's `format.pieces` for pieces; any
    /// other unit written as given after the number in the reader's way.
    public func quantity(_ amount: ScaledDecimal, unit: String) -> String {
        Self.memo.value(scope + "q|\(amount.shortString())|\(unit)") { format(amount, unit: unit) }
    }

    private func format(_ amount: ScaledDecimal, unit: String) -> String {
        let name = unit.lowercased()
        if ["pcs", "pc", "piece", "pieces"].contains(name), let count = Int(amount.shortString()) {
            return Self.unbreakable(translations.string("format.pieces", tag, [.count(count)]))
        }
        #if canImport(_FoundationICU)
            if let measure = Self.measureUnits[name],
                let text = ICUNumberFormats.shared.format(
                    decimal: amount.shortString(), skeleton: "measure-unit/\(measure) unit-width-short",
                    locale: tag.identifier)
            {
                return Self.unbreakable(text)
            }
        #endif
        return number(amount) + "\u{00A0}" + unit
    }

    /// A decimal as the locale writes it, all its digits kept ("0,5", "1 234,5").
    public func number(_ amount: ScaledDecimal) -> String {
        guard let decimal = Decimal(string: amount.shortString(), locale: Locale(identifier: "en_US_POSIX")) else {
            return amount.shortString()
        }
        return decimal.formatted(.number.locale(tag.locale))
    }

    /// Units a product's size is given in, by ICU's names.
    static let measureUnits = [
        "kg": "mass-kilogram", "g": "mass-gram", "mg": "mass-milligram", "lb": "mass-pound", "oz": "mass-ounce",
        "l": "volume-liter", "ml": "volume-milliliter", "cl": "volume-centiliter", "dl": "volume-deciliter",
        "m": "length-meter", "cm": "length-centimeter", "mm": "length-millimeter",
    ]

    /// The language's own pattern for `key`, from a catalog on the reader's fallback chain.
    private func ownPattern(_ key: String) -> TranslationEntry? {
        for language in tag.fallbackChain {
            if let entry = translations.entry(key, in: language) { return entry }
        }
        return nil
    }

    /// `text` with its plain spaces made no-break: a quantity never breaks across lines.
    static func unbreakable(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "\u{00A0}")
    }
}

/// What ``LocaleFormats`` made (strings, format styles), by a key naming all it depends on.
/// Bounded: past `capacity` keys it starts afresh (keys come from requests' locales and prices).
final class FormatMemo<Value: Sendable>: Sendable {
    private let values = Locked<[String: Value]>([:])
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The value kept for `key`, or the one `make` makes, kept.
    func value(_ key: String, _ make: () -> Value) -> Value {
        if let kept = values.withLock({ $0[key] }) { return kept }
        let made = make()
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }
}

extension LocaleFormats {
    /// The strings made so far, in every locale.
    static let memo = FormatMemo<String>(capacity: 16_384)
}

#if canImport(_FoundationICU)
    /// ICU number formatters by skeleton and locale, opened once and kept (formatting is safe
    /// from any thread once opened), for what Foundation's format styles do not offer on Linux.
    final class ICUNumberFormats: @unchecked Sendable {
        static let shared = ICUNumberFormats()
        private let formatters = Locked<[String: Formatter]>([:])

        struct Formatter: @unchecked Sendable { let pointer: OpaquePointer }

        /// `decimal` (digits with a `.`) formatted by `skeleton` for `locale`; nil when ICU refuses.
        func format(decimal: String, skeleton: String, locale: String) -> String? {
            let key = skeleton + "|" + locale
            var owned: OpaquePointer?
            let cached = formatters.withLock { $0[key]?.pointer }
            guard let formatter = cached ?? open(skeleton, locale) else { return nil }
            if cached == nil {
                // Locales come from requests: a bounded number stay open; past that, each is
                // opened for its one use. One opened twice by a race is closed, not leaked.
                let kept = formatters.withLock { formatters -> Bool in
                    guard formatters[key] == nil, formatters.count < 1024 else { return false }
                    formatters[key] = Formatter(pointer: formatter)
                    return true
                }
                if !kept { owned = formatter }
            }
            defer { if let owned { swift_unumf_close(owned) } }
            var status = U_ZERO_ERROR
            guard let result = swift_unumf_openResult(&status) else { return nil }
            defer { swift_unumf_closeResult(result) }
            let digits = Array(decimal.utf8CString)
            swift_unumf_formatDecimal(formatter, digits, Int32(digits.count - 1), result, &status)
            var buffer = [UChar](repeating: 0, count: 128)
            let length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= buffer.count else { return nil }
            return String(decoding: buffer[..<Int(length)], as: UTF16.self)
        }

        private func open(_ skeleton: String, _ locale: String) -> OpaquePointer? {
            var status = U_ZERO_ERROR
            let units = Array(skeleton.utf16)
            guard let opened = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), locale, &status),
                status.rawValue <= U_ZERO_ERROR.rawValue
            else { return nil }
            return opened
        }
    }
#endif
