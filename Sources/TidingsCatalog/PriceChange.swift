import TidingsModel

/// Arithmetic of a price change, in minor units.
public enum PriceChange {
    /// |new − old| / old × 100, rounded half up to a whole percent (as the seed's Ruby `round`).
    public static func percent(old: Int64, new: Int64) -> Int {
        guard old > 0 else { return 0 }
        let delta = Int128(new - old).magnitude
        let rounded = (delta * 200 + UInt128(old)) / (UInt128(old) * 2)
        return Int(clamping: rounded)
    }
}
