/// The banner a debug build prints: its timings say nothing about release performance.
enum BuildWarning {
  /// Whether this executable was compiled without optimisation.
  static var isDebugBuild: Bool {
    #if DEBUG
      return true
    #else
      return false
    #endif
  }

  /// The loud warning for debug builds, or `nil` in release.
  static var banner: String? {
    guard isDebugBuild else { return nil }
    let bar = String(repeating: "!", count: 78)
    return """
      \(bar)
      !!  DEBUG BUILD: these timings are NOT representative (often 10-50x slower).  !!
      !!  Measure with:  swift run -c release reuse-bench                           !!
      \(bar)
      """
  }
}
