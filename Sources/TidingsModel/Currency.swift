/// An ISO 4217 currency with the number of digits in its minor unit.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The three-letter code, upper case.
    public let code: String

    /// Digits after the decimal point in this currency's minor unit (2 for RUB, 0 for JPY).
    public var minorUnitDigits: Int {
        if Self.zeroDigit.contains(code) { return 0 }
        if Self.threeDigit.contains(code) { return 3 }
        if Self.fourDigit.contains(code) { return 4 }
        return 2
    }

    /// True for a code on ISO 4217's list of currencies and funds in use. Writes accept only these;
    /// `init?(code:)` checks the shape alone, so a stored or received code is never misread.
    public var isISO4217: Bool { Self.iso4217.contains(code) }

    /// Russian rouble, the catalog's default.
    public static let rub = Currency(validatedCode: "RUB")

    /// Accepts three ASCII letters (any case), else nil.
    public init?(code: String) {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else { return nil }
        self.code = upper
    }

    private init(validatedCode: String) { self.code = validatedCode }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        guard let currency = Currency(code: raw) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO 4217 currency code: \(raw)"))
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    public var description: String { code }

    // ISO 4217 currencies whose minor unit is not two digits.
    private static let zeroDigit: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
        "XAF", "XOF", "XPF",
    ]
    private static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let fourDigit: Set<String> = ["CLF", "UYW"]

    /// ISO 4217's active codes (List One, 2025) that have a minor unit: currencies and funds; not
    /// precious metals, SDR, bond units, XTS (testing) or XXX (no currency).
    static let iso4217: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF",
        "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW",
        "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN",
        "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG",
        "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW",
        "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK",
        "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
        "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR",
        "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
        "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "UYI", "UYU", "UYW",
        "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
    ]
}
