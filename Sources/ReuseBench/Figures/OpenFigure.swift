import TextEngine

/// P3: open a transcript and show its latest message — build the storage from the messages,
/// open the chat view (height index), run the first pass at the bottom and draw that frame.
///
/// The messages come from ``BenchTranscript`` in memory; `P3.file` (``OpenFileFigure``) adds
/// reading and parsing a transcript file.
@MainActor
struct OpenFigure {
  let environment: BenchEnvironment
  let generator: BenchTranscript
  /// Timed opens (each builds everything from scratch).
  let samples: Int
  let warmUp: Int

  /// Opens the transcript `warmUp + samples` times.
  /// - Returns: `P3` and the last opened fixture, which the other figures use.
  func run(messages: [(AttributedText, [String: String])]) throws -> (FigureResult, BenchFixture) {
    var fixture: BenchFixture?
    let timings = try Sampler(warmUp: warmUp, samples: samples).run(
      prepare: { _ in fixture = nil },  // free the previous copy first, so peak memory holds one
      { _ in
        fixture = try BenchFixture(environment: environment, storage: TextContentStorage(paragraphs: messages))
      })
    guard let fixture else { throw BenchFailure("P3: no transcript was opened") }
    let shown = fixture.view.textViewportLayoutController.configuredFragments.last?.paragraphIndex
    guard shown == generator.count - 1 else {
      throw BenchFailure("P3: the first frame shows paragraph \(shown ?? -1), not the latest message")
    }
    let figure = FigureResult(
      id: "P3", label: "open transcript, show latest", samples: timings,
      details: ["paragraphs": Double(fixture.storage.paragraphCount)])
    return (figure, fixture)
  }
}
