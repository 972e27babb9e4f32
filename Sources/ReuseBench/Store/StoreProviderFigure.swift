import ChatKit
import ChatStore
import Foundation
import TextEngine

/// P14 on the store backend: the chat store opened anew in a new view, its last
/// ``messages`` messages (all of them in a smaller store) scrolled from the first to the latest and
/// back, a viewport a pass, every 50th pass drawn, with no policy (`P14.store.none`) and with both
/// (`P14.store.both`) — see ``PersistingProviderFigure`` and ``ProviderTripMeasurement``.
///
/// Each reports the resident set after the trip (goal: under 200 MiB at 10M) and the same counts
/// and memory details as P14. There is no control trip (a second store without stickers would take
/// minutes to write), so the bytes per provider are the resident and heap growth (and the heap growth
/// less the frame cache's) over live providers: upper bounds, which include the heights the trip
/// measured.
@MainActor
struct StoreProviderFigure {
  /// Messages scrolled through, down and back.
  static let messages = 1_000_000

  let environment: BenchEnvironment
  let url: URL
  let stickers: StickerFactory

  /// Runs the trip with no policy, then with both.
  /// - Returns: The figures, and what broke (prefixed with the figure's id).
  func run() throws -> (figures: [FigureResult], failures: [String]) {
    var figures: [FigureResult] = []
    var failures: [String] = []
    let policies: [(String, TextAttachmentViewProviderReusePolicy)] = [
      ("none", []), ("both", [.onEditingInlineParagraphs, .onScrollingOutOfViewport]),
    ]
    for (name, policy) in policies {
      let id = "P14.store.\(name)"
      let manager = try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
      let count = manager.paragraphCount
      let trip = try ProviderTripMeasurement(
        environment: environment, storage: manager, messages: max(0, count - Self.messages)..<count, policy: policy)
      var figure = trip.figure(
        id: id, label: "store: \(name == "none" ? "no policy" : "both"): RSS after down + back", controlGrowth: nil)
      figure.details["peak RSS MiB"] = Double(PeakMemory.peakResidentBytes() ?? 0) / 1_048_576
      figure.details["paragraphs live"] = Double(manager.liveParagraphCount)
      figures.append(figure)
      failures += trip.problems.map { "\(id): \($0)" }
    }
    return (figures, failures)
  }
}
