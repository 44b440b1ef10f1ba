import Foundation
import TidingsTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tidings ARGUMENTS` on the slave side of a new pseudo-terminal, as a person at a terminal runs
/// it: the test types into the master side and reads the screen back from it.
final class ReadPseudoTerminal {
    let process: ChildProcess
    private let master: Int32
    private let slave: Int32
    /// Every byte the program wrote to its terminal so far.
    private(set) var output: [UInt8] = []

    /// Starts `tidings ARGUMENTS` in `folder` on a `columns`×`rows` terminal.
    init(_ arguments: [String], in folder: URL, columns: UInt16 = 100, rows: UInt16 = 30) throws {
        let (master, slave) = try Self.openPair()
        (self.master, self.slave) = (master, slave)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(slave, UInt(TIOCSWINSZ), $0) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TIDINGS_") }
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        process = try ChildProcess(
            TidingsProcess.executable.path, arguments, directory: folder.path, environment: environment, stdin: slave,
            stdout: slave, stderr: slave)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        close(slave)
    }

    /// Types `keys`.
    func send(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// What the program wrote from byte `offset` on, without its escape sequences.
    func screen(from offset: Int = 0) -> String {
        drain()
        return ReadFixtures.unstyled(String(decoding: output[min(offset, output.count)...], as: UTF8.self))
    }

    /// The last screen drawn (the reader draws each from the top left), without escape sequences.
    var lastFrame: String {
        drain()
        let text = String(decoding: output, as: UTF8.self)
        return ReadFixtures.unstyled(String(text.components(separatedBy: "\u{1B}[H").last ?? ""))
    }

    /// Waits until a screen the program draws after byte `offset` contains `needle`; returns the
    /// offset where that screen ends, to wait for what the next key brings from there.
    func waitFor(_ needle: String, after offset: Int = 0, timeout: TimeInterval = 30) async throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            if let end = frameEnd(containing: needle, after: offset) { return end }
            try await Task.sleep(for: .milliseconds(50))
        }
        drain()  // once more: a loaded machine may wake this task only after the deadline
        if let end = frameEnd(containing: needle, after: offset) { return end }
        throw ReadTestError("no \"\(needle)\" on the screen; after \(offset):\n\(screen(from: offset))")
    }

    /// Where the first screen after `offset` holding `needle` ends: screens start with ESC [ H.
    private func frameEnd(containing needle: String, after offset: Int) -> Int? {
        let home = Array("\u{1B}[H".utf8)
        var starts = [min(offset, output.count)]
        var index = starts[0]
        while index + home.count <= output.count {
            if output[index..<index + home.count].elementsEqual(home) { starts.append(index) }
            index += 1
        }
        let bounds = zip(starts, starts.dropFirst() + [output.count])
        return bounds.first { start, end in
            ReadFixtures.unstyled(String(decoding: output[start..<end], as: UTF8.self)).contains(needle)
        }?.1
    }

    /// Waits for the program to end, reading what it wrote until then; returns its exit status.
    func waitForExit(timeout: TimeInterval = 30) async throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw ReadTestError("still running:\n\(screen())") }
            drain()
            try await Task.sleep(for: .milliseconds(50))
        }
        drain()
        return process.terminationStatus
    }

    /// Whether the terminal echoes and edits lines again, as before the program took it over.
    var isCooked: Bool {
        var mode = termios()
        guard tcgetattr(slave, &mode) == 0 else { return false }
        return mode.c_lflag & tcflag_t(ECHO) != 0 && mode.c_lflag & tcflag_t(ICANON) != 0
    }

    /// A new pseudo-terminal's master and slave descriptors.
    private static func openPair() throws -> (Int32, Int32) {
        #if canImport(Glibc)
            // What posix_openpt, unlockpt and ptsname do, which Swift's Glibc module does not declare:
            // /dev/ptmx, then Linux's TIOCSPTLCK and TIOCGPTN (their numbers on x86_64 and arm64).
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            let unlocked = withUnsafeMutablePointer(to: &unlock) { ioctl(master, 0x4004_5431, $0) }
            let numbered = withUnsafeMutablePointer(to: &number) { ioctl(master, 0x8004_5430, $0) }
            let name = "/dev/pts/\(number)"
            guard master >= 0, unlocked == 0, numbered == 0 else { throw ReadTestError("no pseudo-terminal: \(errno)") }
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let pointer = ptsname(master) else {
                throw ReadTestError("no pseudo-terminal: \(errno)")
            }
            let name = String(cString: pointer)
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw ReadTestError("cannot open \(name)") }
        return (master, slave)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output += buffer[..<count]
        }
    }
}

/// A pseudo-terminal or demo server that did not do what the test waited for.
struct ReadTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
