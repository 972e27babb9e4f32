/// Everything one child process measured at one transcript size.
struct SizeReport: Codable {
  /// Messages in the transcript.
  var size: Int
  /// The glyph measurer layout used.
  var measurer: String
  var figures: [FigureResult]
  /// Things that broke (not missed timing goals): a jump that did not show its message, an invariant.
  var failures: [String]

  /// The figure called `id`, if it was measured.
  func figure(_ id: String) -> FigureResult? { figures.first { $0.id == id } }

  /// Adds the P2 figures a window child measured in a real X window, renamed: `P2.frame` becomes
  /// `P2.window`, `P2.frame.whole` `P2.window.whole` and `P2.idle` `P2.window.idle`.
  /// - Parameter window: The window child's report.
  mutating func add(windowFigures window: SizeReport) {
    let names = ["P2.frame": "P2.window", "P2.frame.whole": "P2.window.whole", "P2.idle": "P2.window.idle"]
    for figure in window.figures {
      guard let id = names[figure.id] else { continue }
      var renamed = figure
      renamed.id = id
      figures.append(renamed)
    }
    failures += window.failures.map { "P2.window: \($0)" }
  }
}
