import Foundation
import SQLiteKit
import TidingsCatalog
import TidingsRuntime
import TidingsStore
import TidingsStoreSQLite

/// Real database files for the start-up checks: a Tidings database with rows, the same with a
/// page overwritten, another program's database, and a way to prove a file was left untouched.
public struct DatabaseFiles: Sendable {
    /// A fresh temporary folder.
    public let folder: URL

    /// Makes the folder.
    public init() throws {
        folder = try TemporaryFolder.make("files")
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Removes the folder.
    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Names of the files in the folder, sorted.
    public var listing: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A Tidings database at `name` holding `products` products with a price change each, closed
    /// (so checkpointed into the one file, with no side files).
    @discardableResult
    public func tidings(_ name: String, products: Int = 300) async throws -> String {
        let path = self.path(name)
        let store = try await DatabaseURL.sqlite(path: path).open(policy: NewsPolicy())
        do {
            var inputs = (0..<products).map {
                Events.created("c\($0)", product: "product-\($0)", price: "100", name: "Product number \($0)")
            }
            inputs += (0..<products).map {
                Events.price("p\($0)", product: "product-\($0)", price: "50", at: Events.at(minutes: 60))
            }
            _ = try await store.ingest(Events.validated(inputs), recordedAt: Events.epoch)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        return path
    }

    /// An empty Tidings database at `name` whose schema stops at `version` (as an older tidings
    /// left it), closed.
    public func tidingsSchema(_ name: String, upTo version: Int) async throws {
        let source = try await SQLiteSource.open(path: path(name))
        do {
            try await Migrations.migrate(source, upTo: version)
        } catch {
            try? await source.close()
            throw error
        }
        try await source.close()
    }

    /// Another program's SQLite database at `name` in `journalMode`: a table of its own and a row,
    /// or without `tables` nothing but the header.
    @discardableResult
    public func foreignSQLite(_ name: String, journalMode: String = "DELETE", tables: Bool = true) async throws
        -> String
    {
        let path = self.path(name)
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        var statements = ["PRAGMA journal_mode = \(journalMode)", "PRAGMA user_version = 7"]
        if tables {
            statements += [
                "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)",
                "INSERT INTO customers (name) VALUES ('Ada')",
            ]
        }
        do {
            for statement in statements { try await connection.sql().raw(SQLQueryString(statement)).run() }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        return path
    }

    /// Overwrites the page in the middle of the database file at `path` with a byte pattern, as a
    /// failing disk or a bad copy might: the whole page, or `length` bytes from its first byte;
    /// returns the page number (1-based).
    @discardableResult
    public static func corruptMiddlePage(_ path: String, length: Int? = nil) throws -> Int {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The page size is the big-endian 16-bit number at offset 16 of the header (1 means 65536).
        let raw = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = raw == 1 ? 65_536 : raw
        let pages = bytes.count / pageSize
        precondition(pages >= 3, "the database is too small to corrupt a middle page")
        let page = pages / 2 + 1
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(
            contentsOf: Data((0..<(length ?? pageSize)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try handle.close()
        return page
    }

    /// A file's bytes and modification time, to show it was not changed.
    public struct Snapshot: Equatable, Sendable {
        public var bytes: Data
        public var modified: Date?

        /// Reads the file at `path` now.
        public init(_ path: String) throws {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        }
    }
}
