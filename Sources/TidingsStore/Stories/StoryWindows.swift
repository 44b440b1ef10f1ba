import Foundation
import TidingsModel

/// Each stream's story keys folded (``StoryFold``) as this process's last committed write left
/// them, with the stream's version then (`story_streams.version`, raised by every write that adds
/// or forgets keys, in any process). A write that finds the version it cached takes the fold and
/// goes on from it instead of reading and placing every key again; any other version (another
/// server wrote, a write failed, a rebuild) reads them afresh. Like ``ProductStateCache``, an
/// update is kept only once its transaction committed.
final class StoryWindows: Sendable {
    private struct Window {
        var version: Int64
        var fold: StoryFold
        var used: UInt64
    }

    private struct State {
        var windows: [String: Window] = [:]
        var tick: UInt64 = 0
    }

    private let state = Locked(State())
    /// Streams kept at most; the least recently written goes first (a fold of a full section's
    /// keys is about a megabyte).
    static let capacity = 64

    /// The fold of `stream` at `version`, taken out (the write owns it until it commits); nil when
    /// none is kept at that version.
    func take(_ stream: String, at version: Int64) -> StoryFold? {
        state.withLock { state in
            guard let window = state.windows.removeValue(forKey: stream), window.version == version else {
                return nil
            }
            return window.fold
        }
    }

    /// Keeps the folds a committed write left, at their streams' new versions.
    func committed(_ folds: [(stream: String, version: Int64, fold: StoryFold)]) {
        state.withLock { state in
            for (stream, version, fold) in folds {
                state.tick += 1
                state.windows[stream] = Window(version: version, fold: fold, used: state.tick)
            }
            while state.windows.count > Self.capacity,
                let oldest = state.windows.min(by: { $0.value.used < $1.value.used })?.key
            {
                state.windows.removeValue(forKey: oldest)
            }
        }
    }

    /// Forgets every stream (after a rebuild).
    func reset() {
        state.withLock { $0 = State() }
    }
}
