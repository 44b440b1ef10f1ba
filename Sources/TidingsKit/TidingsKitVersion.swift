import TidingsModel

/// The version of TidingsKit: Tidings' one version (`TidingsVersion.current`), as CHANGELOG.md
/// lists it.
public enum TidingsKitVersion {
    /// "0.2.0": semantic versioning; the API may change between 0.x minor versions, and each change
    /// is in CHANGELOG.md.
    public static let current = TidingsVersion.current
}
