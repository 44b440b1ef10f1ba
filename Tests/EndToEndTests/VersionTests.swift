import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import TidingsModel
import TidingsTesting

/// One version, said everywhere: `tidings --version`, `/health/ready`, the `tidings_build_info`
/// metric and CHANGELOG.md's newest entry agree with `TidingsVersion.current`, and the build says
/// the commit it was made from.
@Suite("Tidings' version, said everywhere")
struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    /// The commit `git` says the checkout is at, when this is a checkout and git is installed.
    static func checkoutCommit() -> String? {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path),
            let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["-C", root.path, "rev-parse", "--short=12", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("CHANGELOG.md's newest release is TidingsVersion.current, dated (an Unreleased section may sit above it)")
    func changelog() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.dropFirst().allSatisfy { $0 != "## Unreleased" }, "Unreleased, if any, is the first entry")
        let newest = try #require(headings.first { $0 != "## Unreleased" })
        let words = newest.split(separator: " ")
        #expect(words.count == 4 && words[2] == "—", "\(newest)")
        #expect(words.dropFirst().first.map(String.init) == TidingsVersion.current, "CHANGELOG.md: \(newest)")
        let date = words.last.map(String.init) ?? ""
        #expect(
            (try? Date.ISO8601FormatStyle().year().month().day().parse(date)) != nil,
            "the entry is dated (YYYY-MM-DD): \(newest)")
        let parts = TidingsVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "semantic version")
    }

    @Test("tidings --version, /health/ready and tidings_build_info say the same version and commit")
    func saidEverywhere() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-version-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let version = try await TidingsProcess.run(["--version"], in: folder)
        #expect(version.status == 0)
        let said = version.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let pattern = /tidings (\d+\.\d+\.\d+) \(commit ([0-9a-f]{12}|unknown)\)/
        let match = try #require(said.wholeMatch(of: pattern), "tidings --version said: \(said)")
        #expect(String(match.1) == TidingsVersion.current)
        let commit = String(match.2)
        if let checkout = Self.checkoutCommit() {
            #expect(commit == checkout, "the binary says \(commit); the checkout is at \(checkout) (rebuild?)")
        }

        let server = try TidingsProcess(["serve", "--port", "0"], in: folder)
        let base = try await server.waitForBase()
        struct Ready: Decodable {
            var version: String
            var commit: String
        }
        let ready = try JSONDecoder().decode(Ready.self, from: Data(try await get("\(base)/health/ready").body.utf8))
        #expect(ready.version == TidingsVersion.current)
        #expect(ready.commit == commit)
        let metrics = try await get("\(base)/metrics")
        #expect(metrics.status == 200)
        let info = metrics.body.split(separator: "\n").filter { $0.hasPrefix("tidings_build_info{") }
        #expect(info.count == 1, "\(info)")
        #expect(info.first?.contains(#"version="\#(TidingsVersion.current)""#) == true, "\(info)")
        #expect(info.first?.contains(#"commit="\#(commit)""#) == true, "\(info)")
        #expect(info.first?.split(separator: " ").last.flatMap { Double($0) } == 1, "\(info)")
        server.process.terminate()
        #expect(try await server.waitForExit() == 0)
    }
}
