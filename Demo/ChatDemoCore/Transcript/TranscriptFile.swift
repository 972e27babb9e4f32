import ChatKit
import Foundation

/// Loads and saves transcripts. Saves are atomic: a temporary file in the same folder is
/// written, flushed with `fsync`, then renamed over the target.
public enum TranscriptFile {
  /// The largest transcript file read (512 MiB).
  public static let maximumBytes = 512 << 20

  /// Reads a transcript.
  /// - Throws: ``TranscriptError`` naming the file: missing, too large, malformed.
  public static func load(_ url: URL) throws(TranscriptError) -> Transcript {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    guard let size = attributes?[.size] as? Int else {
      throw TranscriptError(file: url.path, reason: "cannot read the file")
    }
    guard size <= maximumBytes else {
      throw TranscriptError(file: url.path, reason: "\(size) bytes is over the \(maximumBytes)-byte limit")
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

  /// Where saving a transcript opened from `url` goes: `url` itself, or — when `url` could not be
  /// loaded — `NAME.recovered.json` beside it, so that a corrupt file is never overwritten.
  public static func saveTarget(for url: URL, loadFailed: Bool) -> URL {
    loadFailed ? url.deletingPathExtension().appendingPathExtension("recovered.json") : url
  }

  /// Writes `transcript` to `url` atomically (temp file, fsync, rename).
  public static func save(_ transcript: Transcript, to url: URL) throws(TranscriptError) {
    let data = transcript.jsonData()
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw TranscriptError(file: url.path, reason: "cannot create \(temporary.lastPathComponent): \(errnoText())")
    }
    let written = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written, synced else {
      unlink(temporary.path)
      throw TranscriptError(file: url.path, reason: "writing failed: \(errnoText())")
    }
    guard rename(temporary.path, url.path) == 0 else {
      unlink(temporary.path)
      throw TranscriptError(file: url.path, reason: "rename failed: \(errnoText())")
    }
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
