import Foundation

extension Language {
    /// Money in the language's conventions, with the currency's own symbol where it has one
    /// ("65,53 ₽" with a no-break space; "₽65.53" rather than "RUB 65.53").
    public func format(_ money: Money) -> String {
        let key = "\(rawValue)/\(money.currency.code)"
        let style = Self.currencyStyles.withLock { styles in
            if let style = styles[key] { return style }
            let style = Decimal.FormatStyle.Currency(code: money.currency.code, locale: locale).presentation(.narrow)
            styles[key] = style
            return style
        }
        let decimal = Decimal(
            sign: money.minorUnits < 0 ? .minus : .plus, exponent: -money.currency.minorUnitDigits,
            significand: Decimal(money.minorUnits.magnitude))
        return decimal.formatted(style)
    }

    private static let currencyStyles = Locked<[String: Decimal.FormatStyle.Currency]>([:])

    /// The seed's short relative time: "только что" / "just now", "5 мин" / "5m", "6 ч" / "6h",
    /// "3 д" / "3d"; the Russian ones with a no-break space, so that they never break in two.
    public func timeAgo(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        let (value, ru, en): (Int, String, String)
        switch seconds {
        case ..<60: return self == .ru ? "только что" : "just now"
        case ..<3600: (value, ru, en) = (seconds / 60, "мин", "m")
        case ..<86_400: (value, ru, en) = (seconds / 3600, "ч", "h")
        default: (value, ru, en) = (seconds / 86_400, "д", "d")
        }
        return self == .ru ? "\(value)\u{00A0}\(ru)" : "\(value)\(en)"
    }
}

extension Language {
    /// The CLDR cardinal plural category of a whole `count` in this language (`PluralRules`):
    /// Russian `one` for 1, 21, 101 (not 11), `few` for 2–4, 22–24 (not 12–14), `many` for the
    /// rest (0, 5–20, 25…); English `one` for 1, `other` for the rest.
    public func plural(_ count: Int) -> PluralCategory { PluralRules(tag).category(count) }

    /// `count` and the form of its noun that goes with it in this language:
    /// `language.counted(3, en: ("product", "products"), ru: ("товар", "товара", "товаров"))` is
    /// "3 товара" in Russian, "3 products" in English.
    public func counted(
        _ count: Int, en: (one: String, other: String), ru: (one: String, few: String, many: String)
    ) -> String {
        "\(count) \(form(for: count, en: en, ru: ru))"
    }

    /// The form of a noun that goes with `count` in this language ("товара" for 3).
    public func form(
        for count: Int, en: (one: String, other: String), ru: (one: String, few: String, many: String)
    ) -> String {
        switch (self, plural(count)) {
        case (.en, .one): en.one
        case (.en, _): en.other
        case (.ru, .one): ru.one
        case (.ru, .few): ru.few
        case (.ru, _): ru.many
        }
    }
}
