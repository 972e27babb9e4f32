import ReuseKitTesting
import Testing
import TypingIndicator

/// One indicator object placed twice: each place gets its own provider and starts its own
/// animation, and a new place's first animation is no reset (`animationResets` counts animations
/// that restarted at a place that had shown one).
@Suite struct SecondPlacementTests {
  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func aTranscriptHoldingOneIndicatorTwiceOpensWithoutResets(policy: TextAttachmentViewProviderReusePolicy) {
    let indicator = TypingIndicatorAttachment()
    // Messages 0 and 10, both on screen at first, hold the same object.
    let paragraphs = ReuseTestHost.chatParagraphs(messages: 30, attachmentEvery: 10) { index in
      index < 20 ? indicator : TypingIndicatorAttachment()
    }
    let host = ReuseTestHost(
      paragraphs: paragraphs, registering: [.init(TypingIndicatorProvider.self, policy: policy)])
    let opened = host.instrumentation.totals
    #expect(opened.providersCreated == 3 && opened.animationStatesCreated == 3)
    #expect(opened.animationResets == 0)
    #expect(host.invariantViolations().isEmpty)
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func insertingAnIndicatorASecondTimeCountsACreationNotAReset(policy: TextAttachmentViewProviderReusePolicy) throws {
    let indicator = TypingIndicatorAttachment()
    let paragraphs = ReuseTestHost.chatParagraphs(messages: 30, attachmentEvery: 30) { _ in indicator }
    let host = ReuseTestHost(
      paragraphs: paragraphs, registering: [.init(TypingIndicatorProvider.self, policy: policy)])
    try host.select(message: 5, offset: .end)
    let delta = try host.measure {
      try host.textView.replaceCharacters(in: host.textView.selectedRange, with: AttributedText(attachment: indicator))
    }
    expectCounts(delta.reuse, equal: Counters(providersCreated: 1, viewsLoaded: 1, animationStatesCreated: 1))
  }
}
