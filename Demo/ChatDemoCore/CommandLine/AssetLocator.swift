import Foundation

/// Finds the repository's `Assets/` folder: the working directory's, or one above the executable.
public enum AssetLocator {
  /// The `Assets` folder, or `nil` if none is found.
  public static func assetsDirectory() -> URL? {
    var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    for _ in 0..<5 {
      executable.deleteLastPathComponent()
      candidates.append(executable)
    }
    for candidate in candidates {
      let assets = candidate.appendingPathComponent("Assets")
      if FileManager.default.fileExists(atPath: assets.appendingPathComponent("Stickers/manifest.json").path) {
        return assets
      }
    }
    return nil
  }
}
