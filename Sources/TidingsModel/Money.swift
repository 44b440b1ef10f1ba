/// An amount of money as an integer count of the currency's minor units: never a floating-point number.
public struct Money: Hashable, Sendable, Comparable {
    /// Amount in minor units (kopecks for RUB).
    public var minorUnits: Int64
    /// The currency of the amount.
    public var currency: Currency

    /// Creates money from minor units.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses a plain decimal string ("210", "210.5", "210.00") exactly; nil when it is not a decimal
    /// or has more significant fractional digits than the currency's minor unit.
    public init?(decimal text: String, currency: Currency) {
        guard let value = ScaledDecimal(text, scale: currency.minorUnitDigits) else { return nil }
        self.init(minorUnits: value.scaled, currency: currency)
    }

    /// The amount as a plain decimal string with exactly the minor-unit digits ("65.53", "100").
    public var decimalString: String {
        ScaledDecimal(scaled: minorUnits, scale: currency.minorUnitDigits).fixedString
    }

    /// This amount increased by a markup, rounded half away from zero to the minor unit.
    public func markedUp(by markup: MarkupPercent) -> Money {
        guard markup.millionths != 0 else { return self }
        // minorUnits * (100% + markup) / 100%, where 100% is 10^8 millionths of a percent.
        let hundredPercent: Int64 = 100_000_000
        let factor = hundredPercent.addingReportingOverflow(markup.millionths)
        if !factor.overflow {
            return Money(
                minorUnits: minorUnits.scaled(by: factor.partialValue, over: hundredPercent), currency: currency)
        }
        // Only a markup above ~9.2 × 10^12 % overflows the factor. Its share then has the amount's
        // sign, so rounding the sum away from zero is adding the share rounded away from zero.
        let sum = minorUnits.addingReportingOverflow(minorUnits.scaled(by: markup.millionths, over: hundredPercent))
        return Money(minorUnits: sum.overflow ? (minorUnits < 0 ? .min : .max) : sum.partialValue, currency: currency)
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}

/// A markup percentage with up to six fractional digits, kept as an integer (never a Double).
public struct MarkupPercent: Hashable, Sendable, CustomStringConvertible {
    /// The percentage times 1,000,000.
    public let millionths: Int64

    /// No markup.
    public static let zero = MarkupPercent(millionths: 0)

    /// Creates a markup from millionths of a percent.
    public init(millionths: Int64) { self.millionths = millionths }

    /// Parses "12", "12.5", "0.125"; nil for anything else, for negatives and for more than 1000 %.
    public init?(_ text: String) {
        guard let value = ScaledDecimal(text, scale: 6), value.scaled >= 0, value.scaled <= 1_000_000_000 else {
            return nil
        }
        self.millionths = value.scaled
    }

    public var description: String { ScaledDecimal(scaled: millionths, scale: 6).shortString() }
}
