import Foundation
import TextEngine

/// Scrolls a text view a viewport at a time from the top of a run of messages to the bottom of the
/// document and back up, and records what the passes showed: the messages of the run, and every
/// distinct sticker (the attachments of the fragments each pass configured).
///
/// Distinct messages and stickers are told apart by paragraph index (a bit per paragraph, allocated
/// before the trip, so that the bookkeeping adds nothing to the memory measured after it); the
/// figures never edit, so an index names one message and its stickers throughout.
///
/// The view must be opened for the trip: its providers are compared with the stickers seen. The
/// passes that opened it (and a bottom-anchored view's settling rounds) are not all observed, but the
/// trip reaches the document's end, so whatever they showed is shown again. At the end, then,
/// `providersCreated == stickersSeen` holds exactly when no sticker ever got a second provider: one
/// more would make the count exceed the distinct stickers shown.
@MainActor
struct ProviderRoundTrip {
  /// What the trip saw and what the view held at its end.
  struct Outcome {
    /// Viewport passes the trip ran (the jump to the run's first message included).
    var passes = 0
    /// Messages of the run shown at least once.
    var messagesShown = 0
    /// Distinct stickers shown at least once, inside the run or in the overdraw beside it.
    var stickersSeen = 0
    var providersCreated = 0
    var providersDiscarded = 0
    var liveProviders = 0
    /// Views loaded and not discarded: shown by the last pass, or in the scroll cache.
    var liveViews = 0
    var cachedViews = 0
    /// Nodes of the layout manager's height index after the trip, and measured entries it folded
    /// back into gaps during it (bounded memory: the index holds what is retained, not what was seen).
    var heightIndexNodes = 0
    var entriesFolded = 0
    /// Attachments in the fragments of the last pass.
    var stickersShownAtEnd = 0
  }

  let view: TextView
  /// The messages to scroll through; the trip goes from the first to the document's end and back.
  let messages: Range<Int>
  /// Draws one frame of the view every this many passes (0: never).
  let drawEvery: Int
  /// Draws the view's current frame.
  let draw: () throws -> Void
  /// Called once a pass (the animation clock's frame).
  let advance: () -> Void
  /// A bit per paragraph: shown by a pass already.
  private var seen: [UInt64]

  /// A trip through `messages` of `view`, which must have been opened for it.
  init(
    view: TextView, messages: Range<Int>, drawEvery: Int, draw: @escaping () throws -> Void,
    advance: @escaping () -> Void
  ) {
    self.view = view
    self.messages = messages
    self.drawEvery = drawEvery
    self.draw = draw
    self.advance = advance
    seen = [UInt64](repeating: 0, count: (view.textContentManager.paragraphCount + 63) / 64)
  }

  /// Runs the trip.
  /// - Throws: ``BenchFailure`` when the view stops moving before it reaches an end.
  mutating func run() throws -> Outcome {
    var outcome = Outcome()
    // Every pass moves a whole viewport, so it shows at least one new message while it moves.
    let limit = 2 * messages.count + 1_000
    // What the view shows before the trip (the latest messages, for a chat just opened) counts too.
    record(&outcome)
    let start = messages.lowerBound
    try pass(&outcome, limit: limit) { try $0.scroll(toParagraphAt: start, position: .top) }
    while view.scrollOffset < view.maximumScrollOffset {
      try pass(&outcome, limit: limit) { $0.scroll(by: $0.viewportSize.height) }
    }
    while let first = view.textViewportLayoutController.configuredFragments.first?.paragraphIndex,
      first > messages.lowerBound, view.scrollOffset > 0
    {
      try pass(&outcome, limit: limit) { $0.scroll(by: -$0.viewportSize.height) }
    }
    let totals = view.instrumentation.totals
    outcome.providersCreated = totals.providersCreated
    outcome.providersDiscarded = totals.providersDiscarded
    outcome.liveProviders = view.liveObjects.providers
    outcome.liveViews = view.liveObjects.views
    outcome.cachedViews = view.cachedViewCount
    outcome.heightIndexNodes = view.textLayoutManager.heightIndexNodeCount
    outcome.entriesFolded = view.textLayoutManager.entriesFolded
    outcome.stickersShownAtEnd = view.textViewportLayoutController.configuredFragments.reduce(0) {
      $0 + $1.fragment.attachmentPlacements.count
    }
    return outcome
  }

  /// Runs one pass with `move`, draws it if it is due, and records what it showed.
  private mutating func pass(_ outcome: inout Outcome, limit: Int, _ move: (TextView) throws -> Void) throws {
    try move(view)
    advance()
    outcome.passes += 1
    if drawEvery > 0, outcome.passes % drawEvery == 0 { try draw() }
    record(&outcome)
    if outcome.passes > limit { throw BenchFailure("the round trip did not end after \(limit) passes") }
  }

  /// Adds the messages and stickers of the last pass seen for the first time.
  private mutating func record(_ outcome: inout Outcome) {
    for (fragment, index) in view.textViewportLayoutController.configuredFragments {
      let word = index / 64
      let bit = UInt64(1) << UInt64(index % 64)
      guard word < seen.count, seen[word] & bit == 0 else { continue }
      seen[word] |= bit
      if messages.contains(index) { outcome.messagesShown += 1 }
      outcome.stickersSeen += fragment.attachmentPlacements.count
    }
  }
}

extension ProviderRoundTrip.Outcome {
  /// The counts for a figure's details.
  var countDetails: [String: Double] {
    [
      "passes": Double(passes), "messages shown": Double(messagesShown), "stickers seen": Double(stickersSeen),
      "providers created": Double(providersCreated), "providers discarded": Double(providersDiscarded),
      "live providers": Double(liveProviders), "live views": Double(liveViews), "cached views": Double(cachedViews),
      "height index nodes": Double(heightIndexNodes), "entries folded": Double(entriesFolded),
    ]
  }

  /// What contradicts persisting providers after a trip through `messages` messages: a message not
  /// shown, providers created beyond the stickers seen or discarded, views held by idle providers.
  func problems(messages: Int) -> [String] {
    var problems: [String] = []
    if messagesShown != messages { problems.append("\(messagesShown) of \(messages) messages shown") }
    if providersCreated != stickersSeen {
      problems.append("\(providersCreated) providers created for \(stickersSeen) stickers seen")
    }
    if providersDiscarded != 0 { problems.append("\(providersDiscarded) providers discarded") }
    if liveProviders != stickersSeen {
      problems.append("\(liveProviders) live providers, \(stickersSeen) stickers seen")
    }
    if liveViews != stickersShownAtEnd + cachedViews {
      problems.append("\(liveViews) live views, \(stickersShownAtEnd) shown + \(cachedViews) cached")
    }
    return problems
  }
}
