import Foundation

/// Checks a path before SQLite opens it for writing: that it is a regular file, a SQLite
/// database, a chat store, and writable. Reads at most the 100-byte header; never writes.
enum ChatStoreFile {
  /// The 16 bytes every SQLite 3 database starts with.
  private static let magic = Array("SQLite format 3\0".utf8)

  /// Checks that `path` names a regular file that starts like a chat store (SQLite's header with
  /// the chat store's application id).
  /// - Throws: ``ChatStoreError`` (`.missing`, `.notAChatStore`).
  static func checkHeader(_ path: String) throws(ChatStoreError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { throw ChatStoreError(.missing, file: path, reason: "no such file") }
      throw ChatStoreError(.notAChatStore, file: path, reason: "cannot read the file: \(errnoText())")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw ChatStoreError(.notAChatStore, file: path, reason: "not a regular file")
    }
    let header = try readHeader(path)
    guard header.count == 100, Array(header.prefix(16)) == magic else {
      throw ChatStoreError(.notAChatStore, file: path, reason: "not a chat store: the file is not a SQLite database")
    }
    let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard applicationID == ChatStoreSchema.applicationID else {
      throw ChatStoreError(
        .notAChatStore, file: path,
        reason: "not a chat store: a SQLite database of another application (application_id \(applicationID))")
    }
  }

  /// Checks that the file and its folder can be written (SQLite's write-ahead log lives beside the
  /// file). A file with no write permission bit counts as read-only even for root.
  /// - Throws: ``ChatStoreError`` (`.readOnly`).
  static func checkWritable(_ path: String) throws(ChatStoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    for (target, what) in [(path, "the file"), (folder.isEmpty ? "." : folder, "its folder")] {
      var info = stat()
      let noWriteBits = stat(target, &info) == 0 && info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0
      if access(target, W_OK) != 0 || noWriteBits {
        throw ChatStoreError(.readOnly, file: path, reason: "read-only: \(what) cannot be written, so it is not opened")
      }
    }
  }

  private static func readHeader(_ path: String) throws(ChatStoreError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ChatStoreError(.notAChatStore, file: path, reason: "cannot read the file: \(errnoText())")
    }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 100)
    var filled = 0
    while filled < header.count {
      let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, 100 - filled) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    return Array(header.prefix(filled))
  }

  /// Whether a write-ahead log with content lies beside `path` (after a kill -9, a crash or a full
  /// disk; a clean close removes it).
  static func hasWriteAheadLog(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
