import ChatKit
import ChatModel
import Foundation

/// Loads and saves transcripts.
///
/// Saves are atomic and lose nothing: a temporary file beside the target is written, flushed with
/// `fsync`, renamed over the target, and the folder is flushed too. A symbolic link is followed
/// (its target is replaced, the link stays); anything that is not a regular file (a folder, a FIFO,
/// a device) is refused. Temporary files left by a killed save are removed at the next start
/// (``removeLeftoverTemporaryFiles(for:)``).
package enum TranscriptFile {
  /// The largest transcript file read (512 MiB).
  package static let maximumBytes = 512 << 20

  /// Reads a transcript.
  /// - Throws: `TranscriptError` naming the file: missing, not a regular file, too large, malformed.
  package static func load(_ url: URL) throws(TranscriptError) -> Transcript {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw TranscriptError(file: url.path, reason: "cannot read the file: \(errnoText())")
    }
    guard FileKind(info) == .regular else {
      throw TranscriptError(file: url.path, reason: "cannot read \(FileKind(info).name): not a regular file")
    }
    guard info.st_size <= maximumBytes else {
      throw TranscriptError(file: url.path, reason: "\(info.st_size) bytes is over the \(maximumBytes)-byte limit")
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw TranscriptError(file: url.path, reason: "cannot read the file")
    }
    do {
      return try Transcript(jsonData: data)
    } catch {
      throw TranscriptError(file: url.path, reason: error.reason)
    }
  }

  /// Writes `transcript` to `url` atomically (temp file, fsync, rename, fsync of the folder).
  /// - Throws: `TranscriptError` naming the file and the step that failed; the target is unchanged.
  package static func save(_ transcript: Transcript, to url: URL) throws(TranscriptError) {
    try save(messages: transcript.messages, to: url)
  }

  /// Writes `messages` to `url` atomically as they come, in bounded memory (one piece of
  /// about 1 MiB and one message at a time).
  /// - Throws: `TranscriptError` naming the file and the step that failed; the target is unchanged.
  package static func save(messages: some Sequence<ChatMessage>, to url: URL) throws(TranscriptError) {
    let target = try SaveTarget(url)
    try target.checkReplaceable()
    try target.replace(with: try target.writeTemporary(messages))
  }

  /// Writes `bytes` to `url` atomically, like a transcript: for the other files the demo writes.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - url: The file to write or replace.
  ///   - what: What is written, for errors ("the report").
  /// - Throws: `TranscriptError` naming the file, what was written and the step that failed.
  package static func write(_ bytes: [UInt8], to url: URL, what: String) throws(TranscriptError) {
    let target = try SaveTarget(url)
    try target.checkReplaceable(what: what)
    try target.replace(
      with: try target.writeTemporary(what: what) { file throws(WritableFile.Failure) in try file.write(bytes) })
  }

  /// Writes `transcript` beside `url` as the first free `NAME.recovered-N.json` (N from 1), never
  /// replacing a file: this is where a transcript that failed to load is saved, and two sessions
  /// never write over each other's copy.
  /// - Returns: The file written; later saves of the same session should go there.
  /// - Throws: `TranscriptError` naming the file and the step that failed.
  package static func saveRecovery(_ transcript: Transcript, for url: URL) throws(TranscriptError) -> URL {
    try saveRecovery(messages: transcript.messages, for: url)
  }

  /// Writes `messages` as they come to the first free `NAME.recovered-N.json` beside `url`, never
  /// replacing a file (see ``saveRecovery(_:for:)``).
  /// - Returns: The file written.
  /// - Throws: `TranscriptError` naming the file and the step that failed.
  package static func saveRecovery(messages: some Sequence<ChatMessage>, for url: URL) throws(TranscriptError) -> URL {
    let original = try SaveTarget(url)
    let temporary = try original.writeTemporary(messages)
    defer { unlink(temporary) }
    for number in 1...10_000 {
      let candidate = recoveryURL(for: URL(fileURLWithPath: original.path), number: number)
      if link(temporary, candidate.path) == 0 {
        try original.syncDirectory()
        return candidate
      }
      guard errno == EEXIST else {
        throw TranscriptError(file: candidate.path, reason: "cannot create the recovery file: \(errnoText())")
      }
    }
    throw TranscriptError(file: url.path, reason: "every recovery file name up to 10000 is taken")
  }

  /// `NAME.recovered-N.json` beside `url`.
  package static func recoveryURL(for url: URL, number: Int) -> URL {
    url.deletingPathExtension().appendingPathExtension("recovered-\(number).json")
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
