/// An ISO 4217 currency with the number of digits in its minor unit.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The three-letter code, upper case.
    public let code: String

    /// Digits after the decimal point in this currency's minor unit (2 for RUB, 0 for JPY).
    public var minorUnitDigits: Int {
        if Self.zeroDigit.contains(code) { return 0 }
        if Self.threeDigit.contains(code) { return 3 }
        return 2
    }

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
}
