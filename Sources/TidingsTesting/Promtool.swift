import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prometheus's own linter for the text `/metrics` serves (`promtool check metrics`, from Debian's
/// `prometheus` package, which `.ci/run` installs).
public enum Promtool {
    /// Where `promtool` is on `PATH`, if it is.
    public static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/promtool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static let skipMessage: Comment =
        "promtool is not installed: the metrics lint skipped (apt-get install prometheus; .ci/run installs it)"

    /// Lints `text`; the status is 0 when promtool finds nothing, and the output says what it found.
    public static func check(_ text: String) throws -> (status: Int32, output: String) {
        guard let path else { throw TidingsProcess.ProcessError(message: "promtool is not installed") }
        let folder = try TemporaryFolder.make("promtool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("metrics.txt")
        let output = folder.appendingPathComponent("output.txt")
        try Data(text.utf8).write(to: input)
        let inputFD = open(input.path, O_RDONLY | O_CLOEXEC)
        let outputFD = open(output.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(inputFD)
            close(outputFD)
        }
        let child = try ChildProcess(path, ["check", "metrics"], stdin: inputFD, stdout: outputFD, stderr: outputFD)
        guard child.waitUntilExit(timeout: 60) else {
            child.terminate()
            throw TidingsProcess.ProcessError(message: "promtool did not finish within 60 s")
        }
        return (child.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
