import Foundation

extension TranscriptFile {
  /// Removes the temporary files that saves of `url` killed mid-way left beside it (`.NAME.PID.tmp`
  /// whose process is gone, or is this one: a save of this process is not running at its start).
  /// Call it at start, before the first save.
  /// - Returns: The paths removed.
  @discardableResult
  package static func removeLeftoverTemporaryFiles(for url: URL) -> [String] {
    guard let target = try? SaveTarget(url),
      let names = try? FileManager.default.contentsOfDirectory(atPath: target.directory)
    else { return [] }
    let prefix = ".\(target.name)."
    var removed: [String] = []
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let middle = name.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), pid > 0 else { continue }
      let alive = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
      guard !alive else { continue }
      let path = target.directory + "/" + name
      if unlink(path) == 0 { removed.append(path) }
    }
    return removed
  }
}
