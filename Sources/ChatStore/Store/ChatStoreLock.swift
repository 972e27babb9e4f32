import Foundation

/// The advisory lock that makes one process at a time the editor of a chat store: an exclusive
/// `flock` on the file `STORE-lock` beside it, which holds the editor's process id as text.
///
/// The rule it enforces (README "Chat stores"): one process edits a store at a time; any number
/// may read it (exports) meanwhile, through SQLite's own locking. A second editor, in another
/// process or the same one, is refused with "already open for editing by process N" before the
/// store is written. The kernel drops the lock when its holder exits, however it exits (kill -9
/// included), so a lock file left behind never locks anyone out: the next editor takes it over.
/// The file is removed when the editor closes the store.
final class ChatStoreLock {
  /// The lock file's path.
  let path: String
  private let descriptor: Int32

  /// The lock file of the store at `storePath`.
  static func path(forStore storePath: String) -> String { storePath + "-lock" }

  /// Takes the lock of the store at `storePath`, without waiting.
  /// - Throws: ``ChatStoreError``: `.locked` with the holder's process id when another editor has
  ///   it, `.readOnly` or `.database` when the lock file cannot be made.
  init(store storePath: String) throws(ChatStoreError) {
    path = Self.path(forStore: storePath)
    var attempts = 0
    while true {
      attempts += 1
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        let reason = ChatStoreFile.errnoText()
        throw ChatStoreError(
          errno == EROFS || errno == EACCES ? .readOnly : .database, file: storePath,
          reason: "cannot make the editing lock \(path): \(reason)")
      }
      // A reader's probe (``isHeld(store:)``) holds the lock shared for a moment: try a few times.
      var locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
      for _ in 0..<10 where !locked {
        usleep(2_000)
        locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
      }
      if !locked {
        // The holder writes its id right after it takes the lock: give it a moment to.
        var holder = Self.holder(descriptor)
        for _ in 0..<20 where holder == nil {
          usleep(5_000)
          holder = Self.holder(descriptor)
        }
        close(descriptor)
        throw ChatStoreError(
          .locked, file: storePath,
          reason: "already open for editing by \(holder.map { "process \($0)" } ?? "another process")"
            + " (one process edits a chat store at a time)")
      }
      // The holder before us may have removed the file between our open and our lock: the lock
      // counts only on the file the path still names.
      var opened = stat()
      var named = stat()
      if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino,
        opened.st_dev == named.st_dev
      {
        self.descriptor = descriptor
        break
      }
      close(descriptor)
      guard attempts < 100 else {
        throw ChatStoreError(.database, file: storePath, reason: "cannot take the editing lock \(path)")
      }
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  deinit {
    unlink(path)
    close(descriptor)
  }

  /// Whether an editor holds the lock of the store at `storePath` now.
  static func isHeld(store storePath: String) -> Bool {
    let descriptor = open(path(forStore: storePath), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
      flock(descriptor, LOCK_UN)
      return false
    }
    return true
  }

  /// The process id written in the lock file open at `descriptor`, when it is one.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 15, 0) }
    guard count > 0 else { return nil }
    let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let pid = Int32(text), pid > 0 else { return nil }
    return pid
  }
}
