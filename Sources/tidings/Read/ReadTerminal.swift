import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// The terminal the interactive reader draws on: raw mode (keys at once, no echo), the alternate
/// screen and a hidden cursor, all put back by ``restore()``.
final class ReadTerminal {
    private var saved = termios()
    private var restored = false

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The size of the terminal on standard output; 80×24 when it does not say.
    static func size() -> (width: Int, height: Int) {
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(1, UInt(TIOCGWINSZ), $0) }
        guard status == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Takes over the terminal. Signals stay on (Ctrl-C is SIGINT), so the caller can restore on them.
    init() throws {
        guard tcgetattr(0, &saved) == 0 else {
            throw ReadTerminalError(message: "read: cannot read the terminal's mode")
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &raw) == 0 else {
            throw ReadTerminalError(message: "read: cannot put the terminal in raw mode")
        }
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Shows the cursor, leaves the alternate screen (the last bytes written) and puts the mode back.
    func restore() {
        guard !restored else { return }
        restored = true
        Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(0, TCSANOW, &saved)
    }

    /// Draws `lines` from the top left, clearing what each leaves of its row.
    func draw(_ lines: [String]) {
        Self.write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J")
    }

    /// Reads standard input on a thread of its own, handing each read's bytes to `receive`, and an
    /// empty array at the end of input.
    func readKeys(_ receive: @escaping @Sendable ([UInt8]) -> Void) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return receive([]) }
                receive(Array(buffer[..<count]))
            }
        }.start()
    }

    /// Writes all of `text` to standard output.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// The terminal could not be taken over.
struct ReadTerminalError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
