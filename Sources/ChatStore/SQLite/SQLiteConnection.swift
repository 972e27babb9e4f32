import CSQLite

/// One open SQLite database connection, closed when the object goes away.
///
/// A thin wrapper, no ORM: SQL in, rows out through ``SQLiteStatement``. Every failure is a
/// ``SQLiteError`` carrying `sqlite3_errmsg` and the file name. A connection belongs to one thread
/// at a time.
public final class SQLiteConnection {
  /// How the file is opened.
  public enum Mode: Sendable {
    /// Reading only; the file must exist and is never written to.
    case readOnly
    /// Reading only, the file taken as unchanging (SQLite's `immutable` URI parameter): no lock,
    /// no shared-memory or write-ahead-log file is created beside it. For checking a file before
    /// trusting it; a write-ahead log beside it is not read.
    case immutable
    /// Reading and writing; the file must exist.
    case readWrite
    /// Reading and writing; the file is created when missing.
    case create
  }

  /// The database file's path.
  public let path: String
  private let handle: OpaquePointer

  /// Opens `path`.
  /// - Parameters:
  ///   - path: The database file.
  ///   - mode: How it is opened.
  ///   - vfs: The name of a registered SQLite VFS to open it through (a test's fault-injecting one),
  ///     or `nil` for the default.
  /// - Throws: ``SQLiteError`` naming the file.
  public init(path: String, mode: Mode, vfs: String? = nil) throws(SQLiteError) {
    let flags: Int32 =
      switch mode {
      case .readOnly: SQLITE_OPEN_READONLY
      case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      case .readWrite: SQLITE_OPEN_READWRITE
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      }
    var pointer: OpaquePointer?
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = sqlite3_open_v2(name, &pointer, flags | SQLITE_OPEN_NOMUTEX, vfs)
    guard code == SQLITE_OK, let pointer else {
      let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_close_v2(pointer)
      throw SQLiteError(code: code, message: message, file: path, action: "opening the database")
    }
    sqlite3_extended_result_codes(pointer, 1)
    self.path = path
    self.handle = pointer
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs one or more statements that return no rows the caller needs.
  /// - Throws: ``SQLiteError`` with the library's message.
  public func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code, "running \(Self.abbreviate(sql))") }
  }

  /// Compiles `sql` once, to be bound and stepped many times.
  /// - Throws: ``SQLiteError`` with the library's message.
  public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code, "preparing \(Self.abbreviate(sql))") }
    return SQLiteStatement(handle: statement, connection: self, sql: sql)
  }

  /// The first column of the first row of `sql` as an integer, or `nil` when there is no row.
  /// - Throws: ``SQLiteError`` with the library's message.
  public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The rowid of the last row inserted through this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Whether a transaction is open (the connection is not in autocommit mode).
  public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Waits up to `milliseconds` for another connection's lock before failing with `SQLITE_BUSY`.
  public func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

  /// The error for result `code` while doing `action`, with `sqlite3_errmsg`'s text.
  func error(_ code: Int32, _ action: String) -> SQLiteError {
    var error = SQLiteError(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), file: path,
      action: action)
    error.systemErrno = sqlite3_system_errno(handle)
    return error
  }

  /// The raw handle, for ``SQLiteStatement``.
  var rawHandle: OpaquePointer { handle }

  /// `file:PATH?immutable=1`, with the characters a URI path cannot hold escaped.
  private static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
        escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file:\(escaped)?immutable=1"
  }

  /// The statement's first line, cut short, for error messages.
  static func abbreviate(_ sql: String) -> String {
    let line = sql.split(separator: "\n").first.map(String.init) ?? sql
    return line.count > 60 ? String(line.prefix(60)) + "…" : line
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
