import ChatKit
import ChatModel
import Foundation

extension TranscriptFile {
  /// The file a save replaces, with symbolic links followed, and the steps of writing it.
  package struct SaveTarget {
    /// The real file's path (the last link's target).
    let path: String
    /// Its folder.
    let directory: String
    /// Its name.
    let name: String

    /// Follows the symbolic links from `url` (at most 40, as the kernel does).
    /// - Throws: ``TranscriptError`` for a loop or an unreadable link.
    package init(_ url: URL) throws(TranscriptError) {
      var path = url.path
      for _ in 0..<40 {
        var info = stat()
        guard lstat(path, &info) == 0, FileKind(info) == .symbolicLink else {
          let file = URL(fileURLWithPath: path)
          self.path = path
          directory = file.deletingLastPathComponent().path
          name = file.lastPathComponent
          return
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else {
          throw TranscriptError(file: path, reason: "cannot read the symbolic link: \(TranscriptFile.errnoText())")
        }
        let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        path =
          destination.hasPrefix("/")
          ? destination
          : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(destination).path
      }
      throw TranscriptError(file: url.path, reason: "too many levels of symbolic links")
    }

    /// The temporary file a save by process `pid` writes: `.NAME.PID.tmp` in the same folder.
    static func temporaryName(for name: String, pid: Int32) -> String { ".\(name).\(pid).tmp" }

    /// Refuses a target that exists and is not a regular file.
    /// - Parameter what: What would be written, for the error ("the transcript").
    package func checkReplaceable(what: String = "the transcript") throws(TranscriptError) {
      var info = stat()
      guard stat(path, &info) == 0 else { return }  // a new file
      let kind = FileKind(info)
      guard kind == .regular else {
        throw TranscriptError(
          file: path, reason: "refusing to write \(what) over \(kind.name): only regular files are replaced")
      }
    }

    /// Writes `messages` to a new temporary file beside the target and flushes it.
    /// - Returns: The temporary file's path.
    package func writeTemporary(_ messages: some Sequence<ChatMessage>) throws(TranscriptError) -> String {
      try writeTemporary(what: "the transcript") { file throws(WritableFile.Failure) in
        try TranscriptCodec.encode(messages) { (chunk: [UInt8]) throws(WritableFile.Failure) in try file.write(chunk) }
      }
    }

    /// Makes a new temporary file beside the target, lets `body` write it, and flushes it.
    /// - Parameter what: What is written, for errors ("the report").
    /// - Returns: The temporary file's path.
    func writeTemporary(what: String, _ body: (WritableFile) throws(WritableFile.Failure) -> Void)
      throws(TranscriptError) -> String
    {
      let temporary = directory + "/" + Self.temporaryName(for: name, pid: getpid())
      unlink(temporary)  // one of this process's own, left by a failed save
      let file: WritableFile
      do {
        file = try WritableFile(creating: temporary, mode: existingMode ?? 0o644)
      } catch {
        throw TranscriptError(
          file: path, reason: "cannot create the temporary file \(temporary) to write \(what): \(error.text)")
      }
      do throws(WritableFile.Failure) {
        try body(file)
        try file.sync()
        try file.close()
      } catch {
        unlink(temporary)
        throw TranscriptError(
          file: path, reason: "cannot write \(what) to the temporary file \(temporary): \(error.text)")
      }
      return temporary
    }

    /// Renames `temporary` over the target and flushes the folder.
    package func replace(with temporary: String) throws(TranscriptError) {
      guard rename(temporary, path) == 0 else {
        let reason = "cannot rename the temporary file over it: \(errnoText())"
        unlink(temporary)
        throw TranscriptError(file: path, reason: reason)
      }
      try syncDirectory()
    }

    /// Flushes the folder, so that the rename survives a power cut.
    func syncDirectory() throws(TranscriptError) {
      let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw TranscriptError(file: path, reason: "saved, but cannot open the folder to flush it: \(errnoText())")
      }
      defer { close(descriptor) }
      guard fsync(descriptor) == 0 else {
        throw TranscriptError(file: path, reason: "saved, but flushing the folder failed: \(errnoText())")
      }
    }

    /// The permission bits of the file being replaced, which the new one keeps.
    private var existingMode: mode_t? {
      var info = stat()
      return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }
  }
}
