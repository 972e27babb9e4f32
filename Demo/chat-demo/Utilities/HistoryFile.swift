import ChatDemoCore
import Foundation

/// How the demo tells a chat store (a SQLite history) from a JSON transcript: by the file's
/// extension.
enum HistoryFile {
  /// The extensions of chat store files.
  static let extensions: Set<String> = ["sqlite", "sqlite3", "db"]

  /// Whether `url` names a chat store rather than a JSON transcript.
  static func isStore(_ url: URL) -> Bool { extensions.contains(url.pathExtension.lowercased()) }
}
