import Foundation
import SQLiteKit
import TidingsStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a database path before Tidings writes to it. An existing file must be a healthy
/// Tidings database; it is read, read-only, and refused with a one-line reason otherwise, so
/// nothing is ever written into another program's file, an empty placeholder or a damaged
/// database. A fresh database is made only where nothing is.
enum SQLiteFileCheck {
    enum Finding: Equatable {
        /// Nothing at the path, and no side files.
        case absent
        /// A healthy Tidings database, or an SQLite database with nothing in it at all.
        case usable
    }

    /// Inspects `path` without changing it; throws a `StoreError` naming the file when it must
    /// not be opened for writing.
    static func inspect(_ path: String) async throws -> Finding {
        let manager = FileManager.default
        let wal = path + "-wal"
        let journal = path + "-journal"
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // A side file without its database is what a deleted or moved database leaves; SQLite
            // would replay it into a new file.
            for side in [wal, journal] where manager.fileExists(atPath: side) {
                throw refusal(
                    path, "does not exist but \(side) does; restore the database or remove the side file")
            }
            return .absent
        }
        guard !isDirectory.boolValue else { throw refusal(path, "is a folder, not a database file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw refusal(path, "cannot be read") }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        guard !header.isEmpty else {
            throw refusal(path, "is an empty file (0 bytes), not a Tidings database; remove it or use another path")
        }
        guard header.count == 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            throw refusal(path, "is not an SQLite database; Tidings writes only to its own database files")
        }
        return try await readOnly(path, sideFiles: [wal, journal].filter(manager.fileExists(atPath:))) { db in
            try await check(path, db)
        }
    }

    /// The quick check and the tables, read on a read-only connection.
    private static func check(_ path: String, _ db: any SQLDatabase) async throws -> Finding {
        let problems = try await db.raw("PRAGMA quick_check(20)").all().map {
            (try? $0.decode(column: "quick_check", as: String.self)) ?? "?"
        }
        guard problems == ["ok"] else {
            let first = problems.first?.replacingOccurrences(of: "\n", with: " ") ?? "no answer"
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            throw refusal(path, "is damaged: PRAGMA quick_check reports \(first)\(more); restore it from a backup")
        }
        let objects = try await db.raw("SELECT type, name FROM sqlite_master ORDER BY name").all().map {
            (type: try $0.decode(column: "type", as: String.self), name: try $0.decode(column: "name", as: String.self))
        }
        let tables = objects.filter { $0.type == "table" && !$0.name.hasPrefix("sqlite_") }.map(\.name)
        if tables.contains("schema_migrations") || objects.isEmpty { return .usable }
        let named = tables.isEmpty ? objects.map(\.name) : tables
        let listed = named.prefix(5).joined(separator: ", ") + (named.count > 5 ? ", …" : "")
        throw refusal(
            path,
            "is another program's SQLite database (it has \(listed) and no schema_migrations), not a Tidings database")
    }

    /// Runs `body` on a read-only connection to `path`. Without side files the file is opened as
    /// immutable: a read-only connection to a WAL database would otherwise create `-wal` and
    /// `-shm` beside it. With side files (a database in use, or one not closed cleanly) SQLite
    /// reads them as usual.
    private static func readOnly<T: Sendable>(
        _ path: String, sideFiles: [String], _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var escaped = ""
        for scalar in absolute.unicodeScalars {
            // The characters a URI filename gives meaning to.
            switch scalar {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let uri = "file:" + escaped + "?mode=ro" + (sideFiles.isEmpty ? "&immutable=1" : "")
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: uri))
        } catch {
            throw refusal(path, "cannot be opened to check it: \(message(error))")
        }
        do {
            let result = try await body(connection.sql())
            try? await connection.close()
            return result
        } catch let error as StoreError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            // Pages the check cannot even read: SQLITE_CORRUPT or SQLITE_NOTADB.
            throw refusal(path, "is damaged: SQLite reports \"\(message(error))\"; restore it from a backup")
        }
    }

    /// Makes a new Tidings database at `path` when nothing is there. The file is made under a
    /// temporary name and linked into place, which never replaces a file: of several servers
    /// starting together, one creates it and the others open it, and no one ever sees a
    /// half-made file at `path`.
    static func create(_ path: String) async throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).new-\(UUID().uuidString)"
        ).path
        defer {
            for file in [temporary, temporary + "-wal", temporary + "-shm"] { unlink(file) }
        }
        let connection = try await SQLiteConnection.open(storage: .file(path: temporary))
        do {
            try await connection.sql().raw("PRAGMA journal_mode = WAL").run()
            try await connection.sql().raw(SQLQueryString(Migrations.ledger)).run()
        } catch {
            try? await connection.close()
            throw StoreError("sqlite: cannot create \(path): \(message(error))")
        }
        try await connection.close()
        if link(temporary, path) != 0 {
            let code = errno
            guard code != EEXIST else { return }  // another process made it first
            // File systems without hard links: a rename, which replaces; the window is tiny.
            guard !FileManager.default.fileExists(atPath: path), rename(temporary, path) == 0 else {
                throw StoreError("sqlite: cannot create \(path): \(String(cString: strerror(code)))")
            }
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> StoreError {
        StoreError("sqlite: \(path) \(reason)")
    }

    private static func message(_ error: any Error) -> String {
        (error as? SQLiteError)?.message ?? "\(error)"
    }
}
