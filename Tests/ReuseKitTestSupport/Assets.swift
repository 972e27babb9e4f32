import Foundation

/// The repository's `Assets/` folder, found from this source file.
public enum RepositoryAssets {
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets")
  public static let stickers = directory.appendingPathComponent("Stickers")
  public static let scenarios = directory.appendingPathComponent("Scenarios")
  public static let transcripts = directory.appendingPathComponent("Transcripts")

  /// A fresh temporary directory for one test.
  public static func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reusekit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
