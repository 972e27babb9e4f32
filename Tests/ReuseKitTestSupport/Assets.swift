import Foundation

/// The repository's `Assets/` folder, found from this source file.
public enum RepositoryAssets {
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets")
  public static let stickers = directory.appendingPathComponent("Stickers")
  public static let scenarios = directory.appendingPathComponent("Scenarios")
  public static let transcripts = directory.appendingPathComponent("Transcripts")
  /// `Tests/Fuzz/Regressions/<target>/`: the inputs `make fuzz-parsers` found problems with, kept so
  /// that `make test` runs each through the same path again.
  public static let fuzzRegressions = directory.deletingLastPathComponent()
    .appendingPathComponent("Tests/Fuzz/Regressions")

  /// The files in `fuzzRegressions/target`, sorted; none when the folder is missing.
  public static func fuzzRegressions(of target: String) -> [URL] {
    let folder = fuzzRegressions.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// A fresh temporary directory for one test.
  public static func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reusekit-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
