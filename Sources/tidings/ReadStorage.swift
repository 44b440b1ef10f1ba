import TidingsKit

/// Where `tidings read` keeps the feeds it showed, for reading them offline later.
// TODO(offline store): open the persistent GRDB `OfflineStore` at `path` (its folder exists by now;
// `ReadCommand` creates it) instead of keeping feeds for this run only; until then the offline
// end-to-end test in ReadCommandTests is disabled.
func readerStorage(path: String) throws -> any FeedStorage {
    InMemoryFeedStorage()
}
