import Foundation

/// The store's file on disk, looked at without SQLite: a header check catches garbage and a truncated
/// file at open, before SQLite would only notice on reading a missing page.
enum OfflineStoreFile {
    /// The SQLite journal and WAL files that go with the database at `path`.
    static func companions(of path: String) -> [String] {
        [path + "-journal", path + "-wal", path + "-shm"]
    }

    /// Why the file at `path` cannot be a SQLite database, or nil (also when it is missing or empty).
    static func problem(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let fileSize = try? handle.seekToEnd(), fileSize > 0 else { return nil }
        try? handle.seek(toOffset: 0)
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
            header.prefix(16).elementsEqual("SQLite format 3\0".utf8)
        else { return "is not a SQLite database" }
        let bytes = [UInt8](header)
        func int(_ offset: Int, _ count: Int) -> UInt64 {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let pageSize = int(16, 2) == 1 ? 65_536 : int(16, 2)
        // The header's page count is valid when its change counter matches "version valid for".
        let pageCount = int(24, 4) == int(92, 4) ? int(28, 4) : 0
        if pageCount * pageSize > fileSize && !hasWAL(path) {
            return "is truncated (\(fileSize) of \(pageCount * pageSize) bytes)"
        }
        return nil
    }

    /// Deletes the database at `path` and its companions; a missing file is not an error.
    static func remove(at path: String) throws {
        for file in [path] + companions(of: path) where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }

    /// Creates the folder the store lives in.
    static func createParent(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    // Pages not yet checkpointed live in the WAL: the main file may be legitimately short then.
    // Its size by seeking to its end, not from the file's attributes: those are one of Apple's
    // "required reason" APIs, which the SDK's privacy manifest says it does not use.
    private static func hasWAL(_ path: String) -> Bool {
        guard let wal = FileHandle(forReadingAtPath: path + "-wal") else { return false }
        defer { try? wal.close() }
        return ((try? wal.seekToEnd()) ?? 0) > 0
    }
}
