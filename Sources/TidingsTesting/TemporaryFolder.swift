import Foundation

/// A new, empty folder under the system's temporary directory for one test: "tidings-NAME-UUID".
public enum TemporaryFolder {
    public static func make(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
