import Foundation
import Testing
import TidingsTesting

/// `tidings serve` (and the other commands) refuse a database file that is not a healthy Tidings
/// database before writing anything to it, as processes.
@Suite("Database checks at start-up, end to end", .serialized)
struct DatabaseGuardTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case emptyFile, textFile, foreignSQLite, corruptPage
        var testDescription: String { rawValue }
    }

    /// Makes `tidings.sqlite` with `damage`; returns what the refusal says.
    static func make(_ damage: Damage, in files: DatabaseFiles) async throws -> String {
        let path = files.path("tidings.sqlite")
        switch damage {
        case .emptyFile:
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            return "store: sqlite: tidings.sqlite is an empty file (0 bytes), not a Tidings database"
        case .textFile:
            _ = FileManager.default.createFile(atPath: path, contents: Data("name,price\napple,1\n".utf8))
            return "store: sqlite: tidings.sqlite is not an SQLite database"
        case .foreignSQLite:
            try await files.foreignSQLite("tidings.sqlite", journalMode: "WAL")
            return "store: sqlite: tidings.sqlite is another program's SQLite database (it has customers"
        case .corruptPage:
            try await files.tidings("tidings.sqlite")
            try DatabaseFiles.corruptMiddlePage(path)
            return "store: sqlite: tidings.sqlite is damaged: "
        }
    }

    @Test("serve exits non-zero with one line naming the file, and leaves it as it was", arguments: Damage.allCases)
    func serveRefuses(_ damage: Damage) async throws {
        let files = try DatabaseFiles()
        defer { files.remove() }
        let message = try await Self.make(damage, in: files)
        let before = try DatabaseFiles.Snapshot(files.path("tidings.sqlite"))
        let listing = files.listing
        for arguments in [["serve", "--port", "0"], ["keys", "list"]] {
            let result = try await TidingsProcess.run(
                arguments + ["--database", "sqlite:tidings.sqlite"], in: files.folder)
            #expect(result.status != 0, "\(arguments[0]): \(result.output)")
            let lines = result.output.split(separator: "\n").filter { $0.contains("tidings.sqlite") }
            #expect(lines.count == 1 && lines[0].contains(message), "\(arguments[0]): \(result.output)")
            #expect(!result.output.contains("listening"), "\(result.output)")
        }
        #expect(try DatabaseFiles.Snapshot(files.path("tidings.sqlite")) == before, "the file is unchanged")
        #expect(files.listing == listing, "nothing appeared beside it")
    }
}
