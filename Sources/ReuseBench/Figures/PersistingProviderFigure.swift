import ChatKit
import ChatModel
import Stickers
import TextEngine

/// P14: providers persist while their attachment is in the document. The benchmark transcript is opened in a new view (the kind
/// the scroll figure uses: the chat view, or the headless fallback) and scrolled from its first message to
/// its last and back, a viewport (800 pt) a pass, every 50th pass drawn (``ProviderRoundTrip``,
/// ``ProviderTripMeasurement``):
///
/// - `P14.none`: no reuse policy. Each sticker gets one provider, which persists, idle and without
///   a view, once its message scrolled out; views are discarded and loaded again.
/// - `P14.both`: both policies; the same providers, and views kept in the scroll cache (the chat
///   view bounds it to 64 views / 32 MiB; the headless fallback has Apple's unbounded cache).
/// - `P14.control`: the same trip through a transcript of as many messages from the same generator
///   without stickers, so that what scrolling costs without any provider (measured heights,
///   retained fragments) can be told from what the providers cost.
///
/// Each reports the resident set after the trip (after `malloc_trim`) and, in its details, the
/// counts (providers created, distinct stickers seen, live providers and views), the resident set
/// and the heap in use before and after, and the bytes per live provider: resident growth / live
/// providers, heap growth / live providers, and (the direct measure) heap growth less the shared frame
/// cache's growth and less the control's, over live providers. A provider created beyond the stickers seen, one discarded, a message never
/// shown or a broken invariant is a failure of the run.
@MainActor
struct PersistingProviderFigure {
  let context: FigureContext

  /// Runs the control, then no policy and both policies on the sticker transcript.
  /// - Returns: `P14.control`, `P14.none` and `P14.both`.
  func run() throws -> [FigureResult] {
    let count = context.generator.count
    let control = try ProviderTripMeasurement(
      environment: context.environment, storage: TextContentStorage(paragraphs: plainMessages()), messages: 0..<count,
      policy: [])
    var messages = context.generator.messages()
    let none = try ProviderTripMeasurement(
      environment: context.environment, storage: TextContentStorage(paragraphs: messages), messages: 0..<count,
      policy: [])
    let both = try ProviderTripMeasurement(
      environment: context.environment, storage: TextContentStorage(paragraphs: messages), messages: 0..<count,
      policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    messages = []
    for (name, trip) in [("P14.control", control), ("P14.none", none), ("P14.both", both)] {
      context.failures += trip.problems.map { "\(name): \($0)" }
    }
    var controlFigure = control.figure(
      id: "P14.control", label: "no stickers: RSS after down + back", controlGrowth: nil)
    controlFigure.details["heap growth MiB"] = Double(control.heapGrowth) / 1_048_576
    return [
      controlFigure,
      none.figure(id: "P14.none", label: "no policy: RSS after down + back", controlGrowth: control.viewHeapGrowth),
      both.figure(id: "P14.both", label: "both: RSS after down + back", controlGrowth: control.viewHeapGrowth),
    ]
  }

  /// As many messages as the benchmark transcript, from its generator with no stickers.
  private func plainMessages() -> [(AttributedText, [String: String])] {
    let generator = TranscriptGenerator(
      messages: context.generator.count, seed: 0xC4A7, stickerEvery: 0, stickers: context.generator.stickerNames)
    let stickers = StickerFactory(runtime: context.environment.runtime)
    var attributes = ParagraphAttributeTable()
    var paragraphs: [(AttributedText, [String: String])] = []
    paragraphs.reserveCapacity(generator.messages)
    for message in generator.messageSequence {
      paragraphs.append(message.paragraph(stickers: stickers, sharing: &attributes))
    }
    return paragraphs
  }
}
