/// A non-floating decimal number kept as an integer scaled by 10^`scale`; the one exact parser that
/// money, markup percentages and unit sizes share.
public struct ScaledDecimal: Hashable, Sendable {
    /// The value times 10^scale.
    public var scaled: Int64
    /// Number of fractional digits kept.
    public var scale: Int

    /// Creates a value from its scaled integer.
    public init(scaled: Int64, scale: Int) {
        self.scaled = scaled
        self.scale = scale
    }

    /// Parses "-12", "12.5", "0.125" exactly. Fractional digits beyond `scale` must be zeros;
    /// the magnitude must stay below 10^12. Anything else (exponents, spaces, commas) is nil.
    public init?(_ text: some StringProtocol, scale: Int) {
        var integerPart: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var seenPoint = false
        var seenDigit = false
        var negative = false
        var isFirst = true
        for byte in text.utf8 {
            defer { isFirst = false }
            switch byte {
            case UInt8(ascii: "-") where isFirst:
                negative = true
            case UInt8(ascii: "."):
                guard !seenPoint else { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                seenDigit = true
                let digit = Int64(byte - UInt8(ascii: "0"))
                if seenPoint {
                    fractionDigits += 1
                    if fractionDigits > scale {
                        guard digit == 0 else { return nil }
                        continue
                    }
                    fraction = fraction * 10 + digit
                } else {
                    integerPart = integerPart * 10 + digit
                    guard integerPart < 1_000_000_000_000 else { return nil }
                }
            default:
                return nil
            }
        }
        guard seenDigit else { return nil }
        for _ in min(fractionDigits, scale)..<scale { fraction *= 10 }
        let magnitude = integerPart * Self.power(scale) + fraction
        self.init(scaled: negative ? -magnitude : magnitude, scale: scale)
    }

    /// The value with exactly `scale` fractional digits ("65.53").
    public var fixedString: String { format(trimZeros: false, separator: ".") }

    /// The shortest exact form ("0.5", "12"), with a chosen decimal separator.
    public func shortString(separator: String = ".") -> String { format(trimZeros: true, separator: separator) }

    private func format(trimZeros: Bool, separator: String) -> String {
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        guard scale > 0 else { return sign + String(magnitude) }
        let unit = UInt64(Self.power(scale))
        var fraction = String(magnitude % unit)
        fraction = String(repeating: "0", count: scale - fraction.count) + fraction
        if trimZeros {
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if fraction.isEmpty { return sign + String(magnitude / unit) }
        }
        return sign + String(magnitude / unit) + separator + fraction
    }

    static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
