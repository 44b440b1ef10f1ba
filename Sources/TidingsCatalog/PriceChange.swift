import TidingsModel

/// Arithmetic of a price change, in minor units.
public enum PriceChange {
    /// |new − old| / old × 100, rounded half up to a whole percent (as the seed's Ruby `round`).
    public static func percent(old: Int64, new: Int64) -> Int {
        guard old > 0 else { return 0 }
        let delta = new.subtractingReportingOverflow(old)
        guard !delta.overflow else { return .max }
        // Half away from zero on a signed quotient is half up on its magnitude.
        return Int(clamping: delta.partialValue.scaled(by: 100, over: old).magnitude)
    }
}
