import ChatDemoCore
import Foundation

/// Finds the package's `Assets/Stickers` directory the way the demo does (`AssetLocator`).
enum BenchAssets {
  /// Where the sticker library lives: `Stickers` in the `Assets` folder `AssetLocator` finds (in the
  /// working directory, or above the executable).
  /// - Throws: ``BenchFailure`` when no `Assets/Stickers/manifest.json` is found.
  static func stickerDirectory() throws(BenchFailure) -> URL {
    guard let assets = AssetLocator.assetsDirectory() else {
      throw BenchFailure(
        "Assets/Stickers/manifest.json not found in \(FileManager.default.currentDirectoryPath) or above the executable"
      )
    }
    return assets.appendingPathComponent("Stickers")
  }
}
