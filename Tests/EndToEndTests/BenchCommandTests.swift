import Foundation
import Testing
import TidingsTesting

/// `tidings bench` writes generated products, events and an API key: never into a database the
/// user did not name for it.
@Suite("tidings bench, end to end")
struct BenchCommandTests {
    @Test("bench ingest uses a temporary database, not ./tidings.sqlite or TIDINGS_DATABASE, and removes it")
    func ingestOnATemporaryDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-bench-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = folder.appendingPathComponent("served.sqlite")
        let result = try await TidingsProcess.run(
            ["bench", "ingest", "--requests", "20", "--concurrency", "2", "--batches", "1"], in: folder,
            environment: ["TIDINGS_DATABASE": "sqlite:\(served.path)"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("events/s"), "\(result.output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(written.isEmpty, "nothing written where the user works or serves: \(written)")
        let backend = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("backend: sqlite:") })
        let path = String(backend.dropFirst("backend: sqlite:".count))
        #expect(!FileManager.default.fileExists(atPath: path), "the temporary database is removed: \(path)")
    }
}
