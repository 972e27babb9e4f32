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
}
