extension Int64 {
    /// self × `numerator` / `denominator`, rounded half away from zero and clamped to Int64, with
    /// no overflow in between (the product is kept in two words). `denominator` must be positive.
    ///
    /// Two words rather than `Int128`, which needs iOS 18 / macOS 15 (the SDK's floor is iOS 16 /
    /// macOS 13). Money's markups and price-change percentages both go through here.
    package func scaled(by numerator: Int64, over denominator: Int64) -> Int64 {
        precondition(denominator > 0, "scaled(by:over:) needs a positive denominator")
        let negative = (self < 0) != (numerator < 0)
        let product = magnitude.multipliedFullWidth(by: numerator.magnitude)
        let divisor = denominator.magnitude
        // The quotient fits in a word only when the product's high word is below the divisor.
        guard product.high < divisor else { return negative ? .min : .max }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        let (rounded, carried) = quotient.addingReportingOverflow(remainder >= divisor - remainder ? 1 : 0)
        if negative {
            return carried || rounded > Int64.min.magnitude ? .min : Int64(truncatingIfNeeded: 0 &- rounded)
        }
        return carried || rounded > UInt64(Int64.max) ? .max : Int64(rounded)
    }
}
