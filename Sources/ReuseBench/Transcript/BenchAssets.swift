import Foundation

/// Finds the package's `Assets/Stickers` directory.
enum BenchAssets {
  /// Where the sticker library lives, searched from the executable up, then from this source file up.
  /// - Throws: ``BenchFailure`` when neither search finds `Assets/Stickers/manifest.json`.
  static func stickerDirectory() throws(BenchFailure) -> URL {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let source = URL(fileURLWithPath: #filePath)
    for start in [executable, source] {
      var directory = start.deletingLastPathComponent()
      while directory.path != "/" {
        let candidate = directory.appendingPathComponent("Assets/Stickers")
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) {
          return candidate
        }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw BenchFailure("Assets/Stickers/manifest.json not found above \(executable.path) or \(source.path)")
  }
}
