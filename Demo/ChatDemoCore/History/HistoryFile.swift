import Foundation

/// How the demo tells a chat store (a SQLite history) from a JSON transcript: by the file's
/// extension.
public enum HistoryFile {
  /// The extensions of chat store files.
  public static let extensions: Set<String> = ["sqlite", "sqlite3", "db"]

  /// Whether `url` names a chat store rather than a JSON transcript.
  public static func isStore(_ url: URL) -> Bool { extensions.contains(url.pathExtension.lowercased()) }
}
