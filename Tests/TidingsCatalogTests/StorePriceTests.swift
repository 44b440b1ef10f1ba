import Testing
import TidingsModel

@testable import TidingsCatalog

/// Issue 34: "12.345" was refused as "must be a positive decimal", though the problem was its third
/// decimal; the backfill and the API now say the same, and which rule it broke.
@Suite("Store prices")
struct StorePriceTests {
    static func message(_ text: String, _ code: String = "RUB") -> String? {
        do {
            _ = try StorePrice.parse(text, currency: Currency(code: code)!)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("each refusal names the rule: too many decimals, not a number, not above zero")
    func refusals() {
        #expect(Self.message("12.345") == "catalog: store_price 12.345 has 3 decimals; RUB has 2")
        #expect(Self.message("12.5", "JPY") == "catalog: store_price 12.5 has 1 decimal; JPY has none")
        #expect(Self.message("12,50")?.hasPrefix("catalog: store_price must be a decimal such as 129.90") == true)
        #expect(Self.message("0.00") == "catalog: store_price must be greater than zero")
        #expect(Self.message("12.34") == nil)
    }
}
