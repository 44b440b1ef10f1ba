import Foundation

/// The reader's device id, sent as `X-Device-ID` so cards it dismissed stay away: a UUID kept in
/// `device-id` beside the store file, created on first use.
enum ReadDeviceID {
    /// The id kept in `folder`, created there if missing; a fresh one for this run only when the
    /// folder cannot be written.
    static func load(in folder: URL) -> String {
        let file = folder.appendingPathComponent("device-id")
        if let data = try? Data(contentsOf: file) {
            let kept = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !kept.isEmpty { return kept }
        }
        let id = UUID().uuidString.lowercased()
        try? Data((id + "\n").utf8).write(to: file, options: .atomic)
        return id
    }
}
