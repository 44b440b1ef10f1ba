import Foundation

/// The built `tidings` executable, run as a child process the way a user runs it.
public final class TidingsProcess: @unchecked Sendable {
    /// The running child (spawned directly: `ChildProcess` says why not Foundation's `Process`).
    public let process: ChildProcess
    /// Both streams' bytes as they came (decoded when read: a character may span two reads).
    private var collected: [UInt8] = []
    private let lock = NSLock()

    /// The executable beside the test bundle (`.build/<triple>/debug/tidings`).
    public static var executable: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("tidings")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
            ".build/debug/tidings")
    }

    /// Starts `tidings ARGUMENTS` in `folder`; with `launcher`, that program with ARGUMENTS instead
    /// (a wrapper such as `unshare` that ends by running `tidings`).
    public init(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], launcher: URL? = nil
    ) throws {
        // The child sees only the TIDINGS_* settings the test gives it, never the developer's own.
        let inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TIDINGS_") }
        let output = try ChildProcess.makePipe()
        let errors: (read: Int32, write: Int32)
        do {
            errors = try ChildProcess.makePipe()
        } catch {
            for fd in [output.read, output.write] { close(fd) }
            throw error
        }
        do {
            process = try ChildProcess(
                (launcher ?? Self.executable).path, arguments, directory: folder.path,
                environment: inherited.merging(environment) { $1 }, stdout: output.write, stderr: errors.write)
        } catch {
            for fd in [output.read, output.write, errors.read, errors.write] { close(fd) }
            throw error
        }
        close(output.write)
        close(errors.write)
        // Both streams are read on a thread of their own until the child (and anything it left
        // running with them) closes them.
        let reader = Thread { [weak self] in
            var open = [output.read, errors.read]
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while !open.isEmpty {
                var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
                for entry in fds where entry.revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        if let self { self.lock.withLock { self.collected += buffer[0..<count] } }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(entry.fd)
                        open.removeAll { $0 == entry.fd }
                    }
                }
            }
            for fd in open { close(fd) }
        }
        reader.name = "tidings output"
        reader.start()
    }

    /// Everything the process printed so far, both streams.
    public var text: String { String(decoding: lock.withLock { collected }, as: UTF8.self) }

    /// Waits until the output contains `needle`, returning the line that does. The output is looked
    /// at once more after the deadline: on a loaded machine the waiting task may wake only after it,
    /// and a line printed in time must not count as missing.
    public func waitForLine(containing needle: String, timeout: TimeInterval = 60) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        func found() -> String? {
            text.split(separator: "\n").first(where: { $0.contains(needle) }).map(String.init)
        }
        while Date() < deadline, process.isRunning {
            if let line = found() { return line }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(100))  // what the pipes still hold
        if let line = found() { return line }
        throw ProcessError(message: "no line containing \"\(needle)\" within \(timeout) s; output:\n\(text)")
    }

    /// The port `tidings serve` bound, once it says "listening on http://127.0.0.1:PORT".
    public func waitForPort(timeout: TimeInterval = 60) async throws -> Int {
        let line = try await waitForLine(containing: "listening on http://127.0.0.1:", timeout: timeout)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { throw ProcessError(message: "no port in \"\(line)\"") }
        return port
    }

    /// "http://127.0.0.1:PORT", once `tidings serve` listens there.
    public func waitForBase(timeout: TimeInterval = 60) async throws -> String {
        "http://127.0.0.1:\(try await waitForPort(timeout: timeout))"
    }

    /// The demo's feed files as the poller logs their first fetch; the poller fetches them
    /// concurrently, in no fixed order.
    public static let demoSourceLines = [
        "world.rss: 8 new", "tech.atom: 6 new", "whats-on.rss: 3 new", "economy.json: 13 new",
        "lifestyle.json: 11 new", "bergen.json: 1 new", "nyheter.rss: 8 new", "kultur.rss: 5 new",
    ]

    /// Waits until `tidings serve` with the demo brands has taken in every demo source once.
    public func waitForDemoSources(timeout: TimeInterval = 60) async throws {
        for line in Self.demoSourceLines { _ = try await waitForLine(containing: line, timeout: timeout) }
    }

    /// Waits for the process to end and returns its exit status.
    public func waitForExit(timeout: TimeInterval = 30) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                process.terminate()
                throw ProcessError(message: "still running after \(timeout) s; output:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    /// Runs `tidings ARGUMENTS` to completion and returns (status, stdout and stderr together).
    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String)
    {
        let child = try TidingsProcess(arguments, in: folder, environment: environment)
        let status = try await child.waitForExit(timeout: 120)
        try await Task.sleep(for: .milliseconds(100))  // let the pipes drain
        return (status, child.text)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    public struct ProcessError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
