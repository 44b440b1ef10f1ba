import TidingsKit

/// Where `tidings read` keeps the feeds it showed, for reading them offline later: the SDK's
/// persistent offline store (a corrupt file is rebuilt empty, never a crash).
func readerStorage(path: String) throws -> any FeedStorage {
    try OfflineStore(path: path)
}
