/// The version of TidingsKit, as CHANGELOG.md lists it (a test keeps the two equal).
public enum TidingsKitVersion {
    /// "0.2.0": semantic versioning; the API may change between 0.x minor versions, and each change
    /// is in CHANGELOG.md.
    public static let current = "0.2.0"
}
