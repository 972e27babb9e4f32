import Foundation

/// A file descriptor opened for writing a new file, closed in `deinit` if still open.
final class WritableFile {
  /// A failed system call, with its `errno` text.
  struct Failure: Error {
    var text: String
  }

  private var descriptor: Int32

  /// Creates `path`, which must not exist (`O_EXCL`: a link planted there is not followed).
  init(creating path: String, mode: mode_t) throws(Failure) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Failure(text: TranscriptFile.errnoText()) }
    fchmod(descriptor, mode)  // not narrowed by the umask: the replaced file's bits
  }

  deinit { if descriptor >= 0 { Foundation.close(descriptor) } }

  /// Writes every byte of `bytes`, retrying short writes and interruptions.
  func write(_ bytes: [UInt8]) throws(Failure) {
    let failed = bytes.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return true }
        offset += count
      }
      return false
    }
    if failed { throw Failure(text: TranscriptFile.errnoText()) }
  }

  /// Flushes the file to the disk.
  func sync() throws(Failure) {
    guard fsync(descriptor) == 0 else { throw Failure(text: TranscriptFile.errnoText()) }
  }

  /// Closes the file, reporting a failed close (a delayed write error).
  func close() throws(Failure) {
    let result = Foundation.close(descriptor)
    descriptor = -1
    guard result == 0 else { throw Failure(text: TranscriptFile.errnoText()) }
  }
}
