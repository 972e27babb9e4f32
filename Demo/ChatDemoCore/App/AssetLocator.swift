import Foundation

/// Finds the repository's `Assets/` folder: the working directory's, one above the running
/// executable (`/proc/self/exe`, then `argv[0]`), or, for a build run from elsewhere, the checkout
/// this source file was compiled from.
package enum AssetLocator {
  /// The `Assets` folder, or `nil` if none is found.
  package static func assetsDirectory() -> URL? {
    var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    let executables = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
      URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath(),
    ]
    for var executable in executables {
      for _ in 0..<5 {
        executable.deleteLastPathComponent()
        candidates.append(executable)
      }
    }
    // Demo/ChatDemoCore/App/AssetLocator.swift → the checkout's root.
    candidates.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent())
    for candidate in candidates {
      let assets = candidate.appendingPathComponent("Assets")
      if FileManager.default.fileExists(atPath: assets.appendingPathComponent("Stickers/manifest.json").path) {
        return assets
      }
    }
    return nil
  }
}
