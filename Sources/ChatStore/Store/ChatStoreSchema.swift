/// The chat store's file format: the SQLite schema, its identifiers and its indexes.
///
/// - `blocks(id, ordinal, count, length)`: the document's blocks in `ordinal` order, each with the
///   number of paragraphs it holds and their characters (without separators). Updated in the same
///   transaction as every edit of its messages.
/// - `messages(id, block, seq, length, sender, time, date, separator, body, extra)`: one row per
///   paragraph; a paragraph's position in its block is its rank by `seq` (spaced, so an insertion
///   rarely renumbers). `separator` is the day of a day-separator paragraph (`NULL` for a
///   message); `body` is the text with `\n` for line breaks and U+FFFC for each sticker; `extra`
///   holds any other paragraph attributes as a JSON object.
/// - `stickers(id, message, offset, name)`: one row per sticker part; `id` is the stable sticker
///   id that becomes `TextAttachment.persistentIdentifier`; `offset` is the UTF-8 offset of its
///   U+FFFC in the body.
///
/// The file's `application_id` says it is a chat store; `user_version` is the schema version.
public enum ChatStoreSchema {
  /// `PRAGMA application_id` of a chat store: "RKCS" (ReuseKit chat store).
  public static let applicationID: UInt32 = 0x524B_4353
  /// `PRAGMA user_version`: the schema version this build reads and writes.
  public static let version: Int64 = 1
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
      length INTEGER NOT NULL
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
      extra TEXT
    );
    CREATE TABLE stickers (
      id INTEGER PRIMARY KEY,
      message INTEGER NOT NULL,
      offset INTEGER NOT NULL,
      name TEXT NOT NULL
    );
    """

  /// The indexes: blocks in order; a block's messages in order, covering their lengths; a
  /// message's stickers in order.
  static let indexes = """
    CREATE UNIQUE INDEX blocks_by_ordinal ON blocks(ordinal);
    CREATE INDEX messages_by_position ON messages(block, seq, length);
    CREATE INDEX stickers_by_message ON stickers(message, offset);
    """

  /// The tables and indexes every chat store has.
  static let requiredObjects = [
    "blocks", "messages", "stickers", "blocks_by_ordinal", "messages_by_position", "stickers_by_message",
  ]
}
