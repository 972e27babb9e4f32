import Foundation
import Instrumentation
import TextEngine

/// A document for reuse specifications: 200 one-line paragraphs; paragraph 10 holds three
/// stickers ("Happy ⧉ birthday ⧉ see ⧉ you"), paragraph 11 holds one.
public struct ReuseScenario {
  public let storage: TextContentManager
  public let view: CountingTextView

  /// Paragraph 10's index, holding three stickers.
  public static let stickerParagraph = 10
  /// Paragraph 11's index, holding one sticker.
  public static let neighbourParagraph = 11

  public init(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend = .memory, paragraphs: Int = 200,
    cache: ReuseCacheConfiguration? = nil
  ) {
    storage = backend.manager(
      (0..<paragraphs).map { index in
        switch index {
        case Self.stickerParagraph: (Fixtures.text(["Happy ", " birthday ", " see ", " you"]), [:])
        case Self.neighbourParagraph: (Fixtures.text(["one ", " more"]), [:])
        default: (AttributedText("message \(index)"), [:])
        }
      })
    view = Fixtures.view(storage, policy: policy)
    if let cache { view.reuseCacheConfiguration = cache }
  }

  /// The document offset where paragraph `index` starts.
  public func start(of index: Int) throws -> Int { try storage.startOffset(ofParagraphAt: index) }

  /// The attachments of paragraph `index`.
  public func attachments(in index: Int) -> [TextAttachment] {
    storage.paragraph(at: index)?.attributedString.attachments ?? []
  }

  /// Runs `body` and returns the counter deltas, checking after it the bookkeeping invariants, the
  /// reuse state machine's invariants (after every pass and at the end), and that the counters agree
  /// with the real objects made and freed (``ObjectTally``).
  public func measure(_ body: () throws -> Void) rethrows -> (counters: Counters, violations: [String]) {
    let tally = view.tally
    let before = (
      tally.providersInitialized, tally.viewsLoaded, tally.animationStatesCreated, tally.viewsDiscarded
    )
    let stateViolationsBefore = view.stateViolations.count
    let counters = try view.instrumentation.measure(body)
    var violations = view.reuseInvariantViolations()
    violations += view.stateViolations.dropFirst(stateViolationsBefore)
    violations += view.reuseController.checkInvariants()
    let real: [(String, Int, Int)] = [
      ("providersCreated", counters.providersCreated, tally.providersInitialized - before.0),
      ("viewsLoaded", counters.viewsLoaded, tally.viewsLoaded - before.1),
      ("animationStatesCreated", counters.animationStatesCreated, tally.animationStatesCreated - before.2),
      ("viewsDiscarded", counters.viewsDiscarded, tally.viewsDiscarded - before.3),
      ("live providers", view.liveObjects.providers, tally.liveProviders),
    ]
    for (name, counted, objects) in real where counted != objects {
      violations.append("\(name): counted \(counted), real objects \(objects)")
    }
    return (counters, violations)
  }
}
