import TidingsKit

/// Where `tidings read` keeps the feeds it showed, for reading them offline later, and its HTTP
/// cache's responses: the SDK's persistent offline store (a corrupt file is rebuilt empty, never a
/// crash).
func readerStorage(path: String) throws -> OfflineStore {
    try OfflineStore(path: path)
}
