import Foundation
import TidingsModel

/// Field rules shared by drafts, patches and events.
enum Validate {
    /// True when `text` has no line break (U+2028 included) and no control character
    /// (U+0000–U+001F, U+007F–U+009F): no NUL, which PostgreSQL refuses in text, failing the write.
    static func isOneLine(_ text: some StringProtocol) -> Bool {
        !text.contains(where: \.isNewline)
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static func name(_ value: String) throws(CatalogError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(trimmed.count), isOneLine(trimmed) else {
            throw .invalid("name", "must be 1–200 characters on one line")
        }
        return trimmed
    }

    static func names(_ value: [String: String]) throws(CatalogError) -> [String: String] {
        guard value.count <= 20 else { throw .invalid("names", "may hold at most 20 translations") }
        var result: [String: String] = [:]
        for (language, text) in value {
            guard (2...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw .invalid("names", "keys must be language codes such as \"en\"")
            }
            guard let translation = try? name(text) else {
                throw .invalid("names", "translations must be 1–200 characters on one line")
            }
            result[language.lowercased()] = translation
        }
        return result
    }

    static func unit(_ value: String) throws(CatalogError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard (1...16).contains(trimmed.count), isOneLine(trimmed) else {
            throw .invalid("unit", "must be 1–16 characters")
        }
        return trimmed
    }

    static func unitSize(_ value: String) throws(CatalogError) -> ScaledDecimal {
        guard let size = ScaledDecimal(value, scale: Product.unitSizeScale), size.scaled > 0 else {
            throw .invalid("unit_size", "must be a positive decimal with at most 3 fractional digits")
        }
        return size
    }

    static func container(_ value: String) throws(CatalogError) -> String {
        guard value.count <= 32, isOneLine(value) else {
            throw .invalid("container", "must be at most 32 characters")
        }
        return value.trimmingCharacters(in: .whitespaces)
    }

    static func currency(_ code: String) throws(CatalogError) -> Currency {
        // Written as ISO 4217 writes them: `eur` is refused rather than read as EUR, so that what a
        // client sends is what it gets back.
        guard let currency = Currency(code: code), currency.isISO4217 else {
            throw .invalid("currency", "must be an ISO 4217 currency code such as RUB, EUR or JPY")
        }
        guard currency.code == code else {
            throw .invalid(
                "currency", "must be written in capital letters, as ISO 4217 does: \(currency.code), not \(code)")
        }
        return currency
    }

    static func price(_ text: String, currency: Currency) throws(CatalogError) -> Money {
        guard let money = Money(decimal: text, currency: currency) else {
            // Say which rule it broke: a number with more decimals than the currency has, or no
            // number at all ("12.345" was told it was no positive decimal).
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
            if parts.count == 2, digits(parts[0]), digits(parts[1]), parts[1].count > currency.minorUnitDigits {
                let (given, allowed) = (parts[1].count, currency.minorUnitDigits)
                throw .invalid(
                    "store_price",
                    "\(text) has \(given) decimal\(given == 1 ? "" : "s"); \(currency) has \(allowed == 0 ? "none" : String(allowed))"
                )
            }
            throw .invalid(
                "store_price",
                "must be a decimal such as 129.90 (at most \(currency.minorUnitDigits) decimals for \(currency)), not \"\(text.prefix(40))\""
            )
        }
        guard money.minorUnits > 0 else { throw .invalid("store_price", "must be greater than zero") }
        return money
    }

    static func imageURL(_ value: String?) throws(CatalogError) -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard value.count <= 2048, isOneLine(value), let url = URL(string: value),
            let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw .invalid("image_url", "must be an absolute http or https URL")
        }
        return value
    }
}

/// The rule for a store price, for whatever takes prices in besides events (the backfill).
public enum StorePrice {
    /// `text` as a price in `currency`, or why it is not one (`CatalogError`, field `store_price`).
    public static func parse(_ text: String, currency: Currency) throws(CatalogError) -> Money {
        try Validate.price(text, currency: currency)
    }
}
