import Foundation

/// A PostgreSQL cluster of one test's own, which the test may restart or stop without touching the
/// shared test server: `initdb` in a temporary folder, run as the `postgres` user (PostgreSQL
/// refuses root). Needs Debian's postgresql package and root; `skipReason` says what is missing.
/// Codable, so that an exit test's child process can be handed the cluster and restart it.
public struct PrivatePostgres: Sendable, Codable {
    /// The server's `bin` folder (`/usr/lib/postgresql/N/bin`).
    let bin: String
    /// The data folder.
    let data: String
    /// The port it listens on (127.0.0.1).
    public let port: Int

    /// The database URL `tidings` accepts.
    public var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    /// Why such a cluster cannot be made here, or nil when it can.
    public static var skipReason: String? {
        guard getuid() == 0 else { return "a private PostgreSQL cluster needs root (to run as the postgres user)" }
        guard binFolder != nil else { return "no PostgreSQL server binaries (apt-get install postgresql)" }
        return nil
    }

    private static var binFolder: String? {
        let base = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        guard let newest = versions.sorted(by: { $0.compare($1, options: .numeric) == .orderedAscending }).last
        else { return nil }
        let bin = "\(base)/\(newest)/bin"
        return FileManager.default.isExecutableFile(atPath: "\(bin)/initdb") ? bin : nil
    }

    /// Creates and starts a cluster on a free port below the ephemeral range (so that no outgoing
    /// connection takes it while a test has the server down); a start that fails (another test's
    /// server took the port first) is tried again on another port, and the third failure says
    /// what the server logged.
    public static func start() async throws -> PrivatePostgres {
        guard let bin = binFolder else { throw TidingsProcess.ProcessError(message: skipReason ?? "no PostgreSQL") }
        let data = "/tmp/tidings-private-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try await shell("chown postgres \(data)")
        try await PrivatePostgres(bin: bin, data: data, port: 0).asPostgres(
            "\(bin)/initdb -D \(data) -A trust -U postgres --no-locale -E UTF8 >/dev/null")
        for attempt in 1...3 {
            let cluster = PrivatePostgres(bin: bin, data: data, port: try LoopbackServer.freeFixedPort())
            do {
                try await cluster.control("start")
                return cluster
            } catch {
                let log = (try? String(contentsOfFile: "\(data)/server.log", encoding: .utf8)) ?? ""
                if attempt == 3 {
                    await cluster.remove()
                    throw TidingsProcess.ProcessError(
                        message: "\(error)\nthe server logged:\n\(log.suffix(2000))")
                }
            }
        }
        preconditionFailure("unreachable: the third attempt returns or throws")
    }

    /// Runs `body` with a new cluster, removed afterwards whatever happens.
    public static func with(_ body: (PrivatePostgres) async throws -> Void) async throws {
        let cluster = try await start()
        do {
            try await body(cluster)
        } catch {
            await cluster.remove()
            throw error
        }
        await cluster.remove()
    }

    /// `pg_ctl restart -m MODE` (immediate: like a crash; fast: terminates every session).
    public func restart(mode: String = "immediate") async throws { try await control("restart -m \(mode)") }

    /// `pg_ctl stop -m MODE`: the server is gone until `startAgain()`.
    public func stop(mode: String = "fast") async throws { try await control("stop -m \(mode)") }

    /// Starts a stopped cluster again.
    public func startAgain() async throws { try await control("start") }

    /// Stops the cluster and removes its files.
    public func remove() async {
        try? await asPostgres("\(bin)/pg_ctl -D \(data) -m immediate stop >/dev/null 2>&1")
        try? FileManager.default.removeItem(atPath: data)
    }

    private func control(_ action: String) async throws {
        let options = "-p \(port) -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off"
        try await asPostgres("\(bin)/pg_ctl -D \(data) -l \(data)/server.log -w -o '\(options)' \(action) >/dev/null")
    }

    private func asPostgres(_ command: String) async throws {
        try await Self.shell("su postgres -s /bin/sh -c \"\(command)\"")
    }

    /// Runs `command` with /dev/null for its standard streams (the server daemon inherits them,
    /// and must never hold the test runner's pipes open), waiting for it on a thread of its own:
    /// Foundation's `Process` was seen to leave this child unreaped (`isRunning` true for ever).
    private static func shell(_ command: String) async throws {
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                // Nor any other descriptor: a server started in an exit test's child held the
                // test runner's back channel open, and the runner waited for it for ever.
                let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
                    posix_spawn_file_actions_addclose(&actions, descriptor)
                }
                let words: [String] = ["/bin/sh", "-c", command]
                let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
                defer { for argument in arguments { free(argument) } }
                var pid: pid_t = 0
                guard posix_spawn(&pid, "/bin/sh", &actions, nil, arguments + [nil], environ) == 0 else {
                    return continuation.resume(returning: -1)
                }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        guard status == 0 else {
            throw TidingsProcess.ProcessError(message: "\(command) failed (wait status \(status))")
        }
    }
}
