import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for tests that run programs.
///
/// Foundation's `Process.run()` crashed the whole test runner under load (a `memcpy` reading past
/// a buffer while it builds the child's arguments and environment, swift-corelibs-foundation
/// #5472), taking every test with it. This spawns directly: the child gets only the descriptors
/// given it (every other one is closed in it, so no child holds another's pipe open), starts in
/// `directory`, and a thread of its own waits for it.
public final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    public let processIdentifier: pid_t
    private let state = NSCondition()
    private var status: Int32?

    /// Starts `executable` with `arguments`. `stdin`, `stdout` and `stderr` are descriptors the
    /// child gets as 0, 1 and 2 (nil: `/dev/null`); the caller keeps its own and closes them.
    public init(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, stdin: Int32? = nil,
        stdout: Int32? = nil, stderr: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        for (source, target) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            posix_spawn_file_actions_adddup2(&actions, source ?? null, target)
        }
        try Self.closeOthers(&actions)
        if let directory { try Self.changeDirectory(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling and nothing blocked, whatever this
        // process set up for itself (the test runner ignores SIGPIPE).
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { arguments in
            (envp + [nil]).withUnsafeBufferPointer { environment in
                posix_spawn(
                    &pid, executable, &actions, &attributes, UnsafeMutablePointer(mutating: arguments.baseAddress!),
                    UnsafeMutablePointer(mutating: environment.baseAddress!))
            }
        }
        guard result == 0 else {
            throw TidingsProcess.ProcessError(
                message: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        let waiter = Thread { [self, pid] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            state.lock()
            self.status = status
            state.broadcast()
            state.unlock()
        }
        waiter.name = "child \(pid)"
        waiter.start()
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        state.lock()
        defer { state.unlock() }
        return status == nil
    }

    /// Its exit code, or the number of the signal that ended it (as `Process` reports it); 0
    /// while it runs.
    public var terminationStatus: Int32 {
        state.lock()
        defer { state.unlock() }
        guard let status else { return 0 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : signal
    }

    /// Whether a signal ended it.
    public var wasSignalled: Bool {
        state.lock()
        defer { state.unlock() }
        guard let status else { return false }
        return status & 0x7F != 0 && status & 0x7F != 0x7F
    }

    /// Sends SIGTERM, if it still runs.
    public func terminate() { send(SIGTERM) }

    /// Sends SIGINT, if it still runs.
    public func interrupt() { send(SIGINT) }

    /// Sends `signal`, if it still runs (never to a recycled pid: the waiter has not reaped it).
    public func send(_ signal: Int32) {
        state.lock()
        defer { state.unlock() }
        if status == nil { kill(processIdentifier, signal) }
    }

    /// Waits, on this thread, until the child ends or `timeout` passes; whether it ended.
    @discardableResult
    public func waitUntilExit(timeout: TimeInterval = .infinity) -> Bool {
        let deadline = Date().addingTimeInterval(min(timeout, 365 * 86_400))
        state.lock()
        defer { state.unlock() }
        while status == nil {
            if !state.wait(until: deadline) { return status != nil }
        }
        return true
    }

    /// A pipe whose two ends are closed in children (each is given its end explicitly).
    public static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TidingsProcess.ProcessError(message: "no pipe: errno \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    // glibc has both (2.29 and 2.34); Swift's Glibc module does not declare them (they need
    // _GNU_SOURCE), so they are looked up.
    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func symbol<T>(_ name: String, as: T.Type) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }

    private static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ directory: String) throws {
        guard let addChdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self),
            addChdir(&actions, directory) == 0
        else { throw TidingsProcess.ProcessError(message: "cannot start a child in \(directory)") }
    }

    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) throws {
        guard let addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self),
            addCloseFrom(&actions, 3) == 0
        else { throw TidingsProcess.ProcessError(message: "this C library cannot close a child's descriptors") }
    }
}
