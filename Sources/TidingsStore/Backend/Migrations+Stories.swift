import Foundation

extension Migrations {
    /// Migrations from 21: story groups (issue 42).
    static let stories: [Migration] = [
        Migration(version: 21, name: "story groups") { kind in
            // Entries of a section that tell one story (issue 42, SQLStore+Stories): an entry's
            // story is its first member's seq; `folded` ones are shown in their story's item. The
            // keys grouping compares (story_keys) outlive their entry while its story lives, so a
            // rebuild folds as live grouping did; story_streams counts the writes that changed a
            // stream's keys (a server keeps them in memory while the count is the one it left).
            // story_decisions: editors' splits and merges, replayed by a rebuild; story_grouping:
            // the rule the stored groups were made with ('' = none).
            let serial = kind == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            // SQLite: no rowid beside the key, one B-tree written a row instead of two (every poll).
            let keyed = kind == .postgres ? "" : " WITHOUT ROWID"
            return [
                "ALTER TABLE entries ADD COLUMN story BIGINT",
                "ALTER TABLE entries ADD COLUMN folded BIGINT NOT NULL DEFAULT 0",
                "CREATE INDEX entries_shown ON entries (stream, seq) WHERE folded = 0",
                "CREATE INDEX entries_story ON entries (stream, story) WHERE story IS NOT NULL",
                """
                CREATE TABLE story_keys (stream \(key) NOT NULL, seq BIGINT NOT NULL, story BIGINT NOT NULL,
                  source_id \(key) NOT NULL, at BIGINT NOT NULL, url_key \(key), words BIGINT NOT NULL, signature TEXT,
                  PRIMARY KEY (stream, seq))\(keyed)
                """,
                "CREATE INDEX story_keys_story ON story_keys (stream, story)",
                "CREATE TABLE story_streams (stream \(key) PRIMARY KEY, version BIGINT NOT NULL)",
                """
                CREATE TABLE story_decisions (id \(serial), stream \(key) NOT NULL, at_seq BIGINT NOT NULL,
                  kind TEXT NOT NULL, a BIGINT NOT NULL, b BIGINT, at BIGINT NOT NULL, actor TEXT NOT NULL, reason TEXT)
                """,
                "CREATE INDEX story_decisions_stream ON story_decisions (stream, at_seq, id)",
                "CREATE TABLE story_grouping (id BIGINT PRIMARY KEY, rule TEXT NOT NULL)",
                "INSERT INTO story_grouping (id, rule) VALUES (1, '')",
            ]
        },
        // Hashes of the capitalized words of a summary (StoryKeys.names); older keys have none.
        Migration(version: 22, name: "story key names") { _ in ["ALTER TABLE story_keys ADD COLUMN names TEXT"] },
        // Development builds made story_keys and story_streams in other shapes under 21 (one had
        // story_bands, no story_streams): both made anew, and a stored rule no configuration has
        // makes the next start group every section again from its entries.
        Migration(version: 23, name: "story keys made again") { kind in
            let key = kind == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
            return [
                "DROP TABLE IF EXISTS story_bands", "DROP TABLE story_keys", "DROP TABLE IF EXISTS story_streams",
                """
                CREATE TABLE story_keys (stream \(key) NOT NULL, seq BIGINT NOT NULL, story BIGINT NOT NULL,
                  source_id \(key) NOT NULL, at BIGINT NOT NULL, url_key \(key), words BIGINT NOT NULL, signature TEXT,
                  names TEXT, PRIMARY KEY (stream, seq))\(kind == .postgres ? "" : " WITHOUT ROWID")
                """,
                "CREATE INDEX story_keys_story ON story_keys (stream, story)",
                "CREATE TABLE story_streams (stream \(key) PRIMARY KEY, version BIGINT NOT NULL)",
                "UPDATE story_grouping SET rule = 'keys to be made again (migration 23)'",
            ]
        },
        // The address an article page gives as its own (rel=canonical, og:url, else where its link
        // redirected), and the link key a same_page decision adds to an entry: entries whose links
        // lead to one page tell one story (SQLStore+SamePages).
        Migration(version: 24, name: "canonical pages") { _ in
            [
                "ALTER TABLE article_pages ADD COLUMN canonical_url TEXT",
                "ALTER TABLE story_decisions ADD COLUMN url_key TEXT",
            ]
        },
        // A present entry's story keys move into its own row (`story_keys`, one column of bytes:
        // written with the row, gone with it); the story_keys table keeps only removed entries'
        // keys while their story has a present entry (SQLStore+Stories).
        Migration(version: 25, name: "story keys in the entry's row", conversion: StoryKeys.migration) { kind in
            ["ALTER TABLE entries ADD COLUMN story_keys \(kind == .postgres ? "BYTEA" : "BLOB")"]
        },
    ]
}
