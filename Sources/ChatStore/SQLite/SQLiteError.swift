import CSQLite

/// A failed SQLite call: the library's result code and message, and the file it was working on.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The primary or extended result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, …).
  public var code: Int32
  /// `sqlite3_errmsg`'s text, or `sqlite3_errstr` when no connection exists.
  public var message: String
  /// The database file.
  public var file: String
  /// What was being done ("opening", "preparing INSERT …").
  public var action: String
  /// The operating system's `errno` of the failed call when SQLite knew it (`sqlite3_system_errno`),
  /// else 0: `ENOSPC` is a full disk whatever SQLite's code says.
  public var systemErrno: Int32 = 0

  /// An error from its parts.
  /// - Parameters:
  ///   - code: The primary or extended result code.
  ///   - message: SQLite's message.
  ///   - file: The database file.
  ///   - action: What was being done.
  public init(code: Int32, message: String, file: String, action: String) {
    self.code = code
    self.message = message
    self.file = file
    self.action = action
  }

  /// The primary result code: the extended code's low byte.
  public var primaryCode: Int32 { code & 0xFF }

  public var description: String { "\(file): \(action): \(message) (SQLite code \(code))" }
}
