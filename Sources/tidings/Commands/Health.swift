import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import TidingsRuntime

/// `tidings health [--url URL]`: asks a running server's `/health/ready`, for a container's
/// health check or a supervisor: exit 0 when it is ready, 1 when it answers that it is not or does
/// not answer. Without `--url`, the server this process's settings describe (`server.host` and
/// `server.port` from the same layers `serve` reads), so the probe needs no arguments beside it.
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ask a running server whether it is ready: exit 0 when it is, 1 when not (a probe for containers).")

    @Option(help: "The server's base URL (default: http://server.host:server.port from the settings)")
    var url: String?
    @Option(help: "Seconds to wait for the answer.") var timeout = 5
    @OptionGroup var config: ConfigOption

    struct Ready: Decodable {
        struct Check: Decodable {
            var status: String
            var error: String?
        }
        var status: String
        var version: String?
        var commit: String?
        var checks: [String: Check]?
    }

    func run() async throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        let base = try url ?? defaultURL()
        guard let components = URLComponents(string: base), ["http", "https"].contains(components.scheme ?? ""),
            components.host?.isEmpty == false
        else { throw ValidationError("--url must be http://HOST:PORT or https://…, not \"\(base)\"") }
        let target = base.hasSuffix("/") ? base + "health/ready" : base + "/health/ready"
        let response: HTTPClientResponse
        let body: String
        do {
            response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: target), timeout: .seconds(Int64(timeout)))
            body = String(buffer: try await response.body.collect(upTo: 1 << 20))
        } catch {
            printError("health: \(target): no answer: \(Self.why(error, timeout: timeout))")
            throw ExitCode(1)
        }
        guard let ready = try? JSONDecoder().decode(Ready.self, from: Data(body.utf8)) else {
            printError("health: \(target): \(response.status.code), not Tidings' readiness answer: \(body.prefix(200))")
            throw ExitCode(1)
        }
        let build = ready.version.map { " (tidings \($0), commit \(ready.commit ?? "unknown"))" } ?? ""
        if response.status.code == 200 {
            say("\(ready.status)\(build)")
            return
        }
        let failing = (ready.checks ?? [:]).filter { $0.value.status != "ok" && $0.value.status != "off" }
            .sorted { $0.key < $1.key }
            .map { name, check in "\(name) \(check.status)" + (check.error.map { ": \($0)" } ?? "") }
        printError(
            "\(ready.status)\(build): "
                + (failing.isEmpty ? "HTTP \(response.status.code)" : failing.joined(separator: "; ")))
        throw ExitCode(1)
    }

    /// Why a request had no answer, in words an operator acts on.
    static func why(_ error: any Error, timeout: Int) -> String {
        if let io = error as? IOError, io.errnoCode == ECONNREFUSED {
            return "nothing listens there (connection refused)"
        }
        if let client = error as? HTTPClientError,
            [.deadlineExceeded, .readTimeout, .connectTimeout].contains(client)
        {
            return "nothing within \(timeout) s"
        }
        return "\(error)"
    }

    /// The address `serve` listens on with the same settings: a wildcard address is asked on loopback.
    private func defaultURL() throws -> String {
        let settings = try resolveSettings(config: config)
        var host = settings.server.host
        if ["0.0.0.0", "::", "[::]", ""].contains(host) { host = "127.0.0.1" }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return "http://\(host):\(settings.server.port)"
    }
}
