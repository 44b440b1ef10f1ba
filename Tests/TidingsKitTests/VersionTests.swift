import Foundation
import Testing
import TidingsKit

@Suite("TidingsKit's version")
struct VersionTests {
    @Test("CHANGELOG.md's newest TidingsKit entry is TidingsKitVersion.current")
    func changelogMatches() throws {
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../CHANGELOG.md").standardized
        let text = try String(contentsOf: changelog, encoding: .utf8)
        let newest = text.components(separatedBy: "\n").first { $0.hasPrefix("## TidingsKit ") }
        let version = try #require(newest?.split(separator: " ").dropFirst(2).first)
        #expect(String(version) == TidingsKitVersion.current, "CHANGELOG.md says \(version)")
        let parts = TidingsKitVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "semantic version")
    }
}
