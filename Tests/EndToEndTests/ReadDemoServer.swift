import Foundation
import TidingsTesting

/// `tidings serve` with the demo brands on a free port, in a folder of its own, for the reader to read.
struct ReadDemoServer {
    let folder: URL
    let process: TidingsProcess
    let base: String

    /// Starts the server and waits until the demo sources are in; `prepare` may put files in its
    /// folder first, which `environment` may name.
    static func start(
        environment: [String: String] = [:], prepare: (URL) throws -> Void = { _ in }
    ) async throws -> ReadDemoServer {
        let folder = try TemporaryFolder.make("read")
        try prepare(folder)
        let process = try TidingsProcess(["serve", "--port", "0"], in: folder, environment: environment)
        let port = try await process.waitForPort()
        try await process.waitForDemoSources()
        return ReadDemoServer(folder: folder, process: process, base: "http://127.0.0.1:\(port)")
    }

    /// The reader's store, in the server's folder.
    var store: String { folder.appendingPathComponent("cache/read.sqlite").path }

    /// Stops the server.
    func stop() async throws -> Int32 {
        process.process.terminate()
        return try await process.waitForExit()
    }
}
