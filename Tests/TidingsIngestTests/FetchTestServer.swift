import Foundation
import Hummingbird
import Testing
import TidingsIngest
import TidingsModel
import TidingsTesting

/// A Hummingbird app on 127.0.0.1, port 0, for the fetcher to talk to.
enum FetchTestServer {
    /// The policy the server tests use: 127.0.0.1 allowed, and timeouts a loaded machine meets —
    /// the server answers from the same busy pool as the tests, and 15 s of quiet mid-body was seen
    /// beside a parallel release build. Tests of the timeouts set their own.
    static let policy = FetchPolicy(
        connectTimeout: .seconds(60), readTimeout: .seconds(120), totalTimeout: .seconds(300),
        allowHosts: ["127.0.0.1"])

    /// `policy` allowing `hosts` instead of 127.0.0.1.
    static func policy(allowing hosts: [String]) -> FetchPolicy {
        var policy = Self.policy
        policy.allowHosts = hosts
        return policy
    }

    /// Runs `body` with the port of a server answering with `router`, then stops the server.
    static func with(_ router: Router<BasicRequestContext>, _ body: (Int) async throws -> Void) async throws {
        try await LoopbackServer.with(router, body)
    }

    /// Runs `body` with a fetcher over `policy`, shut down afterwards.
    static func withFetcher(
        _ policy: FetchPolicy = policy, _ body: (SourceFetcher) async throws -> Void
    ) async throws {
        let fetcher = SourceFetcher(policy: policy)
        do {
            try await body(fetcher)
        } catch {
            try await fetcher.shutdown()
            throw error
        }
        try await fetcher.shutdown()
    }

    /// The fetch's error, or an issue recorded when it succeeded.
    static func failure(
        _ fetcher: SourceFetcher, _ url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> FetchError? {
        do {
            let response = try await fetcher.fetch(FetchRequest(url: URL(string: url)!))
            Issue.record("expected an error, got \(response.status)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// `bytes` compressed by the system's gzip. A real gzip's output is what servers send, and the bomb
    /// needs real compression (10 MB of zeros → about 10 KB), which a hand-written encoder would not give.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-gzip-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try ChildProcess.makePipe()
        let process = try ChildProcess("/usr/bin/gzip", ["-c", "-n", "-9", input.path], stdout: output.write)
        close(output.write)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output.read, $0.baseAddress, $0.count) }
            if count > 0 {
                data += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(output.read)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return data
    }
}

/// Counts what the server's handlers saw; shared between them and the test.
final class Seen: Sendable {
    private let state = Locked<[String: [String]]>([:])

    /// Records `value` under `key`.
    func record(_ key: String, _ value: String = "") {
        state.withLock { $0[key, default: []].append(value) }
    }

    /// Everything recorded under `key`.
    func values(_ key: String) -> [String] { state.withLock { $0[key] ?? [] } }

    /// How many times `key` was recorded.
    func count(_ key: String) -> Int { values(key).count }
}

/// Holds a stalled handler until the test opens it (or ten seconds pass), so the server can stop promptly.
final class Gate: Sendable {
    private let opened = Locked(false)

    /// Lets waiting handlers go.
    func open() { opened.withLock { $0 = true } }

    /// Waits until `open()` is called, polling without writing to the connection; gives up after
    /// two minutes (a test that failed before opening it), or when the waiting task is cancelled
    /// (a sleep that throws at once would otherwise spin until then). Not sooner: under the whole
    /// suite's load a fetcher's 1 s deadline once fired more than 10 s late, and a stalled body that
    /// ended then was answered 200 instead of the timeout the test is about.
    func wait() async {
        let end = ContinuousClock.now + .seconds(120)
        while !opened.current && ContinuousClock.now < end {
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return }
        }
    }
}
