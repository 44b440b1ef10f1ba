/// The version of Tidings — the server, the CLI and the TidingsKit SDK are released together under
/// it. Set here only: `tidings --version`, the `tidings_build_info` metric, `/health/ready`,
/// `TidingsKitVersion.current` and CHANGELOG.md's newest entry all say this (a test checks that
/// they agree).
public enum TidingsVersion {
    /// "0.2.0": semantic versioning; before 1.0 the API may change between minor versions, and
    /// each change is in CHANGELOG.md.
    public static let current = "0.2.0"
}
