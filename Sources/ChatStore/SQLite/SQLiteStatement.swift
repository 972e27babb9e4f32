import CSQLite

/// A compiled SQL statement, finalized when the object goes away.
///
/// Bind parameters (1-based, as in SQLite), step through the rows, read columns (0-based), then
/// ``reset()`` to run it again. It keeps its connection alive.
public final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection
  private let sql: String

  init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// `SQLITE_TRANSIENT`, a macro in C: SQLite copies bound text before the call returns.
  private static let transient = unsafeBitCast(Int(-1), to: sqlite3_destructor_type.self)

  // MARK: Binding

  /// Binds an integer to parameter `index` (from 1).
  public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value), "binding parameter \(index)")
  }

  /// Binds an integer to parameter `index` (from 1).
  public func bind(_ value: Int, at index: Int32) throws(SQLiteError) { try bind(Int64(value), at: index) }

  /// Binds text, or NULL for `nil`, to parameter `index` (from 1).
  public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    guard let value else {
      try check(sqlite3_bind_null(handle, index), "binding parameter \(index)")
      return
    }
    guard !value.isEmpty else {
      try check(sqlite3_bind_text(handle, index, "", 0, Self.transient), "binding parameter \(index)")
      return
    }
    var text = value
    let code = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { characters in
        sqlite3_bind_text(handle, index, characters.baseAddress, Int32(characters.count), Self.transient)
      }
    }
    try check(code, "binding parameter \(index)")
  }

  /// Binds NULL to parameter `index` (from 1).
  public func bindNull(at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(handle, index), "binding parameter \(index)")
  }

  // MARK: Running

  /// Runs the statement to its next row.
  /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
  /// - Throws: ``SQLiteError`` with the library's message; the statement is reset.
  @discardableResult
  public func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    let failure = connection.error(code, "running \(SQLiteConnection.abbreviate(sql))")
    sqlite3_reset(handle)
    throw failure
  }

  /// Rewinds the statement and clears its bindings, ready to run again.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Binds `values` in order from parameter 1, runs the statement to completion and resets it.
  /// - Throws: ``SQLiteError`` with the library's message.
  public func run(_ values: Int64...) throws(SQLiteError) {
    defer { reset() }
    for (index, value) in values.enumerated() { try bind(value, at: Int32(index + 1)) }
    while try step() {}
  }

  /// Binds `id` to parameter 1 and `text` to parameter 2, runs the statement to completion and
  /// resets it.
  /// - Parameters:
  ///   - id: Parameter 1.
  ///   - text: Parameter 2.
  /// - Throws: ``SQLiteError`` with the library's message.
  /// - Complexity: One step of the statement.
  package func run(_ id: Int64, text: String) throws(SQLiteError) {
    defer { reset() }
    try bind(id, at: 1)
    try bind(text, at: 2)
    while try step() {}
  }

  // MARK: Reading columns

  /// Column `index` (from 0) of the current row as an integer (0 for NULL).
  public func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` (from 0) of the current row as an integer (0 for NULL).
  public func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

  /// Whether column `index` (from 0) of the current row is NULL.
  public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// Column `index` (from 0) of the current row as text, or `nil` for NULL.
  public func string(_ index: Int32) -> String? {
    guard let text = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Throws unless `code` is `SQLITE_OK`; `action` is only built for the error.
  private func check(_ code: Int32, _ action: @autoclosure () -> String) throws(SQLiteError) {
    guard code == SQLITE_OK else { throw connection.error(code, "\(action()) of \(SQLiteConnection.abbreviate(sql))") }
  }
}
