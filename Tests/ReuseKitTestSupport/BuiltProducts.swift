import Foundation

/// The package's executables (`chat-demo`, `reuse-bench`), found where the build put them, for
/// tests that run one in a child process (peak memory, kill -9).
public enum BuiltProducts {
  /// The executable `name` next to the running test binary, or in the package's `.build/debug`.
  /// `swift build --build-tests` (what `make test` runs) builds every product there.
  /// - Returns: Its URL, or `nil` when it was not built.
  public static func executable(named name: String) -> URL? {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      candidates.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    candidates.append(RepositoryAssets.directory.deletingLastPathComponent().appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent(name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  /// Why `name` could not be found: the message a test requires it with.
  public static func missing(_ name: String) -> String {
    "the \(name) executable is missing: build every product first (swift build --build-tests)"
  }
}
