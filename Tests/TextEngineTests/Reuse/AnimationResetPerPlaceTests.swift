import Foundation
import Instrumentation
import ReuseKitTestSupport
import ScenarioVocabulary
import Testing

@_spi(Testing) @testable import TextEngine

/// A reset (`animationResets`) is an animation that restarted at a place (an occurrence of an
/// attachment) that had already shown one; a new place's first view is a creation. Each test runs
/// under all four policy sets, counts the real providers made (`ObjectTally`) beside the counters,
/// and places one attachment object in more than one place, which a reset kept per attachment object
/// would miscount.
@Suite struct AnimationResetPerPlaceTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// 200 paragraphs "message N"; each of `places` holds `sticker` after "message N " (offset 10 for
  /// N < 10, 11 for N < 100).
  private static func document(_ sticker: TextAttachment, at places: [Int]) -> TextContentStorage {
    TextContentStorage(
      paragraphs: (0..<200).map { index in
        guard places.contains(index) else { return (AttributedText("message \(index)"), [:]) }
        var text = AttributedText("message \(index) ")
        text.append(AttributedText(attachment: sticker))
        text.append(AttributedText(" end"))
        return (text, [:])
      })
  }

  /// What `body` made: real providers (counted by the providers themselves) and the counters.
  private func measure(_ view: CountingTextView, _ body: () throws -> Void) rethrows -> (providers: Int, Counters) {
    let before = view.tally.providersInitialized
    let counters = try view.instrumentation.measure(body)
    return (view.tally.providersInitialized - before, counters)
  }

  /// Scrolls to the far end of the document and back to the top.
  private func scrollAwayAndBack(_ view: CountingTextView) throws {
    try view.scroll(toParagraphAt: 199, position: .bottom)
    view.scroll(toY: 0)
  }

  @Test(arguments: policies)
  func aDocumentHoldingOneObjectTwiceOpensWithoutResets(policy: TextAttachmentViewProviderReusePolicy) throws {
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2, 4]), policy: policy)
    #expect(view.tally.providersInitialized == 2 && view.tally.animationStatesCreated == 2)
    #expect(view.instrumentation.totals.providersCreated == 2)
    #expect(view.instrumentation.totals.animationStatesCreated == 2)
    #expect(view.instrumentation.totals.animationResets == 0)
    // Animation history is the view's, not the counters': a reset of the counters keeps it.
    view.instrumentation.reset()
    let (providers, away) = try measure(view) { try scrollAwayAndBack(view) }
    #expect(providers == 0 && away.providersCreated == 0)
    // Each place had shown its animation: reloading both views restarts both.
    #expect(away.animationResets == PerPolicy(none: 2, edit: 2, scroll: 0, both: 0)[policy])
    #expect(away.viewsLoaded == away.animationResets)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  @Test(arguments: policies)
  func placingAnObjectASecondTimeInAnotherParagraphIsACreation(policy: TextAttachmentViewProviderReusePolicy) throws {
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2]), policy: policy)
    let start = try view.textContentManager.startOffset(ofParagraphAt: 4)
    let (providers, inserted) = try measure(view) {
      try view.replaceCharacters(in: start..<start, with: AttributedText(attachment: sticker))
    }
    #expect(view.textContentManager.occurrenceCount(of: sticker.identity) == 2)
    #expect(providers == 1 && inserted.providersCreated == 1 && inserted.animationStatesCreated == 1)
    #expect(inserted.animationResets == 0)
    let (again, away) = try measure(view) { try scrollAwayAndBack(view) }
    #expect(again == 0 && away.providersCreated == 0)
    #expect(away.animationResets == PerPolicy(none: 2, edit: 2, scroll: 0, both: 0)[policy])
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  @Test(arguments: policies)
  func placingAnObjectASecondTimeInItsOwnParagraphRestartsOnlyTheFirstPlace(
    policy: TextAttachmentViewProviderReusePolicy
  ) throws {
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2]), policy: policy)
    let start = try view.textContentManager.startOffset(ofParagraphAt: 2)
    let (providers, inserted) = try measure(view) {
      try view.replaceCharacters(in: start..<start, with: AttributedText(attachment: sticker))
    }
    // The edit recreates the first place's provider without the edit policy (its animation
    // restarts); the second place's first view is a creation under every policy.
    let created = PerPolicy(none: 2, edit: 1, scroll: 2, both: 1)[policy]
    #expect(providers == created && inserted.providersCreated == created)
    #expect(inserted.animationStatesCreated == created)
    #expect(inserted.animationResets == PerPolicy(none: 1, edit: 0, scroll: 1, both: 0)[policy])
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  @Test(arguments: policies)
  func aPastedStickerIsANewPlace(policy: TextAttachmentViewProviderReusePolicy) throws {
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2]), policy: policy)
    let source = try view.textContentManager.startOffset(ofParagraphAt: 2) + 10
    try view.setSelectedRange(source..<(source + 1))
    view.copy()
    let target = try view.textContentManager.startOffset(ofParagraphAt: 4)
    try view.setSelectedRange(target..<target)
    let (providers, pasted) = measure(view) { view.paste() }
    let paragraph = try #require(view.textContentManager.paragraph(at: 4))
    #expect(paragraph.attributedString.attachments.count == 1)
    #expect(paragraph.attributedString.attachments.first !== sticker)
    #expect(providers == 1 && pasted.providersCreated == 1 && pasted.animationStatesCreated == 1)
    #expect(pasted.animationResets == 0)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  /// An attachment whose `copy()` is itself (a shared object): a paste places the same object again.
  private final class SharedAttachment: TextAttachment {
    override func copy() -> TextAttachment { self }
  }

  @Test(arguments: policies)
  func pastingAnAttachmentThatCopiesAsItselfIsANewPlace(policy: TextAttachmentViewProviderReusePolicy) throws {
    let shared = SharedAttachment(
      fileType: "sticker", bounds: CGRect(x: 0, y: -4, width: 24, height: 24),
      viewProviderType: AnimatedTestProvider.self)
    let view = Fixtures.view(Self.document(shared, at: [2]), policy: policy)
    let source = try view.textContentManager.startOffset(ofParagraphAt: 2) + 10
    try view.setSelectedRange(source..<(source + 1))
    view.copy()
    let target = try view.textContentManager.startOffset(ofParagraphAt: 4)
    try view.setSelectedRange(target..<target)
    let (providers, pasted) = measure(view) { view.paste() }
    #expect(view.textContentManager.occurrenceCount(of: shared.identity) == 2)
    #expect(providers == 1 && pasted.providersCreated == 1 && pasted.animationStatesCreated == 1)
    #expect(pasted.animationResets == 0)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  @Test(arguments: policies)
  func undoingADeletionRestoresThePlaceWithItsHistory(policy: TextAttachmentViewProviderReusePolicy) throws {
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2]), policy: policy)
    let start = try view.textContentManager.startOffset(ofParagraphAt: 2) + 10
    try view.setSelectedRange(start..<(start + 1))
    let (none, deleted) = measure(view) { view.deleteBackward() }
    #expect(none == 0 && deleted.providersCreated == 0 && deleted.providersDiscarded == 1)
    let (providers, undone) = measure(view) { view.undo() }
    #expect(view.textContentManager.paragraph(at: 2)?.attributedString.attachments.first === sticker)
    // The place comes back, and its animation starts over: a reset, under every policy.
    #expect(providers == 1 && undone.providersCreated == 1 && undone.animationStatesCreated == 1)
    #expect(undone.animationResets == 1)
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }

  @Test(arguments: policies)
  func undoRestoresTheDeletedPlacesHistoryAndNoOtherPlaceTakesIt(policy: TextAttachmentViewProviderReusePolicy)
    throws
  {
    // The sticker sits near the top (shown) and in paragraph 150 (never shown yet).
    let sticker = Fixtures.sticker()
    let view = Fixtures.view(Self.document(sticker, at: [2, 150]), policy: policy)
    let start = try view.textContentManager.startOffset(ofParagraphAt: 2) + 10
    try view.setSelectedRange(start..<(start + 1))
    let (none, deleted) = measure(view) { view.deleteBackward() }
    #expect(none == 0 && deleted.providersCreated == 0 && deleted.animationResets == 0)
    let (providers, undone) = measure(view) { view.undo() }
    // With the edit policy the deleted place's provider waited for it (the attachment stayed in the
    // document); with both policies its view waited in the scroll cache too.
    let created = PerPolicy(none: 1, edit: 0, scroll: 1, both: 0)[policy]
    #expect(providers == created && undone.providersCreated == created)
    #expect(undone.providersReusedOnEdit == 1 - created)
    #expect(undone.animationResets == PerPolicy(none: 1, edit: 1, scroll: 1, both: 0)[policy])
    // Paragraph 150's place never showed an animation: its first view is a creation.
    let (far, shown) = try measure(view) { try view.scroll(toParagraphAt: 150, position: .top) }
    #expect(far == 1 && shown.providersCreated == 1 && shown.animationStatesCreated == 1)
    #expect(shown.animationResets == 0)
    let (back, returned) = measure(view) { view.scroll(toY: 0) }
    #expect(back == 0 && returned.providersCreated == 0)
    #expect(returned.animationResets == PerPolicy(none: 1, edit: 1, scroll: 0, both: 0)[policy])
    #expect(view.reuseInvariantViolations() == [] && view.stateViolations == [])
  }
}
