/// The chat store's file format: the SQLite schema, its identifiers and its indexes.
///
/// - `blocks(id, ordinal, count, length, scalars)`: the document's blocks in `ordinal` order, each
///   with the number of paragraphs it holds, their characters and their Unicode scalars (without
///   separators). Updated in the same transaction as every edit of its messages.
/// - `messages(id, block, seq, length, sender, time, date, separator, body, extra, scalars)`: one row
///   per paragraph; a paragraph's position in its block is its rank by `seq` (spaced, so an
///   insertion rarely renumbers). `length` counts its characters and `scalars` its Unicode scalars
///   (what AT-SPI's offsets count), both read from the covering index without the row. `separator` is the day of a day-separator paragraph (`NULL` for a
///   message); `body` is the text with `\n` for line breaks and U+FFFC for each sticker; `extra`
///   holds any other paragraph attributes as a JSON object.
/// - `stickers(id, message, offset, name, attachment)`: one row per sticker occurrence (a U+FFFC of
///   a message); `offset` is the UTF-8 offset of its U+FFFC in the body; `attachment` is the stable
///   sticker id that becomes `TextAttachment.persistentIdentifier`. One attachment may occur in
///   several messages, or several times in one, as one attachment object may sit in several ranges
///   in TextKit: its rows then share `attachment`. `id` (`AUTOINCREMENT`, never reused) numbers the
///   rows; a new attachment takes its first row's `id` as its `attachment`, so a sticker id is never
///   given to two attachments, even after the first was deleted (an undo may bring it back).
/// - `message_search(text)`: the full-text index, an FTS5 table, contentless (`content=''`,
///   `detail=none`, `columnsize=0`, prefix indexes of 1 and 2 characters, tokenizer
///   `unicode61 remove_diacritics 2`) with one row per message, its
///   `rowid` the message's `id`, over each body's indexed form
///   (`MessageSearchQuery.fullTextDocument(_:)`); day separators and bodies without a word or
///   character have no row. Kept in step in the same transaction as every edit of a message.
///   While a version 3 store is upgraded, `search_progress(last)` holds the highest message id
///   indexed so far (see `ChatStore+SearchUpgrade.swift`).
///
/// The file's `application_id` says it is a chat store; `user_version` is the schema version.
/// Version 1 had no `attachment` column (each row was its own attachment, `id` its stable id), and
/// versions 1 and 2 no `scalars` columns: a writable store of an older version is upgraded when it
/// opens, and a read-only one is read as it is (its scalars counted from `length(body)`). Versions
/// 1 to 3 have no `message_search` index: a read-only store of those versions is searched by
/// scanning its messages.
public enum ChatStoreSchema {
  /// `PRAGMA application_id` of a chat store: "RKCS" (ReuseKit chat store).
  public static let applicationID: UInt32 = 0x524B_4353
  /// `PRAGMA user_version`: the schema version this build writes (it reads version 1 too).
  public static let version: Int64 = 4
  /// The first schema version with the `attachment` column of `stickers`.
  static let attachmentVersion: Int64 = 2
  /// The first schema version with the `scalars` columns of `blocks` and `messages`.
  static let scalarsVersion: Int64 = 3
  /// The first schema version with the `message_search` full-text index.
  static let searchVersion: Int64 = 4
  /// The oldest schema version this build opens (upgrading it when it opens for writing).
  static let oldestReadableVersion: Int64 = 1
  /// Paragraphs per block when a store is written in bulk (the generator, the importer).
  public static let blockCapacity = 2_048
  /// The space between neighbouring `seq` values when a block is written or renumbered.
  static let seqSpacing: Int64 = 1 << 16
  /// The space between neighbouring block ordinals.
  static let ordinalSpacing: Int64 = 1 << 20

  /// The tables, without their secondary indexes (the bulk writer adds those last).
  static let tables = """
    PRAGMA application_id = \(applicationID);
    PRAGMA user_version = \(version);
    CREATE TABLE blocks (
      id INTEGER PRIMARY KEY,
      ordinal INTEGER NOT NULL,
      count INTEGER NOT NULL,
      length INTEGER NOT NULL,
      scalars INTEGER NOT NULL
    );
    CREATE TABLE messages (
      id INTEGER PRIMARY KEY,
      block INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      length INTEGER NOT NULL,
      sender TEXT,
      time TEXT,
      date TEXT,
      separator TEXT,
      body TEXT NOT NULL,
      extra TEXT,
      scalars INTEGER NOT NULL
    );
    \(stickersTable(named: "stickers"))
    \(searchTable)
    """

  /// The longest prefix (in characters) the full-text index keeps an index of.
  static let longestIndexedPrefix = 2

  /// The full-text index: see the type's summary.
  static let searchTable = """
    CREATE VIRTUAL TABLE message_search USING fts5(
      text, content = '', detail = none, columnsize = 0, prefix = '1 2',
      tokenize = 'unicode61 remove_diacritics 2'
    );
    """

  /// FTS5's buffer of new index entries (`hashsize`) while a whole index is built, by the
  /// upgrade or the writer: flushed in segments 64 times larger than the default's, the index is
  /// merged far less often (a 10M-message build takes about two thirds of the time).
  static let searchBuildHashSize = 64 << 20

  /// FTS5's default `hashsize`, which a built index goes back to, so that a large edit later
  /// buffers no more than a store that was never upgraded.
  static let searchDefaultHashSize = 1 << 20

  /// The statement that merges `message_search` into one segment (FTS5's `optimize`), run once a
  /// whole index is built: the build's large segments, or merges it left under way, would
  /// otherwise be merged by the first edits (a crisis merge of the level holding them took one
  /// keystroke 4 s on a 10M-message store); one segment leaves the edits only their own to merge.
  static let searchOptimize = "INSERT INTO message_search (message_search) VALUES ('optimize')"

  /// The statement that sets `message_search`'s `hashsize` to `bytes` (kept in the store).
  static func searchHashSize(_ bytes: Int) -> String {
    "INSERT INTO message_search (message_search, rank) VALUES ('hashsize', \(bytes))"
  }

  /// The `stickers` table of this version, created as `name`.
  static func stickersTable(named name: String) -> String {
    """
    CREATE TABLE \(name) (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      message INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      name TEXT NOT NULL,
      attachment INTEGER NOT NULL
    );
    """
  }

  /// The indexes: blocks in order; a block's messages in order, covering their lengths; a
  /// message's stickers in order; an attachment's occurrences.
  static let indexes = """
    CREATE UNIQUE INDEX blocks_by_ordinal ON blocks(ordinal);
    \(positionIndex)
    \(stickerIndexes)
    """

  /// The index of a block's messages in order, covering their lengths and scalars.
  static let positionIndex = "CREATE INDEX messages_by_position ON messages(block, seq, length, scalars);"

  /// The indexes of the `stickers` table.
  static let stickerIndexes = """
    CREATE INDEX stickers_by_message ON stickers(message, offset);
    CREATE INDEX stickers_by_attachment ON stickers(attachment);
    """

  /// The tables and indexes every chat store of schema version `version` has.
  static func requiredObjects(version: Int64) -> [String] {
    let common = [
      "blocks", "messages", "stickers", "blocks_by_ordinal", "messages_by_position", "stickers_by_message",
    ]
    let attachments = version >= attachmentVersion ? common + ["stickers_by_attachment"] : common
    return version >= searchVersion ? attachments + ["message_search"] : attachments
  }
}
